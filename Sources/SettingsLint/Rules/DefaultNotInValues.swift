import Plist
import SettingsSchema

enum DefaultNotInValues: LintRule {
  static let summary = "A multi value or radio group whose DefaultValue is not one of its Values."
  static let rationale = """
    The row shows the title of the value that equals DefaultValue, compared with its plist \
    type: the string "1" is not the integer 1. A default outside Values (or of another \
    type) leaves the row without a title and no choice marked until the user picks one.
    """
  static let defaultSeverity = Severity.error
  static let failingExamples = [
    RuleExample.root(
      """
      <dict>
        <key>Type</key>
        <string>PSMultiValueSpecifier</string>
        <key>Title</key>
        <string>Speed</string>
        <key>Key</key>
        <string>speed</string>
        <key>DefaultValue</key>
        <string>1</string>
        <key>Values</key>
        <array>
          <integer>1</integer>
          <integer>2</integer>
        </array>
        <key>Titles</key>
        <array>
          <string>Slow</string>
          <string>Fast</string>
        </array>
      </dict>
      """, table: nil),
    RuleExample.root(
      """
      <dict>
        <key>Type</key>
        <string>PSRadioGroupSpecifier</string>
        <key>Key</key>
        <string>theme</string>
        <key>DefaultValue</key>
        <string>blue</string>
        <key>Values</key>
        <array>
          <string>light</string>
          <string>dark</string>
        </array>
        <key>Titles</key>
        <array>
          <string>Light</string>
          <string>Dark</string>
        </array>
      </dict>
      """, table: nil),
  ]
  static let passingExamples = [
    RuleExample.root(
      """
      <dict>
        <key>Type</key>
        <string>PSMultiValueSpecifier</string>
        <key>Title</key>
        <string>Speed</string>
        <key>Key</key>
        <string>speed</string>
        <key>DefaultValue</key>
        <integer>1</integer>
        <key>Values</key>
        <array>
          <integer>1</integer>
          <integer>2</integer>
        </array>
        <key>Titles</key>
        <array>
          <string>Slow</string>
          <string>Fast</string>
        </array>
      </dict>
      """, table: nil)
  ]

  static func check(_ context: LintContext, _ report: inout RuleReport) {
    for page in context.bundle.pages {
      for specifier in page.specifiers
      where context.catalog.spec(of: specifier.type)?.valueRule == .oneOfValues {
        guard let defaultValue = specifier.defaultValue,
          let values = specifier.written(.values)?.array,
          defaultValue.array == nil, defaultValue.entries == nil
        else { continue }
        if values.contains(where: { equal($0, defaultValue) }) { continue }
        let place = context.place(specifier, .defaultValue, on: page)
        if let sameText = values.first(where: { text(of: $0) == text(of: defaultValue) }) {
          report.add(
            "DefaultValue is the \(defaultValue.typeName) \(defaultValue.shortDescription) but Values holds the \(sameText.typeName) \(sameText.shortDescription); values are compared with their type, so no choice is marked",
            file: page.file, place: place, keyPath: specifier.keyPath)
        } else {
          report.add(
            "DefaultValue \(defaultValue.shortDescription) is not one of Values; the row shows no title until a choice is made"
              + hint(
                for: defaultValue, values: values, titles: specifier.written(.titles)?.array ?? []),
            file: page.file, place: place, keyPath: specifier.keyPath)
        }
      }
    }
  }

  /// "; did you mean …?" where the cause is plain: a value but for letter
  /// case (values compare exactly), or a title written for its value.
  static func hint(for defaultValue: PlistNode, values: [PlistNode], titles: [PlistNode])
    -> String
  {
    guard let text = defaultValue.string else { return "" }
    let lowered = text.lowercased()
    if let value = values.first(where: { $0.string?.lowercased() == lowered }) {
      return "; values compare with their letter case: did you mean \(value.shortDescription)?"
    }
    if let index = titles.firstIndex(where: { $0.string == text }), index < values.count {
      return "; it is the title of the value \(values[index].shortDescription): did you mean that?"
    }
    return ""
  }

  /// Equality as NSNumber and NSString compare: an integer equals the same real.
  static func equal(_ first: PlistNode, _ second: PlistNode) -> Bool {
    switch (first.content, second.content) {
    case (.integer(let a), .real(let b)), (.real(let b), .integer(let a)): Double(a) == b
    default: first.value == second.value
    }
  }

  static func text(of node: PlistNode) -> String? {
    switch node.content {
    case .string(let text): text
    case .integer(let value): String(value)
    case .real(let value):
      value == value.rounded() ? String(Int64(exactly: value) ?? 0) : String(value)
    case .bool(let value): value ? "true" : "false"
    default: nil
    }
  }
}
