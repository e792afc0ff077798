/// Where something is in a named file (an app's source, a configuration
/// file): the path, and the place in its text (a 1-based line and column in
/// Unicode scalars, with the line's text for a caret under it).
///
/// ```swift
/// let place = SourcePlace(file: "/app/Read.swift", line: 3, column: 9, lineText: "  let x = …")
/// place.snippet.location  // 3:9
/// ```
public struct SourcePlace: Sendable, Hashable {
  public var file: String
  public var snippet: SourceSnippet

  public init(file: String, snippet: SourceSnippet) {
    self.file = file
    self.snippet = snippet
  }

  public init(file: String, line: Int, column: Int, lineText: String) {
    self.init(
      file: file,
      snippet: SourceSnippet(location: TextLocation(line: line, column: column), lineText: lineText)
    )
  }

  public var line: Int { snippet.location.line }
  public var column: Int { snippet.location.column }
  public var lineText: String { snippet.lineText }
}
