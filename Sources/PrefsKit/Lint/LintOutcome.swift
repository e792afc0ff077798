import Plist
import ProjectConfiguration
import SettingsLint
import SettingsSchema
import SourceCheck

/// What a lint run found and did, for a printer to put into words and an exit status.
///
/// ```swift
/// let outcome = LintFrontEnd.run(options, environment: environment)
/// if let output = outcome.output { print(output.render(options.format), terminator: "") }
/// outcome.failed  // whether the findings fail the run
/// ```
public struct LintOutcome: Sendable {
  /// What the run said about the paths before linting, in order.
  public var notices: [LintNotice] = []
  /// With ``LintOptions/fix``: each bundle's fixes, in the order given.
  public var fixes: [LintFixResult] = []
  /// Whether every bundle's fixes were made (or, in a dry run, worked out): false when
  /// the run stopped while fixing, with ``fixes`` the bundles done before.
  public var fixesCompleted = false
  /// The findings as reported, after the baseline and severity filters; nil when the run
  /// stopped before reporting.
  public var output: LintOutput?
  /// Findings reported that carry a fix that can be made.
  public var fixableFindings = 0
  /// What stopped the run, when something did.
  public var failure: LintFailure?
  /// The configurations that did not read, each once: the bundles they configure were
  /// not linted, the others were (a run of one bundle stops with ``failure`` instead).
  public var configurationErrors: [ConfigurationError] = []
  /// The bundles read, for the caller to let go of as late as it likes (a large bundle is
  /// millions of small objects: a process about to exit need not free them one by one).
  public var loadedBundles: [[SettingsBundle]] = []

  /// Whether the findings fail the run (errors; warnings too when strict).
  public var failed: Bool { output?.failed ?? false }
}

/// What the run says about the paths it was given, before it lints them.
public enum LintNotice: Sendable, Equatable {
  /// A folder that is no Settings bundle (a repository, `.`), replaced by the bundles found
  /// inside it; `searchStoppedEarly` when the search reached its limits (``BundleSearch/Limits``).
  case bundlesInside(folder: String, bundles: [String], searchStoppedEarly: Bool)
  /// What the search of a folder passed over that may hold settings, each
  /// path named inside the folder as given, with why (``BundleSearch/Skipped``).
  case skippedInside(folder: String, skipped: [BundleSearch.Skipped])
  /// A path's enclosing bundle that is no Settings bundle to lint (deleted, a bundle of images).
  case skipped(SettingsBundleError)
  /// Every enclosing bundle was skipped: nothing was linted.
  case nothingLeftToLint
}

/// Why a lint run stopped.
public enum LintFailure: Error, Sendable {
  /// A rule to turn off that no rule has; `suggestion` is the id it likely meant.
  case unknownRule(String, suggestion: String?)
  /// The app's sources could not be read.
  case sourcesUnreadable(SourceScanner.Failure)
  /// A file changed between reading and writing its fixes; nothing of the bundle was written.
  case changedWhileFixing(file: String, bundle: String)
  /// A configuration, bundle, baseline, write or fix error, named as the user named the paths.
  case failed(any Error)
}

/// One bundle's fixes.
public struct LintFixResult: Sendable {
  /// The bundle, as given.
  public var bundle: String
  /// What was fixed and what remains (its reports name the bundle as given).
  public var outcome: LintFixer.Outcome
  /// The folders renamed (or, in a dry run, to rename), in the fixer's order.
  public var renames: [FolderRenameResult]
  /// The bundle's files as a report shows them (`App/Settings.bundle/Root.plist`).
  public var displayPaths: LintOutput

  /// A file of the bundle as reports show it.
  public func display(_ file: String) -> String {
    displayPaths.displayPath(file, in: outcome.report)
  }
}

/// A folder rename a fix asks for, and what became of it.
public struct FolderRenameResult: Sendable {
  public var diagnostic: Diagnostic
  public var rename: Fix.FolderRename

  public enum Result: Sendable, Equatable {
    /// A dry run: nothing was renamed.
    case wouldRename
    case renamed
    /// A name is not one folder of the bundle.
    case notInsideBundle
    /// Something of the new name is there.
    case targetExists
    /// The file system refused, in its words.
    case failed(String)
  }

  public var result: Result
}
