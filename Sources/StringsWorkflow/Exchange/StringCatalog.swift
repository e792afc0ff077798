import Foundation
import Plist

/// String Catalogs (`.xcstrings`), Xcode's JSON format: exported with every
/// language of the bundle (what ``TranslationCoverage`` calls translated),
/// imported as a translation source for one.
public enum StringCatalog {
  /// The catalog as JSON, keys sorted. Written through `JSONValue`, which
  /// escapes every control character (Foundation's writer leaves C1 controls
  /// and bidi overrides raw, and `export` may go to a terminal).
  public static func export(_ model: TranslationModel) throws -> Data {
    var strings: [String: JSONValue] = [:]
    for table in model.tables {
      let translated = model.languages.map {
        (language: $0, entries: model.translatedEntries(table: table, language: $0))
      }
      let needsTranslation = model.coverage[table: table]?.needsTranslation ?? []
      for (index, string) in (model.keys[table] ?? []).enumerated() {
        var localizations: [(String, JSONValue)] = []
        for (language, entries) in translated {
          guard let value = entries[string.text] else { continue }
          localizations.append(
            (
              language,
              .object([
                (
                  "stringUnit",
                  .object([("state", .string("translated")), ("value", .string(value))])
                )
              ])
            ))
        }
        var entry: [(String, JSONValue)] = [
          ("comment", .string("\(model.page(of: string)) \(string.keyPath)")),
          ("localizations", .object(localizations.sorted { $0.0 < $1.0 })),
        ]
        // Xcode's own flag for a string that needs no translation ("10", a shadowed table).
        if !needsTranslation[index] { entry.append(("shouldTranslate", .bool(false))) }
        strings[string.text] = .object(entry)
      }
    }
    let catalog = JSONValue.object([
      ("sourceLanguage", .string(model.sourceLanguage)),
      ("strings", .object(strings.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })),
      ("version", .string("1.0")),
    ])
    return Data((catalog.rendered() + "\n").utf8)
  }

  /// The translations of `language` in a catalog; keys no page uses are refused.
  public static func importing(
    _ data: Data, name: String, model: TranslationModel, language: String
  )
    throws -> TranslationImport
  {
    try InvalidLanguageError.check(language, in: nil)
    guard let catalog = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let strings = catalog["strings"] as? [String: Any]
    else {
      throw WorkflowError.invalidExchangeFile(
        .init(file: name), problem: "not a String Catalog (a JSON object with \"strings\")")
    }
    var translations: [String: [String: String]] = [:]
    for (key, entry) in strings {
      guard let entry = entry as? [String: Any] else {
        throw WorkflowError.invalidExchangeFile(
          .init(file: name), problem: "the entry \"\(key)\" is not an object")
      }
      let tables = model.tables(ofKey: key)
      guard !tables.isEmpty else {
        throw WorkflowError.unknownKey(file: name, table: nil, key: key)
      }
      guard let localizations = entry["localizations"] as? [String: Any],
        let localization = localizations[language] as? [String: Any]
      else { continue }
      guard let unit = localization["stringUnit"] as? [String: Any],
        let value = unit["value"] as? String
      else {
        throw WorkflowError.invalidExchangeFile(
          .init(file: name),
          problem:
            "\"\(key)\" in \(language) has no stringUnit value (plural variations are not supported)"
        )
      }
      for table in tables { translations[table, default: [:]][key] = value }
    }
    return TranslationImport(translations: translations, language: language)
  }
}
