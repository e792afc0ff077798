import BundleDiff
import DefaultsStore
import Plist
import PrefsKit
import SettingsSchema
import SharedDefaults
import TestSupport
import Testing

@testable import prefs

/// How `prefs defaults` words what it shows, and how the binary checks its
/// raw arguments: the printers' own texts, tested on values made in place
/// (a migration's outcome when another writer changed the domain cannot be
/// brought about through the binary).
struct DefaultsRenderingTests {
  // MARK: - raw arguments

  @Test(arguments: [
    (
      [[UInt8]]([Array("write".utf8), [0x61, 0xFF]]),
      RawArguments.Invalid(position: 2, offset: 1, byte: 0xFF)
    ),
    ([Array("é".utf8), [0xC3]], RawArguments.Invalid(position: 2, offset: 0, byte: 0xC3)),
    ([[0xC0, 0xAF]], RawArguments.Invalid(position: 1, offset: 0, byte: 0xC0)),
    ([[0x61, 0xED, 0xA0, 0x80]], RawArguments.Invalid(position: 1, offset: 1, byte: 0xED)),
    ([[0xF4, 0x90, 0x80, 0x80]], RawArguments.Invalid(position: 1, offset: 0, byte: 0xF4)),
    ([Array("😀 ok".utf8), []], nil),
  ])
  func argumentsThatAreNotUTF8AreFound(arguments: [[UInt8]], invalid: RawArguments.Invalid?) {
    #expect(RawArguments.firstInvalid(arguments) == invalid)
  }

  // MARK: - migrate: what was applied when the domain changed meanwhile

  /// Another writer changes the domain between the plan that was printed and
  /// the locked write: what is really applied is printed too.
  @Test func whatIsAppliedAfterTheDomainChangedIsPrinted() throws {
    let store = try DefaultsStore(inMemory: "app")
    try store.set(.bool(false), forKey: "sound")
    let environment = PrefsEnvironment(workingDirectory: Paths.repository.path)
    let old = try BundleVersion(
      BundleVersion.Source(DiffCommandTests.bundle("base"), environment: environment),
      idioms: Idiom.allCases,
      tables: .none)
    let new = try BundleVersion(
      BundleVersion.Source(DiffCommandTests.bundle("key-renamed"), environment: environment),
      idioms: Idiom.allCases, tables: .none)
    func plan(_ stored: [PlistKey: PlistValue]) -> MigrationPlan {
      MigrationPlan(
        old: old.snapshot, new: new.snapshot, stored: stored, renames: ["sound": "soundEnabled"])
    }
    let options = MigrateOptions()
    var output = ""
    let outcome = try MigrateFrontEnd.migrate(
      store: store, options: options,
      beforeWriting: { () throws(DefaultsError) in try store.set(.bool(true), forKey: "sound") },
      plan: plan)
    let status = try Defaults.Migrate.report(outcome, options: options, output: &output)
    #expect(status == 0)
    #expect(
      output == """
        move "sound" to "soundEnabled": false
        the domain changed while migrating; what was applied instead:
        move "sound" to "soundEnabled": true

        """)
    #expect(try store.persistentValues() == ["soundEnabled": .bool(true)])

    // The other writer removed the value: nothing was applied, and that is said.
    try store.replaceAll(with: ["soundEnabled": .bool(true), "sound": .bool(false)])
    try store.removeValue(forKey: "soundEnabled")
    output = ""
    let changed = try MigrateFrontEnd.migrate(
      store: store, options: options,
      beforeWriting: { () throws(DefaultsError) in try store.removeValue(forKey: "sound") },
      plan: plan)
    _ = try Defaults.Migrate.report(changed, options: options, output: &output)
    #expect(output.hasSuffix("what was applied instead:\nnothing\n"), "\(output)")
  }
}
