import Foundation

extension PlistValue {
  /// A scalar as one line of text (`42`, `true`, `2024-01-01T00:00:00Z`,
  /// `<0a0b>`), a string as stored; a container as ``openStepText(indent:)``.
  ///
  /// ```swift
  /// PlistValue.real(0.5).scalarText  // "0.5"
  /// ```
  public var scalarText: String {
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

  /// OpenStep property-list text, which prefs and Foundation read back:
  /// dictionary keys sorted, four spaces a level, strings bare when OpenStep
  /// syntax allows it and quoted (with control characters escaped) otherwise.
  ///
  /// ```swift
  /// PlistValue.dictionary(["a b": .integer(1)]).openStepText(indent: 0)
  /// // {\n    "a b" = 1;\n}
  /// ```
  public func openStepText(indent: Int) -> String { openStepText(indent: indent, dataText: nil) }

  /// The same, with each data value shown as `dataText` gives it (its bytes
  /// and the indent of the line it starts on) where that gives text: how
  /// `defaults read` shows an archive in a domain.
  public func openStepText(indent: Int, dataText: ((Data, Int) -> String?)?) -> String {
    let pad = String(repeating: "    ", count: indent)
    switch self {
    case .string(let text): return Self.openStepToken(text)
    case .date: return Self.openStepQuoted(scalarText)
    case .data(let data): return dataText?(data, indent) ?? scalarText
    case .array(let items):
      guard !items.isEmpty else { return "()" }
      return "(\n"
        + items.map { pad + "    " + $0.openStepText(indent: indent + 1, dataText: dataText) }
        .joined(separator: ",\n")
        + "\n" + pad + ")"
    case .dictionary(let entries):
      guard !entries.isEmpty else { return "{}" }
      return "{\n"
        + entries.sorted { $0.key < $1.key }.map { (key: PlistKey, value: PlistValue) -> String in
          pad + "    " + Self.openStepToken(key.string) + " = "
            + value.openStepText(indent: indent + 1, dataText: dataText) + ";"
        }.joined(separator: "\n") + "\n" + pad + "}"
    default: return scalarText
    }
  }

  /// A string bare when OpenStep syntax allows it (`celsiusPref`), else quoted.
  public static func openStepToken(_ text: String) -> String {
    let bare =
      !text.isEmpty
      && text.unicodeScalars.allSatisfy {
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
          || "_$:./-".unicodeScalars.contains($0)
      }
    return bare ? text : openStepQuoted(text)
  }

  /// Quoted as a `.strings` table or OpenStep plist writes it.
  public static func openStepQuoted(_ text: String) -> String {
    StringsWriter.quoted(text, forTerminal: true)
  }
}
