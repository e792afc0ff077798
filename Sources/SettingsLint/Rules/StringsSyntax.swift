import Plist
import SettingsSchema

enum StringsSyntax: LintRule {
  static let summary = "A .strings table that does not parse, or parses differently than it reads."
  static let rationale = """
    iOS reads a table with CoreFoundation's old-style parser. A missing semicolon or quote \
    makes the whole table unreadable, and every title of the language shows as written in \
    the plist; a comment that is never closed hides the rest of the file.
    """
  static let defaultSeverity = Severity.error
  static let lesserSeverities: [(severity: Severity, when: String)] = [
    (.warning, "iOS still reads every entry, though not as its author likely meant")
  ]
  static let failingExamples = [
    StringsExamples.bundle(
      english: "\"Enabled\" = \"Enabled\";\n", german: "\"Enabled\" = \"Aktiviert\"\n")
  ]
  static let passingExamples = [StringsExamples.translated]

  static func check(_ context: LintContext, _ report: inout RuleReport) {
    for problem in context.bundle.problems
    where problem.origin == .reader && LintContext.isStringsFile(problem.file)
      && problem.issue.kind != .encoding
    {
      report.add(problem)
    }
  }
}
