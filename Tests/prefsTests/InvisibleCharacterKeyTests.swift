import Foundation
import TestSupport
import Testing

/// Genshin-Pizza-Helper repeats three group texts with a leading U+200B; fr
/// and the others lack them, and have the texts without it, which the page
/// shows too (tester 2026-11-27c G2).
struct InvisibleCharacterKeyTests {
  static let bundle = Paths.fixtures.appendingPathComponent(
    "Unseen/CanglongCl__Genshin-Pizza-Helper/Settings.bundle")

  /// The missing strings are quoted with the U+200B shown (failed before:
  /// printed raw, so fr seemed to have them), and a key that is another of
  /// the page's strings as written is no near miss of this one (no "did you
  /// mean" pointing at another string's translation).
  @Test func anInvisibleCharacterIsShownAndAnotherStringsKeyIsNoNearMiss() {
    let lint = DumpTests.run(["lint", Self.bundle.path])
    #expect(
      lint.output.contains(
        "fr.lproj/Settings.strings lacks 4 strings (\"\\u{200B}⚠️If you don't see"),
      "\(lint.output)")
    #expect(!lint.output.contains("did you mean"), "\(lint.output)")
  }
}
