import Foundation
import Plist
import TestSupport
import Testing

/// Integers and dates come back exactly from every reader and writer, or are
/// refused with the key named; never wrapped or shifted (tester faults 1 and 2).
struct ValueFidelityTests {
  static func integers() -> [Int64] {
    var generator = SplitMix64(seed: 64)
    return [
      0, 1, -1, 255, 256, 65_535, 65_536, Int64(UInt32.max), Int64(UInt32.max) + 1, .max, .min,
    ]
      + (0..<300).map { _ in Int64.random(in: .min ... .max, using: &generator) }
  }

  @Test func int64IntegersRoundTripThroughEveryReaderAndWriter() throws {
    for number in Self.integers() {
      let value = PlistValue.dictionary(["n": .integer(number)])
      let xml = try XMLPlistWriter.write(value)
      #expect(try PropertyListReader.read(xml).root.value == value, "\(number)")
      let binary = try #require(FoundationOracle.write(value, binary: true))
      #expect(try PropertyListReader.read(binary).root.value == value, "\(number)")
    }
  }

  /// CoreFoundation writes a UInt64 above Int64.max as a 16-byte integer; it
  /// is refused with the key named, as the XML reader refuses its text.
  @Test func integersBeyondInt64AreRefusedNotWrapped() throws {
    var generator = SplitMix64(seed: 128)
    let numbers: [UInt64] =
      [UInt64(Int64.max) + 1, .max]
      + (0..<50).map { _ in UInt64.random(in: (UInt64(Int64.max) + 1)...(.max), using: &generator) }
    for number in numbers {
      let expected = "the integer \(number) does not fit in 64 bits"
      let dictionary: NSDictionary = ["big": NSNumber(value: number)]
      let binary = try PropertyListSerialization.data(
        fromPropertyList: dictionary, format: .binary, options: 0)
      let binaryError = try readError(Array(binary))
      #expect(binaryError.message.contains(expected), "\(binaryError.message)")
      #expect(binaryError.place == .keyPath("big"))
      let xml = Array(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?><plist version=\"1.0\"><dict><key>big</key><integer>\(number)</integer></dict></plist>"
          .utf8)
      let xmlError = try readError(xml)
      #expect(xmlError.message.contains(expected), "\(xmlError.message)")
    }
  }

  /// A 16-byte integer holding a negative 64-bit value (high half all ones) is that value.
  @Test func sixteenByteNegativeIntegersAreRead() throws {
    var bytes = Array("bplist00".utf8)
    bytes += [0xD1, 0x01, 0x02, 0x53] + Array("big".utf8)
    bytes += [0x14] + [UInt8](repeating: 0xFF, count: 16)
    let table = bytes.count
    bytes += [8, 11, 15]
    bytes += [0, 0, 0, 0, 0, 0, 1, 1] + eight(3) + eight(0) + eight(UInt64(table))
    #expect(try PropertyListReader.read(bytes).root.value == .dictionary(["big": .integer(-1)]))
  }

  func eight(_ value: UInt64) -> [UInt8] {
    (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
  }

  func readError(_ bytes: [UInt8]) throws -> ReadIssue {
    do {
      let document = try PropertyListReader.read(bytes)
      return try #require(document.issues.first { $0.severity == .error })
    } catch let error as ReadIssue {
      return error
    }
  }

  /// Random days from year 1 to 9999 come back as the same day and second
  /// through the XML writer and reader, Foundation's binary writer and our
  /// reader, and ISO 8601 text, in the proleptic Gregorian calendar.
  @Test func datesFromYear1To9999RoundTrip() throws {
    var generator = SplitMix64(seed: 1582)
    let first = ProlepticGregorian.days(year: 1, month: 1, day: 1)
    let last = ProlepticGregorian.days(year: 9999, month: 12, day: 31)
    let landmarks = [
      (1, 1, 1), (1000, 6, 1), (1582, 10, 4), (1582, 10, 14), (1582, 10, 15), (9999, 12, 31),
    ]
    .map { ProlepticGregorian.days(year: $0.0, month: $0.1, day: $0.2) }
    for day in landmarks + (0..<500).map({ _ in Int.random(in: first...last, using: &generator) }) {
      let second = Int.random(in: 0..<86_400, using: &generator)
      let date = Date(timeIntervalSince1970: Double(day * 86_400 + second))
      let fields = try #require(ProlepticGregorian.fields(of: date))
      #expect(
        ProlepticGregorian.days(year: fields.year, month: fields.month, day: fields.day) == day)
      let text = ProlepticGregorian.iso8601(date)
      #expect(
        text
          == String(
            format: "%04d-%02d-%02dT%02d:%02d:%02dZ", fields.year, fields.month, fields.day,
            fields.hour, fields.minute, fields.second))
      let value = PlistValue.dictionary(["d": .date(date)])
      let xml = try XMLPlistWriter.write(value)
      #expect(try PropertyListReader.read(xml).root.value == value, "\(text)")
      let binary = try #require(FoundationOracle.write(value, binary: true))
      #expect(try PropertyListReader.read(binary).root.value == value, "\(text)")
    }
  }

  @Test(arguments: [
    ("0001-01-01T00:00:00Z", 1, 1, 1), ("1000-06-01T00:00:00Z", 1000, 6, 1),
    ("1582-10-14T00:00:00Z", 1582, 10, 14),
  ])
  func datesBeforeTheGregorianSwitchKeepTheirDay(text: String, year: Int, month: Int, day: Int) {
    let date = ProlepticGregorian.date(year: year, month: month, day: day)
    #expect(ProlepticGregorian.iso8601(date) == text)
    guard case .string(let json) = JSONValue(PlistValue.date(date)) else {
      Issue.record("a date is not JSON text")
      return
    }
    #expect(json == text)
  }
}
