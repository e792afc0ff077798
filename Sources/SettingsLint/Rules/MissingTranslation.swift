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
    for (table, strings) in context.localizedStrings.sorted(by: { $0.key < $1.key })
    where !inventory.topLevelTables.contains(table) {
      let languages = inventory.folders
      let tables = languages.compactMap { bundle.strings["\($0).lproj/\(table).strings"] }
      guard !tables.isEmpty else { continue }
      // A string that no language translates is most likely meant to stay as written
      // (a font name, a brand): one note for it, not one warning per language.
      var untranslatedEverywhere = Set<String>()
      var reported = Set<String>()
      for string in strings where hasWords(string.text) {
        guard !tables.contains(where: { $0.translations[string.text] != nil }) else { continue }
        untranslatedEverywhere.insert(string.text)
        guard reported.insert(string.text).inserted else { continue }
        report.add(
          "\"\(string.text)\" is in no language's \(table).strings; every language shows it as written",
          file: string.page.file, place: string.place, keyPath: string.keyPath, severity: .note)
      }
      for language in languages {
        let severity: Severity = sourceLanguages.contains(language) ? .note : .warning
        guard inventory.tablesByFolder[language]?.contains(table) == true else {
          reportMissingTable(table, language: language, strings: strings, context, &report)
          continue
        }
        // An unreadable table is reported by strings-syntax or strings-encoding.
        guard let loaded = bundle.strings["\(language).lproj/\(table).strings"] else { continue }
        var reported = Set<String>()
        for string in strings
        where loaded.translations[string.text] == nil && hasWords(string.text)
          && !untranslatedEverywhere.contains(string.text)
        {
          guard reported.insert(string.text).inserted else { continue }
          report.add(
            "\"\(string.text)\" has no translation in \(language).lproj/\(table).strings; iOS shows it as written",
            file: string.page.file, place: string.place, keyPath: string.keyPath,
            language: language, severity: severity)
        }
      }
    }
  }

  /// Whether a string has something to translate: two letters in a row.
  /// "0.25x", "10", "—" read the same in every language.
  static func hasWords(_ text: String) -> Bool {
    var previousIsLetter = false
    for character in text {
      let isLetter = character.isLetter
      if isLetter && previousIsLetter { return true }
      previousIsLetter = isLetter
    }
    return false
  }

  static func reportMissingTable(
    _ table: String, language: String, strings: [LintContext.LocalizedString],
    _ context: LintContext, _ report: inout RuleReport
  ) {
    let inventory = context.bundle.inventory
    let order = LanguageNegotiation.searchOrder(available: inventory.folders, preferred: [language])
    let fallback = order.first { inventory.tablesByFolder[$0]?.contains(table) == true }
    for page in Set(strings.map(\.page.file)).sorted() {
      guard let first = strings.first(where: { $0.page.file == page }) else { continue }
      let count = strings.count { $0.page.file == page }
      let consequence =
        fallback.map { "they show from \($0).lproj" } ?? "they show as written"
      let node = first.page.document?.root["StringsTable"]
      report.add(
        "\(language).lproj has no \(table).strings for the \(count) strings of \(page); \(consequence)",
        file: page, place: first.page.place(of: node, keyPath: "StringsTable"),
        language: language,
        severity: sourceLanguages.contains(language) ? .note : .warning)
    }
  }
}
