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
  /// Lines that say what changes, for a preview or a log.
  public var summary: [String]

  public init(path: String, bytes: [UInt8], previous: [UInt8]? = nil, summary: [String] = []) {
    self.path = path
    self.bytes = bytes
    self.previous = previous
    self.summary = summary
  }
}

/// Why the workflow refuses: nothing is written when it throws. Each case
/// carries the file and what is wrong with it; ``remedy`` says what can be
/// done, for the caller to word.
///
/// ```swift
/// do { _ = try model.addLanguage("de") }
/// catch WorkflowError.languageExists(let language) { print("\(language) is there") }
/// ```
public enum WorkflowError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A language the bundle already has a folder for.
  case languageExists(language: String)
  /// A table the change has to read (`path`, inside the bundle) does not parse.
  case tableDoesNotParse(path: String)
  /// An exchange file (XLIFF, String Catalog) is not what it must be.
  case invalidExchangeFile(ExchangePlace, problem: String)
  /// The exchange file translates another language than the one asked for.
  case languageMismatch(file: String, found: String, expected: String)
  /// The exchange file names a table that no page of the bundle uses.
  case unknownTable(file: String, table: String)
  /// The exchange file translates a key that no page (of `table`, if given) shows.
  case unknownKey(file: String, table: String?, key: String)

  /// A file and, when known, the line and column in it.
  public struct ExchangePlace: Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var column: Int?
    public init(file: String, line: Int? = nil, column: Int? = nil) {
      self.file = file
      self.line = line
      self.column = column
    }
    public var description: String {
      [file, line.map(String.init), column.map(String.init)].compactMap { $0 }
        .joined(separator: ":")
    }
  }

  /// What can be done about a refusal.
  public enum Remedy: Sendable, Hashable {
    /// The language exists: filling its tables is a sync, not an addition.
    case fillExistingLanguage
    /// A table must be repaired before it can be changed.
    case fixTableFirst
  }

  public var remedy: Remedy? {
    switch self {
    case .languageExists: .fillExistingLanguage
    case .tableDoesNotParse: .fixTableFirst
    default: nil
    }
  }

  public var description: String {
    switch self {
    case .languageExists(let language): "\(language).lproj already exists"
    case .tableDoesNotParse(let path): "\(path) does not parse"
    case .invalidExchangeFile(let place, let problem): "\(place): \(problem)"
    case .languageMismatch(let file, let found, let expected):
      "\(file): the target language is \(found), not \(expected)"
    case .unknownTable(let file, let table):
      "\(file): \(table) is not a table of the bundle's pages"
    case .unknownKey(let file, let table?, let key):
      "\(file): \(table): no page shows the key \"\(key)\""
    case .unknownKey(let file, nil, let key): "\(file): no page shows the key \"\(key)\""
    }
  }
}

extension TranslationModel {
  /// `<lang>.lproj/<table>.strings` for every table, each key present with
  /// its source text and a comment that marks it untranslated.
  public func addLanguage(_ language: String) throws -> [FileChange] {
    guard !languages.contains(language) else {
      throw WorkflowError.languageExists(language: language)
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
          throw WorkflowError.tableDoesNotParse(path: path)
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
        // Keys compare by exact scalars, as iOS looks them up.
        let present = Set(file.entries.map { PlistKey($0.key) })
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

  func untranslatedEntries(table: String, present: Set<PlistKey>) -> [StringsEntry] {
    (keys[table] ?? []).filter { !present.contains(PlistKey($0.text)) }.map { string in
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
  /// The bytes of a file of the bundle, as on disk now: by the loader's
  /// containment rule and within the readers' size limit, or nil.
  func fileBytes(_ path: String) -> [UInt8]? {
    guard let real = SettingsBundle.containedPath(path, inBundle: self.path) else { return nil }
    return try? BoundedInput.read(
      path: real, limit: ReadLimits.standard.maximumBytes, regularFileOnly: true)
  }
}
