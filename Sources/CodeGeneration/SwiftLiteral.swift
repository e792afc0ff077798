import Foundation
import Plist
import SettingsSchema

/// Swift source for values read from a bundle: string literals that say
/// exactly the text (control, format and bidirectional characters escaped, so
/// the source reads as it compiles), numbers that round-trip, and property-list
/// values as Foundation objects.
///
/// ```swift
/// SwiftLiteral.string("a \"b\"\n")        // "\"a \\\"b\\\"\\n\""
/// SwiftLiteral.value(.real(0.5))           // "0.5"
/// ```
public enum SwiftLiteral {
  public static func string(_ text: String) -> String {
    QuotedLiteral.quote(text, escaping: needsEscape) {
      "\\u{\(String($0.value, radix: 16, uppercase: true))}"
    }
  }

  /// Characters that would not read as themselves in source, or end a line:
  /// the ones ``GeneratedCodeLimits`` says generated code escapes, so that
  /// lint reports names with them.
  static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    GeneratedCodeLimits.isEscaped(scalar)
  }

  public static func integer(_ value: Int64) -> String { String(value) }

  /// A `Double` literal that reads back as the same number.
  public static func real(_ value: Double) -> String {
    if value.isNaN { return "Double.nan" }
    if value.isInfinite { return value < 0 ? "-Double.infinity" : "Double.infinity" }
    let text = "\(value)"
    return text.contains(".") || text.contains("e") ? text : text + ".0"
  }

  /// A property-list value as a Foundation object expression, for `register(defaults:)`.
  public static func value(_ value: PlistValue) -> String {
    switch value {
    case .string(let text): string(text)
    case .integer(let number): integer(number)
    case .real(let number): real(number)
    case .bool(let flag): flag ? "true" : "false"
    case .date(let date):
      "Foundation.Date(timeIntervalSinceReferenceDate: \(real(date.timeIntervalSinceReferenceDate)))"
    case .data(let bytes):
      "Foundation.Data([\(bytes.map { "0x" + String($0, radix: 16, uppercase: true) }.joined(separator: ", "))] as [Swift.UInt8])"
    case .array(let items): "[\(items.map(Self.value).joined(separator: ", "))] as [Any]"
    case .dictionary(let entries):
      entries.isEmpty
        ? "[:] as [Swift.String: Any]"
        : "[\(entries.sorted { $0.key < $1.key }.map { "\(string($0.key.string)): \(Self.value($0.value))" }.joined(separator: ", "))] as [Swift.String: Any]"
    }
  }

  /// A value as the generated file writes it: as ``value(_:)`` says it, but
  /// a collection inside a collection goes through the file's typed helpers
  /// (`SettingsValueCoding.list([…])`), because `as [Any]` at each level
  /// makes swiftc's time double with each level (24 levels took 4 s, 30 took
  /// five minutes); through the helpers 64 levels take a tenth of a second.
  static func expression(_ value: PlistValue, nested: Bool = false) -> String {
    switch value {
    case .array(let items):
      let body = "[\(items.map { expression($0, nested: true) }.joined(separator: ", "))]"
      return nested ? "SettingsValueCoding.list(\(body))" : body + " as [Any]"
    case .dictionary(let entries):
      let body =
        entries.isEmpty
        ? "[:]"
        : "[\(entries.sorted { $0.key < $1.key }.map { "\(string($0.key.string)): \(expression($0.value, nested: true))" }.joined(separator: ", "))]"
      return nested ? "SettingsValueCoding.dictionary(\(body))" : body + " as [Swift.String: Any]"
    default:
      return Self.value(value)
    }
  }
}
