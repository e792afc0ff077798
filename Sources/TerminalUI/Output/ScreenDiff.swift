/// The escape codes that turn the terminal's last screen into the next:
/// only the cells that changed, with cursor moves and style changes
/// between them.
///
/// ```swift
/// let bytes = ScreenDiff.ansi(from: previous, to: next, colors: true)
/// ```
public enum ScreenDiff {
  /// The output, and how many cells it writes (benchmarks check that only changes go out).
  public static func ansi(from previous: Screen?, to next: Screen, colors: Bool) -> (
    text: String, cellsWritten: Int
  ) {
    var output = ""
    var written = 0
    let full = previous == nil || previous!.width != next.width || previous!.height != next.height
    if full { output += "\u{1B}[0m\u{1B}[2J" }
    var currentStyle: Style? = nil
    var cursor: (x: Int, y: Int)? = nil
    for y in 0..<next.height {
      for x in 0..<next.width {
        let cell = next[x, y]
        if cell.isContinuation { continue }
        if !full, let previous, previous[x, y] == cell,
          x + 1 >= next.width || previous[x + 1, y] == next[x + 1, y]
        {
          continue
        }
        if cursor == nil || cursor! != (x, y) { output += "\u{1B}[\(y + 1);\(x + 1)H" }
        let style = colors ? cell.style : cell.style.withoutColor
        if style != currentStyle {
          output += sgr(style)
          currentStyle = style
        }
        output += cell.text.isEmpty ? " " : cell.text
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
}
