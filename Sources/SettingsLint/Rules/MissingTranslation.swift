import Localization
import Plist
import SettingsSchema

enum MissingTranslation: LintRule {
  static let summary = "A localizable string of a page that a language's table does not translate."
  static let rationale = """
    iOS picks one table per language and has no fallback per key: a title missing from \
    de.lproj/Root.strings shows as written in the plist to every German user, usually in \
    English. A language without the whole table falls back to another language's table. \
    Missing keys in the English (or Base) table are only noted, since the string as \
    written is usually the English text. Strings without two letters in a row ("0.25x", \
    "10") read the same in every language and are not reported; a string that no table \
    translates (a font name, a brand) is noted once instead of once per language.
    """
  static let defaultSeverity = Severity.warning
  static let failingExamples = [
    StringsExamples.bundle(english: "\"Enabled\" = \"Enabled\";\n", german: "/* nothing yet */\n")
  ]
  static let passingExamples = [StringsExamples.translated]

  /// Languages whose raw strings are normally the text itself.
  static let sourceLanguages: Set<String> = ["en", "English", "Base", "en-US", "en_US"]

  static func check(_ context: LintContext, _ report: inout RuleReport) {
    let bundle = context.bundle
    let inventory = bundle.inventory
    // A top-level table shadows every language; shadowing-strings reports it.
    for (table, strings) in context.distinctStrings.sorted(by: { $0.key < $1.key })
    where !inventory.topLevelTables.contains(table) {
      let languages = inventory.folders
      guard languages.contains(where: { bundle.strings["\($0).lproj/\(table).strings"] != nil })
      else { continue }
      let files = languages.map { "\($0).lproj/\(table).strings" }
      // An unreadable table is reported by strings-syntax or strings-encoding.
      let coverages = files.compactMap { context.coverage[$0] }
      var missingCount = [Int](repeating: 0, count: strings.count)
      for coverage in coverages {
        for index in coverage.missingStrings { missingCount[index] += 1 }
      }
      // A string that no language translates is most likely meant to stay as written
      // (a font name, a brand): one note for it, not one warning per language.
      for (index, string) in strings.enumerated()
      where string.hasWords && missingCount[index] == coverages.count {
        report.add(
          "\"\(string.text)\" is in no language's \(table).strings; every language shows it as written",
          file: context.page(of: string).file, place: context.place(of: string),
          keyPath: string.keyPath, severity: .note)
      }
      for (language, file) in zip(languages, files) {
        guard inventory.tablesByFolder[language]?.contains(table) == true else {
          reportMissingTable(
            table, language: language, strings: context.localizedStrings[table] ?? [], context,
            &report)
          continue
        }
        let severity: Severity = sourceLanguages.contains(language) ? .note : .warning
        for index in context.coverage[file]?.missingStrings ?? [] {
          let string = strings[index]
          guard string.hasWords, missingCount[index] < coverages.count else { continue }
          report.add(
            "\"\(string.text)\" has no translation in \(file); iOS shows it as written",
            file: context.page(of: string).file, place: context.place(of: string),
            keyPath: string.keyPath, language: language, severity: severity)
        }
      }
    }
  }

  static func reportMissingTable(
    _ table: String, language: String, strings: [LintContext.LocalizedString],
    _ context: LintContext, _ report: inout RuleReport
  ) {
    let inventory = context.bundle.inventory
    let order = LanguageNegotiation.searchOrder(available: inventory.folders, preferred: [language])
    let fallback = order.first { inventory.tablesByFolder[$0]?.contains(table) == true }
    let counts = Dictionary(grouping: strings, by: \.pageIndex).mapValues(\.count)
    for (pageIndex, count) in counts.sorted(by: { $0.key < $1.key }) {
      let page = context.bundle.pages[pageIndex]
      let consequence = fallback.map { "they show from \($0).lproj" } ?? "they show as written"
      report.add(
        "\(language).lproj has no \(table).strings for the \(count) strings of \(page.file); \(consequence)",
        file: page.file,
        place: page.place(of: page.document?.root["StringsTable"], keyPath: "StringsTable"),
        language: language, severity: sourceLanguages.contains(language) ? .note : .warning)
    }
  }
}
