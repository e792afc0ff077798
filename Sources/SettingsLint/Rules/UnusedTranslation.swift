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
    let bundle = context.bundle
    // Pages of another idiom or dialect (Root~ipad.plist, Root.inApp.plist) are not loaded
    // and may use any entry: lint that idiom or dialect to check them.
    let loadedPages = Set(bundle.pages.map(\.file))
    let unloadedVariants = bundle.files.contains { file in
      file.hasSuffix(".plist") && !loadedPages.contains(file)
        && (file.contains("~") || file.contains(".inApp."))
    }
    guard !unloadedVariants else { return }
    let usedTables = Set(bundle.pages.compactMap(\.stringsTable))
    for loaded in bundle.strings.values.sorted(by: { $0.file < $1.file }) {
      guard let table = LintContext.tableName(of: loaded.file) else { continue }
      let language = LintContext.language(ofTable: loaded.file)
      guard usedTables.contains(table) else {
        report.add(
          "no page has StringsTable \(table); this table is never used", file: loaded.file,
          language: language)
        continue
      }
      let entries = loaded.strings.entries
      for index in context.coverage[loaded.file]?.unusedEntries ?? [] {
        let entry = entries[index]
        report.add(
          "no page shows \"\(entry.key)\"", file: loaded.file,
          place: context.place(ofEntry: entry, in: loaded), language: language)
      }
    }
  }
}
