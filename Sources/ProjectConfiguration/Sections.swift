import Plist
import SettingsSchema

extension ProjectConfiguration {
  /// `lint:`: the rules turned off, their severities, the files left out and each rule's options.
  ///
  /// ```swift
  /// let lint = ProjectConfiguration.Lint(disabled: ["unused-translation"])
  /// ```
  public struct Lint: Sendable {
    public var disabled: Set<String>
    public var severities: [String: Severity]
    public var excludePatterns: [String] {
      didSet { excludeGlobs = Glob.compiled(excludePatterns, reusing: excludeGlobs) }
    }
    /// `excludePatterns`, each compiled once: a pattern is read once, not once a file.
    private(set) var excludeGlobs: [Glob]
    /// `lint: rules:`, each rule's options by rule id (``LintRules`` says which a rule takes).
    public var ruleOptions: [String: RuleOptions]

    public init(
      disabled: Set<String> = [], severities: [String: Severity] = [:],
      excludePatterns: [String] = [], ruleOptions: [String: RuleOptions] = [:]
    ) {
      self.disabled = disabled
      self.severities = severities
      self.excludePatterns = excludePatterns
      self.excludeGlobs = excludePatterns.map(Glob.init)
      self.ruleOptions = ruleOptions
    }
  }

  /// `strings:`: the pages the strings workflow and lint's translation rules leave out.
  ///
  /// ```swift
  /// let strings = ProjectConfiguration.Strings(excludePatterns: ["Licenses/*.plist"])
  /// ```
  public struct Strings: Sendable {
    /// `strings: exclude:`, globs of page files relative to the bundle.
    public var excludePatterns: [String] {
      didSet { excludeGlobs = Glob.compiled(excludePatterns, reusing: excludeGlobs) }
    }
    private var excludeGlobs: [Glob]

    public init(excludePatterns: [String] = []) {
      self.excludePatterns = excludePatterns
      self.excludeGlobs = excludePatterns.map(Glob.init)
    }

    /// The pages of `bundle` that the patterns leave out.
    public func excludedPages(of bundle: SettingsBundle) -> Set<String> {
      guard !excludePatterns.isEmpty else { return [] }
      return Set(
        bundle.pages.map(\.file).filter { page in
          excludeGlobs.contains { $0.matches(page) }
        })
    }
  }

  /// `diff:`: the severities that fail `prefs diff`, and the renames people confirmed.
  ///
  /// ```swift
  /// let diff = ProjectConfiguration.Diff(failOn: [.breaking, .behaviour])
  /// ```
  public struct Diff: Sendable {
    /// The severities of a change as `diff: fail-on:` names them. The diff's own
    /// severity type is a peer's; the front end maps these to it by name.
    public enum ChangeSeverity: String, Sendable, Hashable, CaseIterable {
      case breaking, behaviour, cosmetic
    }

    /// `diff: fail-on:`; nil when not given (the diff's default then holds).
    public var failOn: Set<ChangeSeverity>?
    /// `diff: renames:`, old key → new key.
    public var renames: [String: String]

    public init(failOn: Set<ChangeSeverity>? = nil, renames: [String: String] = [:]) {
      self.failOn = failOn
      self.renames = renames
    }
  }

  /// The lint rules a configuration may name and the options each declares,
  /// handed in by the caller (the rules live above, in the linter, which takes
  /// ``RuleOptions`` as read): the lint section is checked against them as it is read.
  ///
  /// ```swift
  /// let rules = ProjectConfiguration.LintRules(
  ///   ids: ["unknown-key", "empty-key"],
  ///   options: ["unknown-key": [.init(name: "allowed-keys", kind: .listByType)]])
  /// ```
  public struct LintRules: Sendable {
    /// Every rule id, in the order suggestions prefer them.
    public var ids: [String]
    /// The options each rule declares, by rule id (none when absent).
    public var options: [String: [RuleOptionDeclaration]]
    let known: Set<String>

    public init(ids: [String], options: [String: [RuleOptionDeclaration]] = [:]) {
      self.ids = ids
      self.options = options
      self.known = Set(ids)
    }
  }

  /// An option a rule declares: its name and what a value must look like.
  public struct RuleOptionDeclaration: Sendable, Hashable {
    /// What a value must look like.
    public enum Kind: Sendable, Hashable {
      /// A list of text; a single text is a list of one.
      case list
      /// A list of the bundle's page plists, by file (`Advanced.plist`) or name
      /// (`Advanced`): never absolute, never through `..`. An entry that names no
      /// page of a bundle is reported when that bundle is linted.
      case pages
      /// A list that holds for every specifier type, or a mapping from specifier
      /// types (`PSToggleSwitchSpecifier`) to lists.
      case listByType
    }

    public var name: String
    public var kind: Kind

    public init(name: String, kind: Kind) {
      self.name = name
      self.kind = kind
    }

    /// What the value must be, for messages.
    var expectation: String {
      switch kind {
      case .list: "a list of text"
      case .pages: "a list of page plists of the bundle, by file or name"
      case .listByType: "a list of text, or a mapping from specifier types to lists of text"
      }
    }

    /// The option every rule takes: its severity, as `lint: severity:` sets it.
    static let severity = "severity"
  }

  /// A value of a rule option, as read.
  public enum RuleOptionValue: Sendable, Hashable {
    case list([String])
    /// `all` holds for every type, `byType` adds to it per specifier type.
    case listByType(all: [String], byType: [SpecifierType: [String]])
  }

  /// The options the configuration gives one rule, by option name, with where each item is written.
  ///
  /// ```swift
  /// configuration.lint.ruleOptions["unknown-key"]?.list("allowed-keys", for: .toggleSwitch)
  /// ```
  public struct RuleOptions: Sendable, Hashable {
    public var values: [String: RuleOptionValue]
    /// Where each item of an option is written, by option name and item.
    public var places: [String: [String: SourcePlace]] = [:]

    public init(_ values: [String: RuleOptionValue] = [:]) {
      self.values = values
    }

    public subscript(name: String) -> RuleOptionValue? {
      get { values[name] }
      set { values[name] = newValue }
    }

    /// The list given for an option (for a `.listByType` option, the part that holds for every type).
    public func list(_ name: String) -> [String] {
      switch values[name] {
      case .list(let items)?: items
      case .listByType(let all, _)?: all
      case nil: []
      }
    }

    /// The list that holds for one specifier type: the common part and the type's own.
    public func list(_ name: String, for type: SpecifierType) -> [String] {
      switch values[name] {
      case .list(let items)?: items
      case .listByType(let all, let byType)?: all + (byType[type] ?? [])
      case nil: []
      }
    }
  }
}
