import Plist
import SettingsSchema

enum StringsDuplicateKey: LintRule {
  static let summary = "A key given twice in one .strings table."
  static let rationale = """
    iOS keeps the last of two entries with one key and drops the first without a word. When \
    the two translations differ, the one a translator fixed may be the one that is ignored.
    """
  static let defaultSeverity = Severity.warning
  static let failingExamples = [
    StringsExamples.bundle(
      english: "\"Enabled\" = \"Enabled\";\n",
      german: "\"Enabled\" = \"Aktiviert\";\n\"Enabled\" = \"Eingeschaltet\";\n")
  ]
  static let passingExamples = [StringsExamples.translated]

  static func check(_ context: LintContext, _ report: inout RuleReport) {
    for table in context.bundle.strings.values.sorted(by: { $0.file < $1.file }) {
      var firstEntry: [String: StringsEntry] = [:]
      for entry in table.strings.entries {
        guard let first = firstEntry[entry.key] else {
          firstEntry[entry.key] = entry
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
