import Plist
import SettingsSchema

enum InvalidDisable: LintRule {
  static let summary =
    "A prefs: comment that names no rule, an unknown rule or an unknown directive."
  static let rationale = """
    prefs reads two directives, prefs:disable and prefs:disable-file, each followed by rule \
    ids as prefs rules lists them (separated by spaces or commas). A misspelled id turns \
    nothing off, so the finding it was meant for comes back; a directive with no id would \
    turn off everything, which prefs does not do. A comment whose text starts with prefs: \
    and a word is read as a directive; "prefs: " with a space is prose. Directives are lower \
    case: PREFS:DISABLE or prefs:Disable turns nothing off, and is reported as written.
    """
  static let defaultSeverity = Severity.warning
  static let failingExamples = [
    RuleExample.root(
      """
      <!-- prefs:disable unknown-keys -->
      <dict>
        <key>Type</key>
        <string>PSToggleSwitchSpecifier</string>
        <key>Title</key>
        <string>Enabled</string>
        <key>Key</key>
        <string>enabled</string>
        <key>DefaultValue</key>
        <true/>
        <key>Platform</key>
        <string>ios</string>
      </dict>
      """, table: nil),
    StringsExamples.bundle(
      english: "\"Enabled\" = \"Enabled\";\n",
      german: """
        /* prefs:disabled unused-translation */
        "Legacy" = "Veraltet";
        "Enabled" = "Aktiviert";

        """),
  ]
  static let passingExamples = [
    RuleExample.root(
      """
      <!-- prefs:disable unknown-key, unused-disable -->
      <dict>
        <key>Type</key>
        <string>PSToggleSwitchSpecifier</string>
        <key>Title</key>
        <string>Enabled</string>
        <key>Key</key>
        <string>enabled</string>
        <key>DefaultValue</key>
        <true/>
        <key>Platform</key>
        <string>ios</string>
      </dict>
      <!-- prefs: the switch above is read by the app's widget too -->
      """, table: nil)
  ]

  static func check(_ context: LintContext, _ report: inout RuleReport) {
    for problem in context.disables.problems {
      report.add(problem.message, file: problem.file, place: problem.place)
    }
  }
}
