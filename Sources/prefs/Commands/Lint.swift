import ArgumentParser
import Foundation
import Parallel
import Plist
import PrefsKit
import SettingsLint
import SettingsSchema
import SourceCheck
import StringsWorkflow
import Synchronization

/// `prefs lint BUNDLE...`: every problem of the bundles, in one run.
struct Lint: ParsableCommand, StreamingCommand {
  static let configuration = CommandConfiguration(
    commandName: "lint",
    abstract: "Check Settings bundles and report every problem, in the formats CI reads.",
    discussion: """
      Configuration comes from the nearest .prefs.yml at or above each bundle, or --config. \
      --fix makes the fixes that are safe, writes each bundle's files all or none, lists them \
      and reports what remains; with --dry-run it prints them as a unified diff instead. \
      Exit status: 0 when nothing fails (no error; no warning either under --strict), \
      1 when something fails, 2 for a usage or configuration error or a path that is not a bundle.
      """
  )

  @Argument(
    help: """
      The Settings.bundle folders (with --enclosing, files inside them); a folder that is \
      no bundle (a repository, .) is searched for the bundles inside it.
      """)
  var bundles: [String]

  @Flag(
    help: """
      The paths are files inside bundles, as pre-commit passes them: lint each enclosing \
      .bundle folder once; paths in no .bundle folder are skipped.
      """)
  var enclosing = false

  @Option(help: "Output format: text, json, github, sarif or junit.")
  var format: LintFormat = .text

  @Flag(help: "Warnings fail too.")
  var strict = false

  @Option(
    name: .customLong("disable"), parsing: .singleValue,
    help: "A rule to turn off (repeatable, or comma-separated).")
  var disabledRules: [String] = []

  @Option(help: "The configuration file to use instead of the nearest .prefs.yml.")
  var config: String?

  @Option(
    help: """
      Check only as this dialect reads the bundle: apple (Settings.app) or iask \
      (InAppSettingsKit). Without it, a bundle with .inApp pages is checked both ways, and \
      a bundle only InAppSettingsKit opens (an InAppSettings.bundle, .inApp pages only, \
      another root than Root) its way alone.
      """)
  var dialect: Dialect?

  @OptionGroup var reading: RootPageOption

  @Option(
    help: """
      Check only the pages and elements this device shows: phone or pad. Without it, \
      a bundle with ~ipad or ~iphone pages is checked for both.
      """)
  var idiom: Idiom?

  @Flag(help: "Report errors and warnings only (as --min-severity warning).")
  var quiet = false

  @Option(help: "Report findings of this severity or worse: note, warning or error.")
  var minSeverity: Severity?

  @Option(
    help: "Report only the findings this baseline file (from --write-baseline) does not hold.")
  var baseline: String?

  @Option(help: "Record this run's findings in a baseline file.")
  var writeBaseline: String?

  @Option(
    name: .customLong("sources"), parsing: .upToNextOption,
    help: "The app's source folders (Swift, Objective-C), checked against the bundle.")
  var sources: [String] = []

  @Flag(
    help: """
      Make the fixes that are safe (a missing ';' or byte order mark, a duplicate key whose \
      copies agree, a child pane File with .plist, a translation key that differs in letter \
      case), list them, and report what remains.
      """)
  var fix = false

  @Flag(help: "With --fix: print the changes as a unified diff and write nothing.")
  var dryRun = false

  mutating func run() throws { try runOnStandardStreams() }

  func validate() throws {
    if bundles.isEmpty { throw ValidationError("give at least one Settings.bundle") }
    if dryRun, !fix { throw ValidationError("--dry-run goes with --fix") }
    if quiet, minSeverity != nil {
      throw ValidationError("--quiet is --min-severity warning; give one or the other")
    }
  }

  func execute(output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
    let disabled = disabledRules.flatMap { $0.split(separator: ",") }.map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    for id in disabled where RuleRegistry.rule(id) == nil {
      // The suggestion an inline disable of the same id gets.
      let suggestion = RuleRegistry.closestID(to: id).map { "; did you mean \($0)?" } ?? ""
      return CommandErrors.report(
        CommandFailure.usage("unknown rule \"\(id)\"\(suggestion) (prefs rules lists them)"),
        to: &errors)
    }
    var paths = Self.distinct(enclosing ? Self.enclosingBundles(of: bundles) : bundles)
    if !enclosing { paths = Self.searchingFolders(paths, errors: &errors) }
    if enclosing {
      // The change being committed may delete a bundle, or touch a bundle of
      // images: neither is a Settings bundle to lint, and neither stops the others.
      var skipped: [String] = []
      paths.removeAll { path in
        do throws(SettingsBundleError) {
          try SettingsBundle.check(at: path)
          return false
        } catch {
          skipped.append(error.description)
          return true
        }
      }
      // Said only when it leaves nothing: a hook that lints nothing should say why.
      if paths.isEmpty, !skipped.isEmpty {
        for reason in skipped {
          print("prefs: skipped \(reason)".escapingControlCharacters, to: &errors)
        }
        print("prefs: no Settings bundle left to lint", to: &errors)
      }
    }
    var linters: [Linter] = []
    // The app's sources are read once per set of folders (--sources, else `sources:`).
    var scans: [[String]: SourceScan] = [:]
    for path in paths {
      do {
        var configuration = try configuration(forBundle: path)
        configuration.disabled.formUnion(disabled)
        let folders = sources.isEmpty ? configuration.sourceDirectories : sources
        var scan: SourceScan?
        if !folders.isEmpty {
          if scans[folders] == nil {
            do throws(SourceScanner.Failure) {
              scans[folders] = try SourceScanner.scan(folders)
            } catch {
              throw CommandFailure.usage(error.description)
            }
          }
          scan = scans[folders]
        }
        var loadOptions = LoadOptions(
          idiom: idiom ?? .phone, dialect: dialect ?? configuration.dialect ?? .apple,
          keepsComments: false, keptComments: Linter.keptComments)
        // A dialect asked for is the one read; else the reader that opens the bundle.
        loadOptions.followsBundleReader = dialect == nil && configuration.dialect == nil
        loadOptions.rootPage = reading.root.flatMap(PageName.init)?.name ?? configuration.rootPage
        let dialects = (dialect ?? configuration.dialect).map { Set([$0]) }
        linters.append(
          Linter(
            configuration: configuration, loadOptions: loadOptions,
            sources: scan, idioms: idiom.map { [$0] }, dialects: dialects))
      } catch {
        return CommandErrors.report(error, to: &errors)
      }
    }
    if fix { return fixAndReport(paths, linters, output: &output, errors: &errors) }
    // Bundles are independent: lint them on every core, report them in the order given.
    let linterList = linters
    // The bundles with the most entries (languages, pages) first: a large
    // one started last would leave the other cores idle at the end.
    let size: ((String, Linter)) -> Int = { paths.count > 2 ? Self.entryCount($0.0) : 0 }
    let outcomes = Array(zip(paths, linterList)).concurrentMap(largestFirst: size) {
      path, linter in
      Result { () throws -> (LintReport, [SettingsBundle]) in
        let bundles = try linter.loadVariants(at: path)
        return (try linter.lint(variants: bundles), bundles)
      }
    }
    var reports: [LintReport] = []
    for outcome in outcomes {
      switch outcome {
      case .success(let (report, bundle)):
        reports.append(report)
        ProcessLifetime.keepUntilExit(bundle)
      case .failure(let error):
        return CommandErrors.report(error, to: &errors)
      }
    }
    return report(reports, output: &output, errors: &errors)
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

  /// Prints the run in the chosen format, after the baseline and severity
  /// filters; the exit status says whether it fails.
  func report(
    _ reports: [LintReport], output: inout some TextOutputStream,
    errors: inout some TextOutputStream
  ) -> Int32 {
    let environment = ProcessInfo.processInfo.environment
    var result = LintOutput(
      reports: reports, workingDirectory: FileManager.default.currentDirectoryPath, strict: strict,
      colored: format == .text && TerminalCapabilities.colorsOnStandardOutput(environment),
      toolVersion: PrefsVersion.current)
    do {
      if let writeBaseline {
        // Paths in the file are relative to its folder, so it works from any working directory.
        let folder = URL(fileURLWithPath: writeBaseline).deletingLastPathComponent().path
        try OutputFile.write(
          try LintBaseline(output: result, directory: folder).encoded(), to: writeBaseline)
      }
      if let baseline { result = try LintBaseline.load(file: baseline).removingKnown(from: result) }
    } catch {
      return CommandErrors.report(error, to: &errors)
    }
    if let minimum = minSeverity ?? (quiet ? .warning : nil) {
      result = result.keeping(atLeast: minimum)
    }
    result.marksFixes = true
    output.write(result.render(format))
    let fixable = result.reports.reduce(0) { count, report in
      count + report.diagnostics.count { $0.fix != nil && $0.fix?.obstacle == nil }
    }
    if format == .text, fixable > 0 {
      let findings = fixable == 1 ? "1 finding is" : "\(fixable) findings are"
      output.write(
        "\(findings) fixable: prefs lint --fix makes the changes, --fix --dry-run shows them.\n")
    }
    return result.failed ? ExitStatus.failure : ExitStatus.success
  }

  /// The paths, each folder that is no Settings bundle (no page at its top,
  /// as a repository) replaced by the bundles found inside it, which standard
  /// error names; a folder with none inside stays, for its error.
  static func searchingFolders(_ paths: [String], errors: inout some TextOutputStream) -> [String] {
    var result: [String] = []
    for path in paths {
      do throws(SettingsBundleError) {
        try SettingsBundle.check(at: path)
        result.append(path)
      } catch .noRootPlist {
        let found = BundleSearch.bundles(inside: path)
        guard !found.bundles.isEmpty else {
          result.append(path)
          continue
        }
        // `./App/Settings.bundle` as one types it from `.`: `App/Settings.bundle`.
        let listed = found.bundles.map { $0.hasPrefix("./") ? String($0.dropFirst(2)) : $0 }
        let count = found.bundles.count == 1 ? "the bundle" : "the \(found.bundles.count) bundles"
        print(
          "prefs: \(path) is no Settings bundle; linting \(count) inside it: \(listed.joined(separator: ", "))"
            .escapingControlCharacters, to: &errors)
        if found.stoppedEarly {
          let limits = BundleSearch.Limits()
          print(
            "prefs: the search stopped at \(limits.maximumDepth) levels or \(limits.maximumFolders) folders; name deeper bundles"
              .escapingControlCharacters, to: &errors)
        }
        result += listed
      } catch {
        result.append(path)
      }
    }
    return distinct(result)
  }

  /// The bundles that hold the paths, in the order first named (``distinct(_:)`` makes each once).
  static func enclosingBundles(of paths: [String]) -> [String] {
    paths.compactMap(SettingsBundle.enclosingFolder(of:))
  }

  /// Each folder once, as first spelled: `v.bundle`, `./v.bundle/` and a
  /// link to it are one bundle (compared by real path; a missing path by its spelling).
  static func distinct(_ paths: [String]) -> [String] {
    var seen: Set<String> = []
    return paths.filter { path in
      seen.insert(
        SettingsBundle.realPath(path) ?? URL(fileURLWithPath: path).standardizedFileURL.path
      ).inserted
    }
  }

  func configuration(forBundle path: String) throws -> LintConfiguration {
    if let config { return try LintConfiguration.load(file: config) }
    if let found = LintConfiguration.find(forBundle: path) {
      return try LintConfiguration.load(file: found)
    }
    return LintConfiguration()
  }
}

extension LintFormat: ExpressibleByArgument {}
extension Severity: ExpressibleByArgument {}

/// Values the command no longer needs but that are left for the process's
/// exit to reclaim: a big bundle is millions of small objects, and freeing
/// them one by one took longer than linting them (as compilers, which skip
/// freeing their syntax trees at exit).
enum ProcessLifetime {
  private static let kept = Mutex<[any Sendable]>([])

  static func keepUntilExit(_ value: any Sendable) { kept.withLock { $0.append(value) } }
}

/// Whether standard output takes ANSI colours: a terminal, and no `NO_COLOR` or `TERM=dumb`.
enum TerminalCapabilities {
  static func colorsOnStandardOutput(_ environment: [String: String]) -> Bool {
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
    if environment["TERM"] == "dumb" { return false }
    return isatty(STDOUT_FILENO) == 1
  }
}
