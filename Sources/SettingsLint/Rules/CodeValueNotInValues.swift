import Foundation
import Plist
import SettingsSchema
import SourceCheck

enum CodeValueNotInValues: LintRule {
  static let summary =
    "The code writes a value to a multi value or radio group that is not one of its Values."
  static let rationale = """
    The Settings app shows a multi value by the title of the stored value; a value that is \
    not among Values has no title, and the row shows blank until the person picks again. \
    (Checked when lint is given the app's sources with --sources.)
    """
  static let defaultSeverity = Severity.error
  static let readsSources = true
  static let failingExamples = [
    RuleExample.root(
      """
      <dict>
        <key>Type</key><string>PSMultiValueSpecifier</string>
        <key>Title</key><string>Theme</string>
        <key>Key</key><string>theme</string>
        <key>DefaultValue</key><string>system</string>
        <key>Values</key><array><string>light</string><string>dark</string><string>system</string></array>
        <key>Titles</key><array><string>Light</string><string>Dark</string><string>System</string></array>
      </dict>
      """, table: nil,
      files: [
        (
          "Sources/Theme.m",
          """
          #import <Foundation/Foundation.h>

          static NSString *const kTheme = @"theme";

          void useSepia(void) {
            [[NSUserDefaults standardUserDefaults] setObject:@"sepia" forKey:kTheme];
          }
          """
        )
      ])
  ]
  static let passingExamples = [
    RuleExample.root(
      """
      <dict>
        <key>Type</key><string>PSMultiValueSpecifier</string>
        <key>Title</key><string>Theme</string>
        <key>Key</key><string>theme</string>
        <key>DefaultValue</key><string>system</string>
        <key>Values</key><array><string>light</string><string>dark</string><string>system</string></array>
        <key>Titles</key><array><string>Light</string><string>Dark</string><string>System</string></array>
      </dict>
      """, table: nil,
      files: [
        (
          "Sources/Theme.m",
          """
          #import <Foundation/Foundation.h>

          static NSString *const kTheme = @"theme";

          void useDark(void) {
            [[NSUserDefaults standardUserDefaults] setObject:@"dark" forKey:kTheme];
          }
          """
        )
      ])
  ]

  static func check(_ context: LintContext, _ report: inout RuleReport) {
    guard let facts = context.sources else { return }
    for use in facts.uses {
      guard case .write(let literal?) = use.action, let setting = facts.settings[use.key],
        setting.spec.valueRule == .oneOfValues, !setting.values.isEmpty
      else { continue }
      let value = SourceFacts.value(literal)
      // A value of another type than the Values (2 among "1"…"10") is code-type-mismatch's.
      guard SourceFacts.setting(setting, stores: value),
        !setting.values.contains(where: { SourceFacts.loosely($0, value) })
      else { continue }
      report.add(
        "the code stores \(literal) under \(MessageText.quoted(use.key)), which is none of its Values (\(setting.values.map(SpecifierValue.text).joined(separator: ", "))): Settings shows the row blank",
        file: SourceFacts.file(use), place: SourceFacts.place(use))
    }
  }
}
