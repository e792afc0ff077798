import Plist
import SettingsSchema

enum UnknownType: LintRule {
  static let summary = "A Type that the schema does not know, such as a misspelled one."
  static let rationale = """
    Types are matched exactly, case included. Settings.app skips an element whose Type it \
    does not know (PSToogleSwitchSpecifier, PSTextFieldSpecifer), so the setting silently \
    disappears. InAppSettingsKit's own types (IASK…) are shown only inside the app: lint \
    such a bundle with --dialect iask.
    """
  static let defaultSeverity = Severity.error
  static let lesserSeverities: [(severity: Severity, when: String)] = [
    (.warning, "the type is InAppSettingsKit's, read by Settings.app")
  ]
  static let failingExamples = [
    RuleExample.root(
      """
      <dict>
        <key>Type</key>
        <string>PSToogleSwitchSpecifier</string>
        <key>Title</key>
        <string>Enabled</string>
        <key>Key</key>
        <string>enabled</string>
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
        <string>PSGroupSpecifier</string>
        <key>Title</key>
        <string>General</string>
      </dict>
      """, table: nil)
  ]

  static func check(_ context: LintContext, _ report: inout RuleReport) {
    let known = context.catalog.types.keys.map(\.rawValue)
    for page in context.bundle.pages {
      for specifier in page.specifiers {
        guard let type = specifier.type, context.catalog.types[type] == nil else { continue }
        let place = context.place(specifier, .type, on: page)
        if context.catalog.dialect == .apple, type.isInAppSettingsKitName {
          report.add(
            "\(type) is an InAppSettingsKit type; Settings.app skips it (lint with --dialect iask for in-app settings)",
            file: page.file, place: place, keyPath: specifier.keyPath, severity: .warning)
          continue
        }
        var message =
          "unknown Type \(MessageText.quoted(type.rawValue)); \(readerName(context)) skips the element"
        if let suggestion = Suggestion.closest(to: type.rawValue, among: known) {
          message += "; did you mean \(suggestion)?"
        }
        report.add(message, file: page.file, place: place, keyPath: specifier.keyPath)
      }
    }
  }

  static func readerName(_ context: LintContext) -> String {
    context.catalog.dialect == .apple ? "Settings.app" : "InAppSettingsKit"
  }
}
