import Plist

/// One page plist of a bundle: `Root.plist` or a page reached through child panes.
///
/// ```swift
/// let root = bundle.pages[0]
/// root.file          // "Root.plist"
/// root.stringsTable  // "Root"
/// ```
public struct Page: Sendable {
  /// The file's path inside the bundle.
  public var file: String
  /// The name child panes use for it (`File` without `.plist`).
  public var name: String
  /// The parsed file; nil when it could not be read.
  public var document: PlistDocument?
  public var specifiers: [Specifier]

  public init(file: String, name: String, document: PlistDocument?, specifiers: [Specifier]) {
    self.file = file
    self.name = name
    self.document = document
    self.specifiers = specifiers
  }

  /// The page's strings table; nil means the page is not localized.
  public var stringsTable: String? { document?.root["StringsTable"]?.string }

  /// Where a node of this page is: a line and column, or its key path.
  public func place(of node: PlistNode?, keyPath: String) -> IssuePlace {
    document?.place(offset: node?.offset, keyPath: keyPath) ?? .keyPath(keyPath)
  }
}

/// A problem found while loading a bundle, tied to the file it is in.
public struct BundleProblem: Sendable, Hashable {
  /// The file's path inside the bundle.
  public var file: String
  public var issue: ReadIssue

  public init(file: String, issue: ReadIssue) {
    self.file = file
    self.issue = issue
  }
}
