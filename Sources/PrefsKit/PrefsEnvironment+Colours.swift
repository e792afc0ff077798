extension PrefsEnvironment {
  /// Whether standard output takes ANSI colours: a terminal, and no `NO_COLOR`
  /// (of any value but empty) or `TERM=dumb`. Decided here once for every front end.
  ///
  /// ```swift
  /// PrefsEnvironment(workingDirectory: "/", variables: ["NO_COLOR": "1"]).colorsOnStandardOutput  // false
  /// ```
  public var colorsOnStandardOutput: Bool {
    if let noColor = variables["NO_COLOR"], !noColor.isEmpty { return false }
    if variables["TERM"] == "dumb" { return false }
    return terminal.standardOutputIsTerminal
  }
}
