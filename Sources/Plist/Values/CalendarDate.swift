import Foundation

/// A date typed on the command line, read strictly: `2026-11-22` (midnight
/// UTC) or `2026-11-22T10:00:00Z` with optional fractional seconds and a
/// `Z`, `±hh:mm` or `±hhmm` offset. Fields out of range (`2026-02-30`,
/// `25:00`) are refused rather than carried over into the next month, and
/// days count in the proleptic Gregorian calendar, as ISO 8601 and property
/// lists do.
///
/// ```swift
/// CalendarDate.parse("2026-02-30")  // .failure(.dayOutOfMonth(day: 30, month: 2, year: 2026, days: 28))
/// ```
public enum CalendarDate {
  /// Why a text is not a date; `description` says it in words.
  public enum Problem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The date is not `YYYY-MM-DD`.
    case notADate
    case noSuchMonth(Int)
    case dayOutOfMonth(day: Int, month: Int, year: Int, days: Int)
    /// The time is not `Thh:mm:ss`.
    case notATime
    case noSuchTime(hour: Int, minute: Int, second: Int)
    case noFractionDigits
    /// The offset is not `±hh:mm`.
    case notAnOffset
    case noZone
    case trailingText

    public var description: String {
      switch self {
      case .notADate: "not of the form YYYY-MM-DD"
      case .noSuchMonth(let month): "there is no month \(month)"
      case .dayOutOfMonth(let day, let month, let year, let days):
        "month \(month) of \(year) has \(days) days, not \(day)"
      case .notATime: "the time is not of the form Thh:mm:ss"
      case .noSuchTime(let hour, let minute, let second):
        "there is no time \(hour):\(minute):\(second)"
      case .noFractionDigits: "no digits after the decimal point"
      case .notAnOffset: "the offset is not of the form ±hh:mm"
      case .noZone: "the time needs a zone: Z or ±hh:mm"
      case .trailingText: "unexpected text after the date"
      }
    }
  }

  /// The date `text` names, or why it names none.
  public static func parse(_ text: String) -> Result<Date, Problem> {
    var reader = Reader(Array(text.trimmingCharacters(in: .whitespaces).utf8))
    guard let year = reader.digits(4), reader.skip("-"), let month = reader.digits(2),
      reader.skip("-"), let day = reader.digits(2)
    else { return .failure(.notADate) }
    guard (1...12).contains(month) else {
      return .failure(.noSuchMonth(month))
    }
    let monthDays = ProlepticGregorian.daysIn(month: month, year: year)
    guard (1...monthDays).contains(day) else {
      return .failure(.dayOutOfMonth(day: day, month: month, year: year, days: monthDays))
    }
    var seconds = Double(ProlepticGregorian.days(year: year, month: month, day: day) * 86_400)
    if reader.atEnd { return .success(Date(timeIntervalSince1970: seconds)) }
    guard reader.skip("T") || reader.skip("t"), let hour = reader.digits(2), reader.skip(":"),
      let minute = reader.digits(2), reader.skip(":"), let second = reader.digits(2)
    else { return .failure(.notATime) }
    guard hour < 24, minute < 60, second < 60 else {
      return .failure(.noSuchTime(hour: hour, minute: minute, second: second))
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
        return .failure(.noFractionDigits)
      }
      seconds += fraction
    }
    if reader.skip("Z") || reader.skip("z") {
      // UTC
    } else if let sign = reader.skip("+") ? 1 : reader.skip("-") ? -1 : nil {
      let hours = reader.digits(2)
      _ = reader.skip(":")
      guard let hours, let minutes = reader.digits(2), hours < 24, minutes < 60 else {
        return .failure(.notAnOffset)
      }
      seconds -= Double(sign * (hours * 3_600 + minutes * 60))
    } else {
      return .failure(.noZone)
    }
    guard reader.atEnd else {
      return .failure(.trailingText)
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
