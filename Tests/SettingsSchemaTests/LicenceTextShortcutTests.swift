import Foundation
import SettingsSchema
import TestSupport
import Testing

/// `LicencePages` counts a text only as far as its answer needs (issue 28: whole
/// licences were counted character by character, and copied into an NSString to be
/// trimmed, on every lint). Over generated texts of newlines (CR LF, U+2028 and
/// U+0085 too), spaces of every kind, combining marks and long runs, the answer is
/// the one of the plain formula it replaced.
struct LicenceTextShortcutTests {
  static let pieces = [
    "a", "MIT ", "licence", " ", "\u{A0}", "\u{3000}", "\t", "\n", "\r", "\r\n", "\u{2028}",
    "\u{85}", "\u{B}", "e\u{301}", " \u{301}", "©", "🇩🇪", String(repeating: "x", count: 40),
    String(repeating: "é", count: 39), "Copyright", "(c) ",
  ]

  /// Deterministic texts: the same every run, so a failure can be repeated.
  static func texts(count: Int) -> [String] {
    var random = SplitMix64(seed: "LicencePages.isLicenceText")
    return random.texts(count, of: pieces, longest: 12)
  }

  @Test func isLicenceTextGivesThePlainFormulasAnswer() {
    for text in Self.texts(count: 4000) {
      let lowered = text.lowercased()
      let plain =
        text.count(where: \.isNewline) >= 3 || text.count >= 160
        || [
          "licen", "copyright", "©", "(c) ", "permission is hereby granted",
          "all rights reserved", "gpl", "public domain",
        ].contains { lowered.contains($0) }
      #expect(LicencePages.isLicenceText(text) == plain, "\(text.debugDescription)")
    }
  }

  /// Whether a text shows anything, asked of its scalars, is what trimming it of
  /// `whitespacesAndNewlines` leaves.
  @Test func showingSomethingIsWhatTrimmingLeaves() {
    for text in Self.texts(count: 4000) {
      let trimmed = !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
      #expect(
        LicencePages.showsSomething(text) == trimmed, "\(text.debugDescription)")
    }
  }
}
