import TestSupport
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
    var random = SplitMix64(seed: "NearMissKey.looseForm")
    return random.texts(count, of: pieces, longest: 10)
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
