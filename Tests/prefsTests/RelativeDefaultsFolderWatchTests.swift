import Foundation
import TestSupport
import Testing

/// `prefs defaults watch --defaults-dir config`, a path relative to the
/// working directory: the folder moved away and made again (or moved back)
/// is heard as an absolute path's is, and the writes into it are printed.
struct RelativeDefaultsFolderWatchTests {
  @Test(arguments: ["config", "nested/config"])
  func aRelativeFolderIsFollowedAfterItIsMovedAwayAndMadeAgain(relative: String) throws {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-relative-watch-\(UUID().uuidString)")
    let folder = base.path + "/" + relative
    // Removed at the first folder of the path: nothing of it is left.
    let top = base.path + "/" + (relative.split(separator: "/").first.map(String.init) ?? relative)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: base) }
    let write = { (key: String, value: String) throws -> Int32 in
      try EndToEndTests.run([
        "defaults", "write", "com.example.app", key, value, "--defaults-dir", folder,
      ]).0
    }
    #expect(try write("k", "one") == 0)
    let watcher = Process()
    watcher.executableURL = EndToEndTests.binary
    watcher.arguments = ["defaults", "watch", "com.example.app", "--defaults-dir", relative]
    watcher.currentDirectoryURL = base
    let output = LineReader()
    let errors = LineReader()
    watcher.standardOutput = output.writing
    watcher.standardError = errors.writing
    try watcher.run()
    try output.writing.close()
    try errors.writing.close()
    defer { watcher.terminate() }
    var attempt = 0
    let ready = eventually(10, every: 100_000) {
      attempt += 1
      _ = try? write("ready", "\(attempt)")
      return output.lines.contains { $0.hasPrefix("ready: ") }
    }
    #expect(ready, "\(errors.lines)")

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
    let base = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-parent-watch-\(UUID().uuidString)")
    let isAbsolute = relative.hasPrefix("/")
    let inside = isAbsolute ? String(relative.dropFirst()) : relative
    let folder = base.path + "/" + inside
    let parent = (folder as NSString).deletingLastPathComponent
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: base) }
    let write = { (key: String, value: String) throws -> Int32 in
      try EndToEndTests.run([
        "defaults", "write", "com.example.app", key, value, "--defaults-dir", folder,
      ]).0
    }
    #expect(try write("k", "one") == 0)
    let watcher = Process()
    watcher.executableURL = EndToEndTests.binary
    watcher.arguments = [
      "defaults", "watch", "com.example.app", "--defaults-dir", isAbsolute ? folder : inside,
    ]
    watcher.currentDirectoryURL = base
    let output = LineReader()
    let errors = LineReader()
    watcher.standardOutput = output.writing
    watcher.standardError = errors.writing
    try watcher.run()
    try output.writing.close()
    try errors.writing.close()
    defer { watcher.terminate() }
    var attempt = 0
    let ready = eventually(10, every: 100_000) {
      attempt += 1
      _ = try? write("ready", "\(attempt)")
      return output.lines.contains { $0.hasPrefix("ready: ") }
    }
    #expect(ready, "\(errors.lines)")

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
    let base = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-replaced-watch-\(UUID().uuidString)")
    let isAbsolute = relative.hasPrefix("/")
    let inside = isAbsolute ? String(relative.dropFirst()) : relative
    let folder = base.path + "/" + inside
    let top = base.path + "/" + (inside.split(separator: "/").first.map(String.init) ?? inside)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: base) }
    let write = { (key: String, value: String) throws -> Int32 in
      try EndToEndTests.run([
        "defaults", "write", "com.example.app", key, value, "--defaults-dir", folder,
      ]).0
    }
    #expect(try write("k", "one") == 0)
    let watcher = Process()
    watcher.executableURL = EndToEndTests.binary
    watcher.arguments = [
      "defaults", "watch", "com.example.app", "--defaults-dir", isAbsolute ? folder : inside,
    ]
    watcher.currentDirectoryURL = base
    let output = LineReader()
    let errors = LineReader()
    watcher.standardOutput = output.writing
    watcher.standardError = errors.writing
    try watcher.run()
    try output.writing.close()
    try errors.writing.close()
    defer { watcher.terminate() }
    var attempt = 0
    let ready = eventually(10, every: 100_000) {
      attempt += 1
      _ = try? write("ready", "\(attempt)")
      return output.lines.contains { $0.hasPrefix("ready: ") }
    }
    #expect(ready, "\(errors.lines)")

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
