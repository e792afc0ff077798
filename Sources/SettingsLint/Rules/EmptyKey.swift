import Foundation
import Plist
import SettingsSchema

enum EmptyKey: LintRule {
  static let summary = "A Key that is empty or only white space."
  static let rationale = """
    The Key names the value in the defaults domain. An empty Key on a row a person changes \
    stores the value under the empty string, which the app cannot read back by any sensible \
    name; a Key with spaces around it never matches the key the app reads. A title value \
    only shows what the app stored: with an empty Key it reads nothing, stores nothing, and \
    shows its Title (and DefaultValue), as Settings.app and InAppSettingsKit draw a label \
    row, so it is not reported.
    """
  static let defaultSeverity = Severity.error
  static let lesserSeverities: [(severity: Severity, when: String)] = [
    (.warning, "the Key only has white space around it")
  ]
  static let failingExamples = [
    RuleExample.root(
      """
      <dict>
        <key>Type</key>
        <string>PSTextFieldSpecifier</string>
        <key>Title</key>
        <string>Name</string>
        <key>Key</key>
        <string></string>
      </dict>
      """, table: nil)
  ]
  static let passingExamples = [
    RuleExample.root(
      """
      <dict>
        <key>Type</key>
        <string>PSTextFieldSpecifier</string>
        <key>Title</key>
        <string>Name</string>
        <key>Key</key>
        <string>name</string>
      </dict>
      """, table: nil),
    // A label row (nmeierpolys/Trip-Log's Root.plist): a title value writes nothing.
    RuleExample.root(
      """
      <dict>
        <key>Type</key>
        <string>PSTitleValueSpecifier</string>
        <key>Title</key>
        <string>Open the app to configure settings</string>
        <key>Key</key>
        <string></string>
      </dict>
      """, table: nil),
  ]

  static func check(_ context: LintContext, _ report: inout RuleReport) {
    for (page, specifier, spec) in context.knownSpecifiers
    where spec.keys[SpecifierAttribute.key.rawValue]?.required == true {
      guard let key = specifier.key else { continue }
      let place = context.place(specifier, .key, on: page)
      let trimmed = key.trimmingCharacters(in: .whitespacesAndNewlines)
      if trimmed.isEmpty {
        // A row nobody edits (a title value) stores nothing under any Key: with none it
        // reads nothing and shows its Title, a label.
        guard spec.isEditable else { continue }
        report.add(
          "the Key is empty; the value is stored under no usable name", file: page.file,
          place: place, keyPath: specifier.keyPath)
      } else if trimmed != key {
        report.add(
          "the Key \(MessageText.quoted(key)) has white space around it; the app must read it with the spaces",
          file: page.file, place: place, keyPath: specifier.keyPath, severity: .warning)
      }
    }
  }
}
