import ArgumentParser
import Foundation
import Plist
import PrefsKit
import SettingsLint
import SettingsSchema

/// `prefs lint BUNDLE...`: every problem of the bundles, in one run.
struct Lint: StreamingCommand {
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
      a bundle only InAppSettingsKit opens (a folder not named Settings.bundle, .inApp \
      pages only, another root than Root) its way alone.
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

  func validate() throws {
    if bundles.isEmpty { throw ValidationError("give at least one Settings.bundle") }
    if dryRun, !fix { throw ValidationError("--dry-run goes with --fix") }
    if quiet, minSeverity != nil {
      throw ValidationError("--quiet is --min-severity warning; give one or the other")
    }
  }

  /// The flags as the front end's options.
  var options: LintOptions {
    var options = LintOptions(bundles: bundles)
    options.enclosing = enclosing
    options.format = format
    options.strict = strict
    options.disabledRules = disabledRules
    options.configurationFile = config
    options.dialect = dialect
    options.rootPage = reading.root
    options.idiom = idiom
    options.minimumSeverity = minSeverity ?? (quiet ? .warning : nil)
    options.baseline = baseline
    options.writeBaseline = writeBaseline
    options.sources = sources
    options.fix = fix
    options.dryRun = dryRun
    options.toolVersion = PrefsVersion.current
    return options
  }

  func execute(
    environment: PrefsEnvironment, output: inout some TextOutputStream,
    errors: inout some TextOutputStream
  ) -> Int32 {
    let outcome = LintFrontEnd.run(options, environment: environment)
    ProcessLifetime.keepUntilExit(outcome.loadedBundles)
    return LintPrinter(format: format, dryRun: dryRun)
      .print(outcome, output: &output, errors: &errors)
  }
}

/// Every line `prefs lint` writes about a run, and its exit status.
struct LintPrinter {
  var format: LintFormat
  var dryRun: Bool

  func print(
    _ outcome: LintOutcome, output: inout some TextOutputStream,
    errors: inout some TextOutputStream
  ) -> Int32 {
    for line in outcome.notices.flatMap(Self.lines) {
      Swift.print(line.escapingControlCharacters, to: &errors)
    }
    if outcome.fixesCompleted {
      let listing = LintFixResult.listing(outcome.fixes, dryRun: dryRun, summary: true)
      // A machine format keeps standard output to itself.
      if format == .text {
        output.write(listing)
      } else {
        errors.write(listing)
      }
    } else if outcome.failure != nil, !outcome.fixes.isEmpty {
      // What was fixed before the run stopped.
      errors.write(
        LintFixResult.listing(outcome.fixes, dryRun: dryRun, summary: false, diff: false))
    }
    if let failure = outcome.failure { return Self.report(failure, to: &errors) }
    // The bundles a bad configuration stops; the others' findings follow, in every format.
    var status = outcome.failed ? ExitStatus.failure : ExitStatus.success
    for error in outcome.configurationErrors {
      status = CommandErrors.report(error, to: &errors)
    }
    guard let result = outcome.output else { return status }
    output.write(result.render(format))
    if format == .text, outcome.fixableFindings > 0 {
      let findings =
        outcome.fixableFindings == 1 ? "1 finding is" : "\(outcome.fixableFindings) findings are"
      output.write(
        "\(findings) fixable: prefs lint --fix makes the changes, --fix --dry-run shows them.\n")
    }
    return status
  }

  /// How many bundles found inside a folder its notice names.
  static let listedBundles = 10

  static func lines(_ notice: LintNotice) -> [String] {
    switch notice {
    case .bundlesInside(let folder, let bundles, let stoppedEarly):
      let count = bundles.count == 1 ? "the bundle" : "the \(bundles.count) bundles"
      // A search of a whole disk finds hundreds: a line names the first few.
      let listed =
        bundles.prefix(listedBundles).joined(separator: ", ")
        + (bundles.count > listedBundles ? " and \(bundles.count - listedBundles) more" : "")
      var lines = [
        "prefs: \(folder) is no Settings bundle; linting \(count) inside it: \(listed)"
      ]
      if stoppedEarly {
        let limits = BundleSearch.Limits()
        lines.append(
          "prefs: the search stopped at \(limits.maximumDepth) levels or \(limits.maximumFolders) folders; name deeper bundles"
        )
      }
      return lines
    case .skippedInside(_, let skipped): return skippedLines(skipped)
    case .skipped(let error): return ["prefs: skipped \(error.description)"]
    case .nothingLeftToLint: return ["prefs: no Settings bundle left to lint"]
    }
  }

  /// What a folder's search passed over, each with why; the many of one
  /// plain kind (build output, bundles with no page) one line each kind.
  static func skippedLines(_ skipped: [BundleSearch.Skipped]) -> [String] {
    var lines: [String] = []
    var buildOutput: [String] = []
    var noPage: [String] = []
    for item in skipped {
      switch item.reason {
      case .symbolicLink:
        lines.append(
          "prefs: skipped \(item.path): a symbolic link; the search follows none (name the bundle it leads to)"
        )
      case .notAFolder:
        lines.append("prefs: skipped \(item.path): not a folder, so no bundle")
      case .unreadable(let reason):
        lines.append("prefs: skipped \(item.path): it could not be read (\(reason))")
      case .noRootPage(let root, let pages):
        lines.append(
          "prefs: skipped \(item.path): it has no \(root).plist; its pages are \(pages.joined(separator: ", ")) (name it with --root PAGE)"
        )
      case .noPage: noPage.append(item.path)
      case .buildOutput: buildOutput.append(item.path)
      }
    }
    func listed(_ paths: [String]) -> String {
      paths.prefix(5).joined(separator: ", ")
        + (paths.count > 5 ? " and \(paths.count - 5) more" : "")
    }
    if !noPage.isEmpty {
      lines.append(
        "prefs: skipped \(listed(noPage)): no page (Root.plist) at the top, only other files")
    }
    if !buildOutput.isEmpty {
      lines.append(
        "prefs: not searched: \(listed(buildOutput)) (what a build made or fetched; name a bundle in it to lint it)"
      )
    }
    return lines
  }

  /// Prints why the run stopped, in the CLI's words; returns the exit status.
  static func report(_ failure: LintFailure, to errors: inout some TextOutputStream) -> Int32 {
    switch failure {
    case .unknownRule(let id, let suggestion):
      let suggested = suggestion.map { "; did you mean \($0)?" } ?? ""
      return CommandErrors.report(
        CommandFailure.usage("unknown rule \"\(id)\"\(suggested) (prefs rules lists them)"),
        to: &errors)
    case .sourcesUnreadable(let error):
      return CommandErrors.report(CommandFailure.usage(error.description), to: &errors)
    case .changedWhileFixing(let file, let bundle):
      return CommandErrors.report(
        CommandFailure.failure(
          "\(file): changed while it was being fixed; nothing of \(bundle) was written"),
        to: &errors)
    case .failed(let error as BaselineError):
      // A baseline file is read as a configuration is: its error in compiler style.
      Swift.print(error.description.escapingControlCharacters, to: &errors)
      return ExitStatus.usage
    case .failed(let error):
      return CommandErrors.report(error, to: &errors)
    }
  }
}

extension LintFormat: ExpressibleByArgument {}
extension Severity: ExpressibleByArgument {}
