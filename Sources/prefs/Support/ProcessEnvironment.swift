import Foundation
import PrefsKit

// The one place the executable asks the process about itself; everything below gets
// these facts as a value.
extension PrefsEnvironment {
  /// The running process's working directory, variables and terminal.
  static func current() -> PrefsEnvironment {
    PrefsEnvironment(
      workingDirectory: FileManager.default.currentDirectoryPath,
      variables: ProcessInfo.processInfo.environment,
      terminal: TerminalFacts(
        standardInputIsTerminal: isatty(STDIN_FILENO) == 1,
        standardOutputIsTerminal: isatty(STDOUT_FILENO) == 1,
        standardErrorIsTerminal: isatty(STDERR_FILENO) == 1))
  }
}

/// The lines typed or piped to the process, for the plain form.
enum StandardInput {
  static func line() -> String? { readLine() }
}
