import BundleEdit
import Plist
import ProjectConfiguration
import SettingsLint
import SettingsSchema
import SourceCheck
import StringsWorkflow

/// What `prefs bundle rename-key` is asked.
///
/// ```swift
/// let options = RenameKeyOptions(bundle: "App/Settings.bundle", from: "sound", to: "soundEnabled")
/// ```
public struct RenameKeyOptions: Sendable {
  public var bundle: String
  public var oldKey: String
  public var newKey: String
  /// The app's source folders whose uses of the old key are listed (never rewritten).
  public var sources: [String]
  /// Plan and list the changes without writing them.
  public var dryRun: Bool

  public init(
    bundle: String, from oldKey: String, to newKey: String, sources: [String] = [],
    dryRun: Bool = false
  ) {
    self.bundle = bundle
    self.oldKey = oldKey
    self.newKey = newKey
    self.sources = sources
    self.dryRun = dryRun
  }
}

/// What a rename did (or, in a dry run, would do).
public struct RenameKeyOutcome: Sendable {
  /// The bundle as given, for messages.
  public var bundle: String
  public var rename: KeyRename
  /// Whether the files were written.
  public var written: Bool
  /// The app's uses of the old key, when sources were given, in the order found.
  public var sourceUses: [KeyUse]?
  /// Source files the scan did not read: uses of the old key there are unknown.
  public var skippedSources: [SkippedSource] = []
}

/// Why a key was not renamed. Nothing was written.
public enum RenameKeyFailure: Error, Sendable {
  case bundle(SettingsBundleError)
  case configuration(ConfigurationError)
  case rename(KeyRenameError)
  case sources(SourceScanner.Failure)
  case write(WriteError)
}

/// `prefs bundle rename-key`: a specifier's `Key` renamed on every page and
/// reading of the bundle, and in the tables where the key is a translated text,
/// written all at once or not at all; the app's uses of the old key listed.
///
/// ```swift
/// let outcome = try RenameKeyFrontEnd.run(
///   RenameKeyOptions(bundle: "Settings.bundle", from: "sound", to: "soundEnabled"),
///   environment: PrefsEnvironment(workingDirectory: "/work/app"))
/// outcome.rename.changes.count  // 3
/// ```
public enum RenameKeyFrontEnd {
  public static func run(_ options: RenameKeyOptions, environment: PrefsEnvironment)
    throws(RenameKeyFailure) -> RenameKeyOutcome
  {
    let named = NamedBundle(options.bundle, environment: environment)
    let readings: [SettingsBundle]
    do {
      readings = try BundleReadings.all(of: named)
    } catch {
      switch error {
      case .bundle(let error): throw .bundle(error)
      case .configuration(let error): throw .configuration(error)
      }
    }
    let rename: KeyRename
    do {
      rename = try KeyRename.plan(readings: readings, from: options.oldKey, to: options.newKey)
    } catch {
      throw .rename(error)
    }
    var outcome = RenameKeyOutcome(bundle: named.given, rename: rename, written: false)
    if !options.sources.isEmpty {
      let scan: SourceScan
      do {
        scan = try SourceScanner.scan(options.sources.map(environment.absolutePath))
      } catch {
        var shown = error
        if let index = options.sources.map(environment.absolutePath).firstIndex(of: error.path) {
          shown.path = options.sources[index]
        }
        throw .sources(shown)
      }
      let folders = options.sources.map(environment.absolutePath)
      outcome.sourceUses = scan.uses.filter { $0.key.isSameKey(as: options.oldKey) }.map { use in
        // Named from the folder as given, as lint names the app's files.
        var shown = use
        for (folder, given) in zip(folders, options.sources)
        where use.place.file.hasPrefix(folder + "/") {
          let rest = use.place.file.dropFirst(folder.count + 1)
          shown.place.file = given.hasSuffix("/") ? given + rest : given + "/" + rest
          break
        }
        return shown
      }
      outcome.skippedSources = scan.skipped
    }
    guard !options.dryRun else { return outcome }
    do {
      try StringsWorkflow.write(
        ChangeSet(
          bundle: named.resolved,
          files: rename.files.map {
            FileChange(path: $0.path, bytes: $0.bytes, previous: $0.previous)
          }))
    } catch {
      throw .write(error)
    }
    outcome.written = true
    return outcome
  }
}

/// Every reading of a bundle, as lint makes them (each device and dialect it
/// has pages for, unreached pages, each language's copy of a localized page),
/// with `root:` and `dialect:` of its `.prefs.yml`.
enum BundleReadings {
  enum Failure: Error {
    case bundle(SettingsBundleError)
    case configuration(ConfigurationError)
  }

  static func all(of named: NamedBundle) throws(Failure) -> [SettingsBundle] {
    let configuration: ProjectConfiguration
    do {
      configuration = try named.configuration()
    } catch {
      throw .configuration(error)
    }
    return try all(of: named, configuration: configuration)
  }

  /// The readings with `root:` and `dialect:` of a configuration already read.
  static func all(of named: NamedBundle, configuration: ProjectConfiguration) throws(Failure)
    -> [SettingsBundle]
  {
    var options = LoadOptions(keepsComments: false)
    options.rootPage = configuration.rootPage
    if let dialect = configuration.dialect {
      options.dialect = dialect
      options.followsBundleReader = false
    }
    let linter = Linter(
      loadOptions: options, idioms: nil,
      dialects: configuration.dialect.map { [$0] })
    do {
      return try named.shown { () throws(SettingsBundleError) in
        try linter.loadVariants(at: named.resolved)
      }
    } catch {
      throw .bundle(error)
    }
  }
}
