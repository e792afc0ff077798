import Foundation

/// A value that an XML property list cannot hold.
public struct PlistWriteError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A reader's limit that the written file would pass, so that no reader
  /// (this one included) would read it back.
  public enum Limit: Sendable, Hashable {
    /// Nesting deeper than the reader's `ReadLimits.maximumDepth` (the limit given).
    case depth(Int)
    /// A file larger than the reader's `ReadLimits.maximumBytes` (the limit given).
    case bytes(Int)
  }

  /// Where in the value: `settings.name` or `list[2]`.
  public var keyPath: String
  public var reason: String
  /// The reader's limit the value passes; nil for a value XML cannot hold at all.
  public var limit: Limit?

  public init(keyPath: String, reason: String, limit: Limit? = nil) {
    self.keyPath = keyPath
    self.reason = reason
    self.limit = limit
  }

  public var description: String {
    keyPath.isEmpty ? reason : "\(keyPath.escapingControlCharacters): \(reason)"
  }
}

/// Writes XML property lists byte for byte as CoreFoundation does
/// (`PropertyListSerialization`, `UserDefaults` on Linux): the Apple DTD
/// header, tabs, dictionary keys sorted, reals to 17 significant digits,
/// dates in whole UTC seconds, data in base64 lines of 68.
///
/// ```swift
/// let bytes = try XMLPlistWriter.write(.dictionary(["celsiusPref": .bool(true)]))
/// ```
///
/// What it writes, the readers read back: a value nested deeper, or a file
/// larger, than `limits` allows is refused with the limit
/// (``PlistWriteError/limit``), the same `ReadLimits` the readers enforce.
public enum XMLPlistWriter {
  /// The value's file, held to the readers' standard limits.
  public static func write(_ value: PlistValue) throws(PlistWriteError) -> [UInt8] {
    try write(value, limits: .standard)
  }

  public static func write(_ value: PlistValue, limits: ReadLimits) throws(PlistWriteError)
    -> [UInt8]
  {
    var output = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">

      """
    try append(value, depth: 0, limits: limits, keyPath: "", to: &output)
    output += "</plist>\n"
    guard output.utf8.count <= limits.maximumBytes else {
      throw PlistWriteError(
        keyPath: "",
        reason:
          "the file would be \(output.utf8.count) bytes, more than the \(limits.maximumBytes) a reader reads",
        limit: .bytes(limits.maximumBytes))
    }
    return Array(output.utf8)
  }

  private static func append(
    _ value: PlistValue, depth: Int, limits: ReadLimits, keyPath: String, to output: inout String
  ) throws(PlistWriteError) {
    // The reader counts <plist> as a level, and refuses an element that opens
    // at the limit: the root is at depth 0, so the deepest it reads is limit - 2.
    guard depth + 2 <= limits.maximumDepth else {
      throw PlistWriteError(
        keyPath: keyPath,
        reason: "the value is nested deeper than the \(limits.maximumDepth) levels a reader reads",
        limit: .depth(limits.maximumDepth))
    }
    guard output.utf8.count <= limits.maximumBytes else {
      throw PlistWriteError(
        keyPath: keyPath,
        reason: "the file would be larger than the \(limits.maximumBytes) bytes a reader reads",
        limit: .bytes(limits.maximumBytes))
    }
    let indent = String(repeating: "\t", count: depth)
    switch value {
    case .string(let text):
      output += indent + "<string>" + (try escaped(text, keyPath: keyPath)) + "</string>\n"
    case .integer(let number):
      output += indent + "<integer>\(number)</integer>\n"
    case .real(let number):
      output += indent + "<real>" + realText(number) + "</real>\n"
    case .bool(let flag):
      output += indent + (flag ? "<true/>\n" : "<false/>\n")
    case .date(let date):
      guard let text = dateText(date) else {
        throw PlistWriteError(
          keyPath: keyPath,
          reason:
            "the date \(date.timeIntervalSinceReferenceDate) s from 2001 has no year a property list can store"
        )
      }
      output += indent + "<date>" + text + "</date>\n"
    case .data(let bytes):
      output += indent + "<data>\n"
      let encoded = bytes.base64EncodedString()
      var start = encoded.startIndex
      while start < encoded.endIndex {
        let end =
          encoded.index(start, offsetBy: 68, limitedBy: encoded.endIndex) ?? encoded.endIndex
        output += indent + encoded[start..<end] + "\n"
        start = end
      }
      output += indent + "</data>\n"
    case .array(let items):
      guard !items.isEmpty else {
        output += indent + "<array/>\n"
        return
      }
      output += indent + "<array>\n"
      for (index, item) in items.enumerated() {
        try append(
          item, depth: depth + 1, limits: limits, keyPath: "\(keyPath)[\(index)]", to: &output)
      }
      output += indent + "</array>\n"
    case .dictionary(let entries):
      guard !entries.isEmpty else {
        output += indent + "<dict/>\n"
        return
      }
      output += indent + "<dict>\n"
      for (key, item) in entries.sorted(by: { $0.key < $1.key }) {
        let path = keyPath.isEmpty ? key.string : keyPath + "." + key.string
        output += indent + "\t<key>" + (try escaped(key.string, keyPath: path)) + "</key>\n"
        try append(item, depth: depth + 1, limits: limits, keyPath: path, to: &output)
      }
      output += indent + "</dict>\n"
    }
  }

  /// An element's text as the writer writes it (`a &amp; b`); nil when it
  /// holds a character XML 1.0 cannot carry.
  ///
  /// ```swift
  /// XMLPlistWriter.escapedText("R&D")  // "R&amp;D"
  /// ```
  public static func escapedText(_ text: String) -> String? {
    try? escaped(text, keyPath: "")
  }

  /// `&`, `<` and `>` as entities; characters XML 1.0 cannot carry are refused,
  /// since no XML reader would give them back.
  static func escaped(_ text: String, keyPath: String) throws(PlistWriteError) -> String {
    do {
      return try escaped(text)
    } catch {
      throw PlistWriteError(
        keyPath: keyPath,
        reason:
          "the text holds the control character U+\(String(error.scalar.value, radix: 16, uppercase: true).leftPadded(4)), which an XML property list cannot store"
      )
    }
  }

  /// A character no XML 1.0 document carries, not even as a reference.
  package struct UnstorableCharacter: Error, Sendable {
    package var scalar: Unicode.Scalar
  }

  /// `&`, `<` and `>` as entities, tab and line feed as they are; a carriage
  /// return as it is (as CoreFoundation writes it, so that written files stay
  /// byte for byte Foundation's) or, with `carriageReturnAsReference`, as
  /// `&#13;`: XML's end-of-line handling reads a raw one back as a line feed
  /// (CoreFoundation's parser too), a reference as itself.
  ///
  /// ```swift
  /// try XMLPlistWriter.escaped("a\r\nb", carriageReturnAsReference: true)  // "a&#13;\nb"
  /// ```
  package static func escaped(_ text: String, carriageReturnAsReference: Bool = false)
    throws(UnstorableCharacter) -> String
  {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\r" where carriageReturnAsReference: result += "&#13;"
      case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
      default:
        if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
          throw UnstorableCharacter(scalar: scalar)
        }
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// As CoreFoundation: 17 significant digits, so that every double reads back exactly.
  static func realText(_ number: Double) -> String {
    if number.isNaN { return "nan" }
    if number.isInfinite { return number < 0 ? "-infinity" : "+infinity" }
    // -0.0 keeps its sign: strtod reads "-0.0" back as -0.0.
    if number == 0 { return number.sign == .minus ? "-0.0" : "0.0" }
    return String(format: "%.17g", number)
  }

  /// ISO 8601 in UTC, whole seconds rounded down (an XML plist keeps no
  /// fraction), in the proleptic Gregorian calendar as CoreFoundation writes
  /// and every reader reads (no switch to the Julian calendar before
  /// 1582-10-15); years before 1 as CoreFoundation's `%04d` gives them (year 0
  /// is `0000`, year -2 is `-002`). Nil for a date no reader gets back: NaN,
  /// infinite, or a year of eight digits or more.
  /// Dates within this many seconds of 2001 are written (byte for byte as
  /// Foundation writes them); farther ones are refused.
  public static let dateRange = 1e15

  static func dateText(_ date: Date) -> String? {
    // Rounded down from 2001 as CoreFoundation does: a tiny fraction before
    // 2001 is lost in a 1970-based interval (found by `scripts/fuzz domain`).
    let interval = date.timeIntervalSinceReferenceDate.rounded(.down) + 978_307_200
    // Foundation divides in floating point (seconds / 86,400 and / 60); past about
    // 10^15 seconds (31 million years) that can round a date's last second into
    // the next day, so its bytes are its own: refused there, never written differently.
    guard interval.isFinite, abs(date.timeIntervalSinceReferenceDate) < XMLPlistWriter.dateRange
    else { return nil }
    let total = Int(interval)
    let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
    let seconds = total - days * 86_400
    let (year, month, day) = civil(fromDays: days)
    return String(
      format: "%04d-%02d-%02dT%02d:%02d:%02dZ", year, month, day, seconds / 3_600,
      seconds / 60 % 60, seconds % 60)
  }

  /// The proleptic Gregorian date of a day count since 1970-01-01 (Howard
  /// Hinnant's algorithm, the inverse of the reader's).
  static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shifted = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shifted + 2) / 5 + 1
    let month = shifted < 10 ? shifted + 3 : shifted - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}

extension String {
  fileprivate func leftPadded(_ width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
