/// One replacement in a text file, at byte offsets of its decoded UTF-8 text:
/// the offsets readers record, whatever the file's encoding.
///
/// ```swift
/// let edit = TextEdit(insert: ";", at: 9)  // after `"a" = "b"`
/// ```
public struct TextEdit: Sendable, Hashable {
  public var range: Range<Int>
  public var replacement: String
  /// The text the range holds now; an edit of text that has changed since is refused.
  public var original: String

  public init(replacing range: Range<Int>, original: String, with replacement: String) {
    self.range = range
    self.original = original
    self.replacement = replacement
  }

  /// An edit of `range` of `source`, with the text it replaces taken from it.
  public init(replacing range: Range<Int>, in source: SourceText, with replacement: String) {
    let clamped = range.clamped(to: 0..<source.utf8.count)
    self.init(
      replacing: range, original: String(decoding: source.utf8[clamped], as: UTF8.self),
      with: replacement)
  }

  public init(insert text: String, at offset: Int) {
    self.init(replacing: offset..<offset, original: "", with: text)
  }

  /// Whether the two edits cannot both be made: they share a byte, one
  /// inserts inside the other's range, or both insert at one place (which
  /// could go in either order).
  public func touches(_ other: TextEdit) -> Bool {
    if range.isEmpty, other.range.isEmpty { return range.lowerBound == other.range.lowerBound }
    return range.lowerBound < other.range.upperBound && other.range.lowerBound < range.upperBound
  }
}

/// A change to a text file, given in its decoded text and made on its own
/// bytes: the edited ranges are replaced in the file's encoding (UTF-8,
/// UTF-16 or UTF-32, with or without a byte order mark, or Latin 1 that an
/// XML declaration names) and every other byte stays as it was — comments,
/// order, line ends, even bytes that do not decode. Binary property lists
/// have no text and are never rewritten.
///
/// ```swift
/// let repair = TextRepair(edits: [TextEdit(insert: ";", at: 9)])
/// let fixed = try repair.apply(to: Array(#""a" = "b""#.utf8))  // "a" = "b";
/// ```
public struct TextRepair: Sendable, Hashable {
  /// Edits in the order of their places; no two touch.
  public var edits: [TextEdit]
  /// Writes a byte order mark before UTF-16 text that has none, in the
  /// byte order the text is in; the text itself is unchanged.
  public var addsByteOrderMark: Bool

  public init(edits: [TextEdit] = [], addsByteOrderMark: Bool = false) {
    // An insertion goes before a replacement that starts where it is.
    self.edits = edits.sorted {
      ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound)
    }
    self.addsByteOrderMark = addsByteOrderMark
  }

  /// Why a repair was not made; the file is then left as it was.
  public enum Failure: Error, Sendable, Hashable {
    /// A binary property list: it has no text, and prefs never rewrites one.
    case binaryPropertyList
    /// The bytes are not text prefs decodes.
    case notText
    /// An edit outside the text, inside a character, or over text that is no longer there.
    case textChanged
    /// Two edits touch each other.
    case overlappingEdits
    /// The replacement holds a character the file's encoding cannot store.
    case notEncodable(TextEncoding)
    /// A byte order mark was asked for, but the file is not UTF-16 without one.
    case noByteOrderMarkNeeded
  }

  /// Whether the repairs cannot both be made in one file: edits that touch,
  /// or two byte order marks.
  public func overlaps(_ other: TextRepair) -> Bool {
    if addsByteOrderMark, other.addsByteOrderMark { return true }
    return edits.contains { edit in other.edits.contains(where: edit.touches) }
  }

  /// The repairs as one, for a file several of them change.
  public static func merged(_ repairs: [TextRepair]) -> TextRepair {
    TextRepair(
      edits: repairs.flatMap(\.edits),
      addsByteOrderMark: repairs.contains(where: \.addsByteOrderMark))
  }

  /// The file's text as prefs reads it and the encoding it is in; edits'
  /// offsets are offsets of this text.
  public static func decode(_ bytes: [UInt8]) throws(Failure) -> DecodedText {
    if BinaryPlistReader.isBinary(bytes) { throw .binaryPropertyList }
    guard var decoded = try? TextDecoding.decode(bytes, validateUTF8: false) else {
      throw .notText
    }
    // As the property-list reader does: Latin 1 only when an XML declaration says so.
    if decoded.encoding == .utf8, PropertyListReader.looksLikeXML(decoded.utf8),
      let declared = PropertyListReader.declaredEncoding(decoded.utf8),
      ["iso-8859-1", "latin1", "iso_8859-1", "iso-latin-1"].contains(declared)
    {
      decoded.utf8 = TextDecoding.latin1(decoded.utf8)
      decoded.encoding = .latin1
    }
    return decoded
  }

  /// The file's bytes with the repair made. The result is checked: it must
  /// decode, in the same encoding (with the mark when one was added), to the
  /// text with the edits made.
  public func apply(to bytes: [UInt8]) throws(Failure) -> [UInt8] {
    let decoded = try Self.decode(bytes)
    let text = decoded.utf8
    var expected: [UInt8] = []
    expected.reserveCapacity(text.count)
    var position = 0
    for (index, edit) in edits.enumerated() {
      if index > 0, edit.touches(edits[index - 1]) { throw .overlappingEdits }
      guard edit.range.lowerBound >= position, edit.range.upperBound <= text.count,
        Self.startsCharacter(text, at: edit.range.lowerBound),
        Self.startsCharacter(text, at: edit.range.upperBound),
        text[edit.range].elementsEqual(edit.original.utf8)
      else { throw .textChanged }
      expected += text[position..<edit.range.lowerBound]
      expected += edit.replacement.utf8
      position = edit.range.upperBound
    }
    expected += text[position...]

    let encoding = decoded.encoding
    let offsets = try Self.rawOffsets(
      of: edits.flatMap { [$0.range.lowerBound, $0.range.upperBound] }, in: bytes,
      encoding: encoding)
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count + 16)
    var target = encoding
    if addsByteOrderMark {
      switch encoding {
      case .utf16LittleEndianWithoutBOM:
        result += [0xFF, 0xFE]
        target = .utf16LittleEndianWithBOM
      case .utf16BigEndianWithoutBOM:
        result += [0xFE, 0xFF]
        target = .utf16BigEndianWithBOM
      default:
        throw .noByteOrderMarkNeeded
      }
    }
    var raw = 0
    for (index, edit) in edits.enumerated() {
      result += bytes[raw..<offsets[2 * index]]
      result += try Self.encode(edit.replacement, as: encoding)
      raw = offsets[2 * index + 1]
    }
    result += bytes[raw...]

    guard let check = try? Self.decode(result), check.encoding == target, check.utf8 == expected
    else { throw .textChanged }
    return result
  }

  /// Whether `offset` is between two characters of the UTF-8 text (or at its end).
  static func startsCharacter(_ text: [UInt8], at offset: Int) -> Bool {
    offset == text.count || text[offset] & 0xC0 != 0x80
  }

  /// Where each offset of the decoded text (ascending) lies in the file's
  /// bytes; an offset inside a character or past the text is refused.
  static func rawOffsets(of offsets: [Int], in bytes: [UInt8], encoding: TextEncoding)
    throws(Failure) -> [Int]
  {
    guard !offsets.isEmpty else { return [] }
    switch encoding {
    case .utf8: return offsets
    case .utf8WithBOM: return offsets.map { $0 + 3 }
    default: break
    }
    // Walk the bytes a character at a time, counting its UTF-8 length as the decoder writes it.
    let start: Int
    let step: (Int) -> (raw: Int, decoded: Int)?
    switch encoding {
    case .latin1:
      start = 0
      step = { index in index < bytes.count ? (1, bytes[index] < 0x80 ? 1 : 2) : nil }
    case .utf16LittleEndianWithBOM, .utf16LittleEndianWithoutBOM, .utf16BigEndianWithBOM,
      .utf16BigEndianWithoutBOM:
      let bigEndian = encoding == .utf16BigEndianWithBOM || encoding == .utf16BigEndianWithoutBOM
      let hasMark = encoding == .utf16LittleEndianWithBOM || encoding == .utf16BigEndianWithBOM
      start = hasMark ? 2 : 0
      func unit(_ index: Int) -> UInt32? {
        guard index + 1 < bytes.count else { return nil }
        let first = UInt32(bytes[index])
        let second = UInt32(bytes[index + 1])
        return bigEndian ? first << 8 | second : second << 8 | first
      }
      step = { index in
        guard let value = unit(index) else { return nil }
        if (0xD800..<0xDC00).contains(value), let low = unit(index + 2),
          (0xDC00..<0xE000).contains(low)
        {
          return (4, 4)
        }
        // A lone surrogate decodes to U+FFFD, three bytes of UTF-8.
        if (0xD800..<0xE000).contains(value) { return (2, 3) }
        return (2, value < 0x80 ? 1 : value < 0x800 ? 2 : 3)
      }
    case .utf32LittleEndianWithBOM, .utf32BigEndianWithBOM:
      let bigEndian = encoding == .utf32BigEndianWithBOM
      start = 4
      step = { index in
        guard index + 3 < bytes.count else { return nil }
        let b = (0..<4).map { UInt32(bytes[index + $0]) }
        let value =
          bigEndian
          ? b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3] : b[3] << 24 | b[2] << 16 | b[1] << 8 | b[0]
        return (4, value < 0x80 ? 1 : value < 0x800 ? 2 : value < 0x10000 ? 3 : 4)
      }
    case .utf8, .utf8WithBOM:
      return offsets
    }
    var result: [Int] = []
    result.reserveCapacity(offsets.count)
    var raw = start
    var decoded = 0
    for offset in offsets {
      while decoded < offset {
        guard let (rawWidth, decodedWidth) = step(raw) else { throw .textChanged }
        raw += rawWidth
        decoded += decodedWidth
      }
      guard decoded == offset else { throw .textChanged }
      result.append(raw)
    }
    return result
  }

  /// Text in the file's encoding, without a byte order mark.
  package static func encode(_ text: String, as encoding: TextEncoding) throws(Failure) -> [UInt8] {
    switch encoding {
    case .utf8, .utf8WithBOM:
      return Array(text.utf8)
    case .utf16LittleEndianWithBOM, .utf16LittleEndianWithoutBOM:
      return text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    case .utf16BigEndianWithBOM, .utf16BigEndianWithoutBOM:
      return text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    case .utf32LittleEndianWithBOM:
      return text.unicodeScalars.flatMap { scalar in
        (0..<4).map { UInt8(truncatingIfNeeded: scalar.value >> (8 * $0)) }
      }
    case .utf32BigEndianWithBOM:
      return text.unicodeScalars.flatMap { scalar in
        (0..<4).reversed().map { UInt8(truncatingIfNeeded: scalar.value >> (8 * $0)) }
      }
    case .latin1:
      var result: [UInt8] = []
      for scalar in text.unicodeScalars {
        guard scalar.value <= 0xFF else { throw .notEncodable(encoding) }
        result.append(UInt8(scalar.value))
      }
      return result
    }
  }
}
