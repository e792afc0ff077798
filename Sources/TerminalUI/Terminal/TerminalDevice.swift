/// What a `Program` runs on: the real terminal (`ANSITerminal`) or one in
/// memory (`VirtualTerminal`). Bytes go out, events come in; the program
/// never touches a file descriptor.
///
/// ```swift
/// var terminal = VirtualTerminal(width: 40, height: 10)
/// terminal.press(.down, .character("q"))
/// let outcome = program.run(on: &terminal)
/// ```
public protocol TerminalDevice {
  /// The window's size in cells.
  var size: (width: Int, height: Int) { get }
  /// Whether colours may be written (not under `NO_COLOR` or `TERM=dumb`).
  var colors: Bool { get }
  /// Takes the screen over: the alternate screen, cleared, the cursor hidden.
  mutating func start()
  /// Writes escape codes and text as they are.
  mutating func write(_ text: String)
  /// Waits up to `milliseconds` for input or a message posted to `inbox`
  /// and returns what came (nothing when the time ran out); nil once the
  /// input has ended and nothing more will come.
  mutating func events(timeout milliseconds: Int32, inbox: TerminalInbox) -> [TerminalEvent]?
  /// Gives the screen back as it was found. Safe to call twice.
  mutating func restore()
}

/// The escape codes a program writes besides the diff's, in one place so the
/// real and the virtual terminal agree on them.
public enum ControlSequence {
  /// xterm's alternate screen (saves the cursor and clears), the cursor hidden, the screen cleared.
  public static let start = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J"
  /// Plain style, the cursor shown, the main screen back (with its cursor).
  public static let restore = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
}
