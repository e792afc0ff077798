import Plist
import SettingsSchema

enum UnusedTranslation: LintRule {
  static let summary = "A table entry that no page shows, or a table that no page uses."
  static let rationale = """
    Entries whose key no Title, FooterText, Titles or ShortTitles uses are never shown: \
    usually left over from a renamed row, and translators keep paying for them. Xcode's \
    own template carries one ("none given"), so this is a note. Bundles with device or \
    InAppSettingsKit variants of pages are skipped, as those pages may use the entries.
    """
  static let defaultSeverity = Severity.note
  static let failingExamples = [
    StringsExamples.bundle(
      english: "\"Enabled\" = \"Enabled\";\n\"Disabled\" = \"Disabled\";\n",
      german: "\"Enabled\" = \"Aktiviert\";\n")
  ]
  static let passingExamples = [StringsExamples.translated]

  static func check(_ context: LintContext, _ report: inout RuleReport) {
    // Pages of another idiom or dialect (Root~ipad.plist, Root.inApp.plist) are not loaded
    // and may use any entry: the coverage then knows no unused entry (lint that idiom or
    // dialect to check them).
    guard context.coverage.knowsUnusedEntries else { return }
    for (table, coverage) in context.coveredTables {
      if coverage.isTableUnused {
        report.add(
          "no page has StringsTable \(coverage.table); this table is never used", file: table.file,
          language: coverage.language)
        continue
      }
      context.report(entries: coverage.unusedEntries, of: table, coverage: coverage, into: &report)
      {
        "no page shows \"\($0.key)\""
      }
    }
  }
}
