import Testing

@testable import Localization

/// `NearMissKey.looseForm` reads a text of ASCII byte by byte (issue 28: lint asks
/// it of every key of every table, and `lowercased`, `split` and `joined` were
/// about a quarter of a corpus lint). Over generated texts of letters, digits,
/// every ASCII white space (CR LF too), punctuation and, for the slow path, a
/// no-break space, an accent and a zero-width space, the answer is the plain
/// formula's.
struct NearMissKeyShortcutTests {
  static let pieces = [
    "a", "Z", "Dark", "MODE", "7", " ", "  ", "\t", "\n", "\r", "\r\n", "\u{B}", "\u{C}", ".",
    "\"", "%@", "_", "~", "\u{7F}", "\u{1}", "\u{A0}", "é", "e\u{301}", "\u{200B}",
  ]

  /// Deterministic texts: the same every run, so a failure can be repeated.
  static func texts(count: Int) -> [String] {
    var state: UInt64 = 0x5851_F42D_4C95_7F2D
    func next() -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(truncatingIfNeeded: state >> 33)
    }
    return (0..<count).map { _ in
      (0..<(next() % 10)).map { _ in pieces[next() % pieces.count] }.joined()
    }
  }

  @Test func looseFormGivesThePlainFormulasAnswer() {
    var ascii = 0
    for text in Self.texts(count: 6000) {
      let plain = NearMissKey.visibleText(text).lowercased().split(whereSeparator: \.isWhitespace)
        .joined(separator: " ")
      #expect(NearMissKey.looseForm(text) == plain, "\(text.debugDescription)")
      if NearMissKey.asciiLooseForm(text) != nil { ascii += 1 }
    }
    // Both paths are exercised.
    #expect(ascii > 500 && ascii < 5500)
  }
}
