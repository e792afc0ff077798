import TerminalUI
import Testing

/// The virtual terminal draws what the bytes say, as xterm does.
struct VirtualTerminalTests {
  @Test func cursorMovesStylesAndErases() {
    var terminal = VirtualTerminal(width: 10, height: 3)
    terminal.write("abc\u{1B}[2;4H\u{1B}[1;31mX\u{1B}[0mY\r\nnext")
    #expect(terminal.screen.plainText == "abc\n   XY\nnext")
    #expect(terminal.screen[3, 1].style == Style(foreground: .red, bold: true))
    #expect(terminal.screen[4, 1].style == .plain)
    terminal.write("\u{1B}[1;2H\u{1B}[K\u{1B}[3;2H\u{1B}[1K")
    #expect(terminal.screen.plainText == "a\n   XY\n  xt")
    terminal.write("\u{1B}[2J")
    #expect(terminal.screen.plainText == "\n\n")
    terminal.write("\u{1B}[5G5\u{1B}[2A\u{1B}[2Cu\u{1B}[B\u{1B}[3Dd")
    #expect(terminal.screen.plainText == "       u\n     d\n    5")
    #expect(terminal.unrecognized.isEmpty)
  }

  @Test func wideCharactersTakeTwoCellsAndAreNeverLeftHalved() {
    var terminal = VirtualTerminal(width: 6, height: 2)
    terminal.write("日本x")
    #expect(terminal.screen.plainText == "日本x\n")
    #expect(terminal.screen[1, 0].isContinuation)
    // A narrow character over the right half blanks the left one.
    terminal.write("\u{1B}[1;2Ha")
    #expect(terminal.screen.plainText == " a本x\n")
    // A wide character that does not fit in the last column wraps.
    terminal.write("\u{1B}[1;6H月")
    #expect(terminal.screen.plainText == " a本x\n月")
    // Combining marks join the character before them.
    terminal.write("\u{1B}[2;4He\u{301}")
    #expect(terminal.screen[3, 1].text == "e\u{301}")
  }

  @Test func theLastColumnWrapsOnlyWhenMoreFollows() {
    var terminal = VirtualTerminal(width: 3, height: 2)
    terminal.write("\u{1B}[2;1Habc")
    #expect(terminal.screen.plainText == "\nabc")
    terminal.write("d")
    #expect(terminal.screen.plainText == "abc\nd", "the screen scrolled")
  }

  @Test func theAlternateScreenIsLeftAsTheMainScreenWas() {
    var terminal = VirtualTerminal(width: 8, height: 2)
    terminal.write("$ prefs")
    terminal.start()
    #expect(terminal.isAlternateScreen && !terminal.cursorVisible)
    #expect(terminal.screen.plainText == "\n")
    terminal.write("form")
    terminal.restore()
    #expect(!terminal.isAlternateScreen && terminal.cursorVisible)
    #expect(terminal.screen.plainText == "$ prefs\n")
    #expect(terminal.screen.cursor == Screen.Position(x: 7, y: 0))
  }

  @Test func unknownSequencesAreKeptAndStringsSkipped() {
    var terminal = VirtualTerminal(width: 8, height: 1)
    terminal.write("\u{1B}]0;title\u{7}a\u{1B}[48;5;1mb\u{1B}[?2026hc\u{1B}(Bd")
    #expect(terminal.screen.plainText == "abcd")
    #expect(
      terminal.unrecognized == [
        "\u{1B}]0;title\u{7}", "\u{1B}[48m", "\u{1B}[5m", "\u{1B}[?2026h", "\u{1B}(B",
      ])
  }

  @Test func resizingKeepsWhatFitsAndReportsIt() {
    var terminal = VirtualTerminal(width: 6, height: 2)
    terminal.write("abcd日\r\nxyz")
    terminal.resize(width: 5, height: 1)
    #expect(terminal.screen.plainText == "abcd")
    #expect(terminal.size == (5, 1))
    let inbox = TerminalInbox()
    let events = terminal.events(timeout: 0, inbox: inbox)
    guard case .resize(5, 1)? = events?.first else {
      Issue.record("no resize event: \(String(describing: events))")
      return
    }
    #expect(terminal.events(timeout: 0, inbox: inbox) == nil, "the input has ended")
  }

  @Test func bytesAreDecodedAsTheRealTerminalDecodesThem() {
    var terminal = VirtualTerminal(width: 4, height: 1)
    terminal.send(bytes: Array("\u{1B}[Aj\u{3}".utf8))
    let inbox = TerminalInbox()
    var keys: [Key] = []
    while let events = terminal.events(timeout: 0, inbox: inbox) {
      for case .key(let key) in events { keys.append(key) }
    }
    #expect(keys == [.up, .character("j"), .ctrl("c")])
  }

  /// A cell set by hand with a control character cannot reach the terminal as one.
  @Test func theDiffNeverWritesControlCharacters() {
    var screen = Screen(width: 4, height: 1)
    screen[0, 0] = Cell("\u{1B}")
    screen[1, 0] = Cell("\u{9B}")
    let text = ScreenDiff.ansi(from: nil, to: screen, colors: true).text
    #expect(!text.unicodeScalars.contains { $0.value == 0x9B })
    #expect(text.filter { $0 == "\u{1B}" }.count == text.components(of: "\u{1B}[").count)
    var terminal = VirtualTerminal(width: 4, height: 1)
    terminal.write(text)
    #expect(terminal.screen.plainText == "\u{FFFD}\u{FFFD}")
  }

  /// Found by the property test: cells whose texts pair up anew when
  /// written one after the other are kept apart by a cursor move.
  @Test(arguments: [
    ["🇨", "🇦🇾"], ["🇦", "🇧"], ["😀", "🏽"], ["\u{1100}", "\u{1161}"], ["a", "b"],
  ])
  func cellsThatWouldJoinAreWrittenApart(texts: [String]) {
    var screen = Screen(width: 8, height: 1)
    var x = 0
    for text in texts { x = screen.put(text, x: x, y: 0) }
    var terminal = VirtualTerminal(width: 8, height: 1)
    terminal.write(ScreenDiff.ansi(from: nil, to: screen, colors: true).text)
    #expect(terminal.screen == screen)
  }

  @Test func diffsWriteOnlyWhatChanged() {
    var before = Screen(width: 10, height: 2)
    before.put("hello", x: 0, y: 0)
    var after = before
    after.put("J", x: 0, y: 1)
    #expect(ScreenDiff.ansi(from: before, to: after, colors: true).cellsWritten == 1)
    #expect(ScreenDiff.ansi(from: nil, to: after, colors: true).cellsWritten == 20)
    after.put("p", x: 3, y: 0)
    #expect(ScreenDiff.ansi(from: before, to: after, colors: true).cellsWritten == 2)
  }
}

extension String {
  fileprivate func components(of separator: String) -> [Substring] {
    var parts: [Substring] = []
    var rest = self[...]
    while let range = rest.firstRange(of: separator) {
      parts.append(rest[..<range.lowerBound])
      rest = rest[range.upperBound...]
    }
    return parts
  }
}
