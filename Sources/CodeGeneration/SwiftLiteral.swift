import Foundation
import Plist

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

  /// Characters that would not read as themselves in source: controls,
  /// invisible format characters (bidirectional overrides among them),
  /// separators other than the space, and what is not assigned.
  static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    // Most text is ASCII: answer it without a Unicode table lookup.
    if scalar.isASCII { return scalar.value < 0x20 || scalar.value == 0x7F }
    return switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse,
      .unassigned:
      true
    case .spaceSeparator: scalar != " "
    default: false
    }
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
}
