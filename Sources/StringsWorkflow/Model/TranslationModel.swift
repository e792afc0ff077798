import Localization
import Plist
import SettingsSchema

/// What translators work on: for each strings table that pages use, the
/// distinct strings to translate (Title, FooterText, Titles, ShortTitles),
/// in page order, and each language's table.
///
/// ```swift
/// let model = try TranslationModel(bundle: bundle)
/// model.missing(in: "de")  // what de.lproj lacks
/// ```
public struct TranslationModel: Sendable {
  public let bundle: SettingsBundle
  /// The language whose text is the source (`en` unless told).
  public let sourceLanguage: String
  /// Table → the distinct strings to translate, in page order.
  public let keys: [String: [LocalizableString]]

  public init(bundle: SettingsBundle, sourceLanguage: String = "en") throws {
    self.bundle = bundle
    self.sourceLanguage = sourceLanguage
    let catalog = try SchemaCatalog.load(bundle.options.dialect)
    keys = bundle.localizableStrings(catalog: catalog).mapValues { list in
      var seen = Set<String>()
      return list.filter { seen.insert($0.text).inserted }
    }
  }

  /// The tables pages use, in the order their pages are reached from Root.
  public var tables: [String] {
    keys.keys.sorted {
      (keys[$0]?.first?.pageIndex ?? 0, $0) < (keys[$1]?.first?.pageIndex ?? 0, $1)
    }
  }

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

  /// The source text of a key: its translation in the source language, else the key.
  public func sourceText(of key: String, table: String) -> String {
    loaded(table: table, language: sourceLanguage)?.translations[key] ?? key
  }

  /// A language's translations, leaving out the entries marked untranslated
  /// (by `add-language` and `sync`), which only repeat the source text.
  public func translatedEntries(table: String, language: String) -> [String: String] {
    guard let loaded = loaded(table: table, language: language) else { return [:] }
    var result: [String: String] = [:]
    for entry in loaded.strings.entries {
      guard let value = entry.value.string else { continue }
      if entry.comments.contains(where: { $0.text.hasPrefix(" Untranslated") }) {
        result[entry.key] = nil
      } else {
        result[entry.key] = value
      }
    }
    return result
  }

  /// The page file a string is first used on.
  public func page(of string: LocalizableString) -> String { bundle.pages[string.pageIndex].file }

  /// The table a key belongs to (every table when several use it).
  public func tables(ofKey key: String) -> [String] {
    tables.filter { table in keys[table]?.contains { $0.text == key } ?? false }
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

  /// The share of the page's strings translated, 0…100.
  public var percentDone: Int {
    let total = translated + missing + empty
    return total == 0 ? 100 : translated * 100 / total
  }
}

extension TranslationModel {
  public func missing(in language: String) -> [MissingTranslation] {
    tables.flatMap { table -> [MissingTranslation] in
      let translations = loaded(table: table, language: language)?.translations ?? [:]
      return (keys[table] ?? []).filter { translations[$0.text] == nil }.map {
        MissingTranslation(
          page: page(of: $0), table: table, key: $0.text,
          source: sourceText(of: $0.text, table: table))
      }
    }
  }

  public func status() -> [TranslationStatus] {
    var rows: [TranslationStatus] = []
    for language in languages {
      for (pageIndex, page) in bundle.pages.enumerated() {
        guard let table = page.stringsTable, let strings = keys[table] else { continue }
        let translations = loaded(table: table, language: language)?.translations ?? [:]
        var row = TranslationStatus(
          language: language, page: page.file, translated: 0, missing: 0, stale: 0, empty: 0)
        for string in strings where string.pageIndex == pageIndex {
          switch translations[string.text] {
          case nil: row.missing += 1
          case ""?: row.empty += 1
          default: row.translated += 1
          }
        }
        if strings.first?.pageIndex == pageIndex,
          let loaded = loaded(table: table, language: language)
        {
          let used = Set(strings.map(\.text))
          row.stale = Set(loaded.strings.entries.map(\.key)).subtracting(used).count
        }
        rows.append(row)
      }
    }
    return rows
  }
}
