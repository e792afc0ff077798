/// Why a browser could not be started, answered or read; the CLI words it.
///
/// A browser that hangs is ``timedOut(waitingFor:after:)`` and one that dies is
/// ``ended(log:)``: no call waits longer than the timeout it was given.
public enum BrowserError: Error, Sendable, Equatable {
  /// No browser was found (or the one asked for is not there).
  case notFound(BrowserNotFound)
  /// The executable could not be started: `errno` of `posix_spawn`.
  case cannotStart(executable: String, errno: Int32)
  /// The throwaway profile folder could not be made.
  case cannotMakeProfile(path: String)
  /// The browser ended (crashed or quit) before answering; the last lines it wrote.
  case ended(log: String)
  /// No answer came in time: the DevTools method (or event) waited for.
  case timedOut(waitingFor: String, after: Duration)
  /// The browser answered a DevTools call with an error.
  case protocolError(method: String, code: Int, message: String)
  /// The browser sent something that is not the DevTools protocol's JSON.
  case unreadableMessage(method: String)
  /// The page did not load: the browser's reason (`net::ERR_FILE_NOT_FOUND`).
  case navigationFailed(url: String, reason: String)
  /// A script evaluated in the page threw: what it threw, as the console would show it.
  case scriptThrew(String)
  /// The script's result is not the JSON the caller asked for.
  case unexpectedResult(String)
  /// The browser was closed by ``HeadlessChromium/close()``.
  case closed
}
