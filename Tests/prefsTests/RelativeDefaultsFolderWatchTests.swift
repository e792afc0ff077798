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
