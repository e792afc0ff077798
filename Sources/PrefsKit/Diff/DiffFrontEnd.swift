import BundleDiff
import Parallel
import ProjectConfiguration
import SettingsLint
import SettingsSchema

/// What to compare: two versions of a bundle (folders, or `REV:PATH` read
/// from git), and how to read them.
///
/// ```swift
/// let options = DiffOptions(old: "HEAD~1:App/Settings.bundle", new: "App/Settings.bundle")
/// ```
public struct DiffOptions: Sendable {
  /// The old version: a folder, or `REV:PATH`.
  public var old: String
  /// The new version: a folder, or `REV:PATH`.
  public var new: String
  /// The devices whose pages are compared.
  public var idioms: [Idiom]
  /// The configuration file; nil for the nearest `.prefs.yml` above the new version.
  public var configurationFile: String?
  /// Renames confirmed by the caller, old key → new key, on top of `diff: renames:`.
  public var renames: [String: String]
  /// The page the app opens first; nil for `root:` of the configuration, else `Root`.
  public var rootPage: String?
  /// The one reader both versions are read as; nil for `dialect:` of the
  /// configuration, else every reader that opens the bundle.
  public var dialect: Dialect?
  /// Whether to draw both versions' pages with the changes marked
  /// (``DiffOutcome/pictures``), and how; nil to compare only.
  public var pictures: DiffPictureOptions? = nil

  public init(
    old: String, new: String, idioms: [Idiom] = Idiom.allCases, configurationFile: String? = nil,
    renames: [String: String] = [:], rootPage: String? = nil, dialect: Dialect? = nil
  ) {
    self.old = old
    self.new = new
    self.idioms = idioms
    self.configurationFile = configurationFile
    self.renames = renames
    self.rootPage = rootPage
    self.dialect = dialect
  }
}

/// The changes between two versions and whether they fail the comparison.
public struct DiffOutcome: Sendable {
  /// Each change; its message says which readings found it when not all did
  /// ("on pad: …", "in InAppSettingsKit: …").
  public var changes: [BundleChange]
  public var old: BundleVersion
  public var new: BundleVersion
  /// The severities that fail: `diff: fail-on:`, else breaking ones.
  public var failingSeverities: Set<ChangeSeverity>
  /// Both versions drawn, when ``DiffOptions/pictures`` asked for them.
  public var pictures: DiffPictures? = nil

  /// Whether a change has a severity that fails.
  public var fails: Bool { changes.contains { failingSeverities.contains($0.severity) } }
}

/// Why two versions were not compared.
public enum DiffError: Error, Sendable {
  /// A version could not be read from git.
  case revision(GitRevisionError)
  /// A version is not a bundle (or none of its pages is the root).
  case bundle(SettingsBundleError)
  /// The configuration file does not read.
  case configuration(ConfigurationError)
  /// A page of these versions does not read: it would show as every one of
  /// its keys removed (or added), so nothing was compared. Each version's
  /// ``BundleVersion/unreadPages`` says which.
  case pagesDoNotRead([BundleVersion])
}

/// `prefs diff`: what changed between two versions of a bundle, and what it
/// breaks for people's stored values.
///
/// ```swift
/// let outcome = try DiffFrontEnd.run(
///   DiffOptions(old: "Old/Settings.bundle", new: "New/Settings.bundle"),
///   environment: PrefsEnvironment(workingDirectory: "/work/app"))
/// outcome.fails  // true when a breaking change was found
/// ```
public enum DiffFrontEnd {
  public static func run(_ options: DiffOptions, environment: PrefsEnvironment) throws(DiffError)
    -> DiffOutcome
  {
    // Only the tables that differ between the versions are read (and those
    // with a string new to the pages, when the comparison needs them).
    let old = try source(options.old, environment: environment)
    defer { old.remove() }
    let new = try source(options.new, environment: environment)
    defer { new.remove() }
    let configuration = try Self.configuration(
      options.configurationFile, near: new, environment: environment)
    // Both versions open at the page the app opens first.
    let root = options.rootPage.flatMap(PageName.init)?.name ?? configuration.rootPage
    // The dialect asked for (or configured) is the one read, as lint reads it: a
    // Settings.bundle the app shows with InAppSettingsKit has rows only that reader
    // shows. Else InAppSettingsKit's reading too when either version has pages of its own.
    let asked = options.dialect ?? configuration.dialect
    let dialects = asked.map { [$0] } ?? BundleVersion.dialects(reading: [old.path, new.path])
    // Both versions at once: each load is mostly one thread's parsing of pages.
    let loaded = [(old, new.path), (new, old.path)].concurrentMap { source, other in
      Result { () throws(SettingsBundleError) in
        try BundleVersion(
          source, idioms: options.idioms, dialects: dialects, root: root,
          tables: .differentFrom(bundle: other), followsBundleReader: asked == nil)
      }
    }
    let before: BundleVersion
    let after: BundleVersion
    do {
      before = try loaded[0].get()
      after = try loaded[1].get()
    } catch {
      throw .bundle(error)
    }
    let unread = [before, after].filter { !$0.unreadPages.isEmpty }
    guard unread.isEmpty else { throw .pagesDoNotRead(unread) }
    let renames = configuration.diff.renames.merging(options.renames) { $1 }
    let changes = BundleDiff.compare(old: before.snapshot, new: after.snapshot, renames: renames)
      .map(labelled)
    var outcome = DiffOutcome(
      changes: changes, old: before, new: after,
      failingSeverities: configuration.diff.failingSeverities)
    if let pictures = options.pictures {
      outcome.pictures = try Self.pictures(
        pictures, of: outcome, sources: (old, new), idioms: options.idioms, dialect: asked,
        root: root)
    }
    return outcome
  }

  /// Where a version is read from (a copy, for `REV:PATH`).
  public static func source(_ argument: String, environment: PrefsEnvironment) throws(DiffError)
    -> BundleVersion.Source
  {
    do {
      return try BundleVersion.Source(argument, environment: environment)
    } catch {
      throw .revision(error)
    }
  }

  /// `explicit`, else the configuration nearest the new version (for a
  /// revision, the working tree's file above its path). A file named
  /// relative to the working directory is named so in errors.
  public static func configuration(
    _ explicit: String?, near new: BundleVersion.Source, environment: PrefsEnvironment
  ) throws(DiffError) -> ProjectConfiguration {
    do {
      return try NamedBundle(
        new.configurationSearchPath(environment: environment), environment: environment
      )
      .configuration(file: explicit, environment: environment)
    } catch {
      throw .configuration(error)
    }
  }

  /// A change with the readings that found it, when not all did (in lint's
  /// words: "on pad", "in InAppSettingsKit").
  static func labelled(_ change: BundleChange) -> BundleChange {
    func variant(_ reading: BundleReading) -> LintVariant {
      LintVariant(idiom: reading.idiom, dialect: reading.dialect)
    }
    let found = change.readings.map(variant)
    guard !found.isEmpty,
      let label = LintVariant.label(found: found, reading: found + change.missed.map(variant))
    else { return change }
    var labelled = change
    labelled.message = "\(label): \(change.message)"
    return labelled
  }
}
