import Foundation
import Plist
import SettingsSchema
import SourceCheck

enum CodeDefaultMismatch: LintRule {
  static let summary = "A default given in the code differs from the bundle's DefaultValue."
  static let rationale = """
    register(defaults:), an @AppStorage initial value, a Defaults.Key default or a `?? value` \
    after a read each say what the setting is before anyone changes it; the Settings app shows \
    the bundle's DefaultValue. When they differ, the app behaves one way and Settings shows \
    another. (Checked when lint is given the app's sources with --sources.)
    """
  static let defaultSeverity = Severity.warning
  static let readsSources = true
  static let failingExamples = [
    RuleExample.root(
      """
      <dict>
        <key>Type</key><string>PSSliderSpecifier</string>
        <key>Key</key><string>speed</string>
        <key>DefaultValue</key><real>5</real>
        <key>MinimumValue</key><real>1</real>
        <key>MaximumValue</key><real>10</real>
      </dict>
      """, table: nil,
      files: [
        (
          "Sources/AppDelegate.swift",
          """
          import Foundation

          func registerDefaults() {
            UserDefaults.standard.register(defaults: ["speed": 3.0])
          }
          """
        )
      ])
  ]
  static let passingExamples = [
    RuleExample.root(
      """
      <dict>
        <key>Type</key><string>PSSliderSpecifier</string>
        <key>Key</key><string>speed</string>
        <key>DefaultValue</key><real>5</real>
        <key>MinimumValue</key><real>1</real>
        <key>MaximumValue</key><real>10</real>
      </dict>
      """, table: nil,
      files: [
        (
          "Sources/AppDelegate.swift",
          """
          import Foundation

          func registerDefaults() {
            UserDefaults.standard.register(defaults: ["speed": 5])
          }
          """
        )
      ])
  ]

  static func check(_ context: LintContext, _ report: inout RuleReport) {
    guard let facts = context.sources else { return }
    for use in facts.uses {
      guard let setting = facts.settings[use.key], let bundleDefault = setting.defaultValue else {
        continue
      }
      let literal: SourceLiteral
      let how: String
      switch use.action {
      case .register(let value?): (literal, how) = (value, "registers")
      case .declare(let kind, let value?, _):
        (literal, how) = (value, "declares (\(kind.rawValue))")
      case .read(_, let fallback?), .cast(_, let fallback?):
        (literal, how) = (fallback, "falls back to")
      default: continue
      }
      // 50 against "50" is one value in two types: code-type-mismatch's to report.
      guard !SourceFacts.same(literal, as: setting),
        !SourceFacts.sameNumber(literal, bundleDefault)
      else { continue }
      report.add(
        "the code \(how) \(literal) for \(MessageText.quoted(use.key)), but the bundle's DefaultValue is \(SourceFacts.describe(bundleDefault)) (\(setting.page.file))",
        file: SourceFacts.file(use), place: SourceFacts.place(use))
    }
  }
}
