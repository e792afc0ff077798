#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The real terminal: raw mode, the alternate screen, the size, keys from
/// standard input, and a restore that always runs — on quit, Ctrl-C,
/// SIGTERM, SIGHUP and errors.
///
/// ```swift
/// var terminal = try ANSITerminal.open(colors: true)
/// defer { terminal.restore() }
/// let outcome = program.run(on: &terminal)
/// ```
public final class ANSITerminal: TerminalDevice, @unchecked Sendable {
  public struct Unavailable: Error, CustomStringConvertible {
    public var description: String
  }

  private var original = termios()
  private var restored = false
  public let colors: Bool
  private var decoder = KeyDecoder()
  private var lastSize: (Int, Int) = (0, 0)

  /// Puts the terminal in raw mode (`start()` then takes the screen over);
  /// fails when standard input or output is not a terminal.
  public static func open(colors: Bool) throws -> ANSITerminal {
    guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
      throw Unavailable(description: "standard input and output must be a terminal")
    }
    let terminal = ANSITerminal(colors: colors)
    try terminal.enterRawMode()
    Self.current = terminal
    Self.installSignalHandlers()
    return terminal
  }

  private init(colors: Bool) { self.colors = colors }

  nonisolated(unsafe) static var current: ANSITerminal?
  nonisolated(unsafe) static var resized: sig_atomic_t = 0

  private func enterRawMode() throws {
    guard tcgetattr(STDIN_FILENO, &original) == 0 else {
      throw Unavailable(description: "cannot read the terminal's settings")
    }
    var raw = original
    raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
    raw.c_oflag &= ~tcflag_t(OPOST)
    raw.c_cflag |= tcflag_t(CS8)
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
    guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else {
      throw Unavailable(description: "cannot put the terminal in raw mode")
    }
  }

  public func start() { writeRaw(ControlSequence.start) }

  /// Raw mode off, cursor shown, the main screen back. Safe to call twice.
  public func restore() {
    guard !restored else { return }
    restored = true
    writeRaw(ControlSequence.restore)
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
  }

  private static func installSignalHandlers() {
    signal(SIGWINCH) { _ in ANSITerminal.resized = 1 }
    for number in [SIGTERM, SIGHUP, SIGINT] {
      signal(number) { received in
        ANSITerminal.current?.restore()
        signal(received, SIG_DFL)
        raise(received)
      }
    }
  }

  /// The window's size in cells.
  public var size: (width: Int, height: Int) {
    var window = winsize()
    if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0 {
      return (Int(window.ws_col), Int(window.ws_row))
    }
    return (80, 24)
  }

  public func write(_ text: String) { writeRaw(text) }

  func writeRaw(_ text: String) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let count = bytes.withUnsafeMutableBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return 0 }
        return writeOut(base + offset, buffer.count - offset)
      }
      if count < 0, errno == EINTR { continue }
      if count <= 0 { return }
      offset += count
    }
  }

  /// Waits up to `milliseconds` for input or a message and returns what
  /// came; nil once standard input has ended (the terminal hung up).
  public func events(timeout milliseconds: Int32, inbox: TerminalInbox) -> [TerminalEvent]? {
    var events: [TerminalEvent] = []
    if ANSITerminal.resized != 0 {
      ANSITerminal.resized = 0
      let size = size
      events.append(.resize(width: size.width, height: size.height))
    }
    var descriptors = [
      pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
      pollfd(fd: inbox.wakeRead, events: Int16(POLLIN), revents: 0),
    ]
    let ready = poll(&descriptors, nfds_t(descriptors.count), events.isEmpty ? milliseconds : 0)
    if ready > 0, descriptors[0].revents != 0 {
      var buffer = [UInt8](repeating: 0, count: 4096)
      let count = read(STDIN_FILENO, &buffer, buffer.count)
      // End of input, or a descriptor that can no longer be read: waiting
      // again would return at once, forever.
      if count == 0 || (count < 0 && errno != EINTR && errno != EAGAIN) { return nil }
      if count > 0 {
        var keys = decoder.decode(Array(buffer[0..<count]))
        if decoder.isWaiting {
          // A lone Esc: nothing follows within a moment.
          var more = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)]
          if poll(&more, 1, 25) > 0 {
            let extra = read(STDIN_FILENO, &buffer, buffer.count)
            keys += decoder.decode(extra > 0 ? Array(buffer[0..<extra]) : [], flush: true)
          } else {
            keys += decoder.decode([], flush: true)
          }
        }
        events += keys.map(TerminalEvent.key)
      }
    }
    if descriptors[1].revents & Int16(POLLIN) != 0 {
      events += inbox.take().map(TerminalEvent.message)
    }
    return events
  }
}

/// `write(2)` to standard output (inside the class, `write` names the method).
private func writeOut(_ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(STDOUT_FILENO, bytes, count)
}
