import Plist

extension SettingsBundle {
  /// The strings tables the walk found but never read, each with the problem
  /// that says why: a symbolic link that leaves the bundle or leads nowhere,
  /// a FIFO, socket or device, a folder named like a table. A language's words
  /// shown, counted or exported without them would be a language that is not
  /// there, so every command that uses the tables reports them (as lint and
  /// dump do). A table that was read but does not parse is lint's finding.
  ///
  /// ```swift
  /// let bundle = try SettingsBundle.load(at: "Broken/Settings.bundle")
  /// bundle.unreadTables.map(\.file)  // ["en.lproj/Root.strings"]
  /// ```
  public var unreadTables: [BundleProblem] {
    problems.filter { problem in
      problem.origin == .layout && problem.issue.severity == .error
        && [".strings", ".stringsdict"].contains { problem.file.hasSuffix($0) }
    }
  }
}
