/// The escape codes that turn the terminal's last screen into the next:
/// only the cells that changed, with cursor moves and style changes
/// between them.
///
/// ```swift
/// let bytes = ScreenDiff.ansi(from: previous, to: next, colors: true)
/// ```
///
/// `VirtualTerminal` parses these bytes back into cells, and a property
/// test checks that it then shows exactly `next`, for any screens.
public enum ScreenDiff {
  /// The output, and how many cells it writes (benchmarks check that only changes go out).
  public static func ansi(from previous: Screen?, to next: Screen, colors: Bool) -> (
    text: String, cellsWritten: Int
  ) {
    var output = ""
    var written = 0
    let base = previous.flatMap { $0.width == next.width && $0.height == next.height ? $0 : nil }
    if base == nil { output += "\u{1B}[0m\u{1B}[2J" }
    var currentStyle: Style? = nil
    var cursor: (x: Int, y: Int)? = nil
    var lastText = ""
    for y in 0..<next.height {
      for x in 0..<next.width {
        let cell = next[x, y]
        if cell.isContinuation { continue }
        if let base, base[x, y] == cell { continue }
        let text = cell.text.isEmpty ? " " : safe(cell.text)
        // A move also keeps two cells apart whose texts would join into one
        // character (two regional indicators, an emoji and a skin tone).
        let continues = cursor.map { $0.x == x && $0.y == y } ?? false
        if !continues || joins(lastText, text) {
          output += "\u{1B}[\(y + 1);\(x + 1)H"
        }
        let style = colors ? cell.style : cell.style.withoutColor
        if style != currentStyle {
          output += sgr(style)
          currentStyle = style
        }
        output += text
        lastText = text
        written += 1
        let advance = x + 1 < next.width && next[x + 1, y].isContinuation ? 2 : 1
        cursor = (x + advance, y)
      }
    }
    if currentStyle != nil { output += "\u{1B}[0m" }
    if let position = next.cursor {
      output += "\u{1B}[\(position.y + 1);\(position.x + 1)H\u{1B}[?25h"
    } else {
      output += "\u{1B}[?25l"
    }
    return (output, written)
  }

  static func sgr(_ style: Style) -> String {
    var codes = ["0"]
    if style.bold { codes.append("1") }
    if style.dim { codes.append("2") }
    if style.underline { codes.append("4") }
    if style.inverse { codes.append("7") }
    if let color = style.foreground { codes.append(String(30 + Int(color.rawValue))) }
    return "\u{1B}[" + codes.joined(separator: ";") + "m"
  }

  /// Whether `text` written right after `previous` would not read back as
  /// those two: they merge into one grapheme, or the characters pair up
  /// anew across them (`🇨` then `🇦🇾` reads as `🇨🇦` then `🇾`).
  static func joins(_ previous: String, _ text: String) -> Bool {
    guard let last = previous.last, let first = text.unicodeScalars.first else { return false }
    if let scalar = last.unicodeScalars.last, scalar.isASCII, first.isASCII, scalar != "\r" {
      return false
    }
    let combined = String(last) + text
    return combined.first?.unicodeScalars.count != last.unicodeScalars.count
      || combined.count != 1 + text.count
  }

  /// A cell's text with control characters replaced: a cell set by hand must
  /// not move the cursor or start an escape sequence.
  static func safe(_ text: String) -> String {
    func isControl(_ scalar: Unicode.Scalar) -> Bool {
      scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value)
    }
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    return String(
      String.UnicodeScalarView(text.unicodeScalars.map { isControl($0) ? "\u{FFFD}" : $0 }))
  }
}
