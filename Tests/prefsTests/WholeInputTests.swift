import Foundation
import SettingsSchema
import TestSupport
import Testing

/// Every input prefs reads whole is bounded and never waits on a FIFO: a
/// `.prefs.yml` or `Info.plist` a repository holds, a file given to
/// `strings import` (the `defaults` ones are in DefaultsCommandTests).
struct WholeInputTests {
  /// Makes `path` a FIFO (nobody writes to it) and a huge sparse file in turn.
  static func hostileFiles(at path: String, _ body: (String) throws -> Void) throws {
    #expect(mkfifo(path, 0o600) == 0)
    try body("a FIFO")
    unlink(path)
    let descriptor = open(path, O_WRONLY | O_CREAT, 0o600)
    #expect(ftruncate(descriptor, 2 << 30) == 0)
    close(descriptor)
    try body("a sparse 2 GB file")
    unlink(path)
  }

  @Test func aHostileLintConfigurationIsRefusedAtOnce() throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write("Root.plist", "{ PreferenceSpecifiers = (); }")
    try Self.hostileFiles(at: bundle.folder.path + "/.prefs.yml") { kind in
      let started = Date()
      let result = DumpTests.run(["lint", bundle.path])
      #expect(result.code == 2, "\(kind)")
      #expect(result.errors.contains("cannot be read"), "\(kind): \(result.errors)")
      #expect(Date().timeIntervalSince(started) < 2, "\(kind)")
    }
  }

  @Test func aHostileInfoPlistGivesNoDomain() throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write("Root.plist", "{ PreferenceSpecifiers = (); }")
    let loaded = try SettingsBundle.load(at: bundle.path)
    try Self.hostileFiles(at: bundle.folder.path + "/Info.plist") { kind in
      let started = Date()
      #expect(loaded.defaultsDomain == nil, "\(kind)")
      #expect(Date().timeIntervalSince(started) < 2, "\(kind)")
    }
  }

  @Test func aHugeTranslationFileIsRefusedAtOnce() throws {
    let started = Date()
    let result = DumpTests.run([
      "strings", "import", "Examples/Conversor/Settings.bundle", "/dev/zero", "--dry-run",
    ])
    #expect(result.code == 1)
    #expect(result.errors.contains("larger than the 67108864 bytes"), "\(result.errors)")
    #expect(Date().timeIntervalSince(started) < 5)
  }
}
