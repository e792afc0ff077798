/// The syntax a property list was written in.
public enum PlistFormat: String, Sendable, Hashable {
  case xml
  case binary
  case openStep
}

/// A property list read from a file: its root value, its format, and the
/// text that offsets in the tree refer to.
public struct PlistDocument: Sendable {
  public var root: PlistNode
  public var format: PlistFormat
  /// The decoded text; nil for binary plists.
  public var source: SourceText?
  public var encoding: TextEncoding?
  /// What was read but deserves a warning (the read itself succeeded).
  public var issues: [ReadIssue]
  /// The comments of an XML property list in file order, each with the
  /// element it stands before; empty for the other formats.
  public var comments: [DocumentComment] = []

  /// A place for a node: a line and column in text formats, else its key path.
  public func place(offset: Int?, keyPath: String) -> IssuePlace {
    if let offset, let source { return .text(source.snippet(atOffset: offset)) }
    return .keyPath(keyPath)
  }
}

/// A comment of an XML property list and the element right after it.
///
/// The element is the next one in the same container: a value, or a
/// dictionary's `<key>` together with its value. A comment that ends its
/// container (or the file) stands before nothing.
///
/// ```swift
/// let document = try PropertyListReader.read(Array(text.utf8))
/// for comment in document.comments where comment.comment.text.contains("note") {
///   comment.nextElement  // the byte range of `<key>Title</key>\n<string>…</string>`
/// }
/// ```
public struct DocumentComment: Sendable, Hashable {
  public var comment: PlistComment
  /// The byte range of the element after the comment, tags included; nil when none follows.
  public var nextElement: Range<Int>?

  public init(comment: PlistComment, nextElement: Range<Int>? = nil) {
    self.comment = comment
    self.nextElement = nextElement
  }
}

/// Reads XML, binary and OpenStep property lists, detecting the format as
/// CoreFoundation does.
///
/// ```swift
/// let document = try PropertyListReader.read(Array(data))
/// document.root["StringsTable"]?.string  // "Root"
/// ```
public enum PropertyListReader {
  /// `uids` says what a binary plist's keyed-archiver UID reads as: refused
  /// (the default: no Settings value is one), or as XML spells it.
  public static func read(
    _ bytes: [UInt8], limits: ReadLimits = .standard, uids: UIDReading = .refused
  ) throws(ReadIssue) -> PlistDocument {
    try limits.checkSize(of: bytes, emptyMessage: "the file is empty (0 bytes)")
    if BinaryPlistReader.isBinary(bytes) {
      return PlistDocument(
        root: try BinaryPlistReader.read(bytes, limits: limits, uids: uids), format: .binary,
        source: nil,
        encoding: nil,
        issues: [])
    }
    var decoded = try TextDecoding.decode(bytes, validateUTF8: false)
    if looksLikeXML(decoded.utf8) {
      if decoded.encoding == .utf8, let declared = declaredEncoding(decoded.utf8) {
        switch declared {
        case "utf-8", "utf8", "us-ascii", "ascii":
          break
        case "iso-8859-1", "latin1", "iso_8859-1", "iso-latin-1":
          decoded.utf8 = TextDecoding.latin1(decoded.utf8)
          decoded.encoding = .latin1
        default:
          throw ReadIssue(
            .encoding, .error,
            "the XML declaration names the encoding \"\(declared)\", which prefs does not read",
            place: .text(SourceText(utf8: decoded.utf8).snippet(atOffset: 0)))
        }
      }
      let source = SourceText(utf8: decoded.utf8)
      do {
        let (root, issues, comments) = try XMLPlistReader.read(source, limits: limits)
        return PlistDocument(
          root: root, format: .xml, source: source, encoding: decoded.encoding,
          issues: decoded.issues + issues, comments: comments)
      } catch let xmlError {
        // CoreFoundation falls back to the OpenStep reader (`<` also starts OpenStep data).
        if xmlError.kind == .syntax, let openStep = try? readOpenStep(decoded, limits: limits) {
          return openStep
        }
        throw xmlError
      }
    }
    try TextDecoding.checkUTF8(decoded.utf8, offsetShift: 0)
    return try readOpenStep(decoded, limits: limits)
  }

  private static func readOpenStep(_ decoded: DecodedText, limits: ReadLimits) throws(ReadIssue)
    -> PlistDocument
  {
    let source = SourceText(utf8: decoded.utf8)
    var parser = OpenStepParser(text: source, limits: limits)
    let root: PlistNode
    do throws(ReadIssue) {
      root = try parser.parseDocument()
    } catch {
      try parser.finish(error)
      throw error
    }
    try parser.finish()
    return PlistDocument(
      root: root, format: .openStep, source: source, encoding: decoded.encoding,
      issues: decoded.issues + parser.issues)
  }

  /// True when the first thing in the text, after white space, is `<` followed by a letter, `?` or `!`.
  static func looksLikeXML(_ utf8: [UInt8]) -> Bool {
    var index = 0
    while index < utf8.count, utf8[index] == 0x20 || (0x09...0x0D).contains(utf8[index]) {
      index += 1
    }
    guard index + 1 < utf8.count, utf8[index] == UInt8(ascii: "<") else { return false }
    let next = utf8[index + 1]
    return next == UInt8(ascii: "?") || next == UInt8(ascii: "!")
      || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(next)
      || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(next)
  }

  /// The lowercased `encoding="..."` of an XML declaration, if any.
  static func declaredEncoding(_ utf8: [UInt8]) -> String? {
    guard utf8.starts(with: Array("<?xml".utf8)) else { return nil }
    let header = utf8.prefix(200)
    guard let end = header.firstIndex(of: UInt8(ascii: ">")) else { return nil }
    let declaration = String(decoding: header[..<end], as: UTF8.self)
    guard let range = declaration.range(of: "encoding") else { return nil }
    let rest = declaration[range.upperBound...].drop { $0 == " " || $0 == "=" }
    guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
    return rest.dropFirst().prefix { $0 != quote }.lowercased()
  }
}
