import Foundation
import Plist
import SettingsSchema

/// String Catalogs (`.xcstrings`), Xcode's JSON format: exported with every
/// language of the bundle, each unit with its real state (`translated`, `new`
/// for an entry marked untranslated, `needs_review` for an empty one) and
/// `extractionState: manual`; imported as a translation source for one
/// language (``languages(in:name:model:)`` says which ones it translates).
///
/// A catalog is keyed by the key alone: a key that two tables use travels as
/// one unit per language, the first table's; on import it goes back only to
/// the tables that held that same translation, so a table that translates
/// the key its own way keeps its translation.
///
/// ```swift
/// let data = try StringCatalog.export(model)
/// let de = try StringCatalog.importing(data, name: "all.xcstrings", model: model, language: "de")
/// ```
public enum StringCatalog {
  /// The catalog as JSON, keys sorted. Written through `JSONValue`, which
  /// escapes every control character (Foundation's writer leaves C1 controls
  /// and bidi overrides raw, and `export` may go to a terminal).
  public static func export(_ model: TranslationModel) throws -> Data {
    // A key several tables use is one entry: the first table that has it
    // gives each language's unit (see `importing`, which writes a unit back
    // only to the tables that held what it carried).
    var entries: [String: (head: [(String, JSONValue)], units: [String: JSONValue])] = [:]
    // Each language's units come from the pages it is shown (its own copy
    // of a localized page), the source language's first.
    for (table, shown) in model.shownPages.flatMap({ shown in shown.tables.map { ($0, shown) } }) {
      let coverage = shown.coverage[table: table]
      let needsTranslation = coverage?.needsTranslation ?? []
      let languages = model.languages.compactMap { language in
        coverage?.language(language).flatMap { covered in
          model.loaded(table: table, language: language).map { (language, covered, $0) }
        }
      }
      for (index, string) in (shown.keys[table] ?? []).enumerated() {
        var entry =
          entries[string.text]
          ?? (
            head: [
              ("comment", .string("\(shown.page(of: string)) \(string.keyPath)")),
              // Not found in the app's code by Xcode: kept, never called stale.
              ("extractionState", .string("manual")),
            ]
              // Xcode's own flag for a string that needs no translation ("10", a shadowed table).
              + (needsTranslation[index] ? [] : [("shouldTranslate", JSONValue.bool(false))]),
            units: [:]
          )
        for (language, covered, loaded) in languages {
          // Xcode keys localizations by BCP 47 tag (`de` for `German.lproj`).
          let key = model.tag(of: language) ?? language
          guard entry.units[key] == nil else { continue }
          guard let value = loaded.translations[PlistKey(string.text)],
            let state = unitState(covered.states[index])
          else { continue }
          entry.units[key] = .object([
            ("stringUnit", .object([("state", .string(state)), ("value", .string(value))]))
          ])
        }
        entries[string.text] = entry
      }
    }
    let strings = entries.mapValues { entry in
      var fields = entry.head
      let localizations = JSONValue.object(
        entry.units.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
      fields.insert(("localizations", localizations), at: 2)
      return JSONValue.object(fields)
    }
    let catalog = JSONValue.object([
      ("sourceLanguage", .string(model.tag(of: model.sourceLanguage) ?? model.sourceLanguage)),
      ("strings", .object(strings.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })),
      ("version", .string("1.0")),
    ])
    return Data((catalog.rendered() + "\n").utf8)
  }

  /// A unit's `state` as Xcode writes it: a translation, the source text an
  /// untranslated mark holds (`new`), a blank left to check (`needs_review`).
  static func unitState(_ state: TranslationState) -> String? {
    switch state {
    case .translated: "translated"
    case .markedUntranslated: "new"
    case .empty: "needs_review"
    case .absent: nil
    }
  }

  /// States whose value is not a translation to import (the source text of a new unit).
  static let statesNotImported: Set<String> = ["new"]

  /// The languages of the bundle (but the source) that a catalog translates.
  public static func languages(in data: Data, name: String, model: TranslationModel) throws
    -> [String]
  {
    let strings = try strings(data, name: name)
    var found = Set<String>()
    for case let entry as [String: Any] in strings.values {
      guard let localizations = entry["localizations"] as? [String: Any] else { continue }
      found.formUnion(localizations.keys)
    }
    // A catalog's tag names the bundle's folder for it (`de` names `German`).
    let folders = Set(found.compactMap { model.folder(for: $0) })
    return model.languages.filter { folders.contains($0) && $0 != model.sourceFolder }
  }

  private static func strings(_ data: Data, name: String) throws -> [String: Any] {
    guard let catalog = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let strings = catalog["strings"] as? [String: Any]
    else {
      throw WorkflowError.invalidExchangeFile(
        .init(file: name), problem: "not a String Catalog (a JSON object with \"strings\")")
    }
    return strings
  }

  /// The translations of `language` in a catalog; keys no page uses are refused.
  public static func importing(
    _ data: Data, name: String, model: TranslationModel, language: String
  )
    throws -> TranslationImport
  {
    let folder = model.folder(for: language) ?? language
    if !model.languages.contains(folder) { try InvalidLanguageError.check(language, in: nil) }
    // The catalog's name for the language: its tag, or the folder's own name.
    let names = [model.tag(of: folder), folder, language].compactMap { $0 }
    let strings = try strings(data, name: name)
    var translations: [String: [String: String]] = [:]
    for (key, entry) in strings {
      guard let entry = entry as? [String: Any] else {
        throw WorkflowError.invalidExchangeFile(
          .init(file: name), problem: "the entry \"\(key)\" is not an object")
      }
      let tables = model.tables(ofKey: key, in: folder)
      guard !tables.isEmpty else {
        // A key of another language's copy of a localized page is not this language's.
        if model.shownPages.contains(where: { !$0.tables(ofKey: key).isEmpty }) { continue }
        throw WorkflowError.unknownKey(file: name, table: nil, key: key)
      }
      guard let localizations = entry["localizations"] as? [String: Any],
        let localization = names.lazy.compactMap({ localizations[$0] as? [String: Any] }).first
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
      if let state = unit["state"] as? String, statesNotImported.contains(state) { continue }
      // The unit carried the first translation of the key's tables (export's
      // order): it goes back to the tables that held that same translation
      // (all of them when none had one), never over another table's own.
      let current = tables.map {
        model.loaded(table: $0, language: folder)?.translations[PlistKey(key)]
      }
      let carried = current.lazy.compactMap { $0 }.first
      for (table, held) in zip(tables, current) where held == carried {
        translations[table, default: [:]][key] = value
      }
    }
    return TranslationImport(translations: translations, language: folder)
  }
}
