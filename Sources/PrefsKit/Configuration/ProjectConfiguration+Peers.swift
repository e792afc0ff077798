import BundleDiff
import ProjectConfiguration
import SettingsLint

extension ProjectConfiguration.LintRules {
  /// Every rule of the linter and the options each declares: what a `.prefs.yml`
  /// read by prefs may name.
  ///
  /// ```swift
  /// let configuration = try ProjectConfiguration.load(file: path, rules: .settingsLint)
  /// ```
  public static let settingsLint = ProjectConfiguration.LintRules(
    ids: RuleRegistry.ids,
    options: Dictionary(
      RuleRegistry.all.map { rule in (rule.id, rule.options.map(\.declaration)) },
      uniquingKeysWith: { first, _ in first }))
}

extension ProjectConfiguration {
  /// Reads a configuration file, its lint section checked against the linter's rules.
  ///
  /// ```swift
  /// let configuration = try ProjectConfiguration.load(file: "App/.prefs.yml")
  /// ```
  public static func load(file: String) throws(ConfigurationError) -> ProjectConfiguration {
    try load(file: file, rules: .settingsLint)
  }

  /// Parses configuration text, its lint section checked against the linter's rules.
  public static func parse(_ text: String, file: String) throws(ConfigurationError)
    -> ProjectConfiguration
  {
    try parse(text, file: file, rules: .settingsLint)
  }

  /// The configuration for a bundle: `explicit` when given, else the nearest
  /// `.prefs.yml` at or above `bundlePath`, else the empty one.
  ///
  /// ```swift
  /// let configuration = try ProjectConfiguration.nearest(forBundle: "App/Settings.bundle")
  /// ```
  public static func nearest(forBundle bundlePath: String, explicit: String? = nil)
    throws(ConfigurationError) -> ProjectConfiguration
  {
    if let explicit { return try load(file: explicit) }
    if let found = find(forBundle: bundlePath) { return try load(file: found) }
    return ProjectConfiguration()
  }
}

extension LintConfiguration {
  /// What `.prefs.yml` changes about a lint run: its lint section, and the
  /// pages its strings section leaves out of the translation rules.
  ///
  /// ```swift
  /// let linter = Linter(configuration: LintConfiguration(try ProjectConfiguration.load(file: path)))
  /// ```
  public init(_ project: ProjectConfiguration) {
    self.init(
      disabled: project.lint.disabled, severities: project.lint.severities,
      ruleOptions: project.lint.ruleOptions,
      excludesFile: { file, bundlePath in project.excludes(file, inBundle: bundlePath) },
      excludedPages: { bundle in project.stringsExcludedPages(of: bundle) })
  }
}

extension ProjectConfiguration.Diff {
  /// The severities of a change that fail `prefs diff`: `fail-on:`, else breaking ones.
  ///
  /// ```swift
  /// ProjectConfiguration.Diff().failingSeverities  // [.breaking]
  /// ```
  public var failingSeverities: Set<BundleChangeSeverity> {
    guard let failOn else { return [.breaking] }
    // The two enums name the same three severities (a test holds them equal).
    return Set(failOn.compactMap { BundleChangeSeverity(rawValue: $0.rawValue) })
  }
}

/// The diff's own severity, named apart from the configuration's `Diff.ChangeSeverity`.
public typealias BundleChangeSeverity = ChangeSeverity
