import Plist
import SettingsSchema

/// What a run of the linter changes about the rules: the rules turned off,
/// their severities, each rule's options, and which files' findings and
/// which pages' strings are left out. The caller builds it (from `.prefs.yml`,
/// which this module does not read); every part is empty by default.
///
/// ```swift
/// let linter = Linter(configuration: LintConfiguration(disabled: ["unknown-key"]))
/// ```
public struct LintConfiguration: Sendable {
  public var disabled: Set<String>
  public var severities: [String: Severity]
  /// Each rule's options by rule id (``LintRule/options`` says which).
  public var ruleOptions: [String: RuleOptions]
  /// Whether the findings in a file of the bundle at a path are left out
  /// (`file` is the path inside the bundle, `bundlePath` the bundle's as given).
  public var excludesFile: @Sendable (_ file: String, _ bundlePath: String) -> Bool
  /// The pages of a bundle whose strings need no translation, for
  /// ``CoveragePolicy/excludedPages``.
  public var excludedPages: @Sendable (SettingsBundle) -> Set<String>

  public init(
    disabled: Set<String> = [], severities: [String: Severity] = [:],
    ruleOptions: [String: RuleOptions] = [:],
    excludesFile: @escaping @Sendable (_ file: String, _ bundlePath: String) -> Bool = { _, _ in
      false
    },
    excludedPages: @escaping @Sendable (SettingsBundle) -> Set<String> = { _ in [] }
  ) {
    self.disabled = disabled
    self.severities = severities
    self.ruleOptions = ruleOptions
    self.excludesFile = excludesFile
    self.excludedPages = excludedPages
  }

  /// Whether a file of the bundle at `bundlePath` is excluded.
  public func excludes(_ file: String, inBundle bundlePath: String) -> Bool {
    excludesFile(file, bundlePath)
  }

  /// The pages of `bundle` whose strings need no translation.
  public func stringsExcludedPages(of bundle: SettingsBundle) -> Set<String> {
    excludedPages(bundle)
  }
}
