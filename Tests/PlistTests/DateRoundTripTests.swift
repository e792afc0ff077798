import Foundation
import Plist
import TestSupport
import Testing

/// Every date Foundation can store round-trips exactly, written as
/// Foundation's writer writes it (proleptic Gregorian, whole seconds).
struct DateRoundTripTests {
  /// Seconds from 2001-01-01: year 1, year 0 and -1, the Gregorian switch
  /// (1582-10-04 and -15), leap days, far future and past, fractions.
  static let landmarks: [Double] = [
    0, 0.5, -0.5, -1, 1, 59.999, 86_399, 86_400, -86_400, -1e-9, -1e-6, 1e-300,
    -63_113_904_000,  // 0001-01-01
    -63_113_904_001,  // the last second of year 0
    -63_145_526_400,  // 0000-01-01
    -63_177_148_800,  // -0001-01-01
    -63_183_024_000,  // -0002-10-24
    -13_197_600_000,  // 1582-10-15
    -13_197_686_400,  // 1582-10-14, a day Julian-switching calendars skip
    -13_198_464_000,  // 1582-10-05
    -13_198_550_400,  // 1582-10-04
    -31_622_400, 4_107_456_000, 1e12, -1e12, 2.5e11, 3e13, -3e13, 1e14, -1e14,
    // Years of seven and eight digits, which Foundation stores too (`scripts/fuzz
    // domain` found the writer refusing them), up to XMLPlistWriter.dateRange.
    3e14, -3e14, 999_999_999_999_999, -999_999_999_999_999,
  ]

  static func sample() -> [Double] {
    var generator = SplitMix64(seed: 2001)
    return landmarks
      + (0..<400).map { _ in
        Double(Int64.random(in: -200_000_000_000...200_000_000_000, using: &generator))
      }
      + (0..<100).map { _ in Double.random(in: -7e13...7e13, using: &generator) }
      + (0..<300).map { _ in Double.random(in: -1e15..<1e15, using: &generator).rounded(.down) }
      // The last seconds of days, where a division in floating point could round up.
      + (0..<300).map { _ in
        (Double(Int64.random(in: -11_000_000_000...11_000_000_000, using: &generator)) * 86_400 - 1)
      }
  }

  @Test func datesRoundTripAsFoundationWritesThem() throws {
    for seconds in Self.sample() {
      let value = PlistValue.dictionary(["d": .date(Date(timeIntervalSinceReferenceDate: seconds))])
      let whole = PlistValue.dictionary([
        "d": .date(Date(timeIntervalSinceReferenceDate: seconds.rounded(.down)))
      ])
      let bytes = try XMLPlistWriter.write(value)
      #expect(bytes == FoundationOracle.write(value), "\(seconds)")
      #expect(try PropertyListReader.read(bytes).root.value == whole, "\(seconds)")
      #expect(FoundationOracle.read(bytes) == whole, "\(seconds)")
      // An unrelated write keeps the date: read and written again, the same bytes.
      let again = try XMLPlistWriter.write(PropertyListReader.read(bytes).root.value)
      #expect(again == bytes, "\(seconds)")
    }
  }

  /// Foundation writes NaN and infinite dates as text no reader takes back;
  /// the writer refuses them instead of storing a far year.
  @Test(arguments: [Double.nan, .infinity, -.infinity, 1e17, -1e17, 6.8e16, -6.8e16])
  func datesNoReaderGetsBackAreRefused(seconds: Double) {
    let value = PlistValue.dictionary(["d": .date(Date(timeIntervalSinceReferenceDate: seconds))])
    #expect(throws: PlistWriteError.self) { try XMLPlistWriter.write(value) }
    if let foundation = FoundationOracle.write(value) {
      #expect(FoundationOracle.read(foundation) != value)
    }
  }

  /// Past `XMLPlistWriter.dateRange` Foundation's own floating-point steps can
  /// write a date's last second into the next day (its bytes for 2^53 - 1 s are
  /// not the exact date's): such dates are refused, never written with other
  /// bytes than Foundation's.
  @Test func datesPastTheRangeAreRefused() {
    for seconds in [XMLPlistWriter.dateRange, -XMLPlistWriter.dateRange, 8_970_326_029_285_487] {
      let value = PlistValue.dictionary(["d": .date(Date(timeIntervalSinceReferenceDate: seconds))])
      #expect(throws: PlistWriteError.self, "\(seconds)") { try XMLPlistWriter.write(value) }
    }
  }
}
