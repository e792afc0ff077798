import Foundation
import TestSupport
import Testing

/// `prefs defaults watch --defaults-dir config`, a path relative to the
/// working directory: the folder moved away and made again (or moved back)
/// is heard as an absolute path's is, and the writes into it are printed.
struct RelativeDefaultsFolderWatchTests {
  @Test(arguments: ["config", "nested/config"])
  func aRelativeFolderIsFollowedAfterItIsMovedAwayAndMadeAgain(relative: String) throws {
    let watched = try WatchedFolder(relative, prefix: "prefs-relative-watch")
    defer { watched.stop() }
    let (base, folder, top) = (watched.base, watched.folder, watched.top)
    let (output, errors, watcher) = (watched.output, watched.errors, watched.watcher)
    let write = watched.write

    try FileManager.default.moveItem(atPath: folder, toPath: base.path + "/moved-away")
    #expect(errors.waitFor("is gone"), "\(errors.lines)")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    #expect(errors.waitFor("is back"), "\(errors.lines)")
    #expect(try write("k", "two") == 0)
    #expect(output.waitFor("k: (none) → two"), "\(output.lines)")

    try FileManager.default.removeItem(atPath: top)
    #expect(errors.waitFor("is gone", count: 2), "\(errors.lines)")
    try FileManager.default.createDirectory(
      atPath: (folder as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try FileManager.default.moveItem(atPath: base.path + "/moved-away", toPath: folder)
    #expect(errors.waitFor("is back", count: 2), "\(errors.lines)")
    #expect(try write("k", "three") == 0)
    #expect(output.waitFor("→ three"), "\(output.lines)")
    #expect(watcher.isRunning)
  }
}

/// The folder taken away and something else put at its name for a while (a
/// file, a dangling link), then a folder again (made, or a link to one):
/// the watch waits on the parent through all of it and hears the folder
/// come back, relative or absolute.
struct DefaultsFolderReplacedWatchTests {
  enum Stand: String, CaseIterable, CustomTestStringConvertible {
    case file, fileAtTheFirstFolder
    var testDescription: String { rawValue }
  }

  enum Return: String, CaseIterable, CustomTestStringConvertible {
    case madeAgain, linkToAFolder
    var testDescription: String { rawValue }
  }

  @Test(arguments: ["config", "nested/config", "/absolute"], Stand.allCases)
  func aFolderReplacedByAFileIsHeardWhenItIsAFolderAgain(relative: String, stand: Stand) throws {
    for back in Return.allCases {
      try check(relative: relative, stand: stand, back: back)
    }
  }

  /// A folder above the defaults folder moved away (the folder's own watch
  /// follows it to the new place and says nothing), then the path made again.
  @Test(arguments: ["nested/config", "/nested/config", "a/b/config"])
  func aFolderWhoseParentIsMovedAwayIsHeardWhenItIsMadeAgain(relative: String) throws {
    let watched = try WatchedFolder(relative, prefix: "prefs-parent-watch")
    defer { watched.stop() }
    let (base, folder) = (watched.base, watched.folder)
    let (output, errors, watcher) = (watched.output, watched.errors, watched.watcher)
    let write = watched.write
    let parent = (folder as NSString).deletingLastPathComponent

    try FileManager.default.moveItem(atPath: parent, toPath: base.path + "/moved-away")
    #expect(errors.waitFor("is gone"), "\(relative): \(errors.lines)")
    // What is written in the moved folder is no longer the watched path's.
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    #expect(errors.waitFor("is back"), "\(relative): \(errors.lines)")
    #expect(try write("k", "two") == 0)
    #expect(output.waitFor("k: (none) → two"), "\(relative): \(output.lines)")
    #expect(watcher.isRunning)
  }

  private func check(relative: String, stand: Stand, back: Return) throws {
    let watched = try WatchedFolder(relative, prefix: "prefs-replaced-watch")
    defer { watched.stop() }
    let (base, inside, folder, top) = (watched.base, watched.inside, watched.folder, watched.top)
    let (output, errors, watcher) = (watched.output, watched.errors, watched.watcher)
    let write = watched.write

    try FileManager.default.moveItem(atPath: folder, toPath: base.path + "/moved-away")
    #expect(errors.waitFor("is gone"), "\(errors.lines)")
    let standing = stand == .file ? folder : top
    try? FileManager.default.removeItem(atPath: standing)
    try FileManager.default.createDirectory(
      atPath: (standing as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    #expect(FileManager.default.createFile(atPath: standing, contents: Data("not a folder".utf8)))
    Thread.sleep(forTimeInterval: 0.5)
    try FileManager.default.removeItem(atPath: standing)
    switch back {
    case .madeAgain:
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    case .linkToAFolder:
      try? FileManager.default.removeItem(atPath: top)
      try FileManager.default.createDirectory(
        atPath: base.path + "/elsewhere/" + inside, withIntermediateDirectories: true)
      try FileManager.default.createSymbolicLink(
        atPath: top,
        withDestinationPath: base.path + "/elsewhere/"
          + (inside.split(separator: "/").first.map(String.init) ?? inside))
    }
    #expect(errors.waitFor("is back"), "\(relative) \(standing) \(back): \(errors.lines)")
    #expect(try write("k", "two") == 0)
    #expect(output.waitFor("k: (none) → two"), "\(relative) \(back): \(output.lines)")
    #expect(watcher.isRunning)
  }
}

/// `prefs defaults watch` running on a defaults folder inside a temporary
/// base folder, named as given (relative to the base, or absolute), with
/// the domain written once and a first change heard.
private struct WatchedFolder {
  let base: URL
  /// The folder's path inside the base, without a leading `/`.
  let inside: String
  /// The folder's absolute path.
  let folder: String
  /// The first folder of `inside`, absolute: removing it leaves nothing of the path.
  let top: String
  let watcher = Process()
  let output = LineReader()
  let errors = LineReader()

  /// `named` is relative to the base, or absolute (`/nested/config` is then
  /// the base's `nested/config`, given to the watch as an absolute path).
  init(_ named: String, prefix: String) throws {
    base = FileManager.default.temporaryDirectory.appendingPathComponent(
      "\(prefix)-\(UUID().uuidString)")
    let isAbsolute = named.hasPrefix("/")
    inside = isAbsolute ? String(named.dropFirst()) : named
    folder = base.path + "/" + inside
    top = base.path + "/" + (inside.split(separator: "/").first.map(String.init) ?? inside)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    #expect(try write("k", "one") == 0)
    watcher.executableURL = EndToEndTests.binary
    watcher.arguments = [
      "defaults", "watch", "com.example.app", "--defaults-dir", isAbsolute ? folder : inside,
    ]
    watcher.currentDirectoryURL = base
    watcher.standardOutput = output.writing
    watcher.standardError = errors.writing
    try watcher.run()
    try output.writing.close()
    try errors.writing.close()
    var attempt = 0
    let ready = eventually(10, every: 100_000) { [self] in
      attempt += 1
      _ = try? write("ready", "\(attempt)")
      return output.lines.contains { $0.hasPrefix("ready: ") }
    }
    #expect(ready, "\(errors.lines)")
  }

  /// Writes `key` into the folder with another process; its exit status.
  func write(_ key: String, _ value: String) throws -> Int32 {
    try EndToEndTests.run([
      "defaults", "write", "com.example.app", key, value, "--defaults-dir", folder,
    ]).0
  }

  func stop() {
    watcher.terminate()
    try? FileManager.default.removeItem(at: base)
  }
}
