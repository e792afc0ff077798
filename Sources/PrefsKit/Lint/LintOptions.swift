import Plist
import SettingsLint
import SettingsSchema

/// What `prefs lint` is asked to do: the bundles and how to check and report them.
///
/// ```swift
/// var options = LintOptions(bundles: ["App/Settings.bundle"])
/// options.format = .sarif
/// options.disabledRules = ["unused-translation"]
/// ```
public struct LintOptions: Sendable {
  /// The bundles, as the user named them; with ``enclosing``, files inside bundles.
  public var bundles: [String]
  /// The paths are files inside bundles (as pre-commit passes them): each enclosing bundle is
  /// linted once, and paths in no bundle are skipped.
  public var enclosing = false
  public var format: LintFormat = .text
  /// Warnings fail too.
  public var strict = false
  /// Rules turned off besides those the configuration turns off.
  public var disabledRules: [String] = []
  /// The configuration file to use instead of the nearest `.prefs.yml`.
  public var configurationFile: String?
  /// Check only as this dialect reads the bundle; nil for every reading it has.
  public var dialect: Dialect?
  /// The page the app opens first; nil for `root:` of the configuration, else `Root`.
  public var rootPage: String?
  /// Check only as this device reads the bundle; nil for every one it has pages for.
  public var idiom: Idiom?
  /// Report findings of this severity or worse; nil for every finding.
  public var minimumSeverity: Severity?
  /// Report only the findings this baseline file does not hold.
  public var baseline: String?
  /// Record the run's findings in this baseline file.
  public var writeBaseline: String?
  /// The app's source folders; empty for `sources:` of the configuration.
  public var sources: [String] = []
  /// Make the fixes that are safe, then report what remains.
  public var fix = false
  /// With ``fix``: make no change, give the changes instead.
  public var dryRun = false
  /// The tool's version, for the formats that name the tool (SARIF, JUnit).
  public var toolVersion: String?

  public init(bundles: [String]) {
    self.bundles = bundles
  }
}
