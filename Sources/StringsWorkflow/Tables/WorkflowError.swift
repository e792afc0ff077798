import Foundation
import Localization
import Plist
import SettingsSchema

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
