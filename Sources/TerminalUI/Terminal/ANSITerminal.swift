internal import Platform

/// The real terminal: raw mode, the alternate screen, the size, keys from
/// standard input, and a restore that always runs — on quit, Ctrl-C,
/// SIGTERM, SIGHUP and errors. The system calls are the platform layer's
/// (`TerminalPort`, `TerminalSignals`).
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

  private let port: TerminalPort
  private var restored = false
  public let colors: Bool
  private var decoder = KeyDecoder()

  /// Puts the terminal in raw mode (`start()` then takes the screen over);
  /// fails when standard input or output is not a terminal.
  public static func open(colors: Bool) throws -> ANSITerminal {
    guard let port = TerminalPort.standardStreams() else {
      throw Unavailable(description: "standard input and output must be a terminal")
    }
    do {
      try port.enterRawMode()
    } catch .cannotReadSettings {
      throw Unavailable(description: "cannot read the terminal's settings")
    } catch {
      throw Unavailable(description: "cannot put the terminal in raw mode")
    }
    let terminal = ANSITerminal(port: port, colors: colors)
    Self.current = terminal
    TerminalSignals.install { ANSITerminal.current?.restore() }
    return terminal
  }

  private init(port: TerminalPort, colors: Bool) {
    self.port = port
    self.colors = colors
  }

  nonisolated(unsafe) static var current: ANSITerminal?

  public func start() { writeRaw(ControlSequence.start) }

  /// Raw mode off, cursor shown, the main screen back. Safe to call twice.
  public func restore() {
    guard !restored else { return }
    restored = true
    writeRaw(ControlSequence.restore)
    port.restoreMode()
  }

  /// The window's size in cells.
  public var size: (width: Int, height: Int) { port.windowSize ?? (80, 24) }

  public func write(_ text: String) { writeRaw(text) }

  func writeRaw(_ text: String) { port.write(Array(text.utf8)) }

  /// Waits up to `milliseconds` for input or a message and returns what
  /// came; nil once standard input has ended (the terminal hung up).
  public func events(timeout milliseconds: Int32, inbox: TerminalInbox) -> [TerminalEvent]? {
    var events: [TerminalEvent] = []
    if TerminalSignals.takeResize() {
      let size = size
      events.append(.resize(width: size.width, height: size.height))
    }
    let ready = port.wait(milliseconds: events.isEmpty ? milliseconds : 0, wake: inbox.wake)
    if ready.input {
      switch port.read() {
      case .ended: return nil
      case .nothing: break
      case .bytes(let bytes):
        var keys = decoder.decode(bytes)
        if decoder.isWaiting {
          // A lone Esc: nothing follows within a moment.
          var extra: [UInt8] = []
          if port.inputArrives(within: 25), case .bytes(let more) = port.read() { extra = more }
          keys += decoder.decode(extra, flush: true)
        }
        events += keys.map(TerminalEvent.key)
      }
    }
    if ready.woken {
      events += inbox.take().map(TerminalEvent.message)
    }
    return events
  }
}
