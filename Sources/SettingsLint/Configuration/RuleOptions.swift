import ProjectConfiguration
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
  /// What a value must look like: a list, the bundle's pages, or a list by specifier type.
  public typealias Kind = ProjectConfiguration.RuleOptionDeclaration.Kind

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

  /// The option as the configuration reader checks it: its name and kind.
  public var declaration: ProjectConfiguration.RuleOptionDeclaration {
    ProjectConfiguration.RuleOptionDeclaration(name: name, kind: kind)
  }
}

/// The options a configuration gives one rule, by option name, with where each
/// item is written: the configuration's own type, which the linter takes as read.
///
/// ```swift
/// let options = RuleOptions(["allowed-keys": .list(["Platform"])])
/// options.list("allowed-keys", for: .toggleSwitch)  // ["Platform"]
/// ```
public typealias RuleOptions = ProjectConfiguration.RuleOptions
