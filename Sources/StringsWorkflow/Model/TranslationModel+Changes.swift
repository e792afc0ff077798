import Foundation
import Localization
import Plist
import SettingsSchema

extension TranslationModel {
  /// `<lang>.lproj/<table>.strings` for every table, each key present with
  /// its source text and a comment that marks it untranslated.
  /// A language the bundle has under another name (`de` beside `German.lproj`)
  /// exists too: no second folder is made beside it.
  public func addLanguage(_ language: String) throws -> [FileChange] {
    if let existing = folder(for: language) {
      throw WorkflowError.languageExists(language: existing)
    }
    try InvalidLanguageError.check(language, in: nil)
    // A new folder has no copy of a localized page: it is shown the one iOS falls back to.
    let shown = pages(for: language)
    return shown.tables.map { table in
      let file = StringsFile(
        entries: untranslatedEntries(table: table, present: [], of: shown), encoding: .utf8)
      let path = Self.path(table: table, language: language)
      return FileChange(
        path: path, bytes: StringsWriter.write(file), previous: nil,
        summary: ["\(path): new, \(file.entries.count) untranslated"])
    }
  }

  /// Adds every missing key to every language's tables (and creates the
  /// tables a language lacks); with `prune`, removes the entries no page shows.
  public func sync(prune: Bool) throws -> [FileChange] {
    var changes: [FileChange] = []
    for language in languages {
      // Each language is given the strings of the copy of the pages it is shown.
      let shown = pages(for: language)
      for table in shown.tables {
        let path = Self.path(table: table, language: language)
        if isUnreadable(table: table, language: language) {
          throw WorkflowError.tableDoesNotParse(path: path)
        }
        let existing = loaded(table: table, language: language)
        var summary: [String] = []
        // The entries the coverage calls unused (none while page variants of another
        // idiom or dialect, which may use them, are not loaded).
        let stale = Set(shown.coverage.files[path]?.unusedEntries ?? [])
        // Keys compare by exact scalars, as iOS looks them up.
        let entries = existing?.strings.entries ?? []
        let present = Set(
          entries.indices.filter { !(prune && stale.contains($0)) }.map {
            PlistKey(entries[$0].key)
          })
        // The source language is asked only what its own words cannot show (text
        // written as a key): no entry that only repeats its text is written for a translator.
        var added = untranslatedEntries(table: table, present: present, of: shown)
        if let coverage = shown.coverage[table: table], let folder = coverage.language(language),
          folder.isSourceLanguage
        {
          let asked = Set(
            coverage.strings.indices.filter { coverage.needsTranslation($0, in: folder) }.map {
              PlistKey(coverage.strings[$0].text)
            })
          added.removeAll { !asked.contains(PlistKey($0.key)) }
        }
        if prune, !stale.isEmpty { summary.append("\(path): \(stale.count) stale removed") }
        if !added.isEmpty { summary.append("\(path): \(added.count) untranslated added") }
        guard !summary.isEmpty else { continue }
        let bytes: [UInt8]
        if let existing {
          var patch = TablePatch(existing)
          if prune { for index in stale.sorted() { patch.removeEntry(index) } }
          patch.append(added)
          bytes = patch.bytes()
        } else {
          bytes = StringsWriter.write(StringsFile(entries: added, encoding: .utf8))
        }
        let previous = existing.flatMap { _ in bundle.fileBytes(path) }
        changes.append(
          FileChange(path: path, bytes: bytes, previous: previous, summary: summary))
      }
    }
    return changes
  }

  func untranslatedEntries(table: String, present: Set<PlistKey>, of shown: ShownPages)
    -> [StringsEntry]
  {
    (shown.keys[table] ?? []).filter { !present.contains(PlistKey($0.text)) }.map { string in
      StringsEntry(
        key: string.text, value: PlistNode(.string(sourceText(of: string.text, table: table))),
        comments: [UntranslatedMark.comment(page: shown.page(of: string), keyPath: string.keyPath)])
    }
  }

  /// Every table rewritten in one layout: comments and order kept (sorted by
  /// key with `sort`), in the given encoding or each file's own.
  public func format(encoding: TextEncoding?, sort: Bool) throws -> [FileChange] {
    var changes: [FileChange] = []
    for path in bundle.files where path.hasSuffix(".strings") {
      guard let loaded = bundle.strings[path] else {
        throw WorkflowError.tableDoesNotParse(path: path)
      }
      var file = loaded.strings
      if sort { file.entries.sort { $0.key < $1.key } }
      let bytes = StringsWriter.write(file, encoding: encoding)
      let previous = bundle.fileBytes(path)
      guard bytes != previous else { continue }
      changes.append(
        FileChange(path: path, bytes: bytes, previous: previous, summary: ["\(path): formatted"]))
    }
    return changes
  }
}
