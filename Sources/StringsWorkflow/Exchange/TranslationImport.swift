import Foundation
import Localization
import Plist
import SettingsSchema

/// Translations for one language, from an XLIFF file or a String Catalog,
/// checked against the bundle as a whole before anything is written.
public struct TranslationImport: Sendable {
  /// Table → key → translation.
  public var translations: [String: [String: String]]
  /// The folder the translations go to (`German` for an XLIFF whose target is `de`,
  /// when the bundle's German is `German.lproj`).
  public var language: String

  public init(translations: [String: [String: String]], language: String) {
    self.translations = translations
    self.language = language
  }

  /// The files to write and the conflicts (translations that differ from the bundle's).
  public func changes(for model: TranslationModel) throws -> (
    changes: [FileChange], conflicts: [String]
  ) {
    // A folder the bundle has is a name read from the disk; any other must be a tag.
    if !model.languages.contains(language) { try InvalidLanguageError.check(language, in: nil) }
    var changes: [FileChange] = []
    var conflicts: [String] = []
    for table in translations.keys.sorted() {
      let path = TranslationModel.path(table: table, language: language)
      if model.isUnreadable(table: table, language: language) {
        throw WorkflowError.tableDoesNotParse(path: path)
      }
      let existing = model.loaded(table: table, language: language)
      let entries = existing?.strings.entries ?? []
      var patch = existing.map(TablePatch.init)
      var added: [StringsEntry] = []
      var summary: [String] = []
      for (key, value) in (translations[table] ?? [:]).sorted(by: { $0.key < $1.key }) {
        if let index = entries.lastIndex(where: { $0.key.isSameKey(as: key) }) {
          let old = entries[index].value.string
          let isMarked = UntranslatedMark.isMarked(entries[index])
          guard old != value || isMarked else { continue }
          // A marked entry, or one that repeats its source text, is being filled, not overruled.
          let isPlaceholder =
            isMarked || old == nil || old == model.sourceText(of: key, table: table)
          if let old, old != value, !isPlaceholder {
            conflicts.append("\(path): \"\(key)\": \"\(old)\" → \"\(value)\"")
          }
          patch?.setValue(ofEntry: index, to: value)
          let verb = isPlaceholder ? "filled" : "was \"\(old ?? "")\""
          summary.append("\(path): \"\(key)\" = \"\(value)\" (\(verb))")
        } else {
          added.append(StringsEntry(key: key, value: PlistNode(.string(value))))
          summary.append("\(path): \"\(key)\" = \"\(value)\" (new)")
        }
      }
      guard !summary.isEmpty else { continue }
      let bytes: [UInt8]
      if var patch {
        patch.append(added)
        bytes = patch.bytes()
      } else {
        bytes = StringsWriter.write(StringsFile(entries: added, encoding: .utf8))
      }
      changes.append(
        FileChange(
          path: path, bytes: bytes,
          previous: existing.flatMap { _ in model.bundle.fileBytes(path) }, summary: summary))
    }
    return (changes, conflicts)
  }

  /// The translations of an XLIFF file: every file a table pages use, every
  /// id a key of it, one target language, the one asked for if any.
  public static func xliff(_ data: Data, name: String, model: TranslationModel, language: String?)
    throws -> TranslationImport
  {
    let files = try XLIFF.read(data, name: name)
    guard !files.isEmpty else {
      throw WorkflowError.invalidExchangeFile(
        .init(file: name), problem: "no <file> in the document")
    }
    let targets = Set(files.compactMap(\.targetLanguage))
    guard targets.count == 1, let target = targets.first else {
      throw WorkflowError.invalidExchangeFile(
        .init(file: name), problem: "every <file> needs one and the same target-language")
    }
    try InvalidLanguageError.check(target, in: name)
    let folder = try model.importFolder(for: target, asked: language, file: name)
    var translations: [String: [String: String]] = [:]
    // The keys of the pages the language is shown, the ones its export carries.
    let shown = model.pages(for: folder)
    for file in files {
      let table = String(
        (file.original.split(separator: "/").last ?? "").replacingOccurrences(
          of: ".strings", with: ""))
      guard let keys = shown.keys[table] else {
        throw WorkflowError.unknownTable(file: name, table: file.original)
      }
      let known = Set(keys.map { PlistKey($0.text) })
      for unit in file.units {
        guard known.contains(PlistKey(unit.id)) else {
          throw WorkflowError.unknownKey(file: name, table: file.original, key: unit.id)
        }
        if let target = unit.target { translations[table, default: [:]][unit.id] = target }
      }
    }
    return TranslationImport(translations: translations, language: folder)
  }
}

extension TranslationModel {
  /// The folder an exchange file's target language is written to: the
  /// bundle's folder for it (`German` for `de`), else a new one named by the
  /// tag. `asked` (typed by the user, a tag or a folder) must name the same
  /// language.
  func importFolder(for target: String, asked: String?, file: String) throws -> String {
    let folder = self.folder(for: target) ?? target
    guard let asked else { return folder }
    let askedFolder = self.folder(for: asked) ?? asked
    let same =
      askedFolder == folder
      || (LanguageTag(folderName: askedFolder).map { $0 == LanguageTag(folderName: folder) }
        ?? false)
    guard same else {
      throw WorkflowError.languageMismatch(file: file, found: target, expected: asked)
    }
    return folder
  }
}
