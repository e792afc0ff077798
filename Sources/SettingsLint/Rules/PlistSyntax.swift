import Plist
import SettingsSchema

enum PlistSyntax: LintRule {
  static let summary =
    "A page plist that does not parse, or that iOS reads differently than written."
  static let rationale = """
    Settings.app reads each page with CoreFoundation. A page that does not parse is not \
    shown at all; parts that CoreFoundation reads in its own way (a <key> used as a value, \
    a UTF-16 file without a byte order mark) show something other than what was meant. \
    prefs never expands XML entities or follows a DTD, so such files are refused too.
    """
  static let defaultSeverity = Severity.error
  static let lesserSeverities: [(severity: Severity, when: String)] = [
    (.warning, "iOS still reads the file, though not as its author likely meant")
  ]
  static let failingExamples = [
    RuleExample(files: [
      (
        "Root.plist",
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
          <key>PreferenceSpecifiers</key>
          <array>
            <dict>
              <key>Type</key>
              <string>PSGroupSpecifier</string>
          </array>
        </dict>
        </plist>
        """
      )
    ])
  ]
  static let passingExamples = [
    RuleExample.root(
      """
      <dict>
        <key>Type</key>
        <string>PSGroupSpecifier</string>
      </dict>
      """, table: nil)
  ]

  static func check(_ context: LintContext, _ report: inout RuleReport) {
    for problem in context.bundle.problems
    where problem.origin == .reader && !LintContext.isStringsFile(problem.file) {
      report.add(problem)
    }
  }
}
