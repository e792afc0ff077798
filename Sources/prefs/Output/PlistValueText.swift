import Foundation
import Plist

extension PlistValue {
  /// How `prefs defaults read` prints a value on a terminal: a scalar bare
  /// (`42`, `true`, `text`), a container as indented OpenStep text; control
  /// characters escaped, and backslashes too, so that a stored backslash-n
  /// never looks like a stored newline.
  var readText: String { readText(forTerminal: true) }

  /// The same; into a pipe or file (`forTerminal` false) a string prints as
  /// stored, as macOS `defaults read` prints it, so that scripts get it back whole.
  ///
  /// ```swift
  /// PlistValue.string("a\nb").readText(forTerminal: true)   // a\nb, backslash doubled
  /// PlistValue.string("a\nb").readText(forTerminal: false)  // a\nb as stored
  /// ```
  func readText(forTerminal: Bool) -> String {
    switch self {
    case .string(let text):
      forTerminal ? text.escapingControlCharactersAndBackslashes : text
    case .array, .dictionary: openStepText(indent: 0)
    default: scalarText
    }
  }

  var scalarText: String {
    switch self {
    case .string(let text): text
    case .integer(let number): String(number)
    case .real(let number): "\(number)"
    case .bool(let flag): flag ? "true" : "false"
    case .date(let date): ProlepticGregorian.iso8601(date)
    case .data(let data): "<" + data.map { String(format: "%02x", $0) }.joined() + ">"
    case .array, .dictionary: openStepText(indent: 0)
    }
  }

  /// OpenStep property-list text, which prefs and Foundation read back.
  func openStepText(indent: Int) -> String {
    let pad = String(repeating: "    ", count: indent)
    switch self {
    case .string(let text): return Self.token(text)
    case .date: return Self.quoted(scalarText)
    case .array(let items):
      guard !items.isEmpty else { return "()" }
      return "(\n"
        + items.map { pad + "    " + $0.openStepText(indent: indent + 1) }.joined(separator: ",\n")
        + "\n" + pad + ")"
    case .dictionary(let entries):
      guard !entries.isEmpty else { return "{}" }
      return "{\n"
        + entries.sorted { $0.key < $1.key }.map { (key: PlistKey, value: PlistValue) -> String in
          pad + "    " + Self.token(key.string) + " = " + value.openStepText(indent: indent + 1)
            + ";"
        }.joined(separator: "\n") + "\n" + pad + "}"
    default: return scalarText
    }
  }

  /// A string bare when OpenStep syntax allows it (`celsiusPref`), else quoted.
  static func token(_ text: String) -> String {
    let bare =
      !text.isEmpty
      && text.unicodeScalars.allSatisfy {
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
          || "_$:./-".unicodeScalars.contains($0)
      }
    return bare ? text : quoted(text)
  }

  /// Quoted as a `.strings` table or OpenStep plist writes it.
  static func quoted(_ text: String) -> String { StringsWriter.quoted(text, forTerminal: true) }
}
