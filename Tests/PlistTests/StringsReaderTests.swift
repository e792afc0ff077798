import Foundation
import Plist
import TestSupport
import Testing

struct StringsReaderTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var text: String
    var expected: [PlistKey: String]
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "plain", text: #""celsiusTitulo" = "Celsius First";"#,
      expected: ["celsiusTitulo": "Celsius First"]),
    Case(name: "japanese", text: #""タイトル" = "設定";"#, expected: ["タイトル": "設定"]),
    Case(name: "single quotes", text: #"'a' = 'it\'s';"#, expected: ["a": "it's"]),
    Case(
      name: "unquoted", text: "greeting = \"Hello\";\nkey.with/path:$_- = value;",
      expected: ["greeting": "Hello", "key.with/path:$_-": "value"]),
    Case(name: "shorthand", text: #""Enabled";"#, expected: ["Enabled": "Enabled"]),
    Case(
      name: "comments",
      text: "/* block */ \"a\" = \"b\"; // line\n// only\n\"c\" /* inside */ = \"d\";",
      expected: ["a": "b", "c": "d"]),
    Case(
      name: "simple escapes", text: #""k" = "q\"b\\n\nt\tr\r";"#, expected: ["k": "q\"b\\n\nt\tr\r"]
    ),
    Case(
      name: "bell and friends", text: #""k" = "\a\b\f\v";"#,
      expected: ["k": "\u{07}\u{08}\u{0C}\u{0B}"]),
    Case(name: "U escape", text: #""k" = "caf\U00e9 \U41 \U20AC";"#, expected: ["k": "café A €"]),
    Case(name: "lowercase u is literal", text: #""k" = "\u00e9";"#, expected: ["k": "u00e9"]),
    Case(name: "surrogate pair", text: #""k" = "\UD83D\UDE00";"#, expected: ["k": "😀"]),
    Case(name: "lone lead surrogate", text: #""k" = "a\UD83Db";"#, expected: ["k": "a\u{FFFD}b"]),
    Case(name: "lead at the end", text: #""k" = "\UD83D";"#, expected: ["k": "\u{FFFD}"]),
    Case(
      name: "trail then lead", text: #""k" = "\UDE00\UD83D";"#,
      expected: ["k": "\u{FFFD}\u{FFFD}"]),
    Case(name: "octal is NeXTSTEP", text: #""k" = "\101\0\351";"#, expected: ["k": "A\u{0}Ø"]),
    Case(name: "escaped newline", text: "\"k\" = \"a\\\nb\";", expected: ["k": "a\nb"]),
    Case(name: "raw newline", text: "\"k\" = \"a\nb\";", expected: ["k": "a\nb"]),
    Case(name: "later duplicate wins", text: #""k" = "1"; "k" = "2";"#, expected: ["k": "2"]),
    Case(name: "braced", text: #"{ "k" = "v"; }"#, expected: ["k": "v"]),
    Case(name: "only comments", text: "/* nothing */\n// here\n", expected: [:]),
    Case(
      name: "unicode separators are white space", text: "\"a\" =\u{2028}\"b\"\u{2029};",
      expected: ["a": "b"]),
  ]

  @Test(arguments: cases)
  func reads(_ testCase: Case) throws {
    let result = try StringsReader.read(Array(testCase.text.utf8))
    #expect(result.file.lookup == testCase.expected)
    #expect(!result.issues.contains { $0.severity == .error })
  }

  @Test(arguments: cases)
  func agreesWithFoundation(_ testCase: Case) throws {
    #expect(
      FoundationOracle.read(Array(testCase.text.utf8))
        == .dictionary(testCase.expected.mapValues { .string($0) }))
  }

  static let encodings: [(String, [UInt8])] = [
    ("UTF-8 with BOM", [0xEF, 0xBB, 0xBF] + Array(#""é" = "ü";"#.utf8)),
    (
      "UTF-16LE with BOM",
      [0xFF, 0xFE] + #""é" = "ü";"#.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    ),
    (
      "UTF-16BE with BOM",
      [0xFE, 0xFF] + #""é" = "ü";"#.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    ),
    (
      "UTF-32LE with BOM",
      [0xFF, 0xFE, 0x00, 0x00]
        + #""é" = "ü";"#.unicodeScalars.flatMap { s in
          (0..<4).map { UInt8((s.value >> (8 * $0)) & 0xFF) }
        }
    ),
    (
      "UTF-32BE with BOM",
      [0x00, 0x00, 0xFE, 0xFF]
        + #""é" = "ü";"#.unicodeScalars.flatMap { s in
          (0..<4).reversed().map { UInt8((s.value >> (8 * $0)) & 0xFF) }
        }
    ),
  ]

  @Test(arguments: encodings)
  func decodesEncodings(_ name: String, _ bytes: [UInt8]) throws {
    let result = try StringsReader.read(bytes)
    #expect(result.file.lookup == ["é": "ü"], "\(name)")
    #expect(result.file.encoding.rawValue == name)
  }

  /// UTF-16 takes bytes two by two: a last odd byte is dropped, and said so,
  /// whatever the byte order and with or without a BOM.
  @Test(arguments: [
    ([0xFF, 0xFE] as [UInt8], false), ([0xFE, 0xFF], true), ([], false),
  ])
  func anOddLastByteOfUTF16IsReported(mark: [UInt8], bigEndian: Bool) throws {
    let text = #" "a" = "b";"# + "\n"
    let units = text.utf16.flatMap {
      bigEndian ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0 & 0xFF), UInt8($0 >> 8)]
    }
    let even = try StringsReader.read(mark + units)
    #expect(!even.issues.contains { $0.message.contains("odd number of bytes") })
    let result = try StringsReader.read(mark + units + [0x0A])
    #expect(result.file.lookup == ["a": "b"])
    let issue = try #require(result.issues.first { $0.message.contains("odd number of bytes") })
    #expect(issue.kind == .encoding && issue.severity == .warning)
    #expect(issue.message.contains("(0x0A)"))
    #expect(
      issue.place == .text(SourceSnippet(location: TextLocation(line: 2, column: 1), lineText: "")))
  }

  @Test func bomlessUTF16IsReadButReportedAsBrokenOnDevice() throws {
    let bytes = #""a" = "b";"#.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    let result = try StringsReader.read(bytes)
    #expect(result.file.lookup == ["a": "b"])
    #expect(result.file.encoding == .utf16LittleEndianWithoutBOM)
    let issue = try #require(result.issues.first)
    #expect(issue.kind == .encoding)
    #expect(issue.severity == .error)
  }

  @Test func keepsCommentsAndOrderForWriters() throws {
    let text =
      "/* Title of the toggle */\n\"b\" = \"2\";\n// second\n\"a\" = \"1\";\n/* trailing */\n"
    let file = try StringsReader.read(Array(text.utf8)).file
    #expect(file.entries.map(\.key) == ["b", "a"])
    #expect(file.entries[0].comments.map(\.text) == [" Title of the toggle "])
    #expect(file.entries[1].comments.map(\.style) == [.line])
    #expect(file.trailingComments.map(\.text) == [" trailing "])
  }

  /// Checkers skip comments but keep the ones that mark entries; a comment
  /// that only contains the marker later, or a line comment, counts the same way.
  @Test(arguments: [
    (
      CommentRetention.all,
      [[" Untranslated: Root.plist Title "], [" Title "], ["Untranslated"], [" Untranslated"]]
    ),
    (.none, [[], [], [], []]),
    (
      .startingWith(" Untranslated"),
      [[" Untranslated: Root.plist Title "], [], [], [" Untranslated"]]
    ),
  ])
  func keepsTheCommentsAsked(retention: CommentRetention, expected: [[String]]) throws {
    let text = """
      /* Untranslated: Root.plist Title */
      "a" = "1";
      /* Title */
      "b" = "2";
      /*Untranslated*/
      "c" = "3";
      // Untranslated
      "d" = "4";
      /* Untranslated
      """
    let file = try StringsReader.read(Array(text.utf8), comments: retention).file
    #expect(file.entries.map { $0.comments.map(\.text) } == expected)
  }

  @Test func keepsDuplicatesInTheModel() throws {
    let file = try StringsReader.read(Array(#""k" = "1"; "k" = "2";"#.utf8)).file
    #expect(file.entries.count == 2)
    #expect(file["k"] == "2")
  }

  @Test func nonStringValuesAreKeptAsValues() throws {
    let file = try StringsReader.read(
      Array(#""list" = ("a", "b"); "map" = { k = v; }; "bytes" = <0fbd>;"#.utf8)
    ).file
    #expect(file.entries[0].value.value == .array([.string("a"), .string("b")]))
    #expect(file.entries[1].value.value == .dictionary(["k": .string("v")]))
    #expect(file.entries[2].value.value == .data(Data([0x0F, 0xBD])))
    #expect(file.lookup.isEmpty)
  }

  struct Failure: CustomTestStringConvertible, Sendable {
    var name: String
    var text: String
    var message: String
    var line: Int
    var column: Int
    var testDescription: String { name }
  }

  static let failures: [Failure] = [
    Failure(
      name: "missing semicolon", text: "\"a\" = \"b\";\n\"c\" = \"d\"\n\"e\" = \"f\";",
      message: "missing ';' after the value of \"c\"; iOS then reads no entry of this file",
      line: 2, column: 10),
    Failure(
      name: "missing final semicolon", text: "\"a\" = \"b\"",
      message: "missing ';' after the value of \"a\"; iOS then reads no entry of this file",
      line: 1, column: 10),
    Failure(
      name: "unterminated string", text: "\"a\" = \"b;\n", message: "this string is never closed",
      line: 1, column: 7),
    Failure(
      name: "no-break space", text: "\"a\"\u{00A0}= \"b\";",
      message:
        "expected '=' or ';' after the key \"a\" but found a no-break space (U+00A0), which iOS does not take as white space",
      line: 1, column: 4),
    Failure(
      name: "unquoted non-ASCII", text: "clé = \"v\";",
      message: "expected '=' or ';' after the key \"cl\" but found 'é'", line: 1, column: 3),
    Failure(
      name: "missing value", text: "\"a\" = ;",
      message: "expected a value for the key \"a\" but found ';'", line: 1, column: 7),
  ]

  @Test(arguments: failures)
  func reportsWhereItFails(_ failure: Failure) {
    #expect {
      try StringsReader.read(Array(failure.text.utf8))
    } throws: { error in
      guard let issue = error as? ReadIssue, case .text(let snippet)? = issue.place else {
        return false
      }
      return issue.message == failure.message
        && snippet.location == TextLocation(line: failure.line, column: failure.column)
    }
    #expect(throws: (any Error).self) {
      try PropertyListSerialization.propertyList(from: Data(failure.text.utf8), format: nil)
    }
  }

  @Test func emptyFileIsAnError() {
    #expect(throws: ReadIssue.self) { try StringsReader.read([]) }
  }

  @Test func invalidUTF8IsAnError() {
    #expect(throws: ReadIssue.self) {
      try StringsReader.read(Array(#""a" = ""#.utf8) + [0xFF, 0x22, 0x3B])
    }
  }
}

/// One fault, one finding: an unclosed comment is reported once wherever it
/// stands, and UTF-16 without a BOM has one severity whatever its byte order.
struct OneFindingTests {
  @Test(arguments: [
    "\"a\" = \"b\";\n/* never closed", "/* never closed", "\"a\" = \"b\"; /* open\n\"c\" = \"d\";",
    "\"a\" /* open", "\"a\" = /* open", "{ \"a\" = \"b\"; /* open",
  ])
  func anUnclosedCommentIsReportedOnce(text: String) {
    let issues: [ReadIssue]
    do {
      issues = try StringsReader.read(Array(text.utf8)).issues
    } catch {
      issues = [error]
    }
    // One fault, one finding: the open comment, or the end of file it hides the rest behind.
    #expect(issues.count == 1, "\(issues)")
    let plistIssues: [ReadIssue]
    do {
      plistIssues = try PropertyListReader.read(Array(text.utf8)).issues
    } catch {
      plistIssues = [error]
    }
    #expect(plistIssues.count == 1, "\(plistIssues)")
  }

  @Test(arguments: ["\"a\" = \"b\";\n", " \"a\" = \"b\";\n", "/* c */ \"a\" = \"b\";\n"])
  func utf16WithoutBOMHasOneSeverityInBothOrders(text: String) throws {
    let little = text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    let big = text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    let severities = try [little, big].map { bytes in
      try StringsReader.read(bytes).issues.filter { $0.kind == .encoding }.map(\.severity)
    }
    // Big-endian never loads on a (little-endian) device; little-endian loads
    // only when the character iOS skips is white space.
    let loads = text.first?.isWhitespace == true
    #expect(severities[0] == [loads ? .warning : .error])
    #expect(severities[1] == [.error])
  }
}
