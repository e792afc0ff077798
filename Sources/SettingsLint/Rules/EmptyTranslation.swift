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
    let tables = context.bundle.strings.values.sorted(by: { $0.file < $1.file })
    let tablesByName = Dictionary(grouping: tables) { LintContext.tableName(of: $0.file) ?? "" }
    for loaded in tables {
      guard let coverage = context.coverage[loaded.file], !coverage.emptyEntries.isEmpty else {
        continue
      }
      let entries = loaded.strings.entries
      for index in coverage.emptyEntries {
        let entry = entries[index]
        // A key that is empty in every language is empty on purpose (a blank footer).
        let translatedElsewhere = tablesByName[coverage.table, default: []].contains {
          !($0.translations[entry.key]?.isEmpty ?? true)
        }
        guard translatedElsewhere else { continue }
        report.add(
          "the translation of \"\(entry.key)\" is empty; the row shows no label", file: loaded.file,
          place: context.place(ofEntry: entry, in: loaded),
          language: LintContext.language(ofTable: loaded.file))
      }
    }
  }
}
