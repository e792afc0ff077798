import Foundation
import Testing

@testable import Localization

/// The start-up reader of language-fallback.json gives what `JSONDecoder` gives, on the
/// file and on variants of it that take each way out of the fast path: the same data,
/// or an error from both.
struct FallbackDataReaderTests {
  static let text = (try? String(contentsOf: LanguageFallbackTests.dataFile, encoding: .utf8)) ?? ""

  static func jsonDecoder(_ text: String) -> LanguageFallbackData? {
    try? JSONDecoder().decode(LanguageFallbackData.self, from: Data(text.utf8))
  }

  /// The file, then edits of it: (what the edit is, the text).
  static let variants: [(String, String)] = [
    ("the file", text),
    ("an escape in a value", text.replacingOccurrences(of: "\"pt_PT\"", with: "\"pt\\u005FPT\"")),
    (
      "a member of every JSON kind that no field reads",
      text.replacingOccurrences(
        of: "{", with: "{\"extra\": [1, -2.5e3, true, false, null, {\"a\": []}, \"ü\"],",
        options: [], range: text.range(of: "{"))
    ),
    (
      "a distance that is no integer",
      text.replacingOccurrences(of: "\"distance\": 1", with: "\"distance\": 1.5")
    ),
    ("a missing section", text.replacingOccurrences(of: "\"icu\"", with: "\"icu2\"")),
    ("a number where a string belongs", text.replacingOccurrences(of: "\"pt_PT\"", with: "7")),
    ("text after the value", text + " x"),
    ("an unterminated object", String(text.dropLast(3))),
    ("an empty text", ""),
  ]

  @Test(arguments: variants.indices)
  func readsWhatJSONDecoderReads(_ index: Int) throws {
    let (what, text) = Self.variants[index]
    #expect(!Self.text.isEmpty)
    let expected = Self.jsonDecoder(text)
    let actual = try? LanguageFallbackData.decode(text)
    #expect(actual == expected, "\(what)")
  }

  /// The data file itself takes the fast path (no escapes, every member as expected).
  @Test func theDataFileTakesTheFastPath() throws {
    let value = try #require(FallbackDataReader.read(Self.text))
    #expect(LanguageFallbackData(value) == Self.jsonDecoder(Self.text))
    #expect(LanguageFallbackData(value)?.appleFallbackParents.isEmpty == false)
  }
}
