import Localization
import Plist
import SettingsSchema

/// What translators work on: for each strings table that pages use, the
/// distinct strings to translate (Title, FooterText, Titles, ShortTitles),
/// in page order, and each language's table. What is translated comes from
/// the bundle's ``TranslationCoverage``, the one lint reads too.
///
/// ```swift
/// let model = try TranslationModel(bundle: bundle)
/// model.missing(in: "de")  // what de.lproj lacks or marks untranslated
/// ```
public struct TranslationModel: Sendable {
  public let bundle: SettingsBundle
  /// The language whose text is the source (`en` unless told).
  public let sourceLanguage: String
  /// How each language's tables cover the pages' strings.
  public let coverage: TranslationCoverage
  /// Table → the distinct strings to translate, in page order.
  public let keys: [String: [LocalizableString]]

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
    bundle = readings.bundle
    self.sourceLanguage = sourceLanguage
    // The pages are written in the source language: its number marks are the pages'.
    var policy = policy
    policy.pagesLanguage = sourceLanguage
    coverage = TranslationCoverage(readings: readings, policy: policy)
    keys = Dictionary(uniqueKeysWithValues: coverage.tables.map { ($0.name, $0.strings) })
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
    loaded(table: table, language: sourceFolder)?.translations[PlistKey(key)] ?? key
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
  /// source language (`English.lproj/Root.strings`); nil when no folder has it.
  public func sourceFile(ofTable table: String) -> String? {
    let order = LanguageNegotiation.searchOrder(available: languages, preferred: [sourceLanguage])
    let holder = ([sourceFolder] + order).first {
      bundle.inventory.tablesByFolder[$0]?.contains(table) == true
    }
    return holder.map { Self.path(table: table, language: $0) }
  }

  /// A language's translations of the table's strings, leaving out what the
  /// coverage calls untranslated (such as the entries `add-language` and `sync`
  /// mark, which only repeat the source text).
  public func translatedEntries(table: String, language: String) -> [String: String] {
    guard let coverage = coverage[table: table], let states = coverage.language(language)?.states,
      let loaded = loaded(table: table, language: language)
    else { return [:] }
    var result: [String: String] = [:]
    for (index, string) in coverage.strings.enumerated() where !states[index].isUntranslated {
      result[string.text] = loaded.translations[PlistKey(string.text)]
    }
    return result
  }

  /// The page file a string is first used on.
  public func page(of string: LocalizableString) -> String { bundle.pages[string.pageIndex].file }

  /// The table a key belongs to (every table when several use it).
  public func tables(ofKey key: String) -> [String] {
    tables.filter { table in keys[table]?.contains { $0.text.isSameKey(as: key) } ?? false }
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

  /// The share of the page's strings translated, 0…100.
  public var percentDone: Int {
    let total = translated + missing + empty
    return total == 0 ? 100 : translated * 100 / total
  }
}

extension TranslationModel {
  /// The strings a language does not translate (or marks untranslated), as
  /// lint's missing-translation and the XLIFF export see them. The language
  /// names a folder as ``folder(for:)`` reads it (`de` is `German.lproj`);
  /// one the bundle lacks misses every string that needs translation.
  public func missing(in language: String) -> [MissingTranslation] {
    coverage.untranslated(in: folder(for: language) ?? language).map {
      MissingTranslation(
        page: page(of: $0.string), table: $0.table, key: $0.string.text,
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

  /// A row per language and page. Strings that need no translation count as
  /// translated; marked ones as missing; deliberate blanks as translated.
  /// A folder no device selects is marked (``TranslationStatus/unselected``).
  public func status() -> [TranslationStatus] {
    var rows: [TranslationStatus] = []
    let unselected = Dictionary(
      LanguageFolder.unselected(in: languages).map { ($0.folder, $0) },
      uniquingKeysWith: { first, _ in first })
    for language in languages {
      for (pageIndex, page) in bundle.pages.enumerated() {
        // A page nothing opens has no strings to translate (lint does not ask them either).
        guard page.isReached, !self.coverage.policy.excludedPages.contains(page.file),
          let table = page.stringsTable, let coverage = coverage[table: table],
          let states = coverage.language(language)?.states
        else { continue }
        var row = TranslationStatus(
          language: language, page: page.file, translated: 0, missing: 0, stale: 0, empty: 0,
          unselected: unselected[language])
        for (index, string) in coverage.strings.enumerated() where string.pageIndex == pageIndex {
          guard coverage.needsTranslation(index, in: language) else {
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
          let unused = self.coverage.files[path]?.unusedEntries
        {
          row.stale = Set(unused.map { loaded.strings.entries[$0].key }).count
        }
        rows.append(row)
      }
    }
    return rows
  }
}
