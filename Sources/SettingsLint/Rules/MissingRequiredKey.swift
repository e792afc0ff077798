import Plist
import SettingsSchema

enum MissingRequiredKey: LintRule {
  static let summary = "An element without a key its type requires (Key, File, Values, Titles, …)."
  static let rationale = """
    Without Key a control has nowhere to store its value; without File a child pane opens \
    nothing; a multi value without Values or Titles offers no choice; a slider without \
    MinimumValue and MaximumValue has no range. A missing Title or DefaultValue leaves the \
    row unlabeled or showing no state, which is legal but rarely meant.
    """
  static let defaultSeverity = Severity.error
  static let lesserSeverities: [(severity: Severity, when: String)] = [
    (.warning, "Title or an editable DefaultValue is missing"),
    (.note, "a title value has no DefaultValue (blank until the app writes one)"),
  ]
  static let failingExamples = [
    RuleExample.root(
      """
      <dict>
        <key>Type</key>
        <string>PSToggleSwitchSpecifier</string>
        <key>Title</key>
        <string>Enabled</string>
        <key>DefaultValue</key>
        <true/>
      </dict>
      """, table: nil)
  ]
  static let passingExamples = [
    RuleExample.root(
      """
      <dict>
        <key>Type</key>
        <string>PSToggleSwitchSpecifier</string>
        <key>Title</key>
        <string>Enabled</string>
        <key>Key</key>
        <string>enabled</string>
        <key>DefaultValue</key>
        <true/>
      </dict>
      """, table: nil)
  ]

  static func check(_ context: LintContext, _ report: inout RuleReport) {
    for (page, specifier, spec) in context.knownSpecifiers {
      let type = specifier.type ?? ""
      for (key, keySpec) in spec.keys.sorted(by: { $0.key < $1.key })
      where keySpec.required && specifier[key] == nil
        && !(key == SpecifierAttribute.defaultValue.rawValue && isLabel(specifier, spec))
      {
        report.add(
          "\(type) has no \(key); \(consequence(of: key))", file: page.file,
          place: context.place(specifier, on: page), keyPath: specifier.keyPath,
          severity: severity(of: key, editable: spec.isEditable))
      }
    }
  }

  /// A row nobody edits (a title value) with no Key, or an empty one, reads
  /// nothing: Settings.app and InAppSettingsKit draw its Title alone, a label
  /// (nmeierpolys/Trip-Log's "Open the app to configure settings"). A
  /// DefaultValue would only put text beside it; the author need not add one.
  static func isLabel(_ specifier: Specifier, _ spec: TypeSpec) -> Bool {
    guard !spec.isEditable, spec.keys[SpecifierAttribute.key.rawValue] != nil else { return false }
    return (specifier.key ?? "").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
  }

  /// A row that only shows a value the app writes (a title value) without a
  /// DefaultValue is blank until the app runs: usual, hence a note.
  static func severity(of key: String, editable: Bool) -> Severity {
    switch key {
    case "Title": .warning
    case "DefaultValue": editable ? .warning : .note
    default: .error
    }
  }

  static func consequence(of key: String) -> String {
    switch key {
    case "Key": "the value is never stored"
    case "File": "the row opens nothing"
    case "Values", "Titles": "there is nothing to choose"
    case "MinimumValue", "MaximumValue": "the slider has no range"
    case "Title": "the row has no label"
    case "DefaultValue": "the row shows no value until one is stored"
    default: "the schema requires it"
    }
  }
}
