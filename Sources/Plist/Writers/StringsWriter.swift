import Foundation

/// Writes `.strings` tables: each entry's comments, then `"key" = "value";`,
/// a blank line between entries, in the order given, with every character
/// that must be escaped escaped, so that CoreFoundation reads back exactly
/// the pairs written. Writing what was read gives the same bytes again.
///
/// ```swift
/// let bytes = StringsWriter.write(table, encoding: .utf16LittleEndianWithBOM)
/// ```
public enum StringsWriter {
  /// The encodings a table is written in: UTF-8, or UTF-16 with a byte order mark.
  public static func write(_ file: StringsFile, encoding: TextEncoding? = nil) -> [UInt8] {
    var text = ""
    for (index, entry) in file.entries.enumerated() {
      if index > 0 { text += "\n" }
      for comment in entry.comments { text += commentText(comment) + "\n" }
      text += quoted(entry.key)
      if entry.isShorthand, entry.value.string == entry.key {
        text += ";\n"
      } else {
        text += " = " + valueText(entry.value) + ";\n"
      }
    }
    if !file.trailingComments.isEmpty, !file.entries.isEmpty { text += "\n" }
    for comment in file.trailingComments { text += commentText(comment) + "\n" }
    // iOS rejects a file of 0 bytes: an empty table is one empty line.
    if text.isEmpty { text = "\n" }
    return encode(text, as: encoding ?? file.encoding)
  }

  static func commentText(_ comment: PlistComment) -> String {
    switch comment.style {
    case .block: "/*\(comment.text)*/"
    case .line: "//\(comment.text)"
    // A table has no XML comments; one moved into it must not end early at a `*/` it holds.
    case .xml where comment.text.contains("*/"):
      "//" + comment.text.split(whereSeparator: \.isNewline).joined(separator: " ")
    case .xml: "/*\(comment.text)*/"
    }
  }

  /// A quoted string as CoreFoundation's old-style parser reads it back.
  /// `forTerminal` also escapes the bidi overrides and line separators a
  /// terminal would act on (a table keeps them as written: right-to-left
  /// translations use them).
  ///
  /// ```swift
  /// StringsWriter.quoted("a\u{202E}b", forTerminal: true)  // "\"a\\U202Eb\""
  /// ```
  public static func quoted(_ text: String, forTerminal: Bool = false) -> String {
    QuotedLiteral.quote(
      text,
      escaping: { scalar in
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
          || (forTerminal && scalar.needsEscapingForTerminal)
      },
      as: { "\\U" + String(format: "%04X", $0.value) })
  }

  static func valueText(_ node: PlistNode) -> String {
    switch node.content {
    case .string(let text): quoted(text)
    case .array(let items): "(" + items.map(valueText).joined(separator: ", ") + ")"
    case .dictionary(let entries):
      "{ "
        + entries.map { quoted($0.key) + " = " + valueText($0.value) + ";" }.joined(separator: " ")
        + " }"
    case .data(let data): "<" + data.map { String(format: "%02x", $0) }.joined() + ">"
    case .integer(let number): quoted(String(number))
    case .real(let number): quoted(String(number))
    case .bool(let flag): quoted(flag ? "YES" : "NO")
    case .date(let date): quoted(ProlepticGregorian.iso8601(date))
    }
  }

  static func encode(_ text: String, as encoding: TextEncoding) -> [UInt8] {
    switch encoding {
    case .utf16LittleEndianWithBOM, .utf16LittleEndianWithoutBOM:
      return [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    case .utf16BigEndianWithBOM, .utf16BigEndianWithoutBOM:
      return [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    case .utf8WithBOM:
      return [0xEF, 0xBB, 0xBF] + Array(text.utf8)
    default:
      return Array(text.utf8)
    }
  }
}
