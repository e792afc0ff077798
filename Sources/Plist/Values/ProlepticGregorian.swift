import Foundation

/// Dates to and from calendar fields in UTC in the proleptic Gregorian
/// calendar, as property lists and ISO 8601 count days: no switch to the
/// Julian calendar before 1582-10-15 (Foundation's `.gregorian` calendar and
/// `.iso8601` format switch there, which shifts a stored 0001-01-01 by two days).
///
/// ```swift
/// let date = ProlepticGregorian.date(year: 1582, month: 10, day: 14)
/// ProlepticGregorian.iso8601(date)  // "1582-10-14T00:00:00Z"
/// ```
public enum ProlepticGregorian {
  /// The fields of a date in UTC, seconds rounded down.
  public struct Fields: Sendable, Equatable {
    public var year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int

    public init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
      (self.year, self.month, self.day) = (year, month, day)
      (self.hour, self.minute, self.second) = (hour, minute, second)
    }
  }

  /// Days since 1970-01-01 (Howard Hinnant's algorithm); the fields are not checked.
  public static func days(year: Int, month: Int, day: Int) -> Int {
    let shifted = month <= 2 ? year - 1 : year
    let era = (shifted >= 0 ? shifted : shifted - 399) / 400
    let yearOfEra = shifted - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// Days in a month: February has 29 in years divisible by 4, except
  /// centuries not divisible by 400.
  public static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// The date at these fields in UTC; the fields are not checked.
  public static func date(
    year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0
  ) -> Date {
    let seconds = days(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60
    return Date(timeIntervalSince1970: Double(seconds + second))
  }

  /// The fields of `date`, or nil for a date farther than ``XMLPlistWriter/dateRange``
  /// seconds from 2001 (or not finite).
  public static func fields(of date: Date) -> Fields? {
    let interval = date.timeIntervalSinceReferenceDate
    guard interval.isFinite, abs(interval) < XMLPlistWriter.dateRange else { return nil }
    let total = Int(interval.rounded(.down)) + 978_307_200
    let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
    let seconds = total - days * 86_400
    let (year, month, day) = XMLPlistWriter.civil(fromDays: days)
    return Fields(
      year: year, month: month, day: day, hour: seconds / 3_600, minute: seconds / 60 % 60,
      second: seconds % 60)
  }

  /// `YYYY-MM-DDThh:mm:ssZ`, whole seconds rounded down, as an XML property
  /// list writes it; Foundation's ISO 8601 text for a date out of that range.
  public static func iso8601(_ date: Date) -> String {
    XMLPlistWriter.dateText(date) ?? date.formatted(.iso8601)
  }
}
