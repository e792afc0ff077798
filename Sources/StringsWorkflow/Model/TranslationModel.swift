import Localization
import Plist
import SettingsSchema

/// What translators work on: for each strings table that pages use, the
/// distinct strings to translate (Title, FooterText, Titles, ShortTitles),
/// in page order, and each language's table. What is translated comes from
/// the bundle's ``TranslationCoverage``, the one lint reads too.
///
/// A bundle whose pages lie in its `.lproj` folders (a localized `Root.plist`)
/// shows each language its own copy, as CFBundle finds it: a language's
/// strings are those of the copy it is shown (``pages(for:)``), looked up in
/// its own table, as lint's missing-translation reads them.
///
/// ```swift
/// let model = try TranslationModel(bundle: bundle)
/// model.missing(in: "de")  // what de.lproj lacks or marks untranslated
/// ```
public struct TranslationModel: Sendable {
  /// The source language's pages (every reading merged, see ``TranslatedReadings``).
  public let bundle: SettingsBundle
  /// The language whose text is the source (`en` unless told).
  public let sourceLanguage: String
  /// How each language's tables cover the source language's pages.
  public let coverage: TranslationCoverage
  /// Table → the distinct strings of the source language's pages, in page order.
  public let keys: [String: [LocalizableString]]
  /// Each set of pages some languages are shown, the source language's first:
  /// one for a bundle whose pages are all at its top.
  public let shownPages: [ShownPages]

  /// `policy` is the coverage's (lint's): its ``CoveragePolicy/excludedPages``
  /// leave pages out of every command and export.
  public init(
    bundle: SettingsBundle, sourceLanguage: String = "en", policy: CoveragePolicy = .standard
  ) throws {
    try self.init(
      readings: TranslatedReadings(base: bundle), sourceLanguage: sourceLanguage, policy: policy)
  }

  /// The translations of every reading of a bundle (each device, each
  /// dialect, as lint reads it): a string only the pad's or InAppSettingsKit's
  /// pages show is translated in the same tables, and missing from them alike.
  ///
  /// ```swift
  /// let variants = try Linter().loadVariants(at: path)
  /// let model = try TranslationModel(
  ///   readings: TranslatedReadings(base: variants[0], others: Array(variants.dropFirst())))
  /// ```
  public init(
    readings: TranslatedReadings, sourceLanguage: String = "en",
    policy: CoveragePolicy = .standard
  ) throws {
    let pages = ShownPages(
      readings: readings, languages: nil, sourceLanguage: sourceLanguage, policy: policy)
    self.init(shownPages: [pages], sourceLanguage: sourceLanguage)
  }

  /// The translations of the readings lint makes of a bundle
  /// (`Linter.loadVariants`): each device and dialect, and for a bundle
  /// whose pages lie in its `.lproj` folders, a reading for each copy a
  /// language is shown. The readings of one copy are merged
  /// (``TranslatedReadings``) and translated by the languages shown it
  /// (``SettingsBundle/languagesShowingThesePages``) alone.
  ///
  /// ```swift
  /// // hp-mpos: en.lproj/Root.plist and es.lproj/Root.plist, no Root.plist at the top
  /// let model = try TranslationModel(variants: try Linter().loadVariants(at: path))
  /// model.missing(in: "es").map(\.page)  // es.lproj/Root.plist's strings only
  /// ```
  public init(
    variants: [SettingsBundle], sourceLanguage: String = "en", policy: CoveragePolicy = .standard
  ) throws {
    guard let first = variants.first else {
      throw SettingsBundleError.noRootPlist("")
    }
    guard first.hasLocalizedPages else {
      try self.init(
        readings: TranslatedReadings(base: first, others: Array(variants.dropFirst())),
        sourceLanguage: sourceLanguage, policy: policy)
      return
    }
    // The readings of each copy, in the order lint made them; a reading no
    // language is shown (none prefers its folder) is left to the others.
    var groups: [(languages: Set<String>, readings: [SettingsBundle])] = []
    for variant in variants {
      let languages = Set(variant.languagesShowingThesePages)
      guard !languages.isEmpty else { continue }
      if let index = groups.firstIndex(where: { $0.languages == languages }) {
        groups[index].readings.append(variant)
      } else {
        groups.append((languages, [variant]))
      }
    }
    if groups.isEmpty { groups = [(Set(first.languages), [first])] }
    // The source language's copy first: what a language without a folder is shown,
    // and what tells the text another copy was written in its own language.
    let sourceFolder = LanguageFolder.folder(for: sourceLanguage, in: first.languages)
    let source = groups.firstIndex { group in
      sourceFolder.map(group.languages.contains) ?? false
    }
    func pages(
      _ group: (languages: Set<String>, readings: [SettingsBundle]), of source: ShownPages?
    )
      throws -> ShownPages
    {
      ShownPages(
        readings: try TranslatedReadings(
          base: group.readings[0], others: Array(group.readings.dropFirst())),
        languages: group.languages, sourceLanguage: sourceLanguage, policy: policy,
        sourceCopy: source)
    }
    let sourcePages = try pages(groups[source ?? 0], of: nil)
    let others = try groups.indices.filter { $0 != (source ?? 0) }.map {
      // Without a copy in the source language, no copy tells what is written in it.
      try pages(groups[$0], of: source == nil ? nil : sourcePages)
    }
    self.init(shownPages: [sourcePages] + others, sourceLanguage: sourceLanguage)
  }

  private init(shownPages: [ShownPages], sourceLanguage: String) {
    self.shownPages = shownPages
    self.sourceLanguage = sourceLanguage
    bundle = shownPages[0].bundle
    coverage = shownPages[0].coverage
    keys = shownPages[0].keys
  }

  /// The pages a language (a folder, or a tag the bundle has a folder for)
  /// is shown, with their coverage: its own copy of a localized page, else
  /// the copy iOS falls back to, the source language's.
  ///
  /// ```swift
  /// model.pages(for: "es").bundle.pages.map(\.file)  // ["es.lproj/Root.plist", …]
  /// ```
  public func pages(for language: String) -> ShownPages {
    guard shownPages.count > 1 else { return shownPages[0] }
    let folder = folder(for: language) ?? language
    return shownPages.first { $0.shows(folder) } ?? shownPages[0]
  }

  /// The tables pages use, in the order their pages are reached from Root.
  public var tables: [String] { coverage.tables.map(\.name) }

  /// The `.lproj` folders, sorted.
  public var languages: [String] { bundle.languages }

  /// The path of a language's table inside the bundle.
  public static func path(table: String, language: String) -> String {
    "\(language).lproj/\(table).strings"
  }

  /// A language's table as read; nil when the file is missing or does not parse.
  public func loaded(table: String, language: String) -> LoadedStrings? {
    bundle.strings[Self.path(table: table, language: language)]
  }

  /// Whether a language's table exists but could not be read.
  public func isUnreadable(table: String, language: String) -> Bool {
    let path = Self.path(table: table, language: language)
    return bundle.files.contains(path) && bundle.strings[path] == nil
  }

  /// The source text of a key: its translation in the source language's
  /// folder (`English.lproj` for `en`), else the key.
  public func sourceText(of key: String, table: String) -> String {
    let file = sourceFile(ofTable: table) ?? Self.path(table: table, language: sourceFolder)
    return bundle.strings[file]?.translations[PlistKey(key)] ?? key
  }

  /// The bundle's folder that a language names (`German` for `de`, `pt_BR`
  /// for `pt-BR`, a folder by its own name), as ``LanguageFolder`` reads
  /// them; nil when the bundle has none.
  ///
  /// ```swift
  /// model.folder(for: "de")  // "German" in a bundle with German.lproj
  /// ```
  public func folder(for language: String) -> String? {
    LanguageFolder.folder(for: language, in: languages)
  }

  /// The folder that holds the source language's tables (`English` for
  /// `en`), else the source language as written.
  public var sourceFolder: String { folder(for: sourceLanguage) ?? sourceLanguage }

  /// The BCP 47 tag of a language: of the folder it names (`de` for
  /// `German`, `hr` for `Croatian`, `en-GB` for `en_UK`), else of the tag
  /// as typed (`pt_BR` → `pt-BR`); nil when it is neither.
  /// `Base`, which is no language, keeps its name.
  public func tag(of language: String) -> String? {
    if let folder = folder(for: language) {
      if folder == "Base" { return folder }
      return LanguageFolder.intendedTag(of: folder) ?? LanguageFolder.tag(of: folder)
    }
    return LanguageTag(folderName: language)?.description
  }

  /// The file a table's source text comes from, as iOS finds it for the
  /// source language: a top-level `Root.strings` first (CFBundle finds a
  /// resource outside the `.lproj` folders before any localized copy), else
  /// the source language's folder's (`English.lproj/Root.strings`), else
  /// the one it falls back to; nil when no file has it.
  public func sourceFile(ofTable table: String) -> String? {
    if bundle.inventory.topLevelTables.contains(table) { return "\(table).strings" }
    let order = LanguageNegotiation.searchOrder(available: languages, preferred: [sourceLanguage])
    let holder = ([sourceFolder] + order).first {
      bundle.inventory.tablesByFolder[$0]?.contains(table) == true
    }
    return holder.map { Self.path(table: table, language: $0) }
  }

  /// The file a table's source text comes from (``sourceFile(ofTable:)``),
  /// or, when the bundle has none, the one the source language's table
  /// would be written to: in its folder, else in a new folder named by its
  /// tag (`en.lproj/Root.strings`), never in a folder the source language
  /// does not name.
  public func sourceOrNewFile(ofTable table: String) -> String {
    if let file = sourceFile(ofTable: table) { return file }
    let folder = folder(for: sourceLanguage) ?? tag(of: sourceLanguage) ?? sourceLanguage
    return Self.path(table: table, language: folder)
  }

  /// A language's translations of the table's strings, leaving out what the
  /// coverage calls untranslated (such as the entries `add-language` and `sync`
  /// mark, which only repeat the source text).
  public func translatedEntries(table: String, language: String) -> [String: String] {
    guard let coverage = pages(for: language).coverage[table: table],
      let states = coverage.language(language)?.states,
      let loaded = loaded(table: table, language: language)
    else { return [:] }
    var result: [String: String] = [:]
    for (index, string) in coverage.strings.enumerated() where !states[index].isUntranslated {
      result[string.text] = loaded.translations[PlistKey(string.text)]
    }
    return result
  }

  /// The page file a string of the source language's pages is first used on.
  public func page(of string: LocalizableString) -> String { bundle.pages[string.pageIndex].file }

  /// The table a key belongs to (every table when several use it), among
  /// the pages `language` is shown (the source language's when nil).
  public func tables(ofKey key: String, in language: String? = nil) -> [String] {
    (language.map(pages(for:)) ?? shownPages[0]).tables(ofKey: key)
  }
}

/// A translation a language lacks.
public struct MissingTranslation: Sendable, Hashable {
  public var page: String
  public var table: String
  public var key: String
  /// The text in the source language.
  public var source: String

  public init(page: String, table: String, key: String, source: String) {
    self.page = page
    self.table = table
    self.key = key
    self.source = source
  }
}

/// Counts for one language and page.
public struct TranslationStatus: Sendable, Hashable {
  public var language: String
  public var page: String
  public var translated: Int
  public var missing: Int
  /// Entries no page shows (counted on the first page that uses the table).
  public var stale: Int
  public var empty: Int
  /// Set when no device selects the language's folder (``LanguageFolder/unselected(in:)``):
  /// its translations are shown to nobody, however complete.
  public var unselected: LanguageFolder.Unselected? = nil
  /// Whether the language is the source language, the one the pages are
  /// written in (``TranslationModel/sourceLanguage``): its row counts what
  /// its table leaves out as shown in its own words, not as missing.
  public var isSource = false

  /// The share of the page's strings translated, 0…100.
  public var percentDone: Int {
    let total = translated + missing + empty
    return total == 0 ? 100 : translated * 100 / total
  }
}

extension TranslationModel {
  /// The strings a language does not translate (or marks untranslated), as
  /// lint's missing-translation and the XLIFF export see them: the strings of
  /// the pages the language is shown (``pages(for:)``). The language
  /// names a folder as ``folder(for:)`` reads it (`de` is `German.lproj`);
  /// one the bundle lacks misses every string that needs translation.
  public func missing(in language: String) -> [MissingTranslation] {
    let shown = pages(for: language)
    return shown.coverage.untranslated(in: folder(for: language) ?? language).map {
      MissingTranslation(
        page: shown.page(of: $0.string), table: $0.table, key: $0.string.text,
        source: sourceText(of: $0.string.text, table: $0.table))
    }
  }

  /// The folders a translator works on: every language folder but the
  /// source language's and `Base`, sorted.
  public var translatedLanguages: [String] {
    languages.filter { $0 != sourceFolder && $0.lowercased() != "base" }
  }

  /// What each translated language lacks (``translatedLanguages``), language by language.
  public func missingByLanguage() -> [(language: String, missing: [MissingTranslation])] {
    translatedLanguages.map { ($0, missing(in: $0)) }
  }

  /// A row per language and page it is shown (its own copy of a localized
  /// page). Strings that need no translation count as translated; marked
  /// ones as missing; deliberate blanks as translated. A folder no device
  /// selects is marked (``TranslationStatus/unselected``).
  ///
  /// The source language's row is marked ``TranslationStatus/isSource``: its
  /// pages are written in it, so a string its table lacks shows its own
  /// text, as it should, and is not missing; only a string written as a
  /// key (``CoveragePolicy/isWrittenAsKey(_:)``), which nothing replaces, is
  /// (``TableCoverage/needsTranslation(_:in:)``, as `missing` and lint ask).
  public func status() -> [TranslationStatus] {
    var rows: [TranslationStatus] = []
    let unselected = Dictionary(
      LanguageFolder.unselected(in: languages).map { ($0.folder, $0) },
      uniquingKeysWith: { first, _ in first })
    for language in languages {
      let shown = pages(for: language)
      for (pageIndex, page) in shown.bundle.pages.enumerated() {
        // A page nothing opens has no strings to translate (lint does not ask them either).
        guard page.isReached, !shown.coverage.policy.excludedPages.contains(page.file),
          let table = page.stringsTable, let coverage = shown.coverage[table: table],
          let folder = coverage.language(language)
        else { continue }
        let states = folder.states
        var row = TranslationStatus(
          language: language, page: page.file, translated: 0, missing: 0, stale: 0, empty: 0,
          unselected: unselected[language])
        row.isSource = folder.isSourceLanguage
        for (index, string) in coverage.strings.enumerated() where string.pageIndex == pageIndex {
          // The one answer missing, sync, lint and the exports read too.
          guard coverage.needsTranslation(index, in: folder) else {
            row.translated += 1
            continue
          }
          switch states[index] {
          case .absent, .markedUntranslated: row.missing += 1
          case .empty: row.empty += 1
          case .translated: row.translated += 1
          }
        }
        let path = Self.path(table: table, language: language)
        if coverage.strings.first?.pageIndex == pageIndex, let loaded = bundle.strings[path],
          let unused = shown.coverage.files[path]?.unusedEntries
        {
          row.stale = Set(unused.map { loaded.strings.entries[$0].key }).count
        }
        rows.append(row)
      }
    }
    return rows
  }
}
