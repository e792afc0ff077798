import Foundation
import Parallel
import Plist
import ProjectConfiguration
import SettingsLint
import SettingsSchema
import SourceCheck
import StringsWorkflow
import Synchronization

/// `prefs lint` as one call: the bundles named (or found inside folders, or enclosing
/// files), each with its `.prefs.yml`, linted on every core or fixed, filtered by the
/// baseline and the severity asked, ready for a printer.
///
/// Paths are opened resolved against the environment's working directory and named as
/// given; the process's working directory is never read.
///
/// ```swift
/// let outcome = LintFrontEnd.run(
///   LintOptions(bundles: ["Examples/Showcase/Settings.bundle"]),
///   environment: PrefsEnvironment(workingDirectory: "/work/prefs"))
/// outcome.output?.summaryLine  // "no problems in 4 files"
/// ```
public enum LintFrontEnd {
  public static func run(_ options: LintOptions, environment: PrefsEnvironment) -> LintOutcome {
    var outcome = LintOutcome()
    let disabled = options.disabledRules.flatMap { $0.split(separator: ",") }.map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    for id in disabled where RuleRegistry.rule(id) == nil {
      // The suggestion an inline disable of the same id gets.
      outcome.failure = .unknownRule(id, suggestion: RuleRegistry.closestID(to: id))
      return outcome
    }
    var paths = bundlePaths(options, environment: environment, notices: &outcome.notices)
    var linters: [Linter] = []
    // Each bundle's `debug-only:` section, from the configuration its linter was made with.
    var debugOnlySections: [ProjectConfiguration.DebugOnly?] = []
    // The app's sources are read once per set of folders (`sources`, else `sources:`).
    let scans = SourceScans()
    var configured: [LintPath] = []
    var configurationErrors: [ConfigurationError] = []
    do throws(LintFailure) {
      for path in paths {
        do throws(LintFailure) {
          let (linter, debugOnly) = try linter(
            for: path, options, disabled: disabled, scans: scans, environment: environment)
          linters.append(linter)
          debugOnlySections.append(debugOnly)
          configured.append(path)
        } catch .failed(let error as ConfigurationError) {
          // A bad `.prefs.yml` stops the bundles it configures, not the ones beside them.
          if !configurationErrors.contains(where: { $0.description == error.description }) {
            configurationErrors.append(error)
          }
        }
      }
    } catch {
      outcome.failure = error
      return outcome
    }
    if let first = configurationErrors.first {
      // Nothing left to lint, or a baseline that would silently lack those bundles:
      // the run stops as it does for one bundle.
      guard !configured.isEmpty, options.writeBaseline == nil else {
        outcome.failure = .failed(first)
        return outcome
      }
      outcome.configurationErrors = configurationErrors
      paths = configured
    }
    var reports: [LintReport]
    if options.fix {
      outcome.fixes = []
      do throws(LintFailure) {
        try fix(
          paths, linters, dryRun: options.dryRun, environment: environment,
          into: &outcome.fixes)
      } catch {
        outcome.failure = error
        return outcome
      }
      outcome.fixesCompleted = true
      // A dry run's reader has the files on disk before them: what remains is placed in those.
      reports = outcome.fixes.map { options.dryRun ? $0.outcome.reportOnDisk : $0.outcome.report }
    } else {
      do throws(LintFailure) {
        let linted = try lint(paths, linters, debugOnly: debugOnlySections)
        reports = linted.map(\.report)
        outcome.loadedBundles = linted.map(\.bundles)
      } catch {
        outcome.failure = error
        return outcome
      }
    }
    do throws(LintFailure) {
      let output = try report(reports, paths: paths, options, environment: environment)
      outcome.output = output
      outcome.fixableFindings = output.reports.reduce(0) { count, report in
        count + report.diagnostics.count { $0.fix != nil && $0.fix?.obstacle == nil }
      }
    } catch {
      outcome.failure = error
    }
    return outcome
  }

  // MARK: - The bundles

  /// The bundles to lint, each once, named as given and opened resolved.
  static func bundlePaths(
    _ options: LintOptions, environment: PrefsEnvironment, notices: inout [LintNotice]
  ) -> [LintPath] {
    let named = options.bundles.map { LintPath($0, environment: environment) }
    var paths = distinct(
      options.enclosing ? enclosingBundles(of: named, environment: environment) : named)
    if !options.enclosing { return searchingFolders(paths, &notices) }
    // The change being committed may delete a bundle, or touch a bundle of
    // images: neither is a Settings bundle to lint, and neither stops the others.
    var skipped: [LintNotice] = []
    paths.removeAll { path in
      do throws(SettingsBundleError) {
        try SettingsBundle.check(at: path.resolved)
        return false
      } catch {
        skipped.append(.skipped(path.naming(error)))
        return true
      }
    }
    // Said only when it leaves nothing: a hook that lints nothing should say why.
    if paths.isEmpty, !skipped.isEmpty { notices += skipped + [.nothingLeftToLint] }
    return paths
  }

  /// The bundles that hold the paths, in the order first named, each named as its path was.
  static func enclosingBundles(of paths: [LintPath], environment: PrefsEnvironment)
    -> [LintPath]
  {
    paths.compactMap { path in
      SettingsBundle.enclosingFolder(of: path.given).map {
        LintPath($0, environment: environment)
      }
    }
  }

  /// The paths, each folder that is no Settings bundle (no page at its top,
  /// as a repository) replaced by the bundles found inside it, which a
  /// notice names; a folder with none inside stays, for its error.
  static func searchingFolders(_ paths: [LintPath], _ notices: inout [LintNotice]) -> [LintPath] {
    var result: [LintPath] = []
    for path in paths {
      do throws(SettingsBundleError) {
        try SettingsBundle.check(at: path.resolved)
        result.append(path)
      } catch .noRootPlist {
        let found = BundleSearch.bundles(inside: path.resolved)
        // Found inside the folder as resolved, named inside it as given; `./App/Settings.bundle`
        // as one types it from `.`: `App/Settings.bundle`.
        func named(_ found: String) -> LintPath {
          var inside = path.within(found)
          if inside.given.hasPrefix("./") { inside.given.removeFirst(2) }
          return inside
        }
        // What the search passed over is said after what it found (or before the
        // folder's own error, when it found nothing).
        let skipped: [LintNotice] =
          found.skipped.isEmpty
          ? []
          : [
            .skippedInside(
              folder: path.given,
              skipped: found.skipped.map {
                BundleSearch.Skipped(path: named($0.path).given, reason: $0.reason)
              })
          ]
        guard !found.bundles.isEmpty else {
          notices += skipped
          result.append(path)
          continue
        }
        let listed = found.bundles.map(named)
        notices.append(
          .bundlesInside(
            folder: path.given, bundles: listed.map(\.given),
            searchStoppedEarly: found.stoppedEarly))
        notices += skipped
        result += listed
      } catch {
        result.append(path)
      }
    }
    return distinct(result)
  }

  /// Each folder once, as first spelled: `v.bundle`, `./v.bundle/` and a
  /// link to it are one bundle (compared by real path; a missing path by its spelling).
  static func distinct(_ paths: [LintPath]) -> [LintPath] {
    var seen: Set<String> = []
    return paths.filter { path in
      seen.insert(
        SettingsBundle.realPath(path.resolved)
          ?? URL(fileURLWithPath: path.resolved).standardizedFileURL.path
      ).inserted
    }
  }

  // MARK: - Linting

  /// The linter for one bundle: its configuration (`--config`, else the nearest
  /// `.prefs.yml`), the rules turned off, the app's sources, the readings asked.
  static func linter(
    for path: LintPath, _ options: LintOptions, disabled: [String], scans: SourceScans,
    environment: PrefsEnvironment
  ) throws(LintFailure) -> (linter: Linter, debugOnly: ProjectConfiguration.DebugOnly?) {
    let configuration: ProjectConfiguration
    do {
      configuration = try NamedBundle(path.resolved, environment: environment).configuration(
        file: options.configurationFile, environment: environment)
    } catch {
      throw .failed(error)
    }
    var lintConfiguration = LintConfiguration(configuration)
    lintConfiguration.disabled.formUnion(disabled)
    let folders =
      options.sources.isEmpty
      ? configuration.sourceDirectories : options.sources.map(environment.absolutePath)
    var scan: SourceScan?
    if !folders.isEmpty {
      scan = try scans.scan(folders, named: options.sources.isEmpty ? folders : options.sources)
    }
    let dialect = options.dialect ?? configuration.dialect
    var loadOptions = LoadOptions(
      idiom: options.idiom ?? .phone, dialect: dialect ?? .apple,
      keepsComments: false, keptComments: Linter.keptComments)
    // A dialect asked for is the one read; else the reader that opens the bundle.
    loadOptions.followsBundleReader = dialect == nil
    loadOptions.rootPage =
      options.rootPage.flatMap(PageName.init)?.name ?? configuration.rootPage
    let linter = Linter(
      configuration: lintConfiguration, loadOptions: loadOptions, sources: scan,
      idioms: options.idiom.map { [$0] }, dialects: dialect.map { [$0] })
    return (linter, configuration.debugOnly)
  }

  /// Every bundle linted, on every core, in the order given.
  /// `debugOnly` (by bundle, when given) adds what the bundle without those settings finds.
  static func lint(
    _ paths: [LintPath], _ linters: [Linter], debugOnly: [ProjectConfiguration.DebugOnly?] = []
  ) throws(LintFailure)
    -> [(report: LintReport, bundles: [SettingsBundle])]
  {
    // The bundles with the most entries (languages, pages) first: a large
    // one started last would leave the other cores idle at the end.
    let size: ((LintPath, (Linter, ProjectConfiguration.DebugOnly?))) -> Int = {
      paths.count > 2 ? entryCount($0.0.resolved) : 0
    }
    let sections = paths.indices.map { $0 < debugOnly.count ? debugOnly[$0] : nil }
    let outcomes = Array(zip(paths, zip(linters, sections))).concurrentMap(largestFirst: size) {
      path, item in
      let (linter, section) = item
      return Result { () throws -> (LintReport, [SettingsBundle]) in
        let bundles: [SettingsBundle]
        do throws(SettingsBundleError) {
          bundles = try linter.loadVariants(at: path.resolved)
        } catch {
          throw path.naming(error)
        }
        var report = try linter.lint(variants: bundles)
        if let section {
          report = try checkingWithoutDebugOnly(
            report, readings: bundles, linter: linter, debugOnly: section, at: path.resolved)
        }
        report.bundlePath = path.given
        return (report, bundles)
      }
    }
    var result: [(report: LintReport, bundles: [SettingsBundle])] = []
    for outcome in outcomes {
      switch outcome {
      case .success(let (report, bundles)): result.append((report, bundles))
      case .failure(let error): throw .failed(error)
      }
    }
    return result
  }

  /// The entries directly in a folder, counted up to `limit` (a hostile
  /// folder of millions is not listed whole for a guess of its size).
  static func entryCount(_ path: String, limit: Int = 1000) -> Int {
    guard let directory = opendir(path) else { return 0 }
    defer { closedir(directory) }
    var count = 0
    while count < limit, readdir(directory) != nil { count += 1 }
    return count
  }

  // MARK: - Reporting

  /// The reports as the chosen format shows them, after the baseline (written,
  /// then read) and the severity filter.
  static func report(
    _ reports: [LintReport], paths: [LintPath], _ options: LintOptions,
    environment: PrefsEnvironment
  ) throws(LintFailure) -> LintOutput {
    var result = LintOutput(
      reports: reports, workingDirectory: environment.workingDirectory, strict: options.strict,
      colored: options.format == .text && environment.colorsOnStandardOutput,
      toolVersion: options.toolVersion)
    // A baseline holds each bundle by its real path, from the baseline's folder.
    let given = result.reports.map(\.bundlePath)
    for index in result.reports.indices where index < paths.count {
      result.reports[index].bundlePath = paths[index].resolved
    }
    do {
      if let writeBaseline = options.writeBaseline {
        // Paths in the file are relative to its folder, so it works from any working directory.
        let file = environment.absolutePath(writeBaseline)
        let folder = URL(fileURLWithPath: file).deletingLastPathComponent().path
        let encoded = try LintBaseline(output: result, directory: folder).encoded()
        do throws(OutputFileError) {
          try OutputFile.write(encoded, to: file)
        } catch {
          throw error.naming(writeBaseline)
        }
      }
      if let baseline = options.baseline {
        let file = environment.absolutePath(baseline)
        let loaded: LintBaseline
        do throws(BaselineError) {
          loaded = try LintBaseline.load(file: file)
        } catch {
          var named = error
          if named.file == file { named.file = baseline }
          throw named
        }
        result = loaded.removingKnown(from: result)
      }
    } catch {
      throw .failed(error)
    }
    for index in result.reports.indices where index < given.count {
      result.reports[index].bundlePath = given[index]
    }
    if let minimum = options.minimumSeverity {
      result = result.keeping(atLeast: minimum)
    }
    result.marksFixes = true
    return result
  }
}

/// The app's sources, read once per set of folders for a whole run.
final class SourceScans: Sendable {
  private let scans = Mutex<[[String]: SourceScan]>([:])

  /// The scan of `folders` (resolved), a failure naming a folder as given in `named`.
  func scan(_ folders: [String], named: [String]) throws(LintFailure) -> SourceScan {
    if let known = scans.withLock({ $0[folders] }) { return known }
    do throws(SourceScanner.Failure) {
      let scan = try SourceScanner.scan(folders)
      scans.withLock { $0[folders] = scan }
      return scan
    } catch {
      var shown = error
      if let index = folders.firstIndex(of: error.path), index < named.count {
        shown.path = named[index]
      }
      throw .sourcesUnreadable(shown)
    }
  }
}

/// A path the user named: opened resolved against the working directory, named as given.
struct LintPath: Sendable {
  var given: String
  var resolved: String

  init(_ path: String, environment: PrefsEnvironment) {
    given = path
    resolved = environment.absolutePath(path)
  }

  init(given: String, resolved: String) {
    self.given = given
    self.resolved = resolved
  }

  /// A path found at or inside this one (resolved), named from the path as given.
  func within(_ found: String) -> LintPath {
    LintPath(given: shown(found), resolved: found)
  }

  /// `path` (resolved) named from the path as given.
  func shown(_ path: String) -> String {
    if path == resolved { return given }
    if path.hasPrefix(resolved + "/") {
      let rest = path.dropFirst(resolved.count + 1)
      return given.hasSuffix("/") ? given + rest : given + "/" + rest
    }
    return path
  }

  /// The same error, naming the bundle as given where it names it resolved.
  func naming(_ error: SettingsBundleError) -> SettingsBundleError {
    switch error {
    case .notFound(let path): .notFound(shown(path))
    case .notADirectory(let path): .notADirectory(shown(path))
    case .noRootPlist(let path): .noRootPlist(shown(path))
    case .noRootPage(let path, let root, let pages):
      .noRootPage(shown(path), root: root, pages: pages)
    case .schemaUnreadable: error
    }
  }
}
