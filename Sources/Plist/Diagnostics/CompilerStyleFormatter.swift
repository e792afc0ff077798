import TextWidth

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
