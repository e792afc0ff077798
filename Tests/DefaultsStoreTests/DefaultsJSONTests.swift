import Foundation
import Plist
import Testing

@testable import prefs

/// JSON export and import keep every whole-second date from year 1 to 9999,
/// in the proleptic Gregorian calendar (tester fault 3).
struct DefaultsJSONDateTests {
  @Test func datesFromYear1To9999ExportAndImportUnchanged() throws {
    var seed: UInt64 = 1_582
    var dates = [(1, 1, 1), (1000, 6, 1), (1582, 10, 14), (1582, 10, 4), (9999, 12, 31)].map {
      ProlepticGregorian.date(year: $0.0, month: $0.1, day: $0.2, hour: 13, minute: 7, second: 9)
    }
    let first = ProlepticGregorian.days(year: 1, month: 1, day: 1)
    for _ in 0..<300 {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let day = first + Int(seed >> 33) % 3_652_059
      dates.append(Date(timeIntervalSince1970: Double(day * 86_400 + Int(seed >> 20) % 86_400)))
    }
    for date in dates {
      let values: [PlistKey: PlistValue] = ["d": .date(date)]
      let text = try DefaultsJSON.encode(values)
      #expect(text.contains(ProlepticGregorian.iso8601(date)), "\(text)")
      #expect(try DefaultsJSON.decode(Array(text.utf8)) == values, "\(text)")
    }
  }
}
