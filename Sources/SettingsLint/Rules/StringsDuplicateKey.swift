import Plist
import SettingsSchema

enum StringsDuplicateKey: LintRule {
  static let summary = "A key given twice in one .strings table."
  static let rationale = """
    iOS keeps the last of two entries with one key and drops the first without a word. When \
    the two translations differ, the one a translator fixed may be the one that is ignored.
    """
  static let defaultSeverity = Severity.warning
  static let lesserSeverities: [(severity: Severity, when: String)] = [
    (.note, "both entries give the same text")
  ]
  static let failingExamples = [
    StringsExamples.bundle(
      english: "\"Enabled\" = \"Enabled\";\n",
      german: "\"Enabled\" = \"Aktiviert\";\n\"Enabled\" = \"Eingeschaltet\";\n")
  ]
  static let passingExamples = [StringsExamples.translated]

  static func check(_ context: LintContext, _ report: inout RuleReport) {
    for table in context.bundle.strings.values.sorted(by: { $0.file < $1.file }) {
      let entries = table.strings.entries
      // The coverage pass found them, in the same walk over the entries.
      let duplicates = context.coverage.files[table.file]?.duplicateEntries ?? []
      guard !duplicates.isEmpty else { continue }
      for index in duplicates {
        let entry = entries[index]
        guard let first = entries.first(where: { $0.key.isSameKey(as: entry.key) }) else {
          continue
        }
        let same = first.value.value == entry.value.value
        var earlier = ""
        if case .text(let snippet) = context.place(ofEntry: first, in: table) {
          earlier = " (first on line \(snippet.location.line))"
        }
        report.add(
          same
            ? "the key \"\(entry.key)\" is given twice\(earlier) with the same text"
            : "the key \"\(entry.key)\" is given twice\(earlier); iOS uses this last one, \(entry.value.shortDescription)",
          file: table.file, place: context.place(ofEntry: entry, in: table),
          language: LintContext.language(ofTable: table.file), severity: same ? .note : .warning)
      }
    }
  }
}
