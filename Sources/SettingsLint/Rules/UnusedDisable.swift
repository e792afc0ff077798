import Plist
import SettingsSchema

enum UnusedDisable: LintRule {
  static let summary = "A prefs:disable comment that hides no finding."
  static let rationale = """
    A comment <!-- prefs:disable RULE… --> in an XML page plist turns the rules off for the \
    next element (a <dict>, or a <key> and its value, with all inside them); \
    <!-- prefs:disable-file RULE… --> for the whole file. In a .strings table, \
    /* prefs:disable RULE… */ turns them off for the next entry and /* prefs:disable-file \
    RULE… */ for the table. A disable that hides nothing is stale: the problem was fixed, or \
    the comment stands before the wrong element, and it would hide the next real problem there. \
    A disable of a rule that did not run (turned off, or a code-… rule without --sources) is not \
    reported; nor is one that also names unused-disable (kept for another idiom or dialect), nor \
    any in a file with prefs:disable-file unused-disable. A reason may follow the ids after a \
    lone "-" (<!-- prefs:disable unknown-key - read by the widget -->). Binary and OpenStep plists, and tables that are property lists, have no such \
    comments: their findings cannot be turned off inline (use .prefs.yml or a baseline).
    """
  static let defaultSeverity = Severity.warning
  static let failingExamples = [
    RuleExample.root(
      """
      <!-- prefs:disable unknown-key -->
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
      """, table: nil),
    StringsExamples.bundle(
      english: "\"Enabled\" = \"Enabled\";\n",
      german: "/* prefs:disable empty-translation */\n\"Enabled\" = \"Aktiviert\";\n"),
  ]
  static let passingExamples = [
    RuleExample.root(
      """
      <!-- prefs:disable unknown-key -->
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
        /* prefs:disable-file unused-translation */
        "Enabled" = "Aktiviert";
        "Legacy" = "Veraltet";

        """),
  ]

  /// Found by the linter once every other rule has run (`Linter.applyDisables`):
  /// only then is it known what a disable hides.
  static func check(_ context: LintContext, _ report: inout RuleReport) {}

  static func message(for id: String, directive: InlineDisables.Directive) -> String {
    let element = LintContext.isStringsFile(directive.file) ? "entry" : "element"
    return switch directive.command {
    case .disableFile:
      "\(InlineDisables.prefix)disable-file \(id) hides nothing: \(id) finds nothing in this file"
    case .disable where directive.element == nil:
      "\(InlineDisables.prefix)disable \(id) stands before no \(element), so it hides nothing"
    case .disable:
      "\(InlineDisables.prefix)disable \(id) hides nothing: \(id) finds nothing in the next \(element)"
    }
  }
}
