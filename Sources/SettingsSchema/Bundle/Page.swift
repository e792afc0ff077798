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
  /// False for a page that no child pane opens, loaded only because
  /// ``LoadOptions/includesUnreachedPages`` asked for it (a checker reads
  /// it; nothing shows it, and its strings need no translation).
  public var isReached: Bool
  /// The page's strings table; nil means the page is not localized. It is
  /// the page's `StringsTable`, or, where the reader has a fallback for a
  /// page without one (InAppSettingsKit: the page's name, then `Root`), the
  /// table that fallback finds.
  public var stringsTable: String?
  /// Whether ``stringsTable`` is the reader's fallback, not written in the page.
  public var stringsTableIsImplicit = false

  public init(
    file: String, name: String, document: PlistDocument?, specifiers: [Specifier],
    isReached: Bool = true
  ) {
    self.file = file
    self.name = name
    self.document = document
    self.specifiers = specifiers
    self.isReached = isReached
    self.stringsTable = document?.root["StringsTable"]?.string
  }

  /// Where a node of this page is: a line and column, or its key path.
  public func place(of node: PlistNode?, keyPath: String) -> IssuePlace {
    document?.place(offset: node?.offset, keyPath: keyPath) ?? .keyPath(keyPath)
  }

  /// Where a dictionary entry's key is written (`<key>Titel</key>`), for a
  /// finding about the key itself rather than its value.
  ///
  /// ```swift
  /// page.place(ofKey: entry, keyPath: "PreferenceSpecifiers[0].Titel")
  /// ```
  public func place(ofKey entry: PlistEntry, keyPath: String) -> IssuePlace {
    document?.place(offset: entry.keyOffset ?? entry.value.offset, keyPath: keyPath)
      ?? .keyPath(keyPath)
  }
}

extension Page {
  /// The name a page is asked for by (a child pane's `File`, the app
  /// opening it), whichever device or dialect variant its file is: the file
  /// without `.plist`, `.inApp` and a device suffix.
  ///
  /// ```swift
  /// Page.name(ofFile: "Advanced~ipad.inApp.plist")  // "Advanced"
  /// Page.name(ofFile: "Advanced~iphone")            // "Advanced"
  /// ```
  public static func name(ofFile file: String) -> String {
    var name = file.hasSuffix(".plist") ? String(file.dropLast(".plist".count)) : file
    if name.hasSuffix(".inApp") { name.removeLast(".inApp".count) }
    for idiom in Idiom.allCases where name.hasSuffix(idiom.fileSuffix) {
      name.removeLast(idiom.fileSuffix.count)
    }
    return name
  }
}

/// A problem found while loading a bundle, tied to the file it is in.
public struct BundleProblem: Sendable, Hashable {
  /// Which step of loading found the problem, so that checkers can tell a
  /// file that does not read from a path that was refused.
  public enum Origin: String, Sendable, Hashable {
    /// A reader found it in the file's bytes.
    case reader
    /// A child pane's `File` would leave the bundle.
    case childPanePath
    /// The bundle has no `Root.plist` for the device and dialect; a variant is shown.
    case rootFallback
    /// Walking the folder: a link that leaves it, too many files.
    case layout
  }

  /// The file's path inside the bundle.
  public var file: String
  public var issue: ReadIssue
  public var origin: Origin

  public init(file: String, issue: ReadIssue, origin: Origin = .reader) {
    self.file = file
    self.issue = issue
    self.origin = origin
  }
}

/// A page name a person gives (`--root Main`, `root: Main` in `.prefs.yml`):
/// a file name of the bundle's top level without `.plist`, never a path.
///
/// ```swift
/// PageName("Main")?.name        // "Main"
/// PageName("Main.plist")?.name  // "Main"
/// PageName("../Main")           // nil
/// ```
public struct PageName: Sendable, Hashable {
  public let name: String

  public init?(_ text: String) {
    var name = text
    if name.hasSuffix(".plist") { name.removeLast(".plist".count) }
    guard !name.isEmpty, name.utf8.count <= 255, name != ".", name != "..",
      !name.contains("/"), !name.contains("\\"),
      !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    else { return nil }
    self.name = name
  }
}
