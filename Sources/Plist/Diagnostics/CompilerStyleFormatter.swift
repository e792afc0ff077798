/// Renders a finding the way compilers do:
///
/// ```
/// Root.plist:12:5: error: Missing ';' [plist-syntax]
///     <string>oops
///     ^
/// ```
///
/// Every piece of text taken from a file is escaped, so the output is safe on
/// a terminal.
///
/// ```swift
/// let text = CompilerStyleFormatter.format(
///   file: "Root.strings", severity: .error, message: "Missing ';'", place: issue.place)
/// ```
public enum CompilerStyleFormatter {
  public static func format(
    file: String, severity: Severity, message: String, place: IssuePlace?, ruleID: String? = nil,
    colored: Bool = false
  ) -> String {
    var output = ""
    format(
      file: file, severity: severity, message: message, place: place, ruleID: ruleID,
      colored: colored, into: &output)
    return output
  }

  /// Appends the finding to `output`, for reporters that write many into one buffer.
  public static func format(
    file: String, severity: Severity, message: String, place: IssuePlace?, ruleID: String?,
    colored: Bool, into output: inout String
  ) {
    let style = TerminalStyle(enabled: colored)
    if colored { output += "\u{1B}[1m" }
    output += file.escapingControlCharacters
    var snippet: SourceSnippet?
    switch place {
    case .text(let found)?:
      output += ":"
      output += String(found.location.line)
      output += ":"
      output += String(found.location.column)
      snippet = found
    case .keyPath(let path)?:
      output += ": "
      output += path.escapingControlCharacters
    case nil:
      break
    }
    output += ":"
    if colored { output += "\u{1B}[0m" }
    output += " "
    output += style.severity(severity)
    output += " "
    output += style.bold(message.escapingControlCharacters)
    if let ruleID {
      output += " ["
      output += ruleID.escapingControlCharacters
      output += "]"
    }
    guard let snippet else { return }
    let (line, caretColumn) = visibleLine(snippet)
    output += "\n"
    output += line
    output += "\n"
    output += String(repeating: " ", count: caretColumn)
    output += style.caret("^")
  }

  /// The escaped line and the display column of the caret in it. A long
  /// line is cut to a window around the caret, marked with `…`.
  private static func visibleLine(_ snippet: SourceSnippet) -> (String, Int) {
    let window = 100
    // Most lines are short printable ASCII: shown as they are, one column per byte.
    let utf8 = snippet.lineText.utf8
    if utf8.count <= window, utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
      return (snippet.lineText, min(max(0, snippet.location.column - 1), utf8.count))
    }
    let scalars = Array(snippet.lineText.unicodeScalars)
    let caretIndex = max(0, snippet.location.column - 1)
    let start = caretIndex > window ? caretIndex - window / 2 : 0
    let end = min(scalars.count, start + window * 3 / 2)
    var line = start > 0 ? "…" : ""
    var caretColumn = start > 0 ? 1 : 0
    for index in start..<max(start, end) {
      let scalar = scalars[index]
      let piece = scalar == "\t" ? " " : String(scalar).escapingControlCharacters
      if index < caretIndex { caretColumn += DisplayWidth.of(piece) }
      line += piece
    }
    if end < scalars.count { line += "…" }
    return (line, caretColumn)
  }
}

/// ANSI colours for compiler-style output, as clang uses them; a no-op when disabled.
struct TerminalStyle {
  var enabled: Bool

  func wrap(_ text: String, _ code: String) -> String {
    enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }

  func bold(_ text: String) -> String { wrap(text, "1") }
  func caret(_ text: String) -> String { wrap(text, "1;32") }

  func severity(_ severity: Severity) -> String {
    let label = severity.rawValue + ":"
    switch severity {
    case .error: return wrap(label, "1;31")
    case .warning: return wrap(label, "1;35")
    case .note: return wrap(label, "1;36")
    }
  }
}

/// Terminal display width of text: East Asian wide characters and emoji take
/// two columns, combining marks none.
public enum DisplayWidth {
  public static func of(_ text: String) -> Int {
    var width = 0
    for character in text {
      width += of(character)
    }
    return width
  }

  public static func of(_ character: Character) -> Int {
    guard let first = character.unicodeScalars.first else { return 0 }
    if character.unicodeScalars.count > 1,
      character.unicodeScalars.contains(where: {
        $0.value == 0xFE0F || $0.properties.isEmojiPresentation
      })
    {
      return 2
    }
    return of(first)
  }

  public static func of(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value == 0 { return 0 }
    if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if value == 0x200B { return 0 }
    if scalar.properties.isEmojiPresentation { return 2 }
    switch value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
      return 2
    default:
      return 1
    }
  }
}
