import Plist
import SettingsSchema

/// An option a rule takes in `.prefs.yml`, under `lint: rules: RULE-ID:`. A
/// rule declares its options with its other documentation; the configuration
/// reader (handed the declarations by the application layer) checks every
/// value against them, and `prefs rules explain` prints them.
///
/// ```swift
/// static let options = [
///   RuleOption(
///     "allowed-keys", .listByType, summary: "Keys accepted besides the schema's.",
///     example: "allowed-keys: { PSToggleSwitchSpecifier: [Platform] }")
/// ]
/// ```
public struct RuleOption: Sendable {
  /// What a value must look like.
  public enum Kind: Sendable, Hashable {
    /// A list of text; a single text is a list of one.
    case list
    /// A list of the bundle's page plists, by file (`Advanced.plist`) or
    /// name (`Advanced`): never absolute, never through `..`. An entry that
    /// names no page of a bundle is reported when that bundle is linted.
    case pages
    /// A list that holds for every specifier type, or a mapping from
    /// specifier types (`PSToggleSwitchSpecifier`) to lists.
    case listByType
  }

  public var name: String
  public var kind: Kind
  /// One sentence: what the option changes.
  public var summary: String
  /// The option as written in `.prefs.yml`, one line of YAML.
  public var example: String

  public init(_ name: String, _ kind: Kind, summary: String, example: String) {
    self.name = name
    self.kind = kind
    self.summary = summary
    self.example = example
  }

}

/// A value of a rule option.
public enum RuleOptionValue: Sendable, Hashable {
  case list([String])
  /// `all` holds for every type, `byType` adds to it per specifier type.
  case listByType(all: [String], byType: [SpecifierType: [String]])
}

/// The options a configuration gives one rule, by option name.
///
/// ```swift
/// let options = RuleOptions(["allowed-keys": .list(["Platform"])])
/// options.list("allowed-keys", for: .toggleSwitch)  // ["Platform"]
/// ```
public struct RuleOptions: Sendable, Hashable {
  public var values: [String: RuleOptionValue]
  /// Where each item of an option is written in the configuration, by
  /// option name and item, for a finding about the item itself.
  public var places: [String: [String: RuleOptionPlace]] = [:]

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

/// Where an option's item is written: the configuration file (absolute) and
/// the line, as a finding about the configuration shows them.
public struct RuleOptionPlace: Sendable, Hashable {
  public var file: String
  public var snippet: SourceSnippet

  public init(file: String, snippet: SourceSnippet) {
    self.file = file
    self.snippet = snippet
  }
}
