import Foundation
import Plist
import PropertyBased
import TestSupport
import Testing

/// read(write(x)) == x, by the reader and by CoreFoundation, over text that
/// must be escaped: quotes, backslashes, newlines, control characters and
/// characters beyond the BMP.
struct StringsWriterTests {
  static let tricky = Gen<Character>.oneOf(
    Gen.character(in: " "..."~"), Gen.character(in: "\u{0}"..."\u{1F}"),
    Gen.character(in: "\u{7F}"..."\u{A0}"), Gen.character(in: "À"..."ʯ"),
    Gen.character(in: "\u{1F600}"..."\u{1F64F}"), Gen.character(in: "\u{4E00}"..."\u{4E50}"),
    Gen.character(in: "\""..."\""), Gen.character(in: "\\"..."\\"))
  static let text = tricky.string(of: 0...24)

  @Test(arguments: [TextEncoding.utf8, .utf16LittleEndianWithBOM])
  func readingWhatWasWrittenGivesTheSamePairs(encoding: TextEncoding) async {
    await propertyCheck(count: 300, input: Self.text.array(of: 1...6), Self.text.array(of: 1...6)) {
      keys, values in
      var seen = Set<String>()
      let pairs = zip(keys, values).filter { seen.insert($0.0).inserted }
      let file = StringsFile(
        entries: pairs.map { StringsEntry(key: $0.0, value: PlistNode(.string($0.1))) },
        encoding: encoding)
      let bytes = StringsWriter.write(file)
      let read = try? StringsReader.read(bytes)
      #expect(read?.file.entries.map(\.key) == pairs.map(\.0))
      #expect(read?.file.entries.map { $0.value.string } == pairs.map(\.1))
      // CoreFoundation reads the same pairs.
      let expected = PlistValue.dictionary(
        Dictionary(
          pairs.map { (PlistKey($0.0), PlistValue.string($0.1)) },
          uniquingKeysWith: { _, last in last }))
      #expect(FoundationOracle.read(bytes) == expected)
      // Writing what was read gives the same bytes.
      if let read { #expect(StringsWriter.write(read.file) == bytes) }
    }
  }

  /// Found by `scripts/fuzz roundtrip`: a table of white space only reads as
  /// empty, and an empty table must not be written as 0 bytes, which iOS rejects.
  @Test(arguments: [[0x20, 0x0B], [UInt8](" \n".utf8)])
  func anEmptyTableIsWrittenAsOneThatReads(bytes: [UInt8]) throws {
    let table = try StringsReader.read(bytes).file
    #expect(table.entries.isEmpty)
    for encoding in [TextEncoding.utf8, .utf16LittleEndianWithBOM] {
      let written = StringsWriter.write(table, encoding: encoding)
      #expect(try StringsReader.read(written).file.entries.isEmpty)
      #expect(FoundationOracle.read(written) == .dictionary([:]))
    }
  }

  @Test func commentsOrderAndShorthandsAreKept() throws {
    let text = """
      /* The title */
      "b" = "B";
      // a line comment
      "a";

      "c" = "tab\\there";
      /* trailing */

      """
    let read = try StringsReader.read(Array(text.utf8))
    let written = StringsWriter.write(read.file)
    let again = try StringsReader.read(written)
    #expect(again.file.entries.map(\.key) == ["b", "a", "c"])
    #expect(again.file.entries[0].comments.map(\.text) == [" The title "])
    #expect(again.file.entries[1].isShorthand)
    #expect(again.file.trailingComments.map(\.text) == [" trailing "])
    #expect(StringsWriter.write(again.file) == written, "idempotent")
  }
}
