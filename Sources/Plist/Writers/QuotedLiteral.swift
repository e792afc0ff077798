/// A double-quoted literal in the escapes the C family shares (`\"`, `\\`,
/// `\n`, `\r`, `\t`), with the other characters a format must escape written
/// in that format's own way. Swift source, `.strings` tables and JSON differ
/// only in which characters they escape and how.
///
/// ```swift
/// QuotedLiteral.quote("a\"\u{7}", escaping: { $0.value < 0x20 }) {
///   "\\u{\(String($0.value, radix: 16))}"
/// }
/// // "\"a\\\"\\u{7}\""
/// ```
public enum QuotedLiteral {
  public static func quote(
    _ text: String, escaping needsEscape: (Unicode.Scalar) -> Bool,
    as escape: (Unicode.Scalar) -> String
  ) -> String {
    var result = ""
    quote(text, into: &result, escaping: needsEscape, as: escape)
    return result
  }

  public static func quote(
    _ text: String, into result: inout String, escaping needsEscape: (Unicode.Scalar) -> Bool,
    as escape: (Unicode.Scalar) -> String
  ) {
    result += "\""
    // Most text needs no escape: appended whole, not a scalar at a time (the appends
    // were a tenth of `generate swift` of a large bundle).
    let plain = text.unicodeScalars.allSatisfy { scalar in
      switch scalar {
      case "\"", "\\", "\n", "\r", "\t": false
      default: !needsEscape(scalar)
      }
    }
    if plain {
      result += text
      result += "\""
      return
    }
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      default:
        if needsEscape(scalar) {
          result += escape(scalar)
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    result += "\""
  }
}
