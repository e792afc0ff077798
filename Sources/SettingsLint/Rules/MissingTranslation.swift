import Localization
import Plist
import SettingsSchema

enum MissingTranslation: LintRule {
  static let summary = "A localizable string of a page that a language's table does not translate."
  static let rationale = """
    iOS picks one table per language and has no fallback per key: a title missing from \
    de.lproj/Root.strings shows as written in the plist to every German user, usually in \
    English. A language without the whole table falls back to another language's table. \
    The source language (English or Base) is the one the pages are written in: a string \
    its table lacks shows as written, in its own words, so it is asked only the strings \
    written as keys (APP_TITLE, noted) and those its table has under a near-miss key; \
    `prefs strings status`, `missing`, `sync` and the exports ask it the same. Strings without two letters in a row ("10", \
    "—") and links (an InAppSettingsKit open-URL row's File, "https://…") read the same \
    in every language and are not reported, except a number written with a decimal or \
    grouping mark ("0.25x", "1,000"): it is asked of the languages whose marks differ \
    from the pages' language (German and Brazilian Portuguese write "0,25x"), not of \
    the others (Japanese writes "0.25x"); a string that no table \
    translates (a font name, a brand) is noted once instead of once per language, and \
    the strings of a page that no table translates are one note for the page. A top-level \
    table (Root.strings beside Root.plist) is the one iOS reads for every language: what \
    it lacks, everyone sees as written, whatever the .lproj copies hold; in a bundle with \
    no .lproj folder, one that shows none of the pages' strings in other words is the \
    unlocalized table of the pages' own language, asked as the source language is. An entry \
    that prefs strings add-language or sync marked untranslated counts as missing until a \
    translation replaces it: it only repeats the source text. A key that differs from \
    the page's string only in letter case ("7-bit ASCII" for "7-Bit ASCII"), in white \
    space (a trailing space, a no-break space U+00A0 for a space) or in Unicode \
    normalization (é as one character or as e and a combining accent) is a miss on the \
    device too, since keys compare exactly: it is a warning in every language, with the \
    key it most likely meant.
    """
  static let defaultSeverity = Severity.warning
  static let lesserSeverities: [(severity: Severity, when: String)] = [
    (
      .note,
      "the source language lacks a string written as a key, or no language translates the string"
    )
  ]
  static let failingExamples = [
    StringsExamples.bundle(english: "\"Enabled\" = \"Enabled\";\n", german: "/* nothing yet */\n")
  ]
  static let passingExamples = [StringsExamples.translated]

  static func check(_ context: LintContext, _ report: inout RuleReport) {
    var caseless = CaselessKeys(context)
    for table in context.coverage.tables where table.isShadowed {
      checkTopLevel(table, context, &caseless, &report)
    }
    // A shadowed table (shadowing-strings reports it) needs no translation in the folders.
    for table in context.coverage.tables where !table.isShadowed {
      // A table no language can read is reported by strings-table-missing or strings-syntax.
      guard table.languages.contains(where: { $0.presence == .read }) else { continue }
      // A string that no language translates is most likely meant to stay as written
      // (a font name, a brand): one note for it, not one warning per language.
      var nowhere = [Bool](repeating: false, count: table.strings.count)
      var leftAsWritten: [Int: [LocalizableString]] = [:]
      for index in table.strings.indices
      where table.needsTranslation[index] && table.isTranslatedNowhere(index) {
        let string = table.strings[index]
        // A key that differs only in case is a miss per language, not a string left as written.
        guard
          !table.languages.contains(where: {
            caseless.variant(of: index, in: table, file: $0.file) != nil
          })
        else { continue }
        nowhere[index] = true
        let marked = table.languages.contains { $0.states[index] == .markedUntranslated }
        guard marked else {
          leftAsWritten[string.pageIndex, default: []].append(string)
          continue
        }
        report.add(
          "\(MessageText.quoted(string.text)) is translated in no language's \(table.name).strings; every language shows it untranslated",
          file: context.page(of: string).file, place: context.place(of: string),
          keyPath: string.keyPath, severity: .note)
      }
      // One cause (a page whose strings stay as written), one note per page.
      // A string whose own directive turns the rule off is reported apart, for the directive to hide.
      let groups = leftAsWritten.sorted(by: { $0.key < $1.key }).flatMap { _, strings in
        let (apart, folded) = strings.partitioned {
          context.isDisabled(self, file: context.page(of: $0).file, place: context.place(of: $0))
        }
        return apart.map { [$0] } + (folded.isEmpty ? [] : [folded])
      }
      // A localized page's copy is shown to some languages only: the message names their tables.
      let shownTo = table.languages.count < context.bundle.languages.count ? table.languages : nil
      for strings in groups {
        guard let first = strings.first else { continue }
        let examples =
          strings.prefix(3).map { MessageText.quoted($0.text) }.joined(separator: ", ")
          + (strings.count > 3 ? ", …" : "")
        let message =
          if let shownTo {
            (strings.count == 1
              ? "\(MessageText.quoted(first.text)) is not in "
              : "\(strings.count) strings of the page (\(examples)) are not in ")
              + Self.listed(shownTo.map(\.file))
              + " (this copy of the page is shown in \(shownTo.map(\.language).joined(separator: ", ")) only); "
              + (strings.count == 1 ? "it shows as written" : "they show as written")
          } else {
            strings.count == 1
              ? "\(MessageText.quoted(first.text)) is in no language's \(table.name).strings; every language shows it as written"
              : "\(strings.count) strings of the page are in no language's \(table.name).strings (\(examples)); every language shows them as written"
          }
        report.add(
          message, file: context.page(of: first).file, place: context.place(of: first),
          keyPath: first.keyPath, severity: .note)
      }
      for language in table.languages {
        let severity: Severity = language.isSourceLanguage ? .note : .warning
        switch language.presence {
        case .absent:
          reportMissingTable(table, language: language, context, &report)
        case .unreadable:
          // strings-syntax or strings-encoding says why it does not read.
          continue
        case .read:
          // Text output shows what one table lacks as one finding.
          let isEmpty = context.bundle.strings[language.file]?.strings.entries.isEmpty ?? false
          let lacking = FindingCause(
            id: language.file, item: "",
            template: isEmpty
              ? "\(language.file) is empty: {count} strings show as written ({items})"
              : "\(language.file) lacks {count} strings ({items}); iOS shows them as written")
          let marked = FindingCause(
            id: language.file + " marked", item: "",
            template:
              "{count} strings are marked untranslated in \(language.file) ({items}); iOS shows the source text"
          )
          for index in table.untranslated(in: language) where !nowhere[index] {
            let string = table.strings[index]
            if language.states[index] == .absent,
              let variant = caseless.variant(of: index, in: table, file: language.file)
            {
              report.add(
                caseMiss(string.text, variant: variant, in: language.file, shownBy: "iOS"),
                file: context.page(of: string).file, place: context.place(of: string),
                keyPath: string.keyPath, language: language.language, severity: .warning,
                fix: caseFix(string.text, variant: variant, in: language.file, of: table, context))
              continue
            }
            let isMarked = language.states[index] == .markedUntranslated
            var cause = isMarked ? marked : lacking
            cause.item = string.text
            report.add(
              isMarked
                ? "\(MessageText.quoted(string.text)) is marked untranslated in \(language.file); iOS shows the source text"
                : "\(MessageText.quoted(string.text)) has no translation in \(language.file); iOS shows it as written",
              file: context.page(of: string).file, place: context.place(of: string),
              keyPath: string.keyPath, language: language.language, severity: severity,
              cause: cause)
          }
        }
      }
    }
  }

  /// A key that differs from the page's string only in letter case, white
  /// space or Unicode normalization (``NearMissKey``), in words.
  static func caseMiss(_ text: String, variant: String, in file: String, shownBy who: String)
    -> String
  {
    let reason =
      NearMissKey.reason(between: text, and: variant) ?? NearMissKey.Difference.letterCase.reason
    return
      "\(MessageText.quoted(text, against: variant)) has no translation in \(file), which has \(MessageText.quoted(variant, against: text)); \(reason), so \(who) shows it as written (did you mean \(MessageText.quoted(variant, against: text))?)"
  }

  /// The table's key renamed to the page's string, when that is the one
  /// thing meant: the table has that key once and no other near miss of it
  /// (``NearMissKey``), and no other string of the pages is written like it.
  static func caseFix(
    _ text: String, variant: String, in file: String, of table: TableCoverage,
    _ context: LintContext
  ) -> Fix? {
    guard let loaded = context.bundle.strings[file] else { return nil }
    let lowered = NearMissKey.looseForm(text)
    let entries = loaded.strings.entries
    guard entries.count(where: { $0.key.isSameKey(as: variant) }) == 1,
      Set(
        entries.lazy.filter { NearMissKey.looseForm($0.key) == lowered }.map { PlistKey($0.key) }
      ).count == 1,
      table.strings.count(where: { NearMissKey.looseForm($0.text) == lowered }) == 1,
      !table.strings.contains(where: { $0.text.isSameKey(as: variant) }),
      let entry = entries.first(where: { $0.key.isSameKey(as: variant) })
    else { return nil }
    return Fix.forText(
      file: file, source: loaded.source,
      summary:
        "rename the key \(MessageText.quoted(variant, against: text)) to \(MessageText.quoted(text, against: variant))"
    ) { source in
      guard let start = entry.keyOffset, let end = entry.keyEndOffset else { return nil }
      let key: String
      if loaded.strings.isPropertyList {
        guard let escaped = XMLPlistWriter.escapedText(text) else { return nil }
        key = "<key>\(escaped)</key>"
      } else {
        key = StringsWriter.quoted(text)
      }
      return [TextEdit(replacing: start..<end, in: source, with: key)]
    }
  }

  /// A top-level table is the one iOS reads for every language: what it lacks,
  /// everyone sees as written in the plist.
  static func checkTopLevel(
    _ table: TableCoverage, _ context: LintContext, _ caseless: inout CaselessKeys,
    _ report: inout RuleReport
  ) {
    let file = "\(table.name).strings"
    // One that does not read is reported by strings-syntax or strings-encoding.
    guard let loaded = context.bundle.strings[file] else { return }
    let translations = loaded.translations
    var seen = Set<PlistKey>()
    for (index, string) in table.strings.enumerated()
    where seen.insert(PlistKey(string.text)).inserted {
      guard translations[PlistKey(string.text)] == nil else { continue }
      if let variant = caseless.variant(of: index, in: table, file: file) {
        report.add(
          caseMiss(string.text, variant: variant, in: file, shownBy: "every language"),
          file: context.page(of: string).file, place: context.place(of: string),
          keyPath: string.keyPath, severity: .warning)
      } else if table.needsTopLevelTranslation(index) {
        report.add(
          "\(MessageText.quoted(string.text)) has no translation in \(file), the top-level table iOS reads for every language; every language shows it as written",
          file: context.page(of: string).file, place: context.place(of: string),
          keyPath: string.keyPath, severity: .warning,
          cause: FindingCause(
            id: file, item: string.text,
            template:
              "\(file), the top-level table iOS reads for every language, lacks {count} strings ({items}); every language shows them as written"
          ))
      }
    }
  }

  static func reportMissingTable(
    _ table: TableCoverage, language: LanguageCoverage, _ context: LintContext,
    _ report: inout RuleReport
  ) {
    let inventory = context.bundle.inventory
    let order = LanguageNegotiation.searchOrder(
      available: inventory.folders, preferred: [language.language])
    let fallback = order.first { inventory.tablesByFolder[$0]?.contains(table.name) == true }
    let counts = Dictionary(
      grouping: table.untranslated(in: language).map { table.strings[$0] }, by: \.pageIndex
    ).mapValues(\.count)
    for (pageIndex, count) in counts.sorted(by: { $0.key < $1.key }) {
      let page = context.bundle.pages[pageIndex]
      let consequence = fallback.map { "they show from \($0).lproj" } ?? "they show as written"
      report.add(
        "\(language.language).lproj has no \(table.name).strings for the \(count) strings of \(page.file); \(consequence)",
        file: page.file,
        place: page.place(of: page.writtenStringsTable, keyPath: "StringsTable"),
        language: language.language, severity: language.isSourceLanguage ? .note : .warning)
    }
  }

  /// Table files as a message lists them: `a`, `a or b`, `a, b or 2 more`.
  static func listed(_ files: [String]) -> String {
    guard files.count > 1, let last = files.last else { return files.first ?? "" }
    if files.count > 3 {
      return files.prefix(2).joined(separator: ", ") + " or \(files.count - 2) more"
    }
    return files.dropLast().joined(separator: ", ") + " or " + last
  }
}

/// The keys of each table by their loose form (``NearMissKey/looseForm(_:)``),
/// built on first use: a string whose key is missing may be there in another
/// letter case, with other white space or in another Unicode normalization.
struct CaselessKeys {
  let context: LintContext
  /// Per file: for the strings of its table that a key of the file equals but
  /// for letter case, white space or normalization, by the string's index in
  /// the table, that key (the least, when several).
  private var variantsByFile: [String: [Int: String]] = [:]
  /// Per table: its strings' indices by their loose form, and the lengths
  /// of those forms in UTF-8.
  private var loweredByTable: [String: (indices: [String: [Int]], lengths: Set<Int>)] = [:]

  init(_ context: LintContext) { self.context = context }

  /// The key of `file` that equals the table's string at `index` but for
  /// letter case, white space or normalization; nil when there is none.
  mutating func variant(of index: Int, in table: TableCoverage, file: String) -> String? {
    let variants = variantsByFile[file] ?? findVariants(of: table, in: file)
    // Keys compare by exact scalars: another normalization of the text is a near miss.
    guard let variant = variants[index], !variant.isSameKey(as: table.strings[index].text)
    else { return nil }
    return variant
  }

  /// One pass over the file's keys. A key of ASCII letters and single inner
  /// spaces keeps its length in its loose form: one of a length no string
  /// has is passed over without working it out (most keys of most tables).
  private mutating func findVariants(of table: TableCoverage, in file: String) -> [Int: String] {
    let lowered =
      loweredByTable[table.name]
      ?? {
        var indices: [String: [Int]] = [:]
        var lengths = Set<Int>()
        for (index, string) in table.strings.enumerated() {
          let text = NearMissKey.looseForm(string.text)
          indices[text, default: []].append(index)
          lengths.insert(text.utf8.count)
        }
        loweredByTable[table.name] = (indices, lengths)
        return (indices, lengths)
      }()
    var variants: [Int: String] = [:]
    // The entries as written (a key twice is looked at twice, to the same end).
    for entry in context.bundle.strings[file]?.strings.entries ?? [] {
      let text = entry.key
      if !lowered.lengths.contains(text.utf8.count), Self.keepsItsLength(text) {
        continue
      }
      guard let indices = lowered.indices[NearMissKey.looseForm(text)],
        // A key that is another of the strings as written translates that one: no near miss.
        !indices.contains(where: { table.strings[$0].text.isSameKey(as: text) })
      else { continue }
      for index in indices {
        variants[index] = min(variants[index] ?? text, text)
      }
    }
    variantsByFile[file] = variants
    return variants
  }

  /// Whether a key's loose form has its length: printable ASCII with no
  /// white space at its ends and no two spaces in a row.
  static func keepsItsLength(_ text: String) -> Bool {
    var previous: UInt8 = 0x20
    for byte in text.utf8 {
      guard byte > 0x20 || (byte == 0x20 && previous != 0x20), byte < 0x7F else { return false }
      previous = byte
    }
    return previous != 0x20 || text.isEmpty
  }
}
