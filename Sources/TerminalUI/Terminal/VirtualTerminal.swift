import TextWidth

/// A terminal in memory, for tests: it takes scripted input (keys, bytes,
/// resizes) and parses every byte a program writes — cursor moves, styles,
/// erases, wide characters, line wrap, the alternate screen — into a grid of
/// cells, as xterm does. What a test reads from `screen` is therefore what
/// the escape codes drew, not what the program meant to draw.
///
/// ```swift
/// var terminal = VirtualTerminal(width: 20, height: 2)
/// terminal.write("\u{1B}[2;3H\u{1B}[1mOlá 日本")
/// terminal.screen.plainText  // "\n  Olá 日本"
/// ```
///
/// Text is taken a grapheme cluster at a time, as wide as `DisplayWidth`
/// measures it: the terminal the form is drawn for. Sequences it does not
/// know are kept in `unrecognized`, so a test can ask that there be none.
public struct VirtualTerminal: TerminalDevice, Sendable {
  public private(set) var size: (width: Int, height: Int)
  public let colors: Bool

  /// The main screen's cells, and the alternate screen's while it is shown.
  private var main: Screen
  private var alternate: Screen?
  private var cursor = Screen.Position(x: 0, y: 0)
  private var savedCursor: Screen.Position?
  /// Set after a character is written in the last column: the next one wraps (xterm's DECAWM).
  private var pendingWrap = false
  private var style = Style.plain
  private var parser = Parser()
  private var input: [TerminalEvent] = []
  private var decoder = KeyDecoder()

  /// Whether the cursor is shown.
  public private(set) var cursorVisible = true
  /// Whether the alternate screen is shown.
  public var isAlternateScreen: Bool { alternate != nil }
  /// Escape sequences and control characters this terminal did not act on.
  public private(set) var unrecognized: [String] = []
  /// How many cells the last `write` drew (a wide character counts once).
  public private(set) var cellsWrittenLastFrame = 0
  /// How many times a program wrote to it.
  public private(set) var writes = 0

  public init(width: Int, height: Int, colors: Bool = true) {
    size = (max(1, width), max(1, height))
    self.colors = colors
    main = Screen(width: size.width, height: size.height)
  }

  /// What is shown: the cells, and the cursor when it is visible.
  public var screen: Screen {
    var shown = alternate ?? main
    shown.cursor = cursorVisible ? cursor : nil
    return shown
  }

  // MARK: - Input

  /// Queues key presses, each one event (so a program draws after each).
  public mutating func press(_ keys: Key...) { press(keys) }

  public mutating func press(_ keys: [Key]) { input += keys.map(TerminalEvent.key) }

  /// Queues what a terminal sends for `bytes` (keys decoded as `ANSITerminal` decodes them).
  public mutating func send(bytes: [UInt8]) {
    press(decoder.decode(bytes, flush: true))
  }

  /// Queues an event as it is (a message, a resize already applied).
  public mutating func send(_ event: TerminalEvent) { input.append(event) }

  /// Resizes the window: the grid keeps what fits (as xterm does) and the
  /// program hears of it.
  public mutating func resize(width: Int, height: Int) {
    size = (max(1, width), max(1, height))
    main = Self.resized(main, to: size)
    alternate = alternate.map { Self.resized($0, to: size) }
    cursor.x = min(cursor.x, size.width - 1)
    cursor.y = min(cursor.y, size.height - 1)
    pendingWrap = false
    input.append(.resize(width: size.width, height: size.height))
  }

  /// Whether queued input is left.
  public var hasInput: Bool { !input.isEmpty }

  public mutating func events(timeout milliseconds: Int32, inbox: TerminalInbox) -> [TerminalEvent]?
  {
    let messages = inbox.take()
    if !messages.isEmpty { return messages.map(TerminalEvent.message) }
    guard !input.isEmpty else { return nil }
    return [input.removeFirst()]
  }

  // MARK: - Output

  public mutating func start() { write(ControlSequence.start) }

  public mutating func restore() { write(ControlSequence.restore) }

  public mutating func write(_ text: String) {
    writes += 1
    cellsWrittenLastFrame = 0
    var pending = ""
    for scalar in text.unicodeScalars {
      if parser.state == .ground, scalar.value >= 0xA0 || (0x20..<0x7F).contains(scalar.value) {
        pending.unicodeScalars.append(scalar)
        continue
      }
      if !pending.isEmpty {
        print(pending)
        pending = ""
      }
      if let action = parser.feed(scalar) { perform(action) }
    }
    if !pending.isEmpty { print(pending) }
  }

  private var grid: Screen {
    get { alternate ?? main }
    set {
      if alternate != nil { alternate = newValue } else { main = newValue }
    }
  }

  private mutating func print(_ text: String) {
    for character in text {
      let width = DisplayWidth.of(character)
      if width == 0 {
        // A mark with nothing to stand on joins the cell before the cursor.
        var x = pendingWrap ? cursor.x : cursor.x - 1
        if x > 0, grid[x, cursor.y].isContinuation { x -= 1 }
        if x >= 0 {
          grid[x, cursor.y].text.append(contentsOf: String(character))
        }
        continue
      }
      guard width <= size.width else { continue }
      if pendingWrap || cursor.x + width > size.width {
        pendingWrap = false
        cursor.x = 0
        lineFeed()
      }
      clearHalves(x: cursor.x, width: width)
      grid[cursor.x, cursor.y] = Cell(String(character), style: style)
      if width == 2 {
        grid[cursor.x + 1, cursor.y] = Cell("", style: style, isContinuation: true)
      }
      cellsWrittenLastFrame += 1
      if cursor.x + width >= size.width {
        cursor.x = size.width - 1
        pendingWrap = true
      } else {
        cursor.x += width
      }
    }
  }

  /// Blanks the other half of a wide character that a write at `x` covers in part.
  private mutating func clearHalves(x: Int, width: Int) {
    let y = cursor.y
    if grid[x, y].isContinuation, x > 0 { grid[x - 1, y] = .blank }
    let last = x + width - 1
    if last + 1 < size.width, grid[last + 1, y].isContinuation { grid[last + 1, y] = .blank }
  }

  private mutating func lineFeed() {
    if cursor.y + 1 < size.height {
      cursor.y += 1
      return
    }
    // Scrolls up a line at the bottom.
    var scrolled = Screen(width: size.width, height: size.height)
    for y in 1..<size.height {
      for x in 0..<size.width { scrolled[x, y - 1] = grid[x, y] }
    }
    grid = scrolled
  }

  private mutating func perform(_ action: Parser.Action) {
    switch action {
    case .control(let byte):
      switch byte {
      case 0x0D:
        cursor.x = 0
        pendingWrap = false
      case 0x0A, 0x0B, 0x0C:
        pendingWrap = false
        lineFeed()
      case 0x08:
        pendingWrap = false
        cursor.x = max(0, cursor.x - 1)
      case 0x09:
        cursor.x = min(size.width - 1, (cursor.x / 8 + 1) * 8)
      case 0x07:
        break
      default:
        unrecognized.append(String(Unicode.Scalar(byte)))
      }
    case .escape(let final):
      switch final {
      case "7": savedCursor = cursor
      case "8": restoreCursor()
      default: unrecognized.append("\u{1B}" + final)
      }
    case .csi(let parameters, let final):
      csi(parameters, final)
    case .ignored(let sequence):
      unrecognized.append(sequence)
    }
  }

  private mutating func restoreCursor() {
    if let saved = savedCursor {
      cursor = Screen.Position(x: min(saved.x, size.width - 1), y: min(saved.y, size.height - 1))
    }
    pendingWrap = false
  }

  private mutating func csi(_ parameters: String, _ final: Character) {
    let isPrivate = parameters.hasPrefix("?")
    let numbers = (isPrivate ? String(parameters.dropFirst()) : parameters)
      .split(separator: ";", omittingEmptySubsequences: false)
      .map { Int($0) }
    func number(_ index: Int, _ fallback: Int) -> Int {
      index < numbers.count
        ? (numbers[index].map { $0 == 0 ? fallback : $0 } ?? fallback) : fallback
    }
    let known: Bool
    if isPrivate {
      known = privateMode(numbers.compactMap { $0 }, set: final == "h", final: final)
    } else {
      known = true
      switch final {
      case "H", "f":
        moveTo(x: number(1, 1) - 1, y: number(0, 1) - 1)
      case "A": moveTo(x: cursor.x, y: cursor.y - number(0, 1))
      case "B": moveTo(x: cursor.x, y: cursor.y + number(0, 1))
      case "C": moveTo(x: cursor.x + number(0, 1), y: cursor.y)
      case "D": moveTo(x: cursor.x - number(0, 1), y: cursor.y)
      case "E": moveTo(x: 0, y: cursor.y + number(0, 1))
      case "F": moveTo(x: 0, y: cursor.y - number(0, 1))
      case "G": moveTo(x: number(0, 1) - 1, y: cursor.y)
      case "d": moveTo(x: cursor.x, y: number(0, 1) - 1)
      case "J": eraseDisplay(numbers.first.flatMap { $0 } ?? 0)
      case "K": eraseLine(numbers.first.flatMap { $0 } ?? 0)
      case "X":
        erase(y: cursor.y, from: cursor.x, to: min(size.width, cursor.x + number(0, 1)))
      case "m": selectGraphicRendition(numbers)
      case "s": savedCursor = cursor
      case "u": restoreCursor()
      default:
        unrecognized.append("\u{1B}[" + parameters + String(final))
        return
      }
    }
    if !known { unrecognized.append("\u{1B}[" + parameters + String(final)) }
  }

  private mutating func moveTo(x: Int, y: Int) {
    cursor = Screen.Position(x: min(max(0, x), size.width - 1), y: min(max(0, y), size.height - 1))
    pendingWrap = false
  }

  /// DEC private modes (`ESC [ ? n h` / `l`); false for one it does not know.
  private mutating func privateMode(_ modes: [Int], set: Bool, final: Character) -> Bool {
    guard final == "h" || final == "l" else { return false }
    var known = true
    for mode in modes {
      switch mode {
      case 25: cursorVisible = set
      case 1049:
        if set {
          savedCursor = cursor
          alternate = Screen(width: size.width, height: size.height)
        } else {
          alternate = nil
          restoreCursor()
        }
      case 47, 1047:
        alternate = set ? (alternate ?? Screen(width: size.width, height: size.height)) : nil
      case 7, 12, 1000, 1002, 1003, 1004, 1006, 2004:
        // Autowrap, blinking and mouse or paste reports: no effect on the grid.
        break
      default:
        known = false
      }
    }
    return known
  }

  private mutating func eraseDisplay(_ mode: Int) {
    switch mode {
    case 0:
      erase(y: cursor.y, from: cursor.x, to: size.width)
      for y in (cursor.y + 1)..<max(cursor.y + 1, size.height) {
        erase(y: y, from: 0, to: size.width)
      }
    case 1:
      for y in 0..<cursor.y { erase(y: y, from: 0, to: size.width) }
      erase(y: cursor.y, from: 0, to: cursor.x + 1)
    case 2, 3:
      for y in 0..<size.height { erase(y: y, from: 0, to: size.width) }
    default:
      unrecognized.append("\u{1B}[\(mode)J")
    }
  }

  private mutating func eraseLine(_ mode: Int) {
    switch mode {
    case 0: erase(y: cursor.y, from: cursor.x, to: size.width)
    case 1: erase(y: cursor.y, from: 0, to: cursor.x + 1)
    case 2: erase(y: cursor.y, from: 0, to: size.width)
    default: unrecognized.append("\u{1B}[\(mode)K")
    }
  }

  /// Blanks columns `from..<to` of row `y`, and the halves of wide characters cut at the edges.
  private mutating func erase(y: Int, from start: Int, to end: Int) {
    guard start < end else { return }
    if grid[start, y].isContinuation, start > 0 { grid[start - 1, y] = .blank }
    if end < size.width, grid[end, y].isContinuation { grid[end, y] = .blank }
    for x in start..<end { grid[x, y] = .blank }
    pendingWrap = false
  }

  private mutating func selectGraphicRendition(_ codes: [Int?]) {
    for code in codes.map({ $0 ?? 0 }) {
      switch code {
      case 0: style = .plain
      case 1: style.bold = true
      case 2: style.dim = true
      case 4: style.underline = true
      case 7: style.inverse = true
      case 22:
        style.bold = false
        style.dim = false
      case 24: style.underline = false
      case 27: style.inverse = false
      case 30...37: style.foreground = Style.Color(rawValue: UInt8(code - 30))
      case 39: style.foreground = nil
      default: unrecognized.append("\u{1B}[\(code)m")
      }
    }
  }

  private static func resized(_ screen: Screen, to size: (width: Int, height: Int)) -> Screen {
    var resized = Screen(width: size.width, height: size.height)
    for y in 0..<min(screen.height, size.height) {
      for x in 0..<min(screen.width, size.width) { resized[x, y] = screen[x, y] }
      // A wide character cut at the new edge leaves a blank.
      let last = size.width - 1
      if size.width < screen.width, !resized[last, y].isContinuation,
        screen[last + 1, y].isContinuation
      {
        resized[last, y] = .blank
      }
    }
    return resized
  }
}

extension VirtualTerminal {
  /// ECMA-48's parser states, reduced to what a screen needs: text, C0
  /// controls, `ESC x`, CSI with parameters, and strings (OSC, DCS, …) skipped whole.
  struct Parser: Sendable {
    enum State: Sendable, Equatable {
      case ground, escape, csi, string
      /// `ESC (` and the like: one more character names a character set.
      case designation
    }

    enum Action: Sendable {
      case control(UInt8)
      case escape(String)
      case csi(parameters: String, final: Character)
      case ignored(String)
    }

    var state = State.ground
    var collected = ""

    mutating func feed(_ scalar: Unicode.Scalar) -> Action? {
      let value = scalar.value
      switch state {
      case .ground:
        if value == 0x1B {
          state = .escape
          return nil
        }
        return value < 0x20 || (0x7F..<0xA0).contains(value) ? .control(UInt8(value)) : nil
      case .escape:
        switch scalar {
        case "[":
          state = .csi
          collected = ""
          return nil
        case "]", "P", "X", "^", "_":
          state = .string
          collected = "\u{1B}" + String(scalar)
          return nil
        case "(", ")", "*", "+":
          collected = "\u{1B}" + String(scalar)
          state = .designation
          return nil
        default:
          state = .ground
          return .escape(String(scalar))
        }
      case .designation:
        state = .ground
        return .ignored(collected + String(scalar))
      case .csi:
        if (0x20...0x3F).contains(value) {
          collected.unicodeScalars.append(scalar)
          if collected.unicodeScalars.count > 64 {
            state = .ground
            return .ignored("\u{1B}[" + collected)
          }
          return nil
        }
        state = .ground
        if (0x40...0x7E).contains(value) {
          return .csi(parameters: collected, final: Character(scalar))
        }
        return .ignored("\u{1B}[" + collected + String(scalar))
      case .string:
        if value == 0x07 || (value == 0x5C && collected.hasSuffix("\u{1B}")) {
          state = .ground
          return .ignored(collected + String(scalar))
        }
        collected.unicodeScalars.append(scalar)
        return nil
      }
    }
  }
}
