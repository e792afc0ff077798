/// What a front end may know about the process that runs it, handed in by the caller
/// so that no library reads the environment, the working directory or the terminal
/// itself, and a test can run a whole workflow without changing any of them.
///
/// ```swift
/// let environment = PrefsEnvironment(
///   workingDirectory: "/tmp/app", variables: ["PREFS_STORE": "/tmp/store"])
/// ```
public struct PrefsEnvironment: Sendable {
  /// The directory relative paths are resolved against.
  public var workingDirectory: String
  /// The process's environment variables (`PREFS_STORE`, `NO_COLOR`, `HOME`, …).
  public var variables: [String: String]
  /// What the standard streams are connected to.
  public var terminal: TerminalFacts

  public init(
    workingDirectory: String, variables: [String: String] = [:],
    terminal: TerminalFacts = TerminalFacts()
  ) {
    self.workingDirectory = workingDirectory
    self.variables = variables
    self.terminal = terminal
  }

  /// `path` as an absolute path: relative paths are taken from `workingDirectory`.
  public func absolutePath(_ path: String) -> String {
    if path.hasPrefix("/") { return path }
    let base = workingDirectory.hasSuffix("/") ? workingDirectory : workingDirectory + "/"
    return path == "." ? workingDirectory : base + path
  }
}

/// Facts about the terminal, decided once by the caller.
///
/// ```swift
/// let facts = TerminalFacts(standardOutputIsTerminal: true, columns: 100)
/// ```
public struct TerminalFacts: Sendable, Equatable {
  public var standardInputIsTerminal: Bool
  public var standardOutputIsTerminal: Bool
  public var standardErrorIsTerminal: Bool
  /// The terminal's width in columns, when standard output is one and says.
  public var columns: Int?

  public init(
    standardInputIsTerminal: Bool = false, standardOutputIsTerminal: Bool = false,
    standardErrorIsTerminal: Bool = false, columns: Int? = nil
  ) {
    self.standardInputIsTerminal = standardInputIsTerminal
    self.standardOutputIsTerminal = standardOutputIsTerminal
    self.standardErrorIsTerminal = standardErrorIsTerminal
    self.columns = columns
  }
}
