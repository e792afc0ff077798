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

  /// Characters whose UTF-16 order differs from their scalar order (beyond
  /// the BMP against U+E000…U+FFFD), normalization variants and plain text.
  static let keyAlphabet: [Unicode.Scalar] = [
    "a", "b", "Z", "0", "_", ".", "\u{E9}", "e", "\u{301}", "\u{212B}", "\u{C5}", "\u{FF5E}",
    "\u{E000}", "\u{FFFD}", "\u{1F600}", "\u{10000}", "\u{10FFFD}", "\u{4E2D}", "\u{D7FF}",
  ]

  /// Writer key order is Foundation's (UTF-16 unit order, as CFStringCompare
  /// sorts): the bytes are Foundation's for random keys, and read back the same.
  @Test func theWriterOrdersKeysAsFoundation() throws {
    var generator = SplitMix64(seed: 0x5eed_cafe)
    for _ in 0..<300 {
      var entries: [PlistKey: PlistValue] = [:]
      for index in 0..<Int.random(in: 1...8, using: &generator) {
        var key = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
          key.append(Self.keyAlphabet.randomElement(using: &generator) ?? "a")
        }
        entries[PlistKey(String(key))] = .integer(Int64(index))
      }
      let value = PlistValue.dictionary(["outer": .dictionary(entries)])
      let bytes = try XMLPlistWriter.write(value)
      #expect(bytes == FoundationOracle.write(value), "\(entries.keys)")
      #expect(try PropertyListReader.read(bytes).root.value == value)
    }
  }
}
