import Foundation
import Plist

/// A date picker's value as the form shows and reads it: `2026-11-25`,
/// `14:30` or `2026-11-25 14:30`, in UTC (the form reads no time zone; the
/// host may say which it is).
///
/// ```swift
/// let mode = DateText.Mode(pickerMode: "Time")               // .time
/// DateText.format(Date(timeIntervalSince1970: 3_600), mode)  // "01:00"
/// DateText.parse("2026-11-25", .date, keeping: nil)          // 2026-11-25 00:00 UTC
/// ```
public enum DateText {
  /// What the picker shows: InAppSettingsKit's `DatePickerMode`.
  public enum Mode: Sendable, Equatable {
    case date, time, dateAndTime

    /// The mode of a `DatePickerMode` value; anything else is date and time, as InAppSettingsKit reads it.
    public init(pickerMode: String?) {
      switch pickerMode {
      case "Date": self = .date
      case "Time": self = .time
      default: self = .dateAndTime
      }
    }

    /// How a value is typed in this mode, for messages.
    public var pattern: String {
      switch self {
      case .date: "YYYY-MM-DD"
      case .time: "hh:mm"
      case .dateAndTime: "YYYY-MM-DD hh:mm"
      }
    }
  }

  /// The date as the picker of `mode` shows it, in the proleptic Gregorian
  /// calendar as property lists store dates (no Julian switch in 1582).
  public static func format(_ date: Date, _ mode: Mode) -> String {
    let parts =
      ProlepticGregorian.fields(of: date)
      ?? ProlepticGregorian.Fields(year: 0, month: 1, day: 1, hour: 0, minute: 0, second: 0)
    func two(_ number: Int) -> String {
      let text = String(number)
      return text.count < 2 ? "0" + text : text
    }
    let day = "\(String(format: "%04d", parts.year))-\(two(parts.month))-\(two(parts.day))"
    let time = "\(two(parts.hour)):\(two(parts.minute))"
    switch mode {
    case .date: return day
    case .time: return time
    case .dateAndTime: return day + " " + time
    }
  }

  /// The date typed as `mode` shows it, or nil when it is not such a date (a
  /// field out of range is refused, not carried over). A time alone keeps the
  /// day of `keeping` (the current value), else 1 January 2001, the reference
  /// date of Foundation.
  public static func parse(_ text: String, _ mode: Mode, keeping: Date?) -> Date? {
    parse(text, mode, keeping: keeping, checksDay: true)
  }

  /// Why `text` is not a date of `mode`, in the user's words: a day that does
  /// not exist (30 February) is named as such; anything else is not of the form.
  ///
  /// ```swift
  /// DateText.refusal("2026-02-30", .date, words: english)  // "There is no such day: 2026-02-30"
  /// ```
  public static func refusal(_ text: String, _ mode: Mode, words: FormWords) -> String {
    if parse(text, mode, keeping: nil, checksDay: false) != nil {
      return words["status.noSuchDay"].replacing(
        "%@", with: text.trimmingCharacters(in: .whitespaces).escapingControlCharacters,
        maxReplacements: 1)
    }
    return words["status.notADate"].replacing("%@", with: mode.pattern, maxReplacements: 1)
  }

  static func parse(_ text: String, _ mode: Mode, keeping: Date?, checksDay: Bool) -> Date? {
    let fields = text.trimmingCharacters(in: .whitespaces).split(
      whereSeparator: { $0 == " " || $0 == "T" })
    var year = 2001
    var month = 1
    var day = 1
    var hour = 0
    var minute = 0
    func number(_ text: Substring, digits: ClosedRange<Int>) -> Int? {
      guard digits.contains(text.count), text.allSatisfy({ $0.isASCII && $0.isNumber }) else {
        return nil
      }
      return Int(text)
    }
    func readDay(_ field: Substring) -> Bool {
      let parts = field.split(separator: "-", omittingEmptySubsequences: false)
      guard parts.count == 3, let y = number(parts[0], digits: 4...4),
        let m = number(parts[1], digits: 1...2), let d = number(parts[2], digits: 1...2),
        (1...12).contains(m),
        (1...(checksDay ? ProlepticGregorian.daysIn(month: m, year: y) : 31)).contains(d)
      else { return false }
      (year, month, day) = (y, m, d)
      return true
    }
    func readTime(_ field: Substring) -> Bool {
      let parts = field.split(separator: ":", omittingEmptySubsequences: false)
      guard parts.count == 2, let h = number(parts[0], digits: 1...2),
        let m = number(parts[1], digits: 2...2), h < 24, m < 60
      else { return false }
      (hour, minute) = (h, m)
      return true
    }
    switch mode {
    case .date:
      guard fields.count == 1, readDay(fields[0]) else { return nil }
    case .time:
      guard fields.count == 1, readTime(fields[0]) else { return nil }
      if let keeping, let base = ProlepticGregorian.fields(of: keeping) {
        (year, month, day) = (base.year, base.month, base.day)
      }
    case .dateAndTime:
      guard fields.count == 2, readDay(fields[0]), readTime(fields[1]) else { return nil }
    }
    return ProlepticGregorian.date(
      year: year, month: month, day: day, hour: hour, minute: minute)
  }
}
