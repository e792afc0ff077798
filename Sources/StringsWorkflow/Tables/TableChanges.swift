import Foundation
import Localization
import Plist
import SettingsSchema

/// A file the workflow would write: its path inside the bundle, its new
/// bytes, and the old ones (nil for a new file).
public struct FileChange: Sendable, Hashable {
  public var path: String
  public var bytes: [UInt8]
  public var previous: [UInt8]?
  /// Lines that say what changes, for `--dry-run` and logs.
  public var summary: [String]

  public init(path: String, bytes: [UInt8], previous: [UInt8]? = nil, summary: [String] = []) {
    self.path = path
    self.bytes = bytes
    self.previous = previous
    self.summary = summary
  }
}

/// Why the workflow refuses: nothing is written when it throws.
public struct WorkflowError: Error, Sendable, CustomStringConvertible {
  public var message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}

extension TranslationModel {
  /// `<lang>.lproj/<table>.strings` for every table, each key present with
  /// its source text and a comment that marks it untranslated.
  public func addLanguage(_ language: String) throws -> [FileChange] {
    guard !languages.contains(language) else {
      throw WorkflowError("\(language).lproj already exists; use prefs strings sync to fill it")
    }
    try InvalidLanguageError.check(language, in: nil)
    return tables.map { table in
      let file = StringsFile(
        entries: untranslatedEntries(table: table, present: []), encoding: .utf8)
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
      for table in tables {
        let path = Self.path(table: table, language: language)
        if isUnreadable(table: table, language: language) {
          throw WorkflowError("\(path) does not parse; fix it first (prefs lint shows where)")
        }
        let existing = loaded(table: table, language: language)
        var file = existing?.strings ?? StringsFile(entries: [], encoding: .utf8)
        var summary: [String] = []
        // The entries the coverage calls unused (none while page variants of another
        // idiom or dialect, which may use them, are not loaded).
        let stale = Set(coverage.files[path]?.unusedEntries ?? [])
        if prune, !stale.isEmpty {
          file.entries = file.entries.indices.filter { !stale.contains($0) }.map {
            file.entries[$0]
          }
          summary.append("\(path): \(stale.count) stale removed")
        }
        let present = Set(file.entries.map(\.key))
        let added = untranslatedEntries(table: table, present: present)
        file.entries += added
        if !added.isEmpty { summary.append("\(path): \(added.count) untranslated added") }
        guard !summary.isEmpty else { continue }
        let previous = existing.flatMap { _ in bundle.fileBytes(path) }
        changes.append(
          FileChange(
            path: path, bytes: StringsWriter.write(file), previous: previous, summary: summary))
      }
    }
    return changes
  }

  func untranslatedEntries(table: String, present: Set<String>) -> [StringsEntry] {
    (keys[table] ?? []).filter { !present.contains($0.text) }.map { string in
      StringsEntry(
        key: string.text, value: PlistNode(.string(sourceText(of: string.text, table: table))),
        comments: [UntranslatedMark.comment(page: page(of: string), keyPath: string.keyPath)])
    }
  }

  /// Every table rewritten in one layout: comments and order kept (sorted by
  /// key with `sort`), in the given encoding or each file's own.
  public func format(encoding: TextEncoding?, sort: Bool) throws -> [FileChange] {
    var changes: [FileChange] = []
    for path in bundle.files where path.hasSuffix(".strings") {
      guard let loaded = bundle.strings[path] else {
        throw WorkflowError("\(path) does not parse; fix it first (prefs lint shows where)")
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

/// A language that would name a `.lproj` folder but is not a language tag
/// (`de`, `pt-BR`, `zh-Hans`, or `Base`): refused before anything is written,
/// since a tag that held `/` or `..` would name another folder.
public struct InvalidLanguageError: Error, Sendable, Hashable, CustomStringConvertible {
  public var language: String
  /// The file it was read from (an XLIFF document, a String Catalog), or nil when typed.
  public var file: String?

  public var description: String {
    (file.map { "\($0): " } ?? "")
      + "\"\(language)\" is not a language tag (such as de, pt-BR, zh-Hans)"
  }

  /// Throws unless `language` may name a `.lproj` folder.
  static func check(_ language: String, in file: String?) throws(InvalidLanguageError) {
    guard LanguageTag.isFolderName(language) else {
      throw InvalidLanguageError(language: language, file: file)
    }
  }
}

extension SettingsBundle {
  /// The bytes of a file of the bundle, as on disk now.
  func fileBytes(_ path: String) -> [UInt8]? {
    FileManager.default.contents(atPath: self.path + "/" + path).map(Array.init)
  }
}
