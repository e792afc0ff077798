import Foundation
import Plist
import SettingsSchema
import SourceCheck

/// What each way of reading a defaults key gives for each kind of stored
/// value, as Foundation does it on iOS: the one table the `code-…` rules ask.
///
/// The getters convert (Apple's documentation of `NSUserDefaults`, and
/// swift-corelibs-foundation's `UserDefaults.swift`): `integer(forKey:)` reads
/// "8080" as 8080 and 2.67 as 2, `bool(forKey:)` reads "YES", "true" and "1" as
/// true and any non-zero number as true, `string(forKey:)` gives a number's
/// text, `url(forKey:)` a path string's file URL. A cast (`object(forKey:) as?
/// Int`), `@AppStorage` and `Defaults.Key` take only a value of their type
/// (an `NSNumber` that fits it exactly) and otherwise read nil or their default.
///
/// ```swift
/// FoundationReading.read(.string("8080"), by: .init(.integer))  // .faithful
/// FoundationReading.read(.string("metric"), by: .init(.bool))   // .lossy("false")
/// ```
struct FoundationReading: Sendable, Hashable {
  /// The getter, or the Swift type a strict read casts to.
  var getter: DefaultsGetter
  /// A cast, `@AppStorage` or `Defaults.Key`: only a value of the type is taken.
  var strict = false

  init(_ getter: DefaultsGetter, strict: Bool = false) {
    self.getter = getter
    self.strict = strict
  }

  /// How one reading turns a stored value of one kind into what the code gets.
  enum Conversion: Sendable, Hashable {
    /// The value itself.
    case same
    /// A number's or boolean's text: `true` is "1", 0.5 is "0.5" (`-stringForKey:`).
    case numberText
    /// Non-zero is true (a number under `bool(forKey:)`).
    case nonZero
    /// A boolean as 1 or 0, an integer as a real.
    case asNumber
    /// `NSString.boolValue`: "YES", "true", "1" are true; "NO", "false", "0" false;
    /// any other text false.
    case parsedBool
    /// `NSString.integerValue`: the text's leading integer, else 0.
    case parsedInteger
    /// `NSString.doubleValue`: the text's leading number, else 0.
    case parsedReal
    /// The integer part of a real (2.67 is 2).
    case truncated
    /// A path string (tilde expanded) as a file URL.
    case filePath
    /// An `NSNumber` cast to a Swift number: the value when it fits exactly, else nil.
    case exactNumber
    /// An array whose every element is a string; else nil.
    case stringElements
  }

  /// Every reading's conversions by the stored kind; a kind not listed reads
  /// nothing (nil, 0, false, or a declaration's own default).
  static let table: [FoundationReading: [ValueKind: Conversion]] = [
    .init(.object): [
      .string: .same, .integer: .same, .real: .same, .boolean: .same, .date: .same,
      .data: .same, .array: .same, .dictionary: .same,
    ],
    .init(.string): [
      .string: .same, .integer: .numberText, .real: .numberText, .boolean: .numberText,
    ],
    .init(.bool): [.boolean: .same, .integer: .nonZero, .real: .nonZero, .string: .parsedBool],
    .init(.integer): [
      .integer: .same, .boolean: .asNumber, .real: .truncated, .string: .parsedInteger,
    ],
    .init(.float): [.real: .same, .integer: .asNumber, .boolean: .asNumber, .string: .parsedReal],
    .init(.double): [.real: .same, .integer: .asNumber, .boolean: .asNumber, .string: .parsedReal],
    .init(.url): [.string: .filePath, .data: .same],
    .init(.array): [.array: .same],
    .init(.stringArray): [.array: .stringElements],
    .init(.dictionary): [.dictionary: .same],
    .init(.data): [.data: .same],
    .init(.object, strict: true): [
      .string: .same, .integer: .same, .real: .same, .boolean: .same, .date: .same,
      .data: .same, .array: .same, .dictionary: .same,
    ],
    .init(.string, strict: true): [.string: .same],
    .init(.bool, strict: true): [.boolean: .same, .integer: .exactNumber, .real: .exactNumber],
    .init(.integer, strict: true): [
      .integer: .same, .boolean: .asNumber, .real: .exactNumber,
    ],
    .init(.float, strict: true): [.real: .same, .integer: .asNumber, .boolean: .asNumber],
    .init(.double, strict: true): [.real: .same, .integer: .asNumber, .boolean: .asNumber],
    .init(.url, strict: true): [.string: .filePath, .data: .same],
    .init(.array, strict: true): [.array: .same],
    .init(.stringArray, strict: true): [.array: .stringElements],
    .init(.dictionary, strict: true): [.dictionary: .same],
    .init(.data, strict: true): [.data: .same],
  ]

  /// What a reading makes of one stored value.
  enum Outcome: Sendable, Hashable {
    /// The value, or its faithful equivalent ("8080" as 8080, `true` as "1").
    case faithful
    /// Something else than was stored, in words ("false", "0").
    case lossy(String)
    /// Nothing: nil, or the zero or default the code falls back to.
    case nothing
  }

  /// The conversion for a stored kind, nil when the reading gets nothing.
  func conversion(of kind: ValueKind) -> Conversion? {
    Self.table[self]?[kind]
  }

  /// What this reading makes of a value the bundle stores.
  func read(_ value: PlistValue) -> Outcome {
    guard let conversion = conversion(of: SourceFacts.kind(value)) else { return .nothing }
    switch (conversion, value) {
    case (.parsedBool, .string(let text)):
      return NumericText.isBooleanSpelling(text)
        ? .faithful : .lossy(NumericText.boolValue(text) ? "true" : "false")
    case (.parsedInteger, .string(let text)):
      if NumericText.isInteger(text) { return .faithful }
      return .lossy(String(NumericText.integerValue(text)))
    case (.parsedReal, .string(let text)):
      return NumericText.isNumber(text) ? .faithful : .lossy("0")
    case (.truncated, .real(let number)):
      return number.rounded(.towardZero) == number ? .faithful : .lossy(Self.integerPart(number))
    case (.exactNumber, .real(let number)):
      if getter == .bool { return number == 0 || number == 1 ? .faithful : .nothing }
      return number.rounded(.towardZero) == number ? .faithful : .nothing
    case (.exactNumber, .integer(let number)):
      if getter == .bool { return number == 0 || number == 1 ? .faithful : .nothing }
      return .faithful
    case (.stringElements, .array(let elements)):
      return elements.allSatisfy { if case .string = $0 { true } else { false } }
        ? .faithful : .nothing
    default:
      return .faithful
    }
  }

  /// What the code gets from a stored value, as a value to compare with what
  /// it gets from another: nil when it gets nothing, or when the table cannot
  /// say exactly (a real's text).
  func gives(_ value: PlistValue) -> PlistValue? {
    guard let conversion = conversion(of: SourceFacts.kind(value)) else { return nil }
    if getter == .bool { return truth(of: value).map(PlistValue.bool) }
    switch (conversion, value) {
    case (.same, _), (.exactNumber, _), (.filePath, _), (.stringElements, _): return value
    case (.asNumber, .bool(let flag)): return .integer(flag ? 1 : 0)
    case (.asNumber, .integer(let number)): return .real(Double(number))
    case (.parsedInteger, .string(let text)): return .integer(NumericText.integerValue(text))
    case (.parsedReal, .string(let text)):
      guard NumericText.isNumber(text) else { return nil }
      return Double(text.trimmingCharacters(in: .whitespacesAndNewlines)).map(PlistValue.real)
    case (.truncated, .real(let number)):
      guard number.isFinite, abs(number) < 9.2e18 else { return nil }
      return .integer(Int64(number.rounded(.towardZero)))
    case (.numberText, .integer(let number)): return .string(String(number))
    case (.numberText, .bool(let flag)): return .string(flag ? "1" : "0")
    default: return nil
    }
  }

  /// Whether the code gets the same from two stored values ("1" and 1 under
  /// `integer(forKey:)`), as far as the table can tell.
  func givesTheSame(_ a: PlistValue, _ b: PlistValue) -> Bool {
    guard let first = gives(a), let second = gives(b) else { return false }
    return first.isEqualAsStored(to: second)
  }

  /// What a Bool reading makes of a stored value: its truth, or nil when it
  /// reads nothing (a strict read of "YES", of 2).
  func truth(of value: PlistValue) -> Bool? {
    guard let conversion = conversion(of: SourceFacts.kind(value)) else { return nil }
    switch (conversion, value) {
    case (_, .bool(let flag)): return flag
    case (.nonZero, .integer(let number)): return number != 0
    case (.nonZero, .real(let number)): return number != 0
    case (.parsedBool, .string(let text)): return NumericText.boolValue(text)
    case (.exactNumber, .integer(let number)): return number == 0 || number == 1 ? number == 1 : nil
    case (.exactNumber, .real(let number)): return number == 0 || number == 1 ? number == 1 : nil
    default: return nil
    }
  }

  /// What this reading makes of any value of a kind a setting stores without
  /// listing its values (a text field's text, a slider's real): faithful when
  /// some value of the kind reads faithfully and the person chooses which (a
  /// text field can hold "8080"), lossy when most do not (a slider's 0.5 read
  /// as an integer).
  func read(anyOf kind: ValueKind) -> Outcome {
    switch kind {
    case .scalar, .any: return .faithful
    case .number: return read(anyOf: .real)
    default: break
    }
    guard let conversion = conversion(of: kind) else { return .nothing }
    switch conversion {
    case .truncated: return .lossy("its integer part")
    case .exactNumber where kind == .real: return .nothing
    default: return .faithful
    }
  }

  /// How the code reading a key is named in messages.
  func name(declaration: KeyDeclaration? = nil, type: String? = nil) -> String {
    if let declaration { return "\(declaration.rawValue) of \(type ?? getter.rawValue)" }
    if strict { return "as? \(type ?? getter.swiftTypeName)" }
    return getter.swiftName
  }

  /// What "nothing" is for this reading, in words.
  var nothingText: String {
    if strict { return "nil" }
    switch getter {
    case .bool: return "false"
    case .integer, .float, .double: return "0"
    default: return "nil"
    }
  }

  private static func integerPart(_ number: Double) -> String {
    guard number.isFinite, abs(number) < 9.2e18 else { return "0" }
    return String(Int64(number.rounded(.towardZero)))
  }
}

extension DefaultsGetter {
  /// The Swift type a strict read of this getter casts to, for messages.
  var swiftTypeName: String {
    switch self {
    case .bool: "Bool"
    case .integer: "Int"
    case .float: "Float"
    case .double: "Double"
    case .string: "String"
    case .stringArray: "[String]"
    case .array: "[Any]"
    case .dictionary: "[String: Any]"
    case .data: "Data"
    case .url: "URL"
    case .object: "Any"
    }
  }
}

/// How `NSString` reads numbers and booleans out of text (Apple's
/// documentation of `boolValue`, `integerValue` and `doubleValue`): leading
/// white space is skipped, then an optional sign and the digits.
enum NumericText {
  private static func trimmed(_ text: String) -> Substring {
    text.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
  }

  /// Whether the whole text (white space around it aside) is an integer.
  static func isInteger(_ text: String) -> Bool {
    var digits = Substring(trimmed(text).trimmingCharacters(in: .whitespacesAndNewlines))
    if digits.first == "+" || digits.first == "-" { digits.removeFirst() }
    return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
  }

  /// Whether the whole text is a decimal number.
  static func isNumber(_ text: String) -> Bool {
    let body = trimmed(text).trimmingCharacters(in: .whitespacesAndNewlines)
    guard let first = body.unicodeScalars.first,
      first == "+" || first == "-" || first == "." || ("0"..."9").contains(first)
    else { return false }
    return Double(body) != nil
  }

  /// Whether the text spells a boolean as people write one: YES/NO, true/false
  /// (any case), or a number.
  static func isBooleanSpelling(_ text: String) -> Bool {
    let body = trimmed(text).trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    return ["yes", "no", "true", "false"].contains(body) || isNumber(body)
  }

  /// `NSString.boolValue`: true on Y, y, T, t or a digit 1–9 after white space,
  /// a sign and zeros.
  static func boolValue(_ text: String) -> Bool {
    var rest = trimmed(text)
    if rest.first == "+" || rest.first == "-" { rest.removeFirst() }
    rest = rest.drop { $0 == "0" }
    guard let first = rest.first else { return false }
    return "YyTt123456789".contains(first)
  }

  /// `NSString.integerValue`: the leading integer, or 0.
  static func integerValue(_ text: String) -> Int64 {
    var rest = trimmed(text)
    var sign: Int64 = 1
    if rest.first == "+" || rest.first == "-" {
      if rest.first == "-" { sign = -1 }
      rest.removeFirst()
    }
    var value: Int64 = 0
    for character in rest {
      guard character.isASCII, let digit = character.wholeNumberValue else { break }
      let (times, overflow) = value.multipliedReportingOverflow(by: 10)
      let (sum, overflow2) = times.addingReportingOverflow(Int64(digit))
      if overflow || overflow2 { return sign == 1 ? .max : .min }
      value = sum
    }
    return sign * value
  }
}
