import Foundation
import Plist
import PrefsKit
import TestSupport
import Testing

/// The value words of a defaults write over any text a user can type: a
/// value or a refusal in words, never a crash, and never a value made up.
struct WriteRequestTests {
  /// Text weighted toward what the parsers look for: digits (ASCII,
  /// fullwidth, Arabic-Indic), hex letters, date punctuation, controls, any scalar.
  static func text(_ random: inout SplitMix64) -> String {
    let pools: [[Character]] = [
      Array("0123456789"), Array("abcdefABCDEF"), Array("０１２３４５６７８９"), Array("٠١٢٣٤٥٦٧٨٩"),
      Array("-:TZ .+tz"), (0..<0x20).map { Character(Unicode.Scalar(UInt8($0))) },
    ]
    let count = Int(random.next() % 25)
    return String(
      (0..<count).map { _ -> Character in
        if random.chance(20) {
          return Character(Unicode.Scalar(UInt32(random.next() % 0x11_0000)) ?? "\u{FFFD}")
        }
        return random.pick(random.pick(pools))
      })
  }

  @Test(arguments: ValueTypeFlag.allCases)
  func anyTextIsAValueOrARefusal(flag: ValueTypeFlag) {
    var random = SplitMix64(seed: flag.rawValue)
    for _ in 0..<400 {
      let texts = (0..<Int(random.next() % 4)).map { _ in Self.text(&random) }
      do throws(TypedValue.Failure) {
        let value = try TypedValue.parse(texts, as: flag)
        #expect(texts.count == 1 || !flag.isScalar, "\(texts)")
        if case .data(let data) = value {
          let hex = texts[0].unicodeScalars.filter { !$0.properties.isWhitespace }
          #expect(hex.allSatisfy { $0.isASCII && Character($0).isHexDigit }, "\(texts)")
          #expect(data.count * 2 == hex.count)
        }
      } catch {
        #expect(!error.description.isEmpty)
      }
    }
  }

  /// Hex of any bytes reads back as the bytes; digits from other scripts never pass.
  @Test func dataIsASCIIHexOnly() throws {
    var random = SplitMix64(seed: 16)
    for _ in 0..<200 {
      let bytes = (0..<Int(random.next() % 41)).map { _ in UInt8(truncatingIfNeeded: random.next())
      }
      let hex = bytes.map { String(format: "%02x", $0) }.joined()
      #expect(try TypedValue.scalar(hex, as: .data) == .data(Data(bytes)))
      #expect(try TypedValue.scalar(hex.uppercased(), as: .data) == .data(Data(bytes)))
    }
    for text in ["００", "٠١", "0０", "ff\u{FF46}\u{FF46}", "1𝟙"] {
      #expect(throws: TypedValue.Failure.self) { try TypedValue.scalar(text, as: .data) }
    }
  }

  @Test(arguments: [
    "2026-02-30", "2025-02-29", "1900-02-29", "2026-04-31", "2026-13-01", "2026-00-10",
    "2026-11-22T24:00:00Z", "2026-11-22T10:00:00", "２０２６-11-22", "2026-11-22T10:00:00Zjunk",
  ])
  func datesThatDoNotExistAreRefused(text: String) {
    let error = #expect(throws: TypedValue.Failure.self) {
      try TypedValue.scalar(text, as: .date)
    }
    #expect(error?.description.contains("write 2026-11-22T10:00:00Z or 2026-11-22") == true)
  }

  @Test(arguments: [
    (["-array-add", "-int", "3", "x"], WriteRequest.arrayAdd([.integer(3), .string("x")])),
    (["-dict", "k", "-bool", "yes"], .set(.dictionary(["k": .bool(true)]), type: .dict)),
    (["--integer", "7"], .set(.integer(7), type: .int)),
    (["plain"], .set(.string("plain"), type: nil)),
  ])
  func wordsMakeARequest(words: [String], request: WriteRequest) throws {
    #expect(try WriteRequest.parse(words) == request)
  }

  @Test(arguments: [
    ([String](), "give a value"), (["a", "-int"], "-int comes after the value"),
    (["a", "b"], "give one value (2 were given)"),
    (["-int", "1", "-bool"], "give one type flag: -int and -bool"),
    (["-dict", "k"], "\"k\" has no value"), (["-array", "-dict"], "cannot be nested"),
    (["-array", "-int"], "-int at the end has no value"),
  ])
  func badWordsAreRefusedInWords(words: [String], message: String) {
    let error = #expect(throws: TypedValue.Failure.self) { try WriteRequest.parse(words) }
    #expect(error?.description.contains(message) == true, "\(String(describing: error))")
  }

  @Test func containersGrowAsMacOSDefaultsGrowsThem() {
    #expect(
      ContainerAddition.apply(.arrayAdd([.string("b")]), to: .array([.string("a")]))
        == .success(.array([.string("a"), .string("b")])))
    #expect(
      ContainerAddition.apply(.dictAdd(["k": .integer(2)]), to: .dictionary(["k": .integer(1)]))
        == .success(.dictionary(["k": .integer(2)])))
    #expect(
      ContainerAddition.apply(.arrayAdd([.string("b")]), to: .integer(1))
        == .failure(.notAnArray(found: "an integer")))
    #expect(ContainerAddition.apply(.dictAdd([:]), to: nil) == .success(.dictionary([:])))
  }
}
