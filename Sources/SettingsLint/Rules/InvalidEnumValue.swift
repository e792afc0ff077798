import Plist
import SettingsSchema

enum InvalidEnumValue: LintRule {
  static let summary =
    "A value outside the list a key allows (KeyboardType, AutocapitalizationType, SupportedUserInterfaceIdioms, …)."
  static let rationale = """
    These values are matched exactly, case included. Settings.app treats an unknown \
    KeyboardType or AutocorrectionType as the default, and an idiom it does not know as no \
    idiom at all, so the element shows on no device.
    """
  static let defaultSeverity = Severity.error
  static let lesserSeverities: [(severity: Severity, when: String)] = [
    (
      .warning,
      "the key falls back to its default (a keyboard, capitalization or correction setting)"
    )
  ]
  /// The keys whose unknown value hides the element: it shows on no device.
  static let hidingKeys: Set<String> = ["SupportedUserInterfaceIdioms"]
  static let failingExamples = [
    RuleExample.root(
      """
      <dict>
        <key>Type</key>
        <string>PSTextFieldSpecifier</string>
        <key>Title</key>
        <string>PIN</string>
        <key>Key</key>
        <string>pin</string>
        <key>KeyboardType</key>
        <string>numberPad</string>
      </dict>
      """, table: nil),
    RuleExample.root(
      """
      <dict>
        <key>Type</key>
        <string>PSToggleSwitchSpecifier</string>
        <key>Title</key>
        <string>Split View</string>
        <key>Key</key>
        <string>split</string>
        <key>DefaultValue</key>
        <true/>
        <key>SupportedUserInterfaceIdioms</key>
        <array>
          <string>iPad</string>
        </array>
      </dict>
      """, table: nil),
  ]
  static let passingExamples = [
    RuleExample.root(
      """
      <dict>
        <key>Type</key>
        <string>PSTextFieldSpecifier</string>
        <key>Title</key>
        <string>PIN</string>
        <key>Key</key>
        <string>pin</string>
        <key>KeyboardType</key>
        <string>NumberPad</string>
        <key>SupportedUserInterfaceIdioms</key>
        <array>
          <string>Phone</string>
        </array>
      </dict>
      """, table: nil)
  ]

  static func check(_ context: LintContext, _ report: inout RuleReport) {
    for page in context.bundle.pages {
      for specifier in page.specifiers {
        guard let type = specifier.type, context.catalog.types[type] != nil,
          let entries = specifier.node.entries
        else { continue }
        for entry in entries {
          guard let allowed = context.catalog.key(entry.key, ofType: type)?.values else { continue }
          let keyPath = specifier.keyPath + "." + entry.key
          let items = entry.value.array.map { Array($0.enumerated()) } ?? [(-1, entry.value)]
          for (index, item) in items {
            guard let text = item.string, !allowed.contains(text) else { continue }
            let name = index < 0 ? entry.key : "\(entry.key)[\(index)]"
            var message =
              "\(name) \(MessageText.quoted(text)) is not one of \(allowed.joined(separator: ", "))"
            if let suggestion = Suggestion.closest(to: text, among: allowed) {
              message += "; did you mean \(suggestion)?"
            }
            report.add(
              message, file: page.file,
              place: page.place(of: item, keyPath: index < 0 ? keyPath : "\(keyPath)[\(index)]"),
              keyPath: specifier.keyPath,
              severity: hidingKeys.contains(entry.key) ? .error : .warning)
          }
        }
      }
    }
  }
}
