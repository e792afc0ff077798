import BundleDiff
import DefaultsStore
import Foundation
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

/// `prefs defaults migrate` as a library call: both versions read from the
/// environment's working directory as `prefs diff` reads them, the renames
/// of the configuration nearest the new one honoured.
struct MigrateFromBundlesTests {
  @Test func versionsAreReadFromTheWorkingDirectoryWithTheConfigurationsRenames() throws {
    let base = NSTemporaryDirectory() + "prefs-migrate-front-end-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: base) }
    let project = base + "/project"
    try FileManager.default.createDirectory(
      atPath: project + "/App", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      atPath: base + "/config", withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: Paths.fixtures.appendingPathComponent("Diff/key-renamed/Settings.bundle").path,
      toPath: project + "/App/Settings.bundle")
    try FileManager.default.copyItem(
      atPath: Paths.fixtures.appendingPathComponent("Diff/base/Settings.bundle").path,
      toPath: base + "/Old.bundle")
    try "diff:\n  renames:\n    sound: soundEnabled\n".write(
      toFile: project + "/.prefs.yml", atomically: true, encoding: .utf8)
    let environment = PrefsEnvironment(workingDirectory: base)
    let defaults = DefaultsFrontEnd(
      location: try StoreLocation(StoreOptions(folder: "config"), environment: environment),
      environment: environment)
    _ = try defaults.write(domain: "app", key: "sound", .set(.bool(false), type: .bool))

    let bundles = MigrationBundles(old: "Old.bundle", new: "project/App/Settings.bundle")
    let outcome = try MigrateFrontEnd.migrate(
      domain: "app", bundles: bundles, options: MigrateOptions(), defaults: defaults)
    #expect(
      outcome.planned.steps == [.move(from: "sound", to: "soundEnabled", value: .bool(false))])
    guard case .applied = outcome.result else {
      Issue.record("\(outcome.result)")
      return
    }
    #expect(try defaults.read(domain: "app") == .dictionary(["soundEnabled": .bool(false)]))

    let missing = #expect(throws: MigrateFailure.self) {
      try MigrateFrontEnd.migrate(
        domain: "app", bundles: MigrationBundles(old: "Nowhere.bundle", new: "Old.bundle"),
        options: MigrateOptions(), defaults: defaults)
    }
    guard case .versions(.bundle(.notFound("Nowhere.bundle"))) = missing else {
      Issue.record("\(String(describing: missing))")
      return
    }
  }
}
