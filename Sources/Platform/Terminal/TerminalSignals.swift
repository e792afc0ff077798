#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The signals a full-screen program must answer: SIGWINCH (the window was
/// resized: a flag the run loop takes) and SIGTERM, SIGHUP, SIGINT (give the
/// terminal back, then end as the signal would have ended the process).
///
/// ```swift
/// TerminalSignals.install { port.restoreMode() }
/// if TerminalSignals.takeResize() { redraw() }
/// ```
package enum TerminalSignals {
  nonisolated(unsafe) private static var resized: sig_atomic_t = 0
  nonisolated(unsafe) private static var onTermination: (() -> Void)?

  /// Installs the handlers; `onTermination` runs in the signal handler, so
  /// it must only restore the terminal (a write and `tcsetattr`).
  package static func install(onTermination: @escaping () -> Void) {
    Self.onTermination = onTermination
    signal(SIGWINCH) { _ in TerminalSignals.resized = 1 }
    for number in [SIGTERM, SIGHUP, SIGINT] {
      signal(number) { received in
        TerminalSignals.onTermination?()
        signal(received, SIG_DFL)
        raise(received)
      }
    }
  }

  /// Whether the window was resized since the last call.
  package static func takeResize() -> Bool {
    guard resized != 0 else { return false }
    resized = 0
    return true
  }
}
