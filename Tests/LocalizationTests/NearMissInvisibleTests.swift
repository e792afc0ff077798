import Localization
import Testing

/// Keys that differ only in invisible (format, Cf) characters are near
/// misses: a reader cannot tell them apart, CFBundle can.
struct NearMissInvisibleTests {
  static let invisible: [Unicode.Scalar] = [
    "\u{200B}", "\u{200C}", "\u{200D}", "\u{200E}", "\u{200F}", "\u{2060}", "\u{FEFF}", "\u{202A}",
    "\u{202E}", "\u{2066}", "\u{2069}", "\u{AD}",
  ]

  /// Failed before: "Zero\u{200B}width" and "Zerowidth" had different loose
  /// forms, so no hint (Genshin-Pizza-Helper's keys start with U+200B).
  @Test(arguments: invisible)
  func anInvisibleCharacterAnywhereIsANearMiss(scalar: Unicode.Scalar) {
    let base = "Zerowidth"
    for offset in 0...base.count {
      var key = base
      key.insert(Character(scalar), at: key.index(key.startIndex, offsetBy: offset))
      #expect(NearMissKey.looseForm(key) == NearMissKey.looseForm(base))
      #expect(NearMissKey.difference(between: key, and: base) == [.invisibleCharacter])
      #expect(NearMissKey.reason(between: base, and: key)?.contains("invisible") == true)
    }
  }

  @Test func anInvisibleCharacterMovedIsANearMiss() {
    #expect(
      NearMissKey.difference(between: "\u{200B}Note", and: "Note\u{200B}") == [.invisibleCharacter])
  }

  @Test func otherDifferencesAreStillNamed() {
    #expect(
      NearMissKey.difference(between: "\u{200B}Sound ", and: "sound")
        == [.invisibleCharacter, .whiteSpace, .letterCase])
    #expect(NearMissKey.difference(between: "Sound ", and: "Sound") == [.whiteSpace])
  }
}
