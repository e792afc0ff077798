#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Standard input and output as a terminal, in the words of POSIX (termios,
/// `poll`, `TIOCGWINSZ`, signals), which Linux and macOS share: raw mode and
/// its restore, the window's size, waiting for keys or a wake-up, and the
/// signals that must give the terminal back (SIGTERM, SIGHUP, SIGINT) or
/// say it was resized (SIGWINCH).
///
/// ```swift
/// guard let port = TerminalPort.standardStreams() else { return }
/// try port.enterRawMode()
/// defer { port.restoreMode() }
/// port.write(Array("hello".utf8))
/// ```
package final class TerminalPort: @unchecked Sendable {
  /// Why the terminal could not be set up.
  package enum Failure: Error, Sendable, Hashable {
    case cannotReadSettings
    case cannotSetRawMode
  }

  /// What a read of standard input found.
  package enum Input: Sendable, Hashable {
    case bytes([UInt8])
    /// Nothing now (a signal, or no byte waiting).
    case nothing
    /// End of input, or a descriptor that can no longer be read: waiting
    /// again would return at once, forever.
    case ended
  }

  private var original = termios()

  private init() {}

  /// The port, when standard input and output are both a terminal.
  package static func standardStreams() -> TerminalPort? {
    guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return nil }
    return TerminalPort()
  }

  /// Keys byte by byte, no echo, no signals from keys, no output processing.
  package func enterRawMode() throws(Failure) {
    guard tcgetattr(STDIN_FILENO, &original) == 0 else { throw .cannotReadSettings }
    var raw = original
    raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
    raw.c_oflag &= ~tcflag_t(OPOST)
    raw.c_cflag |= tcflag_t(CS8)
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
    guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else { throw .cannotSetRawMode }
  }

  /// The settings as they were before `enterRawMode`.
  package func restoreMode() {
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
  }

  /// The window's size in cells; nil when the system does not say.
  package var windowSize: (width: Int, height: Int)? {
    var window = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0 else {
      return nil
    }
    return (Int(window.ws_col), Int(window.ws_row))
  }

  /// Writes every byte to standard output (through signals); stops at an error.
  package func write(_ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
      let count = bytes.withUnsafeBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return 0 }
        return Self.writeOut(base + offset, buffer.count - offset)
      }
      if count < 0, errno == EINTR { continue }
      if count <= 0 { return }
      offset += count
    }
  }

  /// `write(2)`: inside the class, `write` and `read` name the methods.
  private static func writeOut(_ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    systemWrite(STDOUT_FILENO, bytes, count)
  }

  /// Waits up to `milliseconds` for a key or for `wake`; says which are ready.
  package func wait(milliseconds: Int32, wake: WakePipe) -> (input: Bool, woken: Bool) {
    var descriptors = [
      pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
      pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0),
    ]
    guard poll(&descriptors, nfds_t(descriptors.count), milliseconds) > 0 else {
      return (false, false)
    }
    return (descriptors[0].revents != 0, descriptors[1].revents & Int16(POLLIN) != 0)
  }

  /// Whether a key arrives within `milliseconds`.
  package func inputArrives(within milliseconds: Int32) -> Bool {
    var descriptor = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)]
    return poll(&descriptor, 1, milliseconds) > 0
  }

  /// Reads what standard input has, up to 4 KiB.
  package func read() -> Input {
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = buffer.withUnsafeMutableBytes {
      systemRead(STDIN_FILENO, $0.baseAddress, $0.count)
    }
    if count > 0 { return .bytes(Array(buffer[0..<count])) }
    if count == 0 || (errno != EINTR && errno != EAGAIN) { return .ended }
    return .nothing
  }
}

private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int)
  -> Int
{
  write(descriptor, bytes, count)
}

private func systemRead(
  _ descriptor: Int32, _ bytes: UnsafeMutableRawPointer?, _ count: Int
) -> Int {
  read(descriptor, bytes, count)
}
