import CodeGeneration
import Foundation
import Plist
import Testing

/// String literals say exactly the text, and nothing in them can hide what
/// the source does (Trojan Source: bidirectional overrides, invisible characters).
struct SwiftLiteralTests {
  /// Reads a literal back the way the compiler does.
  static func decode(_ literal: String) -> String? {
    // By scalars, as the compiler reads: a mark after the quote is not part of it.
    let all = Array(literal.unicodeScalars)
    guard all.count >= 2, all.first == "\"", all.last == "\"" else { return nil }
    var scalars = all.dropFirst().dropLast()
    var result = String.UnicodeScalarView()
    while let scalar = scalars.popFirst() {
      guard scalar == "\\" else {
        guard scalar != "\"" else { return nil }
        result.append(scalar)
        continue
      }
      switch scalars.popFirst() {
      case "n": result.append("\n")
      case "r": result.append("\r")
      case "t": result.append("\t")
      case "\\": result.append("\\")
      case "\"": result.append("\"")
      case "u":
        guard scalars.popFirst() == "{", let end = scalars.firstIndex(of: "}") else { return nil }
        let hex = String(String.UnicodeScalarView(scalars[..<end]))
        scalars = scalars[(end + 1)...]
        guard let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value) else {
          return nil
        }
        result.append(decoded)
      default: return nil
      }
    }
    return String(result)
  }

  static let samples: [String] = [
    "", "plain", "\u{1F3FB}", "\u{301}accent first", "quote \" and \\ backslash",
    "line\nbreak\r\ttab", "\u{1B}[31mred",
    "\u{202E}evil\u{202C}", "zero\u{200B}width", "caf\u{E9}", "cafe\u{301}", "\u{2028}\u{2029}",
    "emoji 🇵🇹", "\u{7F}\u{85}\u{A0}", "\u{FEFF}bom",
  ]

  @Test(arguments: samples)
  func literalsReadBackExactly(text: String) throws {
    let literal = SwiftLiteral.string(text)
    #expect(Self.decode(literal).map { Array($0.unicodeScalars) } == Array(text.unicodeScalars))
    for scalar in literal.unicodeScalars {
      let category = scalar.properties.generalCategory
      #expect(
        ![.control, .format, .lineSeparator, .paragraphSeparator].contains(category),
        "U+\(String(scalar.value, radix: 16)) is written raw")
    }
  }

  @Test func randomTextReadsBackExactly() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<2_000 {
      let length = Int.random(in: 0..<12, using: &generator)
      let scalars = (0..<length).compactMap { _ -> Unicode.Scalar? in
        let ranges: [ClosedRange<UInt32>] = [
          0...0x7F, 0x80...0x2FF, 0x2000...0x206F, 0x1F000...0x1FAFF,
        ]
        let range = ranges.randomElement(using: &generator) ?? 0...0x7F
        return Unicode.Scalar(UInt32.random(in: range, using: &generator))
      }
      let text = String(String.UnicodeScalarView(scalars))
      #expect(
        Self.decode(SwiftLiteral.string(text)).map { Array($0.unicodeScalars) }
          == Array(text.unicodeScalars), "\(scalars)")
    }
  }

  @Test(arguments: [
    (PlistValue.real(0.1), "0.1"), (.real(1), "1.0"), (.real(1e300), "1e+300"),
    (.real(-.infinity), "-Double.infinity"), (.integer(-5), "-5"), (.bool(true), "true"),
    (.array([.integer(1), .string("a")]), "[1, \"a\"] as [Any]"),
    (.dictionary([:]), "[:] as [Swift.String: Any]"),
    (.data(Data([0, 255])), "Foundation.Data([0x0, 0xFF] as [Swift.UInt8])"),
  ])
  func valuesAsFoundationObjects(value: PlistValue, literal: String) {
    #expect(SwiftLiteral.value(value) == literal)
  }
}
