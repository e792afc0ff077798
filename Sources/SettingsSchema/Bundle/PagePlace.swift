import Plist

/// A place in a page of a bundle: the page's file inside the bundle and,
/// when known, the place in it (Plist's `IssuePlace`: a line and column with
/// the line's text, or a key path where the file has no lines). The diff's
/// changes and generated code's declarations say where they come from with it.
///
/// ```swift
/// let place = PagePlace(file: page.file, place: page.place(of: node, keyPath: "PreferenceSpecifiers[2]"))
/// place.description  // "Root.plist:12:5"
/// ```
public struct PagePlace: Sendable, Hashable, CustomStringConvertible {
  /// The page file inside the bundle (`Root.plist`).
  public var file: String
  /// The place with its source line, for compiler-style messages.
  public var place: IssuePlace?

  public init(file: String, place: IssuePlace? = nil) {
    self.file = file
    self.place = place
  }

  /// The line and column, when the place is in a text file.
  public var location: TextLocation? {
    if case .text(let snippet)? = place { snippet.location } else { nil }
  }
  public var line: Int? { location?.line }
  public var column: Int? { location?.column }

  /// `file:line:column`, or as much of it as is known.
  public var description: String {
    [file, line.map(String.init), column.map(String.init)].compactMap { $0 }.joined(separator: ":")
  }
}
