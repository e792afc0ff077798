import Foundation
import Plist
import PropertyBased
import TestSupport
import Testing

/// `TextRepair`: edits given in the decoded text land on the same text in
/// every encoding a table or page can be in, every other byte stays, and
/// what cannot be done is refused with the file left alone.
struct TextRepairTests {
  /// The text with a character of every UTF-8 length before the edited word.
  static let text = "/* é € 😀 */\n\"Enabled\" = \"Aktiviert 😀\";\n"

  static func encoded(_ text: String, _ encoding: TextEncoding) -> [UInt8] {
    switch encoding {
    case .utf8: Array(text.utf8)
    case .utf8WithBOM: [0xEF, 0xBB, 0xBF] + Array(text.utf8)
    case .utf16LittleEndianWithBOM: [0xFF, 0xFE] + littleEndian(text)
    case .utf16LittleEndianWithoutBOM: littleEndian(text)
    case .utf16BigEndianWithBOM: [0xFE, 0xFF] + bigEndian(text)
    case .utf16BigEndianWithoutBOM: bigEndian(text)
    case .utf32LittleEndianWithBOM:
      [0xFF, 0xFE, 0, 0]
        + text.unicodeScalars.flatMap { s in
          (0..<4).map { UInt8(truncatingIfNeeded: s.value >> (8 * $0)) }
        }
    case .utf32BigEndianWithBOM:
      [0, 0, 0xFE, 0xFF]
        + text.unicodeScalars.flatMap { s in
          (0..<4).reversed().map { UInt8(truncatingIfNeeded: s.value >> (8 * $0)) }
        }
    case .latin1: text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
    }
  }

  static func littleEndian(_ text: String) -> [UInt8] {
    text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
  }

  static func bigEndian(_ text: String) -> [UInt8] {
    text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
  }

  static let unicodeEncodings: [TextEncoding] = [
    .utf8, .utf8WithBOM, .utf16LittleEndianWithBOM, .utf16BigEndianWithBOM,
    .utf16LittleEndianWithoutBOM, .utf16BigEndianWithoutBOM, .utf32LittleEndianWithBOM,
    .utf32BigEndianWithBOM,
  ]

  /// The offset of `word` in the text's UTF-8.
  static func offset(of word: String, in text: String) -> Int {
    guard let range = text.range(of: word) else { return -1 }
    return text.utf8.distance(from: text.startIndex, to: range.lowerBound)
  }

  @Test(arguments: unicodeEncodings)
  func editsLandOnTheSameTextInEveryEncoding(encoding: TextEncoding) throws {
    let bytes = Self.encoded(Self.text, encoding)
    let key = Self.offset(of: "Enabled", in: Self.text)
    let end = Self.text.utf8.count
    let repair = TextRepair(edits: [
      TextEdit(replacing: key..<(key + 7), original: "Enabled", with: "Ünabled 😀"),
      TextEdit(insert: "\"x\" = \"y\";\n", at: end),
    ])
    let fixed = try repair.apply(to: bytes)
    let expected =
      Self.text.replacingOccurrences(of: "Enabled", with: "Ünabled 😀") + "\"x\" = \"y\";\n"
    #expect(fixed == Self.encoded(expected, encoding))
    // What comes before the first edit is the file's own bytes, byte for byte.
    let decoded = try TextRepair.decode(fixed)
    #expect(decoded.encoding == encoding)
    #expect(String(decoding: decoded.utf8, as: UTF8.self) == expected)
  }

  @Test func latin1NamedByTheDeclarationStaysLatin1() throws {
    let text =
      "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<plist><string>café.plist</string></plist>\n"
    let bytes = Self.encoded(text, .latin1)
    let start = Self.offset(of: ".plist<", in: text)
    let repair = TextRepair(edits: [
      TextEdit(replacing: start..<(start + 6), original: ".plist", with: "")
    ])
    let fixed = try repair.apply(to: bytes)
    #expect(
      fixed == Self.encoded(text.replacingOccurrences(of: "café.plist", with: "café"), .latin1))
    let beyond = TextRepair(edits: [TextEdit(insert: "€", at: start)])
    #expect(throws: TextRepair.Failure.notEncodable(.latin1)) { try beyond.apply(to: bytes) }
  }

  @Test(arguments: [
    (TextEncoding.utf16LittleEndianWithoutBOM, TextEncoding.utf16LittleEndianWithBOM),
    (.utf16BigEndianWithoutBOM, .utf16BigEndianWithBOM),
  ])
  func aByteOrderMarkIsAddedInTheTextsByteOrder(from: TextEncoding, to: TextEncoding) throws {
    let bytes = Self.encoded(Self.text, from)
    let fixed = try TextRepair(addsByteOrderMark: true).apply(to: bytes)
    #expect(fixed == Self.encoded(Self.text, to))
    #expect(Array(fixed.dropFirst(2)) == bytes)
    // A file that has one, or is not UTF-16, gets none.
    #expect(throws: TextRepair.Failure.noByteOrderMarkNeeded) {
      try TextRepair(addsByteOrderMark: true).apply(to: fixed)
    }
    #expect(throws: TextRepair.Failure.noByteOrderMarkNeeded) {
      try TextRepair(addsByteOrderMark: true).apply(to: Array(Self.text.utf8))
    }
  }

  /// A lone surrogate decodes to U+FFFD; the edit after it still lands, and
  /// the surrogate's own bytes are kept.
  @Test func bytesThatDoNotDecodeAreKept() throws {
    let before = Self.littleEndian("\"a\" = \"")
    let lone: [UInt8] = [0x3D, 0xD8]  // U+D83D without its partner
    let after = Self.littleEndian("\"")
    let bytes = [0xFF, 0xFE] + before + lone + after
    let decoded = try TextRepair.decode(bytes)
    let end = decoded.utf8.count
    let fixed = try TextRepair(edits: [TextEdit(insert: ";", at: end)]).apply(to: bytes)
    #expect(fixed == bytes + Self.littleEndian(";"))
  }

  @Test func whatCannotBeDoneIsRefused() throws {
    let bytes = Array("\"Enabled\" = \"An\";\n".utf8)
    // The text is not what the edit was made for (the file changed).
    let stale = TextRepair(edits: [TextEdit(replacing: 1..<8, original: "Disable", with: "X")])
    #expect(throws: TextRepair.Failure.textChanged) { try stale.apply(to: bytes) }
    // Past the end of the text.
    let past = TextRepair(edits: [TextEdit(insert: ";", at: bytes.count + 1)])
    #expect(throws: TextRepair.Failure.textChanged) { try past.apply(to: bytes) }
    // Inside a character.
    let split = TextRepair(edits: [TextEdit(insert: "x", at: 2)])
    #expect(throws: TextRepair.Failure.textChanged) {
      try split.apply(to: Self.encoded("\"é\";", .utf16LittleEndianWithBOM))
    }
    #expect(throws: TextRepair.Failure.textChanged) { try split.apply(to: Array("\"é\";".utf8)) }
    // Two insertions at one place, or ranges that share a byte.
    let twice = TextRepair(edits: [TextEdit(insert: "a", at: 3), TextEdit(insert: "b", at: 3)])
    #expect(throws: TextRepair.Failure.overlappingEdits) { try twice.apply(to: bytes) }
    let shared = TextRepair(edits: [
      TextEdit(replacing: 1..<4, original: "Ena", with: ""),
      TextEdit(replacing: 3..<5, original: "ab", with: ""),
    ])
    #expect(throws: TextRepair.Failure.overlappingEdits) { try shared.apply(to: bytes) }
    // A binary property list has no text.
    let binary = try #require(
      FoundationOracle.write(.dictionary(["a": .string("b")]), binary: true))
    #expect(throws: TextRepair.Failure.binaryPropertyList) {
      try TextRepair(edits: [TextEdit(insert: ";", at: 0)]).apply(to: binary)
    }
  }

  @Test func touchingIsSharingAByteOrAnInsertionPoint() {
    let insertion = TextEdit(insert: ";", at: 5)
    #expect(insertion.touches(TextEdit(insert: "x", at: 5)))
    #expect(!insertion.touches(TextEdit(insert: "x", at: 6)))
    #expect(insertion.touches(TextEdit(replacing: 3..<7, original: "....", with: "")))
    // Adjacent ranges, and an insertion where a range starts or ends, can both be made.
    #expect(!insertion.touches(TextEdit(replacing: 5..<7, original: "..", with: "")))
    #expect(!insertion.touches(TextEdit(replacing: 3..<5, original: "..", with: "")))
    #expect(
      !TextEdit(replacing: 0..<5, original: ".....", with: "").touches(
        TextEdit(replacing: 5..<7, original: "..", with: "")))
  }
}

/// The reader's repair of a missing `;`: given only when one `;` is what
/// was meant, at every place it is missing, and the repaired table reads in
/// CoreFoundation as it does in prefs.
struct MissingSemicolonRepairTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var text: String
    /// The text with the repair made; nil when none is offered.
    var repaired: String?
    var testDescription: String { text.debugDescription }
  }

  static let cases: [Case] = [
    Case(text: "\"a\" = \"b\"\n\"c\" = \"d\";\n", repaired: "\"a\" = \"b\";\n\"c\" = \"d\";\n"),
    Case(text: "\"a\" = \"b\"\n\"c\" = \"d\"", repaired: "\"a\" = \"b\";\n\"c\" = \"d\";"),
    Case(
      text: "\"a\" = \"b\" // note\n/* c */ \"c\" = \"d\";",
      repaired: "\"a\" = \"b\"; // note\n/* c */ \"c\" = \"d\";"),
    Case(text: "{ \"a\" = \"b\" }", repaired: "{ \"a\" = \"b\"; }"),
    Case(text: "a = b\nc = (x, y)\nd;\n", repaired: "a = b;\nc = (x, y);\nd;\n"),
    Case(text: "\"a\" = \"b\"\r\n'c' = \"d\";", repaired: "\"a\" = \"b\";\r\n'c' = \"d\";"),
    // One line holding more than one entry could mean other things.
    Case(text: "\"a\" = \"b\" \"c\" = \"d\";", repaired: nil),
    Case(text: "\"a\" = \"b\",\n\"c\" = \"d\";", repaired: nil),
    Case(text: "\"a\" = \"b\"\n= \"d\";", repaired: nil),
    Case(text: "{ \"a\" = \"b\"", repaired: nil),
  ]

  @Test(arguments: cases)
  func theRepairIsOfferedOnlyWhereItIsTheOneMeant(_ testCase: Case) throws {
    let bytes = Array(testCase.text.utf8)
    var issue: ReadIssue?
    do { _ = try StringsReader.read(bytes) } catch { issue = error }
    let thrown = try #require(issue)
    #expect(thrown.message.contains("missing ';'"))
    guard let expected = testCase.repaired else {
      #expect(thrown.repair == nil)
      return
    }
    let repair = try #require(thrown.repair)
    let fixed = try repair.apply(to: bytes)
    #expect(String(decoding: fixed, as: UTF8.self) == expected)
    let read = try StringsReader.read(fixed)
    let values = Dictionary(
      read.file.entries.map { (PlistKey($0.key), $0.value.value) }, uniquingKeysWith: { $1 })
    #expect(FoundationOracle.read(fixed) == .dictionary(values))
  }

  /// Any table whose `;` were dropped at the ends of lines gets them back,
  /// all in one repair, in UTF-8 and in UTF-16.
  @Test(arguments: [TextEncoding.utf8, .utf16LittleEndianWithBOM])
  func droppedSemicolonsComeBack(encoding: TextEncoding) async {
    let word = Gen.letterOrNumber.string(of: 1...8)
    await propertyCheck(
      count: 200, input: word.array(of: 1...8), Gen.bool.array(of: 8), Gen.bool.array(of: 8)
    ) { keys, drops, comments in
      var original = ""
      var broken = ""
      for (index, key) in keys.enumerated() {
        let comment = comments[index] ? " // \(key) 😀" : ""
        original += "\"\(key)\" = \"\(key) é\";\(comment)\n"
        broken += "\"\(key)\" = \"\(key) é\"\(drops[index] ? "" : ";")\(comment)\n"
      }
      let bytes = TextRepairTests.encoded(broken, encoding)
      do throws(ReadIssue) {
        _ = try StringsReader.read(bytes)
        #expect(!drops.prefix(keys.count).contains(true))
      } catch {
        let repair = try #require(error.repair)
        #expect(repair.edits.count == drops.prefix(keys.count).count(where: { $0 }))
        #expect(try repair.apply(to: bytes) == TextRepairTests.encoded(original, encoding))
      }
    }
  }
}
