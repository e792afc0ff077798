import BundleDiff
import DefaultsStore
import Plist
import PrefsKit
import SettingsSchema
import TestSupport
import Testing

/// A migration plans against the stored values and writes in one locked
/// write, planned again under the lock: another writer's change meanwhile is
/// never overwritten with a stale plan, and the outcome says what was applied.
struct MigrateFrontEndTests {
  static func snapshot(_ name: String) throws -> BundleSnapshot {
    let path = Paths.fixtures.appendingPathComponent("Diff/\(name)/Settings.bundle").path
    return BundleSnapshot(bundles: [try SettingsBundle.load(at: path)])
  }

  let base: BundleSnapshot
  let renamed: BundleSnapshot

  init() throws {
    base = try Self.snapshot("base")
    renamed = try Self.snapshot("key-renamed")
  }

  func plan(_ stored: [PlistKey: PlistValue]) -> MigrationPlan {
    MigrationPlan(old: base, new: renamed, stored: stored, renames: ["sound": "soundEnabled"])
  }

  @Test func aDomainChangedBetweenThePlanAndTheWriteIsPlannedAgain() throws {
    let store = try DefaultsStore(inMemory: "app")
    try store.set(.bool(false), forKey: "sound")
    let outcome = try MigrateFrontEnd.migrate(
      store: store, options: MigrateOptions(),
      beforeWriting: { () throws(DefaultsError) in try store.set(.bool(true), forKey: "sound") },
      plan: plan)
    #expect(
      outcome.planned.steps == [.move(from: "sound", to: "soundEnabled", value: .bool(false))])
    guard case .applied(let applied) = outcome.result else {
      Issue.record("not applied: \(outcome.result)")
      return
    }
    #expect(applied.steps == [.move(from: "sound", to: "soundEnabled", value: .bool(true))])
    #expect(try store.persistentValues() == ["soundEnabled": .bool(true)])
  }

  @Test func aDryRunAndNothingToChangeWriteNothing() throws {
    let store = try DefaultsStore(inMemory: "app")
    try store.set(.bool(false), forKey: "sound")
    let dry = try MigrateFrontEnd.migrate(
      store: store, options: MigrateOptions(dryRun: true), plan: plan)
    guard case .dryRun = dry.result else {
      Issue.record("\(dry.result)")
      return
    }
    #expect(try store.persistentValues() == ["sound": .bool(false)])
    try store.replaceAll(with: ["soundEnabled": .bool(true)])
    let none = try MigrateFrontEnd.migrate(store: store, options: MigrateOptions(), plan: plan)
    guard case .nothingToChange = none.result else {
      Issue.record("\(none.result)")
      return
    }
  }

  @Test func aFailedWriteKeepsThePlan() throws {
    let store = try DefaultsStore(inMemory: "app")
    try store.set(.bool(false), forKey: "sound")
    let outcome = try MigrateFrontEnd.migrate(
      store: store, options: MigrateOptions(),
      beforeWriting: { () throws(DefaultsError) in
        throw .io(file: "app", operation: "write the domain", reason: "test")
      }, plan: plan)
    #expect(!outcome.planned.steps.isEmpty)
    guard case .failed(.io) = outcome.result else {
      Issue.record("\(outcome.result)")
      return
    }
    #expect(try store.persistentValues() == ["sound": .bool(false)])
  }

  /// An unconfirmed rename that BundleDiff finds likely is named, so the
  /// caller can say how to confirm it.
  @Test func likelyRenamesAreNamed() throws {
    let store = try DefaultsStore(inMemory: "app")
    try store.set(.bool(false), forKey: "sound")
    let outcome = try MigrateFrontEnd.migrate(
      store: store, old: base, new: renamed, options: MigrateOptions(dryRun: true))
    #expect(outcome.likelyRenames == ["sound": "soundEnabled"])
    #expect(outcome.planned.steps == [.keepOrphan(key: "sound")])
  }
}
