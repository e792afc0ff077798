import Foundation
import Plist
import PropertyBased
import Testing

/// Dates typed by a user, read strictly: a day the month has is that
/// midnight (as Foundation reads it), a day it does not have is refused,
/// never moved into the next month; times and zones as ISO 8601 writes them.
struct CalendarDateTests {
  @Test func datesThatDoNotExistAreRefused() async throws {
    await propertyCheck(
      count: 500, input: Gen<Int>.value(in: 1600...9999), Gen<Int>.value(in: 1...12),
      Gen<Int>.value(in: 0...32)
    ) { year, month, day in
      let text = String(format: "%04d-%02d-%02d", year, month, day)
      let exists = (1...ProlepticGregorian.daysIn(month: month, year: year)).contains(day)
      let foundation = try? Date("\(text)T00:00:00Z", strategy: .iso8601)
      switch CalendarDate.parse(text) {
      case .success(let parsed):
        #expect(exists, "\(text)")
        #expect(parsed == foundation, "\(text)")
      case .failure:
        #expect(!exists, "\(text)")
      }
    }
  }

  @Test(arguments: [
    ("2026-02-30", CalendarDate.Problem.dayOutOfMonth(day: 30, month: 2, year: 2026, days: 28)),
    ("2025-02-29", .dayOutOfMonth(day: 29, month: 2, year: 2025, days: 28)),
    ("1900-02-29", .dayOutOfMonth(day: 29, month: 2, year: 1900, days: 28)),
    ("2026-04-31", .dayOutOfMonth(day: 31, month: 4, year: 2026, days: 30)),
    ("2026-13-01", .noSuchMonth(13)), ("2026-00-10", .noSuchMonth(0)),
    ("26-11-22", .notADate), ("２０２６-11-22", .notADate),
    ("2026-11-22T24:00:00Z", .noSuchTime(hour: 24, minute: 0, second: 0)),
    ("2026-11-22T10:60:00Z", .noSuchTime(hour: 10, minute: 60, second: 0)),
    ("2026-11-22T10:00:60Z", .noSuchTime(hour: 10, minute: 0, second: 60)),
    ("2026-11-22T10:00:00", .noZone), ("2026-11-22T10:00:00+25:00", .notAnOffset),
    ("2026-11-22T10:00:00.Z", .noFractionDigits), ("2026-11-22T10:00Z", .notATime),
    ("2026-11-22 10:00:00Z", .notATime), ("2026-11-22T10:00:00Zjunk", .trailingText),
  ])
  func eachProblemIsNamed(text: String, problem: CalendarDate.Problem) {
    #expect(CalendarDate.parse(text) == .failure(problem))
  }

  @Test func problemsReadAsBefore() {
    #expect(
      CalendarDate.Problem.dayOutOfMonth(day: 30, month: 2, year: 2026, days: 28).description
        == "month 2 of 2026 has 28 days, not 30")
    #expect(CalendarDate.Problem.noZone.description == "the time needs a zone: Z or ±hh:mm")
  }

  @Test(arguments: [
    ("2026-11-22T10:00:00Z", 1_795_341_600.0), ("2026-11-22T10:00:00.5Z", 1_795_341_600.5),
    ("2026-11-22T11:30:00+01:30", 1_795_341_600), ("2026-11-22T08:00:00-0200", 1_795_341_600),
    (" 2026-11-22t10:00:00z ", 1_795_341_600), ("1970-01-01", 0), ("1969-12-31T23:59:59Z", -1),
    ("2024-02-29", 1_709_164_800), ("2000-02-29", 951_782_400),
  ])
  func timesAndZones(text: String, seconds: Double) {
    #expect(CalendarDate.parse(text) == .success(Date(timeIntervalSince1970: seconds)))
  }
}
