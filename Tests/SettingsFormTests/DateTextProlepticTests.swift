import Foundation
import Plist
import SettingsForm
import Testing

/// The form shows and reads the day a plist stores, before 1582 too (tester fault 2).
struct DateTextProlepticTests {
  @Test(arguments: ["0001-01-01 00:00", "1000-06-01 12:30", "1582-10-14 23:59", "9999-12-31 08:05"])
  func typedDateTimesRoundTrip(text: String) throws {
    let date = try #require(DateText.parse(text, .dateAndTime, keeping: nil))
    #expect(DateText.format(date, .dateAndTime) == text)
    let stored = ProlepticGregorian.iso8601(date)
    #expect(stored.hasPrefix(text.replacingOccurrences(of: " ", with: "T")))
  }

  @Test func randomDaysFromYear1To9999ShowTheStoredDay() throws {
    var seed: UInt64 = 9_999
    for _ in 0..<500 {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let day = ProlepticGregorian.days(year: 1, month: 1, day: 1) + Int(seed >> 33) % 3_652_059
      let date = Date(timeIntervalSince1970: Double(day * 86_400))
      let shown = DateText.format(date, .date)
      #expect(ProlepticGregorian.iso8601(date) == shown + "T00:00:00Z")
      #expect(DateText.parse(shown, .date, keeping: nil) == date)
    }
  }

  @Test func impossibleDaysAreRefused() {
    #expect(DateText.parse("2026-02-30", .date, keeping: nil) == nil)
    #expect(DateText.parse("2024-02-29", .date, keeping: nil) != nil)
  }
}
