import Foundation
import Plist

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
      throw TypedValue.Failure(description: "give a value after the key")
    }
    guard let type = ValueTypeFlag(word: first) else {
      if let flag = words.dropFirst().first(where: { ValueTypeFlag(word: $0) != nil }) {
        throw TypedValue.Failure(
          description: "\(flag) comes after the value; a type flag goes before it")
      }
      guard words.count == 1 else {
        throw TypedValue.Failure(
          description: "give one value (\(words.count) were given); quote a value with spaces")
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
        throw TypedValue.Failure(
          description:
            "give one type flag: -\(type.rawValue) and -\(other.rawValue) were both given")
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
        throw TypedValue.Failure(
          description:
            "-\(container.rawValue) takes keys and values in pairs; a key comes before -\(flag.rawValue)"
        )
      }
      guard index + 1 < words.count else {
        throw TypedValue.Failure(
          description:
            "-\(container.rawValue) takes keys and values in pairs; \"\(key.escapingControlCharacters)\" has no value"
        )
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
      throw TypedValue.Failure(
        description:
          "-\(flag.rawValue) cannot be nested in -\(container.rawValue); import a plist for nested values"
      )
    }
    guard index + 1 < words.count else {
      throw TypedValue.Failure(description: "-\(flag.rawValue) at the end has no value")
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
  /// Why the words make no value.
  public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
    public var description: String
  }

  /// The value `texts` make as `type`: one word for a scalar, several for a container.
  public static func parse(_ texts: [String], as type: ValueTypeFlag) throws(Failure) -> PlistValue
  {
    switch type {
    case .array, .arrayAdd:
      return .array(texts.map(PlistValue.string))
    case .dict, .dictAdd:
      guard texts.count % 2 == 0 else {
        throw Failure(
          description: "-dict takes keys and values in pairs; \(texts.count) were given")
      }
      var result: [PlistKey: PlistValue] = [:]
      for index in stride(from: 0, to: texts.count, by: 2) {
        result[PlistKey(texts[index])] = .string(texts[index + 1])
      }
      return .dictionary(result)
    default:
      guard texts.count == 1 else {
        throw Failure(description: "-\(type.rawValue) takes one value; \(texts.count) were given")
      }
      return try scalar(texts[0], as: type)
    }
  }

  /// The value one word makes as `type`.
  public static func scalar(_ text: String, as type: ValueTypeFlag) throws(Failure) -> PlistValue {
    let shown = "\"\(text.escapingControlCharacters)\""
    switch type {
    case .bool:
      switch text.lowercased() {
      case "true", "yes", "1", "on": return .bool(true)
      case "false", "no", "0", "off": return .bool(false)
      default: throw Failure(description: "\(shown) is not a boolean (true/false, yes/no, 1/0)")
      }
    case .int:
      guard let number = Int64(text.trimmingCharacters(in: .whitespaces)) else {
        throw Failure(description: "\(shown) is not an integer (or does not fit in 64 bits)")
      }
      return .integer(number)
    case .float:
      guard let number = Double(text.trimmingCharacters(in: .whitespaces)), number.isFinite else {
        throw Failure(description: "\(shown) is not a finite real number")
      }
      return .real(number)
    case .string:
      return .string(text)
    case .date:
      switch CalendarDate.parse(text) {
      case .success(let date): return .date(date)
      case .failure(let problem):
        throw Failure(
          description:
            "\(shown) is not a date (\(problem)); write 2026-11-22T10:00:00Z or 2026-11-22")
      }
    case .data:
      // ASCII hex only: `Character.isHexDigit` also holds for fullwidth digits (００).
      let digits = text.unicodeScalars.filter { !$0.properties.isWhitespace }.map(Self.hexValue)
      let nibbles = digits.compactMap { $0 }
      guard nibbles.count == digits.count, nibbles.count % 2 == 0 else {
        throw Failure(description: "\(shown) is not hex data (pairs of 0-9, a-f)")
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
