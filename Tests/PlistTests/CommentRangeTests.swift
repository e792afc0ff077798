import Plist
import Testing

/// Comments come back with the bytes they take and, in XML, the element they
/// stand before: what inline lint directives are anchored to.
struct CommentRangeTests {
  /// The text of a byte range of the input.
  static func slice(_ text: String, _ range: Range<Int>?) -> String? {
    range.map { String(decoding: Array(text.utf8)[$0], as: UTF8.self) }
  }

  @Test(arguments: [
    // Before a key: the key and its value.
    (
      "<dict>\n  <!-- a -->\n  <key>Title</key>\n  <string>Ü</string>\n</dict>",
      "<key>Title</key>\n  <string>Ü</string>"
    ),
    // Before a dictionary in an array: the whole dictionary.
    (
      "<array>\n  <!-- a -->\n  <dict><key>K</key><true/></dict>\n  <dict/>\n</array>",
      "<dict><key>K</key><true/></dict>"
    ),
    // Between a key and its value: the value.
    ("<dict><key>K</key><!-- a --><array><true/></array></dict>", "<array><true/></array>"),
    // An empty element.
    ("<array><!-- a --><false/><true/></array>", "<false/>"),
    // Before the root value.
    ("<!-- a -->\n<dict/>", "<dict/>"),
  ])
  func anXMLCommentCoversTheNextElement(body: String, covered: String) throws {
    let text = String(decoding: PropertyListReaderTests.xml(body), as: UTF8.self)
    let document = try PropertyListReader.read(Array(text.utf8))
    let comment = try #require(document.comments.first)
    #expect(comment.comment.style == .xml)
    #expect(comment.comment.text == " a ")
    #expect(
      Self.slice(text, comment.comment.offset..<(comment.comment.endOffset ?? 0)) == "<!-- a -->")
    #expect(Self.slice(text, comment.nextElement) == covered)
  }

  @Test(arguments: [
    "<dict>\n  <key>K</key>\n  <true/>\n  <!-- last -->\n</dict>",
    "<array><dict><!-- last --></dict><true/></array>",
    "<dict/>\n<!-- last -->",
  ])
  func aCommentThatEndsItsContainerCoversNothing(body: String) throws {
    let document = try PropertyListReader.read(PropertyListReaderTests.xml(body))
    #expect(document.comments.map(\.comment.text) == [" last "])
    #expect(document.comments.first?.nextElement == nil)
  }

  @Test func commentsKeepTheirLineBreaksAndOrder() throws {
    let text = String(
      decoding: PropertyListReaderTests.xml(
        "<dict>\r\n<!-- one\r\n two --><!--three--><key>K</key><string>v</string></dict>"),
      as: UTF8.self)
    let document = try PropertyListReader.read(Array(text.utf8))
    #expect(document.comments.map(\.comment.text) == [" one\r\n two ", "three"])
    #expect(
      document.comments.allSatisfy {
        Self.slice(text, $0.nextElement) == "<key>K</key><string>v</string>"
      })
    #expect(document.root["K"]?.string == "v")
  }

  @Test func otherFormatsHaveNoDocumentComments() throws {
    let document = try PropertyListReader.read(Array("/* a */ { K = v; }".utf8))
    #expect(document.format == .openStep)
    #expect(document.comments.isEmpty)
  }

  @Test func stringsEntriesAndCommentsHaveRanges() throws {
    let text = "/* é */\n\"a\" = \"b\"; // c\n\"d\";\n"
    let file = try StringsReader.read(Array(text.utf8)).file
    #expect(
      Self.slice(text, file.entries[0].keyOffset!..<file.entries[0].endOffset!) == "\"a\" = \"b\";")
    #expect(Self.slice(text, file.entries[1].keyOffset!..<file.entries[1].endOffset!) == "\"d\";")
    let block = file.entries[0].comments[0]
    #expect(Self.slice(text, block.offset..<block.endOffset!) == "/* é */")
    let line = file.entries[1].comments[0]
    #expect(Self.slice(text, line.offset..<line.endOffset!) == "// c")
  }

  /// Directives are kept however they are spaced, and nothing else is.
  @Test func retentionByAnyPrefixIgnoresLeadingSpace() throws {
    let text = """
      /*prefs:disable a*/
      "a" = "1";
      /* \tprefs:disable b */
      "b" = "2";
      // Untranslated: Root.plist Title
      "c" = "3";
      /* prefs */
      "d" = "4";
      """
    let file = try StringsReader.read(
      Array(text.utf8), comments: .startingWithAny(["prefs:", " Untranslated"])
    ).file
    #expect(
      file.entries.map { $0.comments.map(\.text) } == [
        ["prefs:disable a"], [" \tprefs:disable b "], [" Untranslated: Root.plist Title"], [],
      ])
  }

  /// An XML comment moved into a table never ends early, so the entry after it still reads.
  @Test(arguments: [" plain ", " a */ b\n c "])
  func anXMLCommentWrittenIntoATableKeepsTheEntry(text: String) throws {
    let file = StringsFile(entries: [
      StringsEntry(
        key: "k", value: PlistNode(.string("v")),
        comments: [PlistComment(style: .xml, text: text, offset: 0)])
    ])
    let read = try StringsReader.read(StringsWriter.write(file)).file
    #expect(read.lookup == ["k": "v"])
    #expect(read.entries[0].comments.count == 1)
  }
}
