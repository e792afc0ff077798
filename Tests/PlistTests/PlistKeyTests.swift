import Foundation
import Plist
import TestSupport
import Testing

/// Keys that differ only in Unicode normalization are different keys, as in
/// CoreFoundation's dictionaries (Swift's `String` equality would merge them).
struct PlistKeyTests {
  /// Pairs of canonically equivalent keys with different scalars.
  static let equivalentPairs: [(String, String)] = [
    ("caf\u{E9}", "cafe\u{301}"),  // composed and decomposed
    ("\u{212B}", "\u{C5}"),  // ANGSTROM SIGN and LATIN CAPITAL LETTER A WITH RING ABOVE
    ("\u{1E9B}\u{323}", "\u{17F}\u{323}\u{307}"),  // a singleton with reordered marks
  ]

  @Test(arguments: 0..<equivalentPairs.count)
  func equivalentKeysAreDifferentKeys(index: Int) {
    let (first, second) = Self.equivalentPairs[index]
    #expect(first == second, "Swift's String merges them")
    #expect(PlistKey(first) != PlistKey(second))
    let values: [PlistKey: PlistValue] = [
      PlistKey(first): .integer(1), PlistKey(second): .integer(2),
    ]
    #expect(values.count == 2)
    #expect(values[PlistKey(first)] == .integer(1))
    #expect(values[PlistKey(second)] == .integer(2))
    #expect(!first.isSameKey(as: second))
  }

  @Test(arguments: 0..<equivalentPairs.count)
  func readersKeepBothKeys(index: Int) throws {
    let (first, second) = Self.equivalentPairs[index]
    let xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>\(first)</key><integer>1</integer><key>\(second)</key><integer>2</integer></dict></plist>
      """
    let openStep = "{ \"\(first)\" = 1; \"\(second)\" = 2; }"
    let strings = "\"\(first)\" = \"1\";\n\"\(second)\" = \"2\";\n"
    for text in [xml, openStep] {
      let document = try PropertyListReader.read(Array(text.utf8))
      guard case .dictionary(let values) = document.root.value else {
        Issue.record("not a dictionary")
        continue
      }
      #expect(values.count == 2)
      #expect(document.root[first]?.value == (text == xml ? .integer(1) : .string("1")))
      #expect(document.root[second]?.value == (text == xml ? .integer(2) : .string("2")))
    }
    let table = try StringsReader.read(Array(strings.utf8)).file
    #expect(table.lookup.count == 2)
    #expect(table[first] == "1")
    #expect(table[second] == "2")
  }

  @Test(arguments: 0..<equivalentPairs.count)
  func theWriterKeepsBothKeysAsFoundationDoes(index: Int) throws {
    let (first, second) = Self.equivalentPairs[index]
    let value = PlistValue.dictionary([PlistKey(first): .integer(1), PlistKey(second): .integer(2)])
    let bytes = try XMLPlistWriter.write(value)
    #expect(try PropertyListReader.read(bytes).root.value == value)
    #expect(FoundationOracle.read(bytes) == value)
    #expect(FoundationOracle.write(value) == bytes)
  }
}
