import BundleEdit
import Foundation
import Plist
import ProjectConfiguration
import SettingsSchema

/// What `prefs bundle build` is asked: a bundle, the build configuration, where the copy goes.
///
/// ```swift
/// let options = BundleBuildOptions(
///   bundle: "App/Settings.bundle", configuration: "Release", output: "build/Settings.bundle")
/// ```
public struct BundleBuildOptions: Sendable {
  public var bundle: String
  /// The build configuration, as Xcode names it (`Debug`, `Release`).
  public var configuration: String
  /// Where the copy goes: never the bundle, inside it or around it.
  public var output: String
  /// List what would go without writing the copy.
  public var dryRun: Bool
  /// The `.prefs.yml` to read (as given); nil for the nearest one above the bundle.
  public var configurationFile: String?

  public init(
    bundle: String, configuration: String, output: String, dryRun: Bool = false,
    configurationFile: String? = nil
  ) {
    self.bundle = bundle
    self.configuration = configuration
    self.output = output
    self.dryRun = dryRun
    self.configurationFile = configurationFile
  }
}

/// What a build made (or, in a dry run, would make).
public struct BundleBuildOutcome: Sendable {
  /// The bundle and the output as given.
  public var bundle: String
  public var output: String
  /// Whether `.prefs.yml` has a `debug-only:` section (nil: the copy is the bundle as it is).
  public var debugOnly: ProjectConfiguration.DebugOnly?
  /// Whether this configuration strips the debug-only settings.
  public var strips: Bool
  /// What goes; empty when nothing does.
  public var stripping: DebugStripping?
  /// `pages:` patterns of `debug-only:` that name no page of the bundle.
  public var unmatchedPagePatterns: [String] = []
  /// Whether the copy was written.
  public var written: Bool
}

/// Why no copy was made. The bundle is untouched; the output is as it was.
public enum BundleBuildFailure: Error, Sendable {
  case bundle(SettingsBundleError)
  case configuration(ConfigurationError)
  case strip(BundleEditError)
  case copy(BundleCopyError)
}

/// `prefs bundle build`: a copy of the bundle for one build configuration, the
/// `debug-only:` settings of `.prefs.yml` left out unless the configuration
/// keeps them (`kept-in:`, default `Debug`).
///
/// ```swift
/// let outcome = try BundleBuildFrontEnd.run(
///   BundleBuildOptions(bundle: "Settings.bundle", configuration: "Release", output: "/tmp/out/Settings.bundle"),
///   environment: PrefsEnvironment(workingDirectory: "/work/app"))
/// outcome.stripping?.removals.count  // 4
/// ```
public enum BundleBuildFrontEnd {
  public static func run(_ options: BundleBuildOptions, environment: PrefsEnvironment)
    throws(BundleBuildFailure) -> BundleBuildOutcome
  {
    let named = NamedBundle(options.bundle, environment: environment)
    let configuration: ProjectConfiguration
    do {
      configuration = try named.configuration(
        file: options.configurationFile, environment: environment)
    } catch {
      throw .configuration(error)
    }
    let readings: [SettingsBundle]
    do {
      readings = try BundleReadings.all(of: named, configuration: configuration)
    } catch {
      switch error {
      case .bundle(let error): throw .bundle(error)
      case .configuration(let error): throw .configuration(error)
      }
    }
    let debugOnly = configuration.debugOnly
    let strips = debugOnly?.strips(configuration: options.configuration) ?? false
    var outcome = BundleBuildOutcome(
      bundle: named.given, output: options.output, debugOnly: debugOnly, strips: strips,
      written: false)
    var files: [String: [UInt8]] = [:]
    var removed: [String] = []
    if let debugOnly, strips {
      let stripping: DebugStripping
      let (pages, unmatched) = DebugOnlyPages.matching(debugOnly, in: readings)
      do {
        stripping = try DebugStripping.plan(readings: readings, keys: debugOnly.keys, pages: pages)
      } catch {
        throw .strip(error)
      }
      outcome.stripping = stripping
      outcome.unmatchedPagePatterns = unmatched
      files = stripping.files
      removed = stripping.removedFiles
    }
    guard !options.dryRun else { return outcome }
    do {
      try BundleCopy.write(
        from: named.resolved, to: environment.absolutePath(options.output), replacing: files,
        removing: removed)
    } catch {
      throw .copy(error)
    }
    outcome.written = true
    return outcome
  }
}

/// The page names of a bundle that `debug-only: pages:` matches.
enum DebugOnlyPages {
  static func matching(_ debugOnly: ProjectConfiguration.DebugOnly, in readings: [SettingsBundle])
    -> (pages: Set<String>, unmatchedPatterns: [String])
  {
    guard let bundle = readings.first else { return ([], debugOnly.pagePatterns) }
    var names = Set<String>()
    for file in readings.flatMap({ $0.pages.map(\.file) }) + bundle.files
    where file.hasSuffix(".plist") && file != "Info.plist" {
      names.insert(Page.name(ofFile: (file as NSString).lastPathComponent))
    }
    let pages = names.filter(debugOnly.matchesPage(named:))
    let unmatched = debugOnly.pagePatterns.filter { pattern in
      !pages.contains {
        ProjectConfiguration.DebugOnly(pagePatterns: [pattern]).matchesPage(named: $0)
      }
    }
    return (pages, unmatched)
  }
}
