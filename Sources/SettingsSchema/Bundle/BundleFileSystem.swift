import Foundation
import Plist

/// The files of a bundle folder, read without ever leaving it: paths with
/// `..` or a leading `/` are refused, symbolic links are followed only when
/// they end inside the bundle, and only regular files are read.
struct BundleFileSystem {
  let root: URL
  let realRoot: String
  let limits: ReadLimits
  /// Paths (relative, `/`-separated) of the regular files inside the bundle.
  private(set) var files: [String] = []
  /// Files reached through a symbolic link: only these need their real path checked again.
  private var linked = Set<String>()
  private var fileSet = Set<String>()
  private(set) var problems: [BundleProblem] = []

  static let maximumFiles = 20_000
  static let maximumDepth = 16

  init(root: URL, limits: ReadLimits) {
    self.root = root
    self.realRoot = root.resolvingSymlinksInPath().path
    self.limits = limits
    walk(relative: "", depth: 0)
    files.sort()
    fileSet = Set(files)
  }

  /// The kind of a directory entry, from `lstat` (Foundation's attributes
  /// cost a user and group lookup per file).
  private static func kind(of path: String) -> mode_t? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return info.st_mode & S_IFMT
  }

  private mutating func walk(relative: String, depth: Int, throughLink: Bool = false) {
    let fileManager = FileManager.default
    let directory = relative.isEmpty ? root.path : root.path + "/" + relative
    guard let names = try? fileManager.contentsOfDirectory(atPath: directory) else { return }
    for name in names.sorted() {
      guard files.count < Self.maximumFiles else {
        problems.append(
          BundleProblem(
            file: relative,
            issue: ReadIssue(
              .limit, .error, "more than \(Self.maximumFiles) files; the rest are not read"),
            origin: .layout))
        return
      }
      let path = relative.isEmpty ? name : relative + "/" + name
      let full = root.path + "/" + path
      guard let type = Self.kind(of: full) else { continue }
      switch type {
      case S_IFDIR:
        if depth < Self.maximumDepth {
          walk(relative: path, depth: depth + 1, throughLink: throughLink)
        }
      case S_IFREG:
        files.append(path)
        if throughLink { linked.insert(path) }
      case S_IFLNK:
        let target = URL(fileURLWithPath: full).resolvingSymlinksInPath().path
        guard isInside(target) else {
          problems.append(
            BundleProblem(
              file: path,
              issue: ReadIssue(
                .unsafeMarkup, .error,
                "a symbolic link that leaves the bundle (to \(target)); it is never followed"),
              origin: .layout))
          continue
        }
        var isDirectory: ObjCBool = false
        if fileManager.fileExists(atPath: target, isDirectory: &isDirectory) {
          if isDirectory.boolValue {
            if depth < Self.maximumDepth {
              walk(relative: path, depth: depth + 1, throughLink: true)
            }
          } else {
            files.append(path)
            linked.insert(path)
          }
        }
      default:
        continue
      }
    }
  }

  private func isInside(_ realPath: String) -> Bool {
    realPath == realRoot || realPath.hasPrefix(realRoot.hasSuffix("/") ? realRoot : realRoot + "/")
  }

  /// Why a path written in a plist may not be followed, or nil when it may.
  static func unsafeReason(_ path: String) -> String? {
    if path.hasPrefix("/") { return "an absolute path" }
    if path.split(separator: "/").contains("..") { return "a path with '..'" }
    if path.contains("\\") { return "a path with a backslash" }
    return nil
  }

  /// The bytes of a file found by the walk.
  func read(_ path: String) throws(ReadIssue) -> [UInt8] {
    let full = root.path + "/" + path
    guard Self.unsafeReason(path) == nil else {
      throw ReadIssue(.unsafeMarkup, .error, "the path leaves the bundle; it is never read")
    }
    // The walk saw every other file as a regular file inside the bundle; a linked one
    // is checked again where it points now.
    let real: String
    let isLinked = linked.contains(path) || !fileSet.contains(path)
    if isLinked {
      real = URL(fileURLWithPath: full).resolvingSymlinksInPath().path
      guard isInside(real) else {
        throw ReadIssue(.unsafeMarkup, .error, "the path leaves the bundle; it is never read")
      }
    } else {
      real = full
    }
    var info = stat()
    guard stat(real, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      throw ReadIssue(.syntax, .error, "not a regular file")
    }
    let size = Int(info.st_size)
    guard size <= limits.maximumBytes else {
      throw ReadIssue(
        .limit, .error,
        "the file is \(size) bytes, more than the \(limits.maximumBytes) prefs reads")
    }
    // Read straight into the array the readers take: one copy instead of two.
    // A file the walk saw as regular must still be one: never follow a link swapped in since.
    let descriptor = open(real, isLinked ? O_RDONLY : O_RDONLY | O_NOFOLLOW)
    guard descriptor >= 0 else { throw ReadIssue(.syntax, .error, "the file cannot be opened") }
    defer { close(descriptor) }
    // One byte more than the size, to notice a file that grew while read.
    var failed = false
    var bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, initialized in
      var filled = 0
      while filled < buffer.count {
        let count = Foundation.read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
        if count < 0, errno == EINTR { continue }
        if count < 0 { failed = true }
        if count <= 0 { break }
        filled += count
      }
      initialized = filled
    }
    guard !failed else { throw ReadIssue(.syntax, .error, "the file cannot be read") }
    var filled = bytes.count
    // The file grew: read the rest, up to the limit.
    if filled == size + 1 {
      var chunk = [UInt8](repeating: 0, count: 65536)
      while filled <= limits.maximumBytes {
        let count = chunk.withUnsafeMutableBytes {
          Foundation.read(descriptor, $0.baseAddress!, $0.count)
        }
        if count < 0, errno == EINTR { continue }
        if count <= 0 { break }
        bytes += chunk[0..<count]
        filled += count
      }
    }
    guard filled <= limits.maximumBytes else {
      throw ReadIssue(
        .limit, .error, "the file is larger than the \(limits.maximumBytes) bytes prefs reads")
    }
    return bytes
  }
}
