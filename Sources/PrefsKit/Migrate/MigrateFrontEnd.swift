import BundleDiff
import DefaultsStore
import Plist
import SettingsSchema

/// Carries a domain's stored values over a change of the bundle, safely: the
/// plan is made against the stored values (and shown by the caller), then
/// applied in one locked write that plans again under the lock, so another
/// writer's change meanwhile is never overwritten with a stale plan; what was
/// really applied is returned beside what was planned.
///
/// ```swift
/// let outcome = try MigrateFrontEnd.migrate(
///   store: store, old: before, new: after, options: MigrateOptions(renames: ["sound": "soundOn"]))
/// if case .applied(let applied) = outcome.result, applied.steps != outcome.planned.steps { … }
/// ```
public enum MigrateFrontEnd {
  /// `prefs defaults migrate`: reads both versions of `bundles` as `prefs
  /// diff` does (folders resolved against the environment's working
  /// directory, or `REV:PATH` copies; the configuration nearest the new one,
  /// whose `diff: renames:` the options' renames add to; both opened at the
  /// page the app opens first), then migrates `domain` of `defaults`' location
  /// as ``migrate(store:old:new:options:)`` does. A failed write in the
  /// outcome names the folder as given.
  ///
  /// ```swift
  /// let environment = PrefsEnvironment(workingDirectory: "/work/app")
  /// let defaults = DefaultsFrontEnd(
  ///   location: try StoreLocation(StoreOptions(folder: "config"), environment: environment),
  ///   environment: environment)
  /// let outcome = try MigrateFrontEnd.migrate(
  ///   domain: "com.example.app",
  ///   bundles: MigrationBundles(old: "HEAD~1:App/Settings.bundle", new: "App/Settings.bundle"),
  ///   options: MigrateOptions(dryRun: true), defaults: defaults)
  /// outcome.planned.steps  // what would change
  /// ```
  public static func migrate(
    domain: String, bundles: MigrationBundles, options: MigrateOptions, defaults: DefaultsFrontEnd
  ) throws(MigrateFailure) -> MigrationOutcome {
    let environment = defaults.environment
    let (before, after): (BundleVersion, BundleVersion)
    let renames: [String: String]
    do throws(DiffError) {
      let old = try DiffFrontEnd.source(bundles.old, environment: environment)
      defer { old.remove() }
      let new = try DiffFrontEnd.source(bundles.new, environment: environment)
      defer { new.remove() }
      let configuration = try DiffFrontEnd.configuration(
        bundles.configurationFile, near: new, environment: environment)
      renames = configuration.diff.renames.merging(options.renames) { $1 }
      // Both versions open at the page the app opens first, as prefs diff reads them.
      let root = bundles.rootPage.flatMap(PageName.init)?.name ?? configuration.rootPage
      do throws(SettingsBundleError) {
        before = try BundleVersion(old, idioms: Idiom.allCases, root: root, tables: .none)
        after = try BundleVersion(new, idioms: Idiom.allCases, root: root, tables: .none)
      } catch {
        throw .bundle(error)
      }
    } catch {
      throw .versions(error)
    }
    var options = options
    options.renames = renames
    let store: DefaultsStore
    do throws(DefaultsFailure) {
      store = try defaults.store(domain)
    } catch {
      throw .defaults(error)
    }
    let location = defaults.location
    var outcome: MigrationOutcome
    do throws(DefaultsError) {
      outcome = try migrate(
        store: store, old: before.snapshot, new: after.snapshot, options: options)
    } catch {
      throw .defaults(.store(location.naming(error)))
    }
    if case .failed(let error) = outcome.result { outcome.result = .failed(location.naming(error)) }
    return outcome
  }

  /// Plans the migration of `store` from `old` to `new` and applies it as
  /// ``migrate(store:options:beforeWriting:plan:)`` does; the outcome names
  /// the removed keys that `prefs diff` finds likely renamed but nobody confirmed.
  public static func migrate(
    store: DefaultsStore, old: BundleSnapshot, new: BundleSnapshot, options: MigrateOptions
  ) throws(DefaultsError) -> MigrationOutcome {
    var outcome = try migrate(store: store, options: options) {
      MigrationPlan(
        old: old, new: new, stored: $0, renames: options.renames,
        dropRemoved: options.dropRemoved)
    }
    outcome.likelyRenames = likelyRenames(old: old, new: new, renames: options.renames)
    return outcome
  }

  /// Renames `BundleDiff` finds likely but nobody confirmed (old key → new
  /// key): their values stay orphans unless confirmed.
  public static func likelyRenames(
    old: BundleSnapshot, new: BundleSnapshot, renames: [String: String]
  ) -> [String: String] {
    Dictionary(
      BundleDiff.compare(old: old, new: new, renames: renames)
        .filter { $0.kind == .keyRenamed && !$0.renameConfirmed }
        .compactMap { change in change.old.flatMap { old in change.new.map { (old, $0) } } },
      uniquingKeysWith: { first, _ in first })
  }

  /// Plans against the stored values and, unless a value cannot be carried
  /// over (without `force`), nothing changes, or `dryRun`, applies the plan
  /// in one locked write, planned again under the lock. `beforeWriting` runs
  /// between the two (where a test changes the domain as another process
  /// would). A failure to read the domain is thrown; one after the plan was
  /// made is in the outcome, beside the plan.
  public static func migrate(
    store: DefaultsStore, options: MigrateOptions,
    beforeWriting: () throws(DefaultsError) -> Void = {},
    plan: ([PlistKey: PlistValue]) -> MigrationPlan
  ) throws(DefaultsError) -> MigrationOutcome {
    let planned = plan(try store.persistentValues())
    var outcome = MigrationOutcome(planned: planned, result: .dryRun)
    if !planned.refusals.isEmpty, !options.force {
      outcome.result = .refused
      return outcome
    }
    guard planned.changesValues(force: options.force) else {
      outcome.result = .nothingToChange
      return outcome
    }
    guard !options.dryRun else { return outcome }
    var applied: MigrationPlan?
    do throws(DefaultsError) {
      try beforeWriting()
      try store.update { current in
        // Planned again under the lock: another writer may have changed the domain.
        let fresh = plan(current)
        guard fresh.refusals.isEmpty || options.force else { return }
        current = fresh.apply(to: current, force: options.force)
        applied = fresh
      }
    } catch {
      outcome.result = .failed(error)
      return outcome
    }
    outcome.result = applied.map { .applied($0) } ?? .noLongerPossible
    return outcome
  }
}

/// What a migration is asked to do besides the two bundles.
///
/// ```swift
/// let options = MigrateOptions(renames: ["sound": "soundEnabled"], dryRun: true)
/// ```
public struct MigrateOptions: Sendable, Hashable {
  /// Confirmed renames, old key → new key: their values move.
  public var renames: [String: String]
  /// Remove the values of keys the new bundle no longer has (else they stay).
  public var dropRemoved: Bool
  /// Plan only; write nothing.
  public var dryRun: Bool
  /// Reset what cannot be converted without loss to the new default instead of refusing.
  public var force: Bool

  public init(
    renames: [String: String] = [:], dropRemoved: Bool = false, dryRun: Bool = false,
    force: Bool = false
  ) {
    self.renames = renames
    self.dropRemoved = dropRemoved
    self.dryRun = dryRun
    self.force = force
  }
}

/// What a migration planned and what became of it.
public struct MigrationOutcome: Sendable {
  /// The plan made against the values stored before.
  public var planned: MigrationPlan
  public var result: Result
  /// Removed keys that `prefs diff` finds likely renamed (old → new), unconfirmed.
  public var likelyRenames: [String: String] = [:]

  public enum Result: Sendable {
    /// A value cannot be carried over without loss and `force` was not given: nothing was written.
    case refused
    /// No stored value needs to change: nothing was written.
    case nothingToChange
    /// A dry run (or nothing more to do): nothing was written.
    case dryRun
    /// Written; the plan made again under the lock (it differs from
    /// ``MigrationOutcome/planned`` when another writer changed the domain meanwhile).
    case applied(MigrationPlan)
    /// The domain changed meanwhile and a value can no longer be carried over: nothing was written.
    case noLongerPossible
    /// The write failed after the plan was made; the domain is unchanged.
    case failed(DefaultsError)
  }
}

/// The two versions of the bundle a migration reads, as `prefs diff` reads
/// them: folders or `REV:PATH`, the configuration nearest the new one unless
/// one is named, and the page the app opens first.
///
/// ```swift
/// let bundles = MigrationBundles(old: "HEAD~1:App/Settings.bundle", new: "App/Settings.bundle")
/// ```
public struct MigrationBundles: Sendable, Hashable {
  /// The bundle the values were stored with: a folder, or `REV:PATH`.
  public var old: String
  /// The bundle they are migrated to: a folder, or `REV:PATH`.
  public var new: String
  /// The configuration file; nil for the nearest `.prefs.yml` above the new bundle.
  public var configurationFile: String?
  /// The page the app opens first; nil for `root:` of the configuration, else `Root`.
  public var rootPage: String?

  public init(old: String, new: String, configurationFile: String? = nil, rootPage: String? = nil) {
    self.old = old
    self.new = new
    self.configurationFile = configurationFile
    self.rootPage = rootPage
  }
}

/// Why a migration did not start: a version could not be read (from git, as
/// a bundle, or its configuration), or the domain could not be read.
public enum MigrateFailure: Error, Sendable {
  case versions(DiffError)
  case defaults(DefaultsFailure)
}
