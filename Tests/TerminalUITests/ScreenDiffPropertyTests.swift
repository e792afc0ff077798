import PropertyBased
import TerminalUI
import Testing

/// For any sequence of screens, a terminal fed the diff's bytes shows
/// exactly the target screen: its cells, their styles and the cursor.
struct ScreenDiffPropertyTests {
  /// Text that is hard to draw: wide characters, emoji and their skin tones,
  /// combining marks, regional indicators, Hangul jamo that join, control characters.
  static let characters = Gen<Character>.oneOf(
    Gen.character(in: "a"..."z"), Gen.character(in: " "..."~"), Gen.character(in: "À"..."ʯ"),
    Gen.character(in: "\u{4E00}"..."\u{4E50}"), Gen.character(in: "\u{1F600}"..."\u{1F64F}"),
    Gen.character(in: "\u{1F3FB}"..."\u{1F3FF}"), Gen.character(in: "\u{0300}"..."\u{036F}"),
    Gen.character(in: "\u{1F1E6}"..."\u{1F1FF}"), Gen.character(in: "\u{1100}"..."\u{1112}"),
    Gen.character(in: "\u{1161}"..."\u{1175}"), Gen.character(in: "\u{0}"..."\u{1F}"),
    Gen.character(in: "\u{7F}"..."\u{9F}"))

  /// One drawing operation: where, what, in which style (bits), and whether it fills instead.
  static let operation = zip(
    Gen.int(in: -2...13), Gen.int(in: -1...6), characters.string(of: 0...7), Gen.int(in: 0...511))

  /// A frame: its operations, the cursor (negative: hidden), and a resize (0: none).
  static let frame = zip(operation.array(of: 0...14), Gen.int(in: -30...60), Gen.int(in: 0...6))

  @Test func theVirtualTerminalShowsWhatTheDiffWasAskedToDraw() async {
    await propertyCheck(
      count: 400, input: Gen.int(in: 1...12), Gen.int(in: 1...6), Self.frame.array(of: 1...6)
    ) { width, height, frames in
      var size = (width: width, height: height)
      var terminal = VirtualTerminal(width: width, height: height)
      var previous: Screen?
      for (operations, cursor, resize) in frames {
        if resize > 4 {
          size = (width: 1 + (size.width * 7 + resize) % 12, height: 1 + (size.height + resize) % 6)
          terminal.resize(width: size.width, height: size.height)
        }
        let next = Self.screen(size, operations, cursor)
        terminal.write(ScreenDiff.ansi(from: previous, to: next, colors: true).text)
        #expect(
          terminal.screen == next, "\(Self.describe(terminal.screen)) ≠ \(Self.describe(next))")
        #expect(terminal.unrecognized.isEmpty)
        previous = next
      }
    }
  }

  static func screen(
    _ size: (width: Int, height: Int), _ operations: [(Int, Int, String, Int)], _ cursor: Int
  ) -> Screen {
    var screen = Screen(width: size.width, height: size.height)
    for (x, y, text, bits) in operations {
      let style = Style(
        foreground: bits & 7 == 0 ? nil : Style.Color(rawValue: UInt8(bits & 7)),
        bold: bits & 8 != 0, dim: bits & 16 != 0, inverse: bits & 32 != 0,
        underline: bits & 64 != 0)
      if bits & 256 != 0 {
        screen.fill(y: y, from: x, to: x + text.count, style: style)
      } else {
        screen.put(text, x: x, y: y, style: style, limit: bits & 128 != 0 ? 3 : nil)
      }
    }
    if cursor >= 0 {
      screen.cursor = Screen.Position(
        x: cursor % size.width, y: (cursor / size.width) % size.height)
    }
    return screen
  }

  static func describe(_ screen: Screen) -> String {
    screen.cells.map { $0.isContinuation ? "_" : $0.text.debugDescription }.joined(separator: " ")
  }
}
