import Plist

extension SettingsBundle {
  /// The pages reached from the root that did not read at all, each with the
  /// problem that says why (the file does not parse, is no regular file, is a
  /// link out of the bundle): a form, a dump or generated code made without
  /// them would show a bundle that is not there. Empty when every page read.
  ///
  /// ```swift
  /// let bundle = try SettingsBundle.load(at: "Broken/Settings.bundle")
  /// bundle.unreadPages.map(\.file)  // ["Root.plist"]
  /// ```
  public var unreadPages: [BundleProblem] {
    pages.filter { $0.isReached && $0.document == nil }.compactMap { page in
      problems.first { $0.file == page.file && $0.issue.severity == .error }
        ?? BundleProblem(
          file: page.file, issue: ReadIssue(.syntax, .error, "the page does not read"))
    }
  }
}
