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
    let usedTables = Set(context.bundle.pages.compactMap(\.stringsTable))
    let tables = context.bundle.strings.values.sorted(by: { $0.file < $1.file })
    // A key that is empty in every language is empty on purpose (a blank footer).
    var translatedSomewhere: [String: Set<String>] = [:]
    for loaded in tables {
      guard let table = UnusedTranslation.tableName(of: loaded.file) else { continue }
      for (key, value) in loaded.translations where !value.isEmpty {
        translatedSomewhere[table, default: []].insert(key)
      }
    }
    for loaded in tables {
      guard let table = UnusedTranslation.tableName(of: loaded.file), usedTables.contains(table)
      else { continue }
      for entry in loaded.strings.entries
      where entry.value.string == "" && translatedSomewhere[table]?.contains(entry.key) == true {
        report.add(
          "the translation of \"\(entry.key)\" is empty; the row shows no label", file: loaded.file,
          place: context.place(ofEntry: entry, in: loaded),
          language: LintContext.language(ofTable: loaded.file))
      }
    }
  }
}
