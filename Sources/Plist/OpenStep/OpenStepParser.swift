import Foundation

/// A comment kept from a text plist or `.strings` file, with the byte range it
/// takes in the decoded text (`offset..<endOffset`, delimiters included).
///
/// ```swift
/// let table = try StringsReader.read(Array("/* Note */\n\"a\" = \"b\";\n".utf8)).file
/// let comment = table.entries[0].comments[0]
/// comment.text                          // " Note "
/// comment.offset..<comment.endOffset!   // 0..<10
/// ```
public struct PlistComment: Sendable, Hashable {
  public enum Style: Sendable, Hashable {
    /// `/* ... */`
    case block
    /// `// ...` to the end of the line
    case line
    /// `<!-- ... -->` in an XML property list
    case xml
  }

  public var style: Style
  /// The text between the delimiters, as written.
  public var text: String
  /// Where the comment starts (its first delimiter).
  public var offset: Int
  /// Where the comment ends (just after its closing delimiter, or the end of
  /// the line); nil for a comment made in code rather than read.
  public var endOffset: Int?

  public init(style: Style, text: String, offset: Int, endOffset: Int? = nil) {
    self.style = style
    self.text = text
    self.offset = offset
    self.endOffset = endOffset
  }
}

/// Which comments a reader keeps. Comments cost an allocation each, and
/// only writers need them all; checkers need at most the ones that mark entries.
///
/// ```swift
/// let table = try StringsReader.read(bytes, comments: .startingWith(" Untranslated")).file
/// table.entries[0].comments  // only the comments that begin with " Untranslated"
/// ```
public enum CommentRetention: Sendable, Hashable {
  /// Every comment, for writers that keep them.
  case all
  /// No comment: only the values matter.
  case none
  /// Only the comments whose text (after `/*` or `//`) starts with the prefix,
  /// compared byte for byte: markers that a tool writes before entries.
  case startingWith(String)
  /// Only the comments whose text, leading white space aside, starts with one
  /// of the prefixes (their own leading white space aside too, and ASCII letter
  /// case): marks and directives that people type with or without a space,
  /// kept in any letter case so that the reader can tell one written in the wrong case.
  case startingWithAny([String])
}

/// Parses OpenStep ("old-style") text property lists and the `.strings`
/// syntax built on them, following CoreFoundation's CFOldStylePList rules.
struct OpenStepParser {
  let text: SourceText
  let bytes: [UInt8]
  let limits: ReadLimits
  var index = 0
  var pendingComments: [PlistComment] = []
  var issues: [ReadIssue] = []
  /// Which comments are kept for writers; readers that only look values up skip the rest.
  let comments: CommentRetention
  /// The UTF-8 bytes a kept comment starts with; nil keeps every comment.
  private let keptPrefix: [UInt8]?
  /// For `.startingWithAny`: the prefixes, without their leading white space.
  private let keptPrefixes: [[UInt8]]

  init(text: SourceText, limits: ReadLimits, comments: CommentRetention = .all) {
    self.text = text
    self.bytes = text.utf8
    self.limits = limits
    self.comments = comments
    keptPrefixes =
      if case .startingWithAny(let prefixes) = comments {
        prefixes.map { Array($0.utf8.drop(while: Self.isBlank).map(Self.lowercased)) }
      } else {
        []
      }
    switch comments {
    case .all: keptPrefix = nil
    case .none, .startingWithAny: keptPrefix = []
    case .startingWith(let prefix): keptPrefix = Array(prefix.utf8)
    }
  }

  private static func isBlank(_ byte: UInt8) -> Bool {
    byte == 0x20 || (0x09...0x0D).contains(byte)
  }

  private static func lowercased(_ byte: UInt8) -> UInt8 {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
  }

  /// Whether the comment text in `range` (without its delimiters) is kept.
  private func keepsComment(_ range: Range<Int>) -> Bool {
    if !keptPrefixes.isEmpty {
      let text = bytes[range].drop(while: Self.isBlank)
      return keptPrefixes.contains { text.lazy.map(Self.lowercased).starts(with: $0) }
    }
    guard let keptPrefix else { return true }
    // `.none` is the empty prefix with nothing kept, so that it costs no comparison.
    guard !keptPrefix.isEmpty else { return false }
    return bytes[range].starts(with: keptPrefix)
  }

  // MARK: - Errors

  func error(_ message: String, at offset: Int? = nil, kind: ReadIssue.Kind = .syntax) -> ReadIssue
  {
    ReadIssue(kind, .error, message, place: .text(text.snippet(atOffset: offset ?? index)))
  }

  func describeCurrent() -> String {
    guard index < bytes.count else { return "the end of the file" }
    let scalar =
      String(decoding: bytes[index...].prefix(4), as: UTF8.self).unicodeScalars.first ?? "?"
    switch scalar.value {
    case 0x00A0: return "a no-break space (U+00A0), which iOS does not take as white space"
    case 0xFEFF: return "a byte-order mark (U+FEFF) inside the file"
    case 0x200B: return "a zero-width space (U+200B)"
    // What a word processor or a chat makes of a straight quote.
    case 0x201C, 0x201D, 0x201E, 0x201F, 0x2018, 0x2019, 0x201A, 0x201B, 0x00AB, 0x00BB,
      0x2039, 0x203A, 0x300C, 0x300D, 0xFF02:
      return
        "the typographic quote '\(String(scalar))' (U+\(String(format: "%04X", scalar.value))); only straight quotes (\") enclose a key or value: type them again"
    default:
      if scalar.value < 0x20 || scalar.value == 0x7F {
        return "the control character U+\(String(format: "%04X", scalar.value))"
      }
      return "'\(String(scalar).escapingControlCharacters)'"
    }
  }

  // MARK: - White space and comments

  /// Skips white space and comments, keeping the comments for the next entry.
  mutating func skipTrivia() {
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x20 || (0x09...0x0D).contains(byte) {
        index += 1
      } else if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80,
        bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9
      {
        index += 3
      } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count,
        bytes[index + 1] == UInt8(ascii: "*")
      {
        let start = index
        index += 2
        var end = bytes.count
        while index + 1 < bytes.count {
          if bytes[index] == UInt8(ascii: "*"), bytes[index + 1] == UInt8(ascii: "/") {
            end = index
            break
          }
          index += 1
        }
        if end == bytes.count {
          // A reader that starts over (a `.strings` table not in braces) meets
          // the same comment again: one fault, one finding.
          let issue = ReadIssue(
            .suspicious, .warning, "this comment is never closed and hides the rest of the file",
            place: .text(text.snippet(atOffset: start)))
          if !issues.contains(issue) { issues.append(issue) }
          index = bytes.count
        } else {
          index = end + 2
        }
        if keepsComment((start + 2)..<end) {
          pendingComments.append(
            PlistComment(
              style: .block, text: String(decoding: bytes[(start + 2)..<end], as: UTF8.self),
              offset: start, endOffset: index))
        }
      } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count,
        bytes[index + 1] == UInt8(ascii: "/")
      {
        let start = index
        index += 2
        while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
        if keepsComment((start + 2)..<index) {
          pendingComments.append(
            PlistComment(
              style: .line, text: String(decoding: bytes[(start + 2)..<index], as: UTF8.self),
              offset: start, endOffset: index))
        }
      } else {
        return
      }
    }
  }

  var atEnd: Bool { index >= bytes.count }
  var current: UInt8 { bytes[index] }

  static func isUnquotedCharacter(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"),
      UInt8(ascii: "/"),
      UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "-"):
      true
    default: false
    }
  }

  // MARK: - Objects

  /// A string, quoted or not, or nil when none starts here.
  mutating func parseString() throws(ReadIssue) -> PlistNode? {
    guard !atEnd else { return nil }
    let start = index
    let byte = current
    if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
      let text = try parseQuoted(quote: byte)
      return PlistNode(.string(text), offset: start, endOffset: index)
    }
    guard Self.isUnquotedCharacter(byte) else { return nil }
    while index < bytes.count, Self.isUnquotedCharacter(bytes[index]) { index += 1 }
    return PlistNode(
      .string(String(decoding: bytes[start..<index], as: UTF8.self)), offset: start,
      endOffset: index)
  }

  mutating func parseQuoted(quote: UInt8) throws(ReadIssue) -> String {
    let start = index
    index += 1
    // Filled only once an escape is met (an empty array allocates nothing).
    var result: [UInt8] = []
    var runStart = index
    while index < bytes.count {
      let byte = bytes[index]
      if byte == quote {
        let run = bytes[runStart..<index]
        index += 1
        // No escape moved the run's start: made straight from the file's bytes.
        guard runStart > start + 1 else { return String(decoding: run, as: UTF8.self) }
        result.append(contentsOf: run)
        if result.contains(0xED) { Self.replaceLoneLeadSurrogates(in: &result) }
        return String(decoding: result, as: UTF8.self)
      }
      if byte == UInt8(ascii: "\\") {
        result.append(contentsOf: bytes[runStart..<index])
        index += 1
        guard index < bytes.count else { break }
        try appendEscape(into: &result)
        runStart = index
        continue
      }
      index += 1
    }
    throw error("this string is never closed", at: start)
  }

  /// Reads the escape after a backslash (index is on the character after it).
  mutating func appendEscape(into result: inout [UInt8]) throws(ReadIssue) {
    let byte = bytes[index]
    switch byte {
    case UInt8(ascii: "a"): result.append(0x07)
    case UInt8(ascii: "b"): result.append(0x08)
    case UInt8(ascii: "f"): result.append(0x0C)
    case UInt8(ascii: "n"): result.append(0x0A)
    case UInt8(ascii: "r"): result.append(0x0D)
    case UInt8(ascii: "t"): result.append(0x09)
    case UInt8(ascii: "v"): result.append(0x0B)
    case UInt8(ascii: "U"):
      index += 1
      var value: UInt32 = 0
      var digits = 0
      while digits < 4, index < bytes.count, let digit = Self.hexValue(bytes[index]) {
        value = value << 4 | UInt32(digit)
        digits += 1
        index += 1
      }
      appendUTF16Unit(UInt16(value), into: &result)
      return
    case UInt8(ascii: "0")...UInt8(ascii: "7"):
      var value: UInt32 = 0
      var digits = 0
      while digits < 3, index < bytes.count,
        (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[index])
      {
        value = value << 3 | UInt32(bytes[index] - UInt8(ascii: "0"))
        digits += 1
        index += 1
      }
      let scalar = Self.nextStepScalar(UInt8(truncatingIfNeeded: value))
      result.append(contentsOf: String(scalar).utf8)
      return
    default:
      // Any other character stands for itself (including a quote, a backslash and a newline).
      var length = 1
      if byte >= 0xC0 { length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2 }
      let end = min(bytes.count, index + length)
      result.append(contentsOf: bytes[index..<end])
      index = end
      return
    }
    index += 1
  }

  /// `\U` escapes give UTF-16 code units; a high surrogate waits for its partner.
  func appendUTF16Unit(_ unit: UInt16, into result: inout [UInt8]) {
    if UTF16.isTrailSurrogate(unit), result.count >= 3 {
      // A lead surrogate was written as U+FFFD's stand-in: see below.
      let tail = result.suffix(3)
      // A lead and a trail surrogate always make a scalar (U+10000...U+10FFFF).
      if let lead = Self.pendingLead(tail),
        let scalar = Unicode.Scalar(
          0x10000 + (UInt32(lead) - 0xD800) << 10 + (UInt32(unit) - 0xDC00))
      {
        result.removeLast(3)
        result.append(contentsOf: String(scalar).utf8)
        return
      }
    }
    if UTF16.isLeadSurrogate(unit) {
      // Kept as its 3-byte (CESU-style) form until the trail arrives.
      result.append(0xED)
      result.append(0xA0 | UInt8((unit >> 6) & 0x0F))
      result.append(0x80 | UInt8(unit & 0x3F))
      return
    }
    if let scalar = Unicode.Scalar(unit) {
      result.append(contentsOf: String(scalar).utf8)
    } else {
      result.append(contentsOf: [0xEF, 0xBF, 0xBD])
    }
  }

  /// A `\\U` lead surrogate that no trail followed is one U+FFFD, as one lone
  /// unit is one replacement character (its 3-byte stand-in would be three).
  static func replaceLoneLeadSurrogates(in bytes: inout [UInt8]) {
    var index = 0
    while index + 2 < bytes.count {
      if bytes[index] == 0xED, bytes[index + 1] & 0xF0 == 0xA0 {
        bytes.replaceSubrange(index..<index + 3, with: [0xEF, 0xBF, 0xBD])
      }
      index += 1
    }
  }

  static func pendingLead(_ tail: ArraySlice<UInt8>) -> UInt16? {
    let bytes = Array(tail)
    guard bytes[0] == 0xED, bytes[1] & 0xF0 == 0xA0 else { return nil }
    return 0xD800 | UInt16(bytes[1] & 0x0F) << 6 | UInt16(bytes[2] & 0x3F)
  }

  static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  /// Octal escapes name a byte of the NeXTSTEP encoding, not a code point.
  static func nextStepScalar(_ byte: UInt8) -> Unicode.Scalar {
    guard byte >= 0x80 else { return Unicode.Scalar(byte) }
    return Unicode.Scalar(nextStepHighHalf[Int(byte - 0x80)]) ?? "\u{FFFD}"
  }

  private static let nextStepHighHalf: [UInt32] = [
    0x00A0, 0x00C0, 0x00C1, 0x00C2, 0x00C3, 0x00C4, 0x00C5, 0x00C7, 0x00C8, 0x00C9, 0x00CA, 0x00CB,
    0x00CC, 0x00CD, 0x00CE, 0x00CF, 0x00D0, 0x00D1, 0x00D2, 0x00D3, 0x00D4, 0x00D5, 0x00D6, 0x00D9,
    0x00DA, 0x00DB, 0x00DC, 0x00DD, 0x00DE, 0x00B5, 0x00D7, 0x00F7, 0x00A9, 0x00A1, 0x00A2, 0x00A3,
    0x2044, 0x00A5, 0x0192, 0x00A7, 0x00A4, 0x2019, 0x201C, 0x00AB, 0x2039, 0x203A, 0xFB01, 0xFB02,
    0x00AE, 0x2013, 0x2020, 0x2021, 0x00B7, 0x00A6, 0x00B6, 0x2022, 0x201A, 0x201E, 0x201D, 0x00BB,
    0x2026, 0x2030, 0x00AC, 0x00BF, 0x00B9, 0x02CB, 0x00B4, 0x02C6, 0x02DC, 0x00AF, 0x02D8, 0x02D9,
    0x00A8, 0x00B2, 0x02DA, 0x00B8, 0x00B3, 0x02DD, 0x02DB, 0x02C7, 0x2014, 0x00B1, 0x00BC, 0x00BD,
    0x00BE, 0x00E0, 0x00E1, 0x00E2, 0x00E3, 0x00E4, 0x00E5, 0x00E7, 0x00E8, 0x00E9, 0x00EA, 0x00EB,
    0x00EC, 0x00C6, 0x00ED, 0x00AA, 0x00EE, 0x00EF, 0x00F0, 0x00F1, 0x0141, 0x00D8, 0x0152, 0x00BA,
    0x00F2, 0x00F3, 0x00F4, 0x00F5, 0x00F6, 0x00E6, 0x00F9, 0x00FA, 0x00FB, 0x0131, 0x00FC, 0x00FD,
    0x0142, 0x00F8, 0x0153, 0x00DF, 0x00FE, 0x00FF, 0xFFFD, 0xFFFD,
  ]

  /// Any value: string, array, dictionary or data.
  mutating func parseObject(depth: Int) throws(ReadIssue) -> PlistNode? {
    skipTrivia()
    guard !atEnd else { return nil }
    guard depth < limits.maximumDepth else {
      throw error("nesting deeper than \(limits.maximumDepth) levels", kind: .limit)
    }
    let start = index
    switch current {
    case UInt8(ascii: "{"):
      index += 1
      let entries = try parseDictionaryContent(closing: UInt8(ascii: "}"), depth: depth + 1)
      return PlistNode(.dictionary(entries.map(\.withEnd)), offset: start, endOffset: index)
    case UInt8(ascii: "("):
      index += 1
      let items = try parseArrayContent(depth: depth + 1)
      return PlistNode(.array(items), offset: start, endOffset: index)
    case UInt8(ascii: "<"):
      index += 1
      let data = try parseData(start: start)
      return PlistNode(.data(data), offset: start, endOffset: index)
    default:
      return try parseString()
    }
  }

  mutating func parseArrayContent(depth: Int) throws(ReadIssue) -> [PlistNode] {
    var items: [PlistNode] = []
    while true {
      skipTrivia()
      if !atEnd, current == UInt8(ascii: ")") {
        index += 1
        return items
      }
      guard let item = try parseObject(depth: depth) else {
        throw error("expected a value or ')' but found \(describeCurrent())")
      }
      items.append(item)
      skipTrivia()
      guard !atEnd else { throw error("this array is never closed with ')'") }
      if current == UInt8(ascii: ",") {
        index += 1
      } else if current != UInt8(ascii: ")") {
        throw error("expected ',' or ')' but found \(describeCurrent())")
      }
    }
  }

  mutating func parseData(start: Int) throws(ReadIssue) -> Data {
    var result = Data()
    var high: UInt8?
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: ">") {
        guard high == nil else { throw error("<data> has an odd number of hex digits", at: start) }
        index += 1
        return result
      }
      if byte == 0x20 || (0x09...0x0D).contains(byte) {
        index += 1
        continue
      }
      guard let digit = Self.hexValue(byte) else {
        throw error("<data> holds \(describeCurrent())")
      }
      if let first = high {
        result.append(first << 4 | digit)
        high = nil
      } else {
        high = digit
      }
      index += 1
    }
    throw error("<data> is never closed with '>'", at: start)
  }

  /// One `key = value;` entry (or `key;`), with the comments before it.
  struct ParsedEntry {
    var entry: PlistEntry
    var comments: [PlistComment]
    var isShorthand: Bool
    /// Just past the entry's `;`.
    var endOffset: Int

    /// The entry with its end, so that removing it takes its `;` along.
    var withEnd: PlistEntry {
      var result = entry
      result.endOffset = endOffset
      return result
    }
  }

  /// The first missing `;` that one inserted `;` repairs, with every such
  /// place after it: the parser reads on past them to find them all, and
  /// ``finish()`` throws the first with the repair of all.
  private(set) var missingSemicolons: (issue: ReadIssue, offsets: [Int])?
  /// Each missing `;` after the first, reported with it (``ReadIssue/related``).
  private var furtherMissingSemicolons: [ReadIssue] = []

  /// Throws the first missing `;` with its repair, if any was passed over;
  /// call it after a parse, and with the error a parse threw.
  func finish(_ thrown: ReadIssue? = nil) throws(ReadIssue) {
    if let (issue, offsets) = missingSemicolons {
      var repaired = issue
      repaired.repair = TextRepair(edits: offsets.map { TextEdit(insert: ";", at: $0) })
      repaired.related = furtherMissingSemicolons
      throw repaired
    }
    if let thrown { throw thrown }
  }

  /// Whether `;` at `valueEnd` is the one repair of a missing semicolon: what
  /// follows is the end of the file or of the dictionary, or, on a later
  /// line, something that starts the next entry. (`"a" = "b" "c";` on one
  /// line could mean other things, and is left alone.)
  private func semicolonFits(after valueEnd: Int, closing: UInt8?) -> Bool {
    if atEnd { return closing == nil }
    if let closing, current == closing { return true }
    let trivia = bytes[valueEnd..<index]
    guard trivia.contains(0x0A) || trivia.contains(0x0D) else { return false }
    return current == UInt8(ascii: "\"") || current == UInt8(ascii: "'")
      || Self.isUnquotedCharacter(current)
  }

  /// Entries up to `closing` (or the end of the file when `closing` is nil).
  mutating func parseDictionaryContent(closing: UInt8?, depth: Int) throws(ReadIssue)
    -> [ParsedEntry]
  {
    var entries: [ParsedEntry] = []
    while true {
      pendingComments = []
      skipTrivia()
      if atEnd {
        if let closing {
          throw error(
            "this dictionary is never closed with '\(Character(Unicode.Scalar(closing)))'")
        }
        return entries
      }
      if let closing, current == closing {
        index += 1
        return entries
      }
      let comments = pendingComments
      guard let key = try parseString(), case .string(let keyText) = key.content else {
        throw error("expected a key but found \(describeCurrent())")
      }
      skipTrivia()
      if !atEnd, current == UInt8(ascii: ";") {
        index += 1
        entries.append(
          ParsedEntry(
            entry: PlistEntry(
              key: keyText, keyOffset: key.offset, keyEndOffset: key.endOffset, value: key),
            comments: comments, isShorthand: true, endOffset: index))
        continue
      }
      guard !atEnd, current == UInt8(ascii: "=") else {
        throw error(
          "expected '=' or ';' after the key \"\(keyText.escapingControlCharacters)\" but found \(describeCurrent())"
        )
      }
      index += 1
      guard let value = try parseObject(depth: depth) else {
        throw error(
          "expected a value for the key \"\(keyText.escapingControlCharacters)\" but found \(describeCurrent())"
        )
      }
      let valueEnd = index
      skipTrivia()
      let entry = PlistEntry(
        key: keyText, keyOffset: key.offset, keyEndOffset: key.endOffset, value: value)
      guard !atEnd, current == UInt8(ascii: ";") else {
        let issue = error(
          "missing ';' after the value of \"\(keyText.escapingControlCharacters)\"; iOS then reads no entry of this file",
          at: valueEnd)
        guard semicolonFits(after: valueEnd, closing: closing) else { throw issue }
        // Read on as if it were there, to find every place the one repair fits.
        if missingSemicolons == nil {
          missingSemicolons = (issue, [])
        } else {
          furtherMissingSemicolons.append(issue)
        }
        missingSemicolons?.offsets.append(valueEnd)
        entries.append(
          ParsedEntry(entry: entry, comments: comments, isShorthand: false, endOffset: valueEnd))
        continue
      }
      index += 1
      entries.append(
        ParsedEntry(entry: entry, comments: comments, isShorthand: false, endOffset: index))
    }
  }

  /// A whole OpenStep plist: one value, or dictionary content without braces
  /// when the file starts with a key (as CoreFoundation does for `.strings`).
  mutating func parseDocument() throws(ReadIssue) -> PlistNode {
    skipTrivia()
    if atEnd { return PlistNode(.dictionary([]), offset: 0) }
    let start = index
    if current == UInt8(ascii: "{") || current == UInt8(ascii: "(") || current == UInt8(ascii: "<")
    {
      guard let value = try parseObject(depth: 0) else { throw error("expected a value") }
      skipTrivia()
      guard atEnd else {
        throw error("unexpected \(describeCurrent()) after the end of the property list")
      }
      return value
    }
    if let value = try parseString() {
      skipTrivia()
      if atEnd { return value }
    }
    // Not a lone string: the file is dictionary content without braces.
    index = start
    let entries = try parseDictionaryContent(closing: nil, depth: 1)
    return PlistNode(.dictionary(entries.map(\.withEnd)), offset: start)
  }
}
