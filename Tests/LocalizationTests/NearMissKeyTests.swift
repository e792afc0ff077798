import Localization
import Testing

/// What tells two keys that read alike apart (tester F19), one place for every hint.
struct NearMissKeyTests {
  @Test(arguments: [
    ("Sound ", "Sound", [NearMissKey.Difference.whiteSpace]),
    ("Dark\u{A0}mode", "Dark mode", [.whiteSpace]),
    ("Caf\u{E9} sound", "Cafe\u{301} sound", [.normalization]),
    ("Vibrate", "vibrate", [.letterCase]),
    ("CAFE\u{301}", "caf\u{E9} ", [.letterCase, .normalization, .whiteSpace]),
  ])
  func aNearMissSaysHowItDiffers(key: String, other: String, expected: [NearMissKey.Difference]) {
    #expect(NearMissKey.looseForm(key) == NearMissKey.looseForm(other))
    #expect(NearMissKey.difference(between: key, and: other) == Set(expected))
    #expect(NearMissKey.difference(between: other, and: key) == Set(expected))
  }

  @Test(arguments: [("Sound", "Sound"), ("Sound", "Sounds"), ("Dark mode", "Darkmode")])
  func theSameKeyOrAnotherIsNoNearMiss(key: String, other: String) {
    #expect(NearMissKey.difference(between: key, and: other).isEmpty)
    #expect(NearMissKey.reason(between: key, and: other) == nil)
  }
}
