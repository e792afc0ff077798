import Plist
import SettingsSchema

enum EmptyTranslation: LintRule {
  static let summary = "A translation that is the empty string."
  static let rationale = """
    An entry such as "Enabled" = ""; is a translation, so iOS shows it: the row loses its \
    label. Translation tools write empty targets for strings nobody has translated yet. \
    A key that is empty in every language (a deliberately blank footer) is not reported.
    """
  static let defaultSeverity = Severity.warning
  static let failingExamples = [
    StringsExamples.bundle(english: "\"Enabled\" = \"Enabled\";\n", german: "\"Enabled\" = \"\";\n")
  ]
  static let passingExamples = [StringsExamples.translated]

  static func check(_ context: LintContext, _ report: inout RuleReport) {
    // A key that is empty in every language is empty on purpose (a blank footer): the
    // coverage leaves it out of emptyEntries.
    for (table, coverage) in context.coveredTables {
      context.report(entries: coverage.emptyEntries, of: table, coverage: coverage, into: &report) {
        "the translation of \(MessageText.quoted($0.key)) is empty; the row shows no label"
      }
    }
  }
}
