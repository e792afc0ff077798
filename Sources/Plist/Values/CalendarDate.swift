import Foundation
import Plist

/// A date typed on the command line, read strictly: `2026-11-22` (midnight
/// UTC) or `2026-11-22T10:00:00Z` with optional fractional seconds and a
/// `Z`, `±hh:mm` or `±hhmm` offset. Fields out of range (`2026-02-30`,
/// `25:00`) are refused rather than carried over into the next month, and
/// days count in the proleptic Gregorian calendar, as ISO 8601 and property
/// lists do.
///
/// ```swift
/// CalendarDate.parse("2026-02-30")  // .failure: month 2 of 2026 has 28 days, not 30
/// ```
enum CalendarDate {
  struct Problem: Error, CustomStringConvertible {
    var description: String
  }

  static func parse(_ text: String) -> Result<Date, Problem> {
    var reader = Reader(Array(text.trimmingCharacters(in: .whitespaces).utf8))
    guard let year = reader.digits(4), reader.skip("-"), let month = reader.digits(2),
      reader.skip("-"), let day = reader.digits(2)
    else { return .failure(Problem(description: "not of the form YYYY-MM-DD")) }
    guard (1...12).contains(month) else {
      return .failure(Problem(description: "there is no month \(month)"))
    }
    let monthDays = ProlepticGregorian.daysIn(month: month, year: year)
    guard (1...monthDays).contains(day) else {
      return .failure(
        Problem(description: "month \(month) of \(year) has \(monthDays) days, not \(day)"))
    }
    var seconds = Double(ProlepticGregorian.days(year: year, month: month, day: day) * 86_400)
    if reader.atEnd { return .success(Date(timeIntervalSince1970: seconds)) }
    guard reader.skip("T") || reader.skip("t"), let hour = reader.digits(2), reader.skip(":"),
      let minute = reader.digits(2), reader.skip(":"), let second = reader.digits(2)
    else { return .failure(Problem(description: "the time is not of the form Thh:mm:ss")) }
    guard hour < 24, minute < 60, second < 60 else {
      return .failure(Problem(description: "there is no time \(hour):\(minute):\(second)"))
    }
    seconds += Double(hour * 3_600 + minute * 60 + second)
    if reader.skip(".") {
      let start = reader.index
      var fraction = 0.0
      var scale = 0.1
      while let digit = reader.digits(1) {
        fraction += Double(digit) * scale
        scale /= 10
      }
      guard reader.index > start else {
        return .failure(Problem(description: "no digits after the decimal point"))
      }
      seconds += fraction
    }
    if reader.skip("Z") || reader.skip("z") {
      // UTC
    } else if let sign = reader.skip("+") ? 1 : reader.skip("-") ? -1 : nil {
      let hours = reader.digits(2)
      _ = reader.skip(":")
      guard let hours, let minutes = reader.digits(2), hours < 24, minutes < 60 else {
        return .failure(Problem(description: "the offset is not of the form ±hh:mm"))
      }
      seconds -= Double(sign * (hours * 3_600 + minutes * 60))
    } else {
      return .failure(Problem(description: "the time needs a zone: Z or ±hh:mm"))
    }
    guard reader.atEnd else {
      return .failure(Problem(description: "unexpected text after the date"))
    }
    return .success(Date(timeIntervalSince1970: seconds))
  }

  /// ASCII only: a fullwidth or Arabic-Indic digit is not a digit here.
  private struct Reader {
    let bytes: [UInt8]
    var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { index == bytes.count }

    mutating func skip(_ character: Unicode.Scalar) -> Bool {
      guard index < bytes.count, UInt32(bytes[index]) == character.value else { return false }
      index += 1
      return true
    }

    mutating func digits(_ count: Int) -> Int? {
      guard index + count <= bytes.count else { return nil }
      var value = 0
      for byte in bytes[index..<index + count] {
        guard (0x30...0x39).contains(byte) else { return nil }
        value = value * 10 + Int(byte - 0x30)
      }
      index += count
      return value
    }
  }
}
