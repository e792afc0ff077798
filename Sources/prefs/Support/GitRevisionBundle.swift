import Foundation
import Plist
import Synchronization

/// A bundle read from a git revision (`REV:PATH`, as `git show` takes it):
/// its files are copied from git's objects into a private temporary folder,
/// nothing is checked out. Only regular files are copied: symbolic links and
/// submodules are left out (a link could lead anywhere), a path with `..`
/// or an absolute one is refused, and sizes are held to the readers' limits.
struct GitRevisionBundle {
  /// The copy's path, to load.
  let path: String
  /// How the bundle is named in messages: `REV:PATH`.
  let displayName: String
  /// PATH inside the repository, for annotations on the repository's files.
  let repositoryPath: String
  private let folder: String

  /// Whether an argument names a revision rather than a folder.
  static func isRevisionSpec(_ argument: String) -> Bool {
    guard !FileManager.default.fileExists(atPath: argument),
      let colon = argument.firstIndex(of: ":")
    else { return false }
    return colon != argument.startIndex
  }

  static let maximumFiles = 20_000

  init(_ spec: String) throws {
    guard let colon = spec.firstIndex(of: ":") else {
      throw CommandFailure.usage("\(spec): not REV:PATH")
    }
    let revision = String(spec[..<colon])
    var inside = String(spec[spec.index(after: colon)...])
    while inside.hasSuffix("/") { inside.removeLast() }
    if inside.hasPrefix("./") { inside.removeFirst(2) }
    guard !revision.isEmpty, !revision.hasPrefix("-"), !inside.isEmpty, !inside.hasPrefix("/"),
      !inside.split(separator: "/").contains("..")
    else {
      throw CommandFailure.usage(
        "\(spec): give REV:PATH with PATH relative to the repository's root")
    }
    let listing = try Self.git(["ls-tree", "-r", "-l", "-z", "--full-tree", revision, "--", inside])
    guard listing.status == 0 else {
      throw CommandFailure.usage(
        "\(spec): git cannot read it: \(String(decoding: listing.errors, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))"
      )
    }
    var entries: [(object: String, relative: String)] = []
    var total = 0
    for record in listing.output.split(separator: 0) {
      // <mode> SP <type> SP <object> SP <size> TAB <path>
      guard let tab = record.firstIndex(of: UInt8(ascii: "\t")) else { continue }
      let fields = record[..<tab].split(separator: UInt8(ascii: " "))
      let file = String(decoding: record[record.index(after: tab)...], as: UTF8.self)
      guard fields.count == 4, fields[1].elementsEqual("blob".utf8),
        fields[0].elementsEqual("100644".utf8) || fields[0].elementsEqual("100755".utf8)
      else { continue }
      guard file.hasPrefix(inside + "/") else { continue }
      let relative = String(file.dropFirst(inside.count + 1))
      let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
      guard !parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) else {
        throw CommandFailure.failure("\(spec): the tree holds an unsafe path \(relative)")
      }
      let size =
        Int(String(decoding: fields[3], as: UTF8.self).trimmingCharacters(in: .whitespaces)) ?? 0
      guard size <= ReadLimits.standard.maximumBytes else {
        throw CommandFailure.failure(
          "\(spec): \(relative) is \(size) bytes, more than prefs reads (\(ReadLimits.standard.maximumBytes))"
        )
      }
      total += size
      entries.append((String(decoding: fields[2], as: UTF8.self), relative))
    }
    guard !entries.isEmpty else {
      throw CommandFailure.usage("\(spec): no files at \(inside) in \(revision)")
    }
    guard entries.count <= Self.maximumFiles, total <= 16 * ReadLimits.standard.maximumBytes
    else { throw CommandFailure.failure("\(spec): the bundle is too large to read") }

    // One git process streams every blob.
    let batch = try Self.git(
      ["cat-file", "--batch"],
      input: Data(entries.map { $0.object + "\n" }.joined().utf8))
    guard batch.status == 0 else {
      throw CommandFailure.failure("\(spec): git cannot read the bundle's files")
    }
    folder =
      FileManager.default.temporaryDirectory.appendingPathComponent(
        "prefs-rev-\(UUID().uuidString)"
      ).path
    let root =
      folder + "/" + (inside.split(separator: "/").last.map(String.init) ?? "Settings.bundle")
    path = root
    displayName = spec
    repositoryPath = inside
    let output = batch.output
    var cursor = output.startIndex
    for entry in entries {
      guard let newline = output[cursor...].firstIndex(of: UInt8(ascii: "\n")) else {
        throw CommandFailure.failure("\(spec): git's answer ended early")
      }
      let header = String(decoding: output[cursor..<newline], as: UTF8.self).split(separator: " ")
      guard header.count == 3, header[1] == "blob", let size = Int(header[2]),
        output.distance(from: newline, to: output.endIndex) > size
      else { throw CommandFailure.failure("\(spec): git's answer cannot be read") }
      let start = output.index(after: newline)
      let end = output.index(start, offsetBy: size)
      let target = URL(fileURLWithPath: root + "/" + entry.relative)
      try FileManager.default.createDirectory(
        at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(output[start..<end]).write(to: target, options: .withoutOverwriting)
      cursor = output.index(after: end)  // the blob's closing newline
    }
  }

  /// Removes the copy.
  func remove() { try? FileManager.default.removeItem(atPath: folder) }

  static func git(_ arguments: [String], input: Data? = nil) throws -> (
    status: Int32, output: Data, errors: Data
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git"] + arguments
    let output = Pipe()
    let errors = Pipe()
    let stdin = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = stdin
    do {
      try process.run()
    } catch {
      throw CommandFailure.failure("cannot run git: \(error.localizedDescription)")
    }
    // Feed the input and drain standard error beside the reading of standard
    // output, so that no full pipe can stall git and prefs on each other.
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group) {
      if let input { stdin.fileHandleForWriting.write(input) }
      try? stdin.fileHandleForWriting.close()
    }
    let errorData = Mutex<Data>(Data())
    DispatchQueue.global().async(group: group) {
      let data = errors.fileHandleForReading.readDataToEndOfFile()
      errorData.withLock { $0 = data }
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    group.wait()
    return (process.terminationStatus, data, errorData.withLock { $0 })
  }
}
