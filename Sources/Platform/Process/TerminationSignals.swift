#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The signals that end a process when someone asks (SIGTERM, SIGINT, SIGHUP),
/// made to work whatever the parent left blocked: a signal mask is inherited
/// across `exec`, and a parent that spawns prefs from a thread blocking SIGTERM
/// (a test runner, a supervisor) would otherwise leave `prefs defaults watch`
/// deaf to `kill`. Called on the main thread before any other thread starts, so
/// every thread the process makes inherits the unblocked mask.
///
/// ```swift
/// TerminationSignals.unblock()
/// ```
package enum TerminationSignals {
  package static func unblock() {
    var set = sigset_t()
    sigemptyset(&set)
    for number in [SIGTERM, SIGINT, SIGHUP] { sigaddset(&set, number) }
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
  }
}
