// libFuzzer target: the input is a program that builds a tree of folders, files and
// symbolic links (to ".", "..", the root, outside the bundle, each other, nowhere) in a
// temporary folder; the bundle walk then reads it. Checked: it ends (libFuzzer's
// -timeout), every folder it reads is inside the bundle and read once (device and
// inode), it lists only files inside, and reading them never yields a byte of the
// file kept outside.
import Foundation

private let base = FileManager.default.temporaryDirectory.appendingPathComponent(
  "prefs-fuzz-walk-\(getpid())"
).path
private let secret = "OUTSIDE THE BUNDLE"

/// Removes a tree without following any link in it.
private func removeTree(_ path: String) {
  var info = stat()
  guard lstat(path, &info) == 0 else { return }
  if info.st_mode & S_IFMT == S_IFDIR {
    for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
      removeTree(path + "/" + name)
    }
    rmdir(path)
  } else {
    unlink(path)
  }
}

private func write(_ path: String, _ text: String) {
  FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  removeTree(base)
  let outside = base + "/Outside"
  let bundle = base + "/B.bundle"
  mkdir(base, 0o700)
  mkdir(outside, 0o700)
  mkdir(outside + "/inner", 0o700)
  mkdir(bundle, 0o700)
  write(outside + "/Secret.plist", secret)
  write(outside + "/inner/Root.strings", secret)
  write(bundle + "/Root.plist", "x")
  defer { removeTree(base) }

  // Three bytes an entry: what, under which folder, and (for a link) where to.
  var folders = [""]
  var entries: [String] = []
  let fixed = [
    ".", "..", "../..", "../../..", "/", outside, outside + "/inner", "../Outside", "nowhere",
    "Root.plist", "/proc/self/cwd",
  ]
  var index = 0
  while index + 3 <= bytes.count, entries.count < 64 {
    let (what, under, to) = (bytes[index], bytes[index + 1], bytes[index + 2])
    index += 3
    let parent = folders[Int(under) % folders.count]
    let relative = (parent.isEmpty ? "" : parent + "/") + "e\(entries.count)"
    let path = bundle + "/" + relative
    switch what % 5 {
    case 0:
      mkdir(path, 0o700)
      folders.append(relative)
    case 1:
      write(path, "x")
    default:
      let target: String
      if to < 128 || entries.isEmpty {
        target = fixed[Int(to) % fixed.count]
      } else {
        // Relative to the link's own folder, to any entry made so far.
        let up = String(repeating: "../", count: parent.split(separator: "/").count)
        target = up + entries[Int(to) % entries.count]
      }
      symlink(target, path)
    }
    entries.append(relative)
  }

  var fileSystem = BundleFileSystem(root: URL(fileURLWithPath: bundle), limits: .standard)
  fileSystem.readSubfolders()

  guard let realRoot = BundleFileSystem.realPath(bundle) else { fatalError("no bundle") }
  func inside(_ path: String) -> Bool { path == realRoot || path.hasPrefix(realRoot + "/") }
  var identities = Set<FolderIdentity>()
  for folder in fileSystem.folders {
    guard let real = BundleFileSystem.realPath(bundle + "/" + folder) else {
      fatalError("a folder read that does not exist: \(folder)")
    }
    if !inside(real) { fatalError("a folder outside the bundle was read: \(folder) → \(real)") }
    var info = stat()
    guard stat(real, &info) == 0 else { fatalError("\(folder) cannot be stat'ed") }
    if !identities.insert(FolderIdentity(info)).inserted {
      fatalError("a folder was read twice: \(folder)")
    }
  }
  if fileSystem.folders.count > folders.count {
    fatalError("\(fileSystem.folders.count) folders read, \(folders.count) exist")
  }
  for file in fileSystem.files {
    guard let real = BundleFileSystem.realPath(bundle + "/" + file), inside(real) else {
      fatalError("a file outside the bundle is listed: \(file)")
    }
  }
  // Reading what was listed, and paths a plist could name, never yields the secret.
  let named = fileSystem.files + entries.map { $0 + "/../../Outside/Secret.plist" } + [
    "../Outside/Secret.plist", outside + "/Secret.plist",
  ]
  for file in named {
    if let read = try? fileSystem.read(file), String(decoding: read, as: UTF8.self) == secret {
      fatalError("a file outside the bundle was read through \(file)")
    }
  }
  return 0
}
