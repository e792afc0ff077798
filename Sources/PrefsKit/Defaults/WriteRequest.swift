import Foundation
import Plist
import SettingsSchema

/// The type words of a defaults write, as macOS `defaults` spells them
/// (`-int`, `-array-add`, ...; `--int` is taken too). They are read from the
/// value words by ``WriteRequest``: inside `-array` and `-dict` a type word
/// types the next element, as on macOS.
///
/// ```swift
/// ValueTypeFlag(word: "-integer")  // .int
/// ```
public enum ValueTypeFlag: String, CaseIterable, Sendable {
  case bool, int, float, string, date, data, array, dict
  case arrayAdd = "array-add"
  case dictAdd = "dict-add"

  /// The flag a word names: `-int`, `--int`, `-integer`, `-boolean`; nil for any other word.
  public init?(word: String) {
    var name = Substring(word)
    guard name.hasPrefix("-") else { return nil }
    name = name.dropFirst(name.hasPrefix("--") ? 2 : 1)
    switch name {
    case "integer": self = .int
    case "boolean": self = .bool
    default:
      guard let flag = ValueTypeFlag(rawValue: String(name)) else { return nil }
      self = flag
    }
  }

  /// Whether it types one value (not a container).
  public var isScalar: Bool {
    switch self {
    case .array, .dict, .arrayAdd, .dictAdd: false
    default: true
    }
  }
}

/// What a defaults write was asked to do with the value words.
///
/// ```swift
/// try WriteRequest.parse(["-array-add", "-int", "3", "x"])  // .arrayAdd([.integer(3), .string("x")])
/// ```
public enum WriteRequest: Sendable, Equatable {
  /// Store this value in place of what is there.
  case set(PlistValue, type: ValueTypeFlag?)
  /// Append to the stored array (made when the key is missing).
  case arrayAdd([PlistValue])
  /// Merge into the stored dictionary (made when the key is missing).
  case dictAdd([PlistKey: PlistValue])

  /// The request the words make: a value alone (a string), or type words and values.
  public static func parse(_ words: [String]) throws(TypedValue.Failure) -> WriteRequest {
    guard let first = words.first else {
      throw .noValue
    }
    guard let type = ValueTypeFlag(word: first) else {
      if let flag = words.dropFirst().first(where: { ValueTypeFlag(word: $0) != nil }) {
        throw .typeAfterValue(flag)
      }
      guard words.count == 1 else {
        throw .severalValues(count: words.count)
      }
      return .set(.string(first), type: nil)
    }
    let rest = Array(words.dropFirst())
    switch type {
    case .array: return .set(.array(try elements(rest, of: type)), type: type)
    case .arrayAdd: return .arrayAdd(try elements(rest, of: type))
    case .dict: return .set(.dictionary(try entries(rest, of: type)), type: type)
    case .dictAdd: return .dictAdd(try entries(rest, of: type))
    default:
      if rest.count > 1,
        let other = rest.dropFirst().lazy.compactMap(ValueTypeFlag.init(word:)).first
      {
        throw .twoTypes(type, other)
      }
      return .set(try TypedValue.parse(rest, as: type), type: type)
    }
  }

  /// `[flag] value` pairs: a scalar flag types the next word.
  private static func elements(_ words: [String], of container: ValueTypeFlag) throws(TypedValue
    .Failure) -> [PlistValue]
  {
    var result: [PlistValue] = []
    var index = 0
    while index < words.count {
      let (value, next) = try element(words, at: index, in: container)
      result.append(value)
      index = next
    }
    return result
  }

  private static func entries(_ words: [String], of container: ValueTypeFlag) throws(TypedValue
    .Failure) -> [PlistKey: PlistValue]
  {
    var result: [PlistKey: PlistValue] = [:]
    var index = 0
    while index < words.count {
      let key = words[index]
      if let flag = ValueTypeFlag(word: key) {
        throw .typeWhereKeyBelongs(flag, in: container)
      }
      guard index + 1 < words.count else {
        throw .keyWithoutValue(key, in: container)
      }
      let (value, next) = try element(words, at: index + 1, in: container)
      result[PlistKey(key)] = value
      index = next
    }
    return result
  }

  private static func element(_ words: [String], at index: Int, in container: ValueTypeFlag)
    throws(TypedValue.Failure) -> (PlistValue, next: Int)
  {
    guard let flag = ValueTypeFlag(word: words[index]) else {
      return (.string(words[index]), index + 1)
    }
    guard flag.isScalar else {
      throw .nestedContainer(flag, in: container)
    }
    guard index + 1 < words.count else {
      throw .typeWithoutValue(flag)
    }
    return (try TypedValue.scalar(words[index + 1], as: flag), index + 2)
  }
}

/// Text typed on the command line turned into a property-list value.
///
/// ```swift
/// try TypedValue.scalar("yes", as: .bool)  // .bool(true)
/// ```
public enum TypedValue {
  /// Why the words make no value; `description` says it in the words of
  /// `defaults write` (its type words, `-int`, are part of the value words).
  public enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
    case noValue
    /// A type word after the value (`a -int`).
    case typeAfterValue(String)
    /// Several words where one value belongs.
    case severalValues(count: Int)
    case twoTypes(ValueTypeFlag, ValueTypeFlag)
    case typeWhereKeyBelongs(ValueTypeFlag, in: ValueTypeFlag)
    case keyWithoutValue(String, in: ValueTypeFlag)
    case nestedContainer(ValueTypeFlag, in: ValueTypeFlag)
    case typeWithoutValue(ValueTypeFlag)
    /// `-dict` words that are not pairs.
    case oddPairs(count: Int)
    case notOneWord(ValueTypeFlag, count: Int)
    case notABoolean(String)
    case notAnInteger(String)
    case notAReal(String)
    case notADate(String, CalendarDate.Problem)
    case notHexData(String)

    public var description: String {
      func shown(_ text: String) -> String { "\"\(text.escapingControlCharacters)\"" }
      return switch self {
      case .noValue: "give a value after the key"
      case .typeAfterValue(let word): "\(word) comes after the value; a type flag goes before it"
      case .severalValues(let count):
        "give one value (\(count) were given); quote a value with spaces"
      case .twoTypes(let first, let second):
        "give one type flag: -\(first.rawValue) and -\(second.rawValue) were both given"
      case .typeWhereKeyBelongs(let flag, let container):
        "-\(container.rawValue) takes keys and values in pairs; a key comes before -\(flag.rawValue)"
      case .keyWithoutValue(let key, let container):
        "-\(container.rawValue) takes keys and values in pairs; \(shown(key)) has no value"
      case .nestedContainer(let flag, let container):
        "-\(flag.rawValue) cannot be nested in -\(container.rawValue); import a plist for nested values"
      case .typeWithoutValue(let flag): "-\(flag.rawValue) at the end has no value"
      case .oddPairs(let count): "-dict takes keys and values in pairs; \(count) were given"
      case .notOneWord(let flag, let count):
        "-\(flag.rawValue) takes one value; \(count) were given"
      case .notABoolean(let text): "\(shown(text)) is not a boolean (true/false, yes/no, 1/0)"
      case .notAnInteger(let text): "\(shown(text)) is not an integer (or does not fit in 64 bits)"
      case .notAReal(let text): "\(shown(text)) is not a finite real number"
      case .notADate(let text, let problem):
        "\(shown(text)) is not a date (\(problem)); write 2026-11-22T10:00:00Z or 2026-11-22"
      case .notHexData(let text): "\(shown(text)) is not hex data (pairs of 0-9, a-f)"
      }
    }
  }

  /// The value `texts` make as `type`: one word for a scalar, several for a container.
  public static func parse(_ texts: [String], as type: ValueTypeFlag) throws(Failure) -> PlistValue
  {
    switch type {
    case .array, .arrayAdd:
      return .array(texts.map(PlistValue.string))
    case .dict, .dictAdd:
      guard texts.count % 2 == 0 else {
        throw .oddPairs(count: texts.count)
      }
      var result: [PlistKey: PlistValue] = [:]
      for index in stride(from: 0, to: texts.count, by: 2) {
        result[PlistKey(texts[index])] = .string(texts[index + 1])
      }
      return .dictionary(result)
    default:
      guard texts.count == 1 else {
        throw .notOneWord(type, count: texts.count)
      }
      return try scalar(texts[0], as: type)
    }
  }

  /// The value one word makes as `type`.
  public static func scalar(_ text: String, as type: ValueTypeFlag) throws(Failure) -> PlistValue {
    switch type {
    case .bool:
      switch text.lowercased() {
      case "true", "yes", "1", "on": return .bool(true)
      case "false", "no", "0", "off": return .bool(false)
      default: throw .notABoolean(text)
      }
    case .int:
      guard let number = Int64(text.trimmingCharacters(in: .whitespaces)) else {
        throw .notAnInteger(text)
      }
      return .integer(number)
    case .float:
      guard let number = Double(text.trimmingCharacters(in: .whitespaces)), number.isFinite else {
        throw .notAReal(text)
      }
      return .real(number)
    case .string:
      return .string(text)
    case .date:
      switch CalendarDate.parse(text) {
      case .success(let date): return .date(date)
      case .failure(let problem):
        throw .notADate(text, problem)
      }
    case .data:
      // ASCII hex only: `Character.isHexDigit` also holds for fullwidth digits (００).
      let digits = text.unicodeScalars.filter { !$0.properties.isWhitespace }.map(Self.hexValue)
      let nibbles = digits.compactMap { $0 }
      guard nibbles.count == digits.count, nibbles.count % 2 == 0 else {
        throw .notHexData(text)
      }
      let bytes = stride(from: 0, to: nibbles.count, by: 2).map {
        nibbles[$0] << 4 | nibbles[$0 + 1]
      }
      return .data(Data(bytes))
    case .array, .dict, .arrayAdd, .dictAdd:
      return try parse([text], as: type)
    }
  }

  private static func hexValue(_ scalar: Unicode.Scalar) -> UInt8? {
    switch scalar {
    case "0"..."9": UInt8(scalar.value - 0x30)
    case "a"..."f": UInt8(scalar.value - 0x61 + 10)
    case "A"..."F": UInt8(scalar.value - 0x41 + 10)
    default: nil
    }
  }
}

/// `-array-add` and `-dict-add` as macOS `defaults` does them: append to the
/// stored array, merge into the stored dictionary (the new keys win), make
/// the container when the key is missing, refuse any other stored type.
///
/// ```swift
/// ContainerAddition.apply(.arrayAdd([.string("b")]), to: .array([.string("a")]))  // .success(["a", "b"])
/// ```
public enum ContainerAddition {
  /// The stored value is of another type (`found`, with its article); the domain is unchanged.
  public enum Refusal: Error, Sendable, Equatable {
    case notAnArray(found: String)
    case notADictionary(found: String)
  }

  /// The value to store in place of `stored` for `request`.
  public static func apply(_ request: WriteRequest, to stored: PlistValue?) -> Result<
    PlistValue, Refusal
  > {
    switch (request, stored) {
    case (.set(let value, _), _): return .success(value)
    case (.arrayAdd(let items), nil): return .success(.array(items))
    case (.arrayAdd(let items), .array(let existing)?): return .success(.array(existing + items))
    case (.arrayAdd, let other?): return .failure(.notAnArray(found: other.typeNameWithArticle))
    case (.dictAdd(let entries), nil): return .success(.dictionary(entries))
    case (.dictAdd(let entries), .dictionary(let existing)?):
      return .success(.dictionary(existing.merging(entries) { $1 }))
    case (.dictAdd, let other?): return .failure(.notADictionary(found: other.typeNameWithArticle))
    }
  }
}

extension PlistValue {
  /// The type's name as macOS `defaults read-type` prints it.
  public var defaultsTypeName: String {
    switch self {
    case .string: "string"
    case .integer: "integer"
    case .real: "float"
    case .bool: "boolean"
    case .date: "date"
    case .data: "data"
    case .array: "array"
    case .dictionary: "dictionary"
    }
  }
}

extension WriteRequest {
  /// `-array-add` or `-dict-add` checked by a bundle: a specifier stores one value.
  public struct NotOneValue: Error, Sendable, Hashable {}

  /// The request with its value checked by the element storing `key` in
  /// `bundle` (read from `path`): a typed value must fit it; a string may be
  /// one of its Values or a title (in the development language or one of
  /// `languages`) and becomes that value, else converts as the element takes
  /// it. Throws ``NotOneValue`` for a container addition, a
  /// `SpecifierValue.Refusal` for a value the element does not take.
  ///
  /// ```swift
  /// try WriteRequest.set(.string("Dark"), type: nil)
  ///   .checked(forKey: "theme", in: bundle, at: "/app/Settings.bundle", languages: [])  // .set(.integer(2), type: nil)
  /// ```
  public func checked(
    forKey key: String, in bundle: SettingsBundle, at path: String, languages: [String]
  ) throws -> WriteRequest {
    guard case .set(let value, let type) = self else { throw NotOneValue() }
    let specifier: Specifier
    switch bundle.storingSpecifier(forKey: key) {
    case .success(let found): specifier = found.specifier
    case .failure(let refusal): throw refusal
    }
    if type != nil {
      return .set(try SpecifierValue.check(value, for: specifier, in: bundle.catalog), type: type)
    }
    guard case .string(let text) = value else { return self }
    let stored = try BundleTitles.convert(
      text, key: key, bundle: path, loaded: bundle, languages: languages)
    return .set(stored, type: nil)
  }
}
