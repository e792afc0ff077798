/// Reads `.strings` tables the way iOS loads them: a binary or XML property
/// list, or `.strings` text in UTF-8 or UTF-16/32 with comments, quoted and
/// unquoted keys, the `"key";` shorthand and every CoreFoundation escape.
///
/// Unlike Foundation's reader it keeps duplicates, comments and positions, and
/// reports what iOS would silently swallow.
///
/// ```swift
/// let result = try StringsReader.read(Array(#""celsiusTitulo" = "Celsius First";"#.utf8))
/// result.file["celsiusTitulo"]  // "Celsius First"
/// ```
public enum StringsReader {
  /// A table and what was noticed while reading it.
  public struct Result: Sendable {
    public var file: StringsFile
    /// Warnings and notes (and errors that iOS survives with an empty table).
    public var issues: [ReadIssue]
    /// The decoded text, to resolve entry offsets to lines and columns; nil for binary tables.
    public var source: SourceText?
  }

  /// - Parameter comments: `.none` when only the values matter (lint, lookups):
  ///   comments are skipped instead of kept, which saves an allocation per comment;
  ///   `.startingWith(marker)` keeps only the comments a tool marks entries with
  ///   (`.startingWithAny` several kinds, such as marks and lint directives).
  public static func read(
    _ bytes: [UInt8], limits: ReadLimits = .standard, comments: CommentRetention = .all
  ) throws(ReadIssue) -> Result {
    try limits.checkSize(
      of: bytes, emptyMessage: "the file is empty (0 bytes); iOS rejects it and shows the raw keys")
    if BinaryPlistReader.isBinary(bytes) {
      let root = try BinaryPlistReader.read(bytes, limits: limits)
      return Result(file: try table(from: root, encoding: .utf8), issues: [], source: nil)
    }
    let decoded = try TextDecoding.decode(bytes)
    let source = SourceText(utf8: decoded.utf8)
    var issues = decoded.issues
    if PropertyListReader.looksLikeXML(decoded.utf8) {
      let (root, xmlIssues, _) = try XMLPlistReader.read(source, limits: limits)
      issues += xmlIssues
      var file = try table(from: root, encoding: decoded.encoding)
      file.isPropertyList = true
      return Result(file: file, issues: issues, source: source)
    }
    var parser = OpenStepParser(text: source, limits: limits, comments: comments)
    let entries: [OpenStepParser.ParsedEntry]
    do throws(ReadIssue) {
      entries = try parseEntries(&parser)
    } catch {
      try parser.finish(error)
      throw error
    }
    // A missing `;` was read past to find every place it is missing: the table still fails.
    try parser.finish()
    issues += parser.issues
    let file = StringsFile(
      entries: entries.map {
        StringsEntry(
          key: $0.entry.key, keyOffset: $0.entry.keyOffset, keyEndOffset: $0.entry.keyEndOffset,
          endOffset: $0.endOffset, value: $0.entry.value, comments: $0.comments,
          isShorthand: $0.isShorthand)
      },
      trailingComments: parser.pendingComments,
      encoding: decoded.encoding)
    return Result(file: file, issues: issues, source: source)
  }

  /// The entries of a `.strings` text: in braces, or (as CoreFoundation reads most tables) without.
  private static func parseEntries(_ parser: inout OpenStepParser) throws(ReadIssue)
    -> [OpenStepParser.ParsedEntry]
  {
    parser.skipTrivia()
    guard !parser.atEnd, parser.current == UInt8(ascii: "{") else {
      parser.index = 0
      return try parser.parseDictionaryContent(closing: nil, depth: 1)
    }
    parser.index += 1
    let entries = try parser.parseDictionaryContent(closing: UInt8(ascii: "}"), depth: 1)
    parser.pendingComments = []
    parser.skipTrivia()
    guard parser.atEnd else {
      throw parser.error("unexpected \(parser.describeCurrent()) after the closing '}'")
    }
    return entries
  }

  private static func table(from root: PlistNode, encoding: TextEncoding) throws(ReadIssue)
    -> StringsFile
  {
    guard let entries = root.entries else {
      throw ReadIssue(
        .syntax, .error,
        "the table is \(root.typeNameWithArticle), not a dictionary; iOS reads no entry from it")
    }
    return StringsFile(
      entries: entries.map {
        StringsEntry(
          key: $0.key, keyOffset: $0.keyOffset, keyEndOffset: $0.keyEndOffset,
          endOffset: $0.value.endOffset, value: $0.value)
      },
      encoding: encoding, isPropertyList: true)
  }
}
