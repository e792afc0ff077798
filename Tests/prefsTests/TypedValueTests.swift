import Foundation
import Plist
import PropertyBased
import Testing

@testable import prefs

/// The type flags of `prefs defaults write` over any text a user can type:
/// a value or a usage error, never a crash, and never a value made up.
struct TypedValueTests {
  /// Any Unicode scalar (surrogates become U+FFFD), weighted toward what the parsers look for.
  static let anyScalar = Gen<UInt32>.value(in: 0...0x10_FFFF).map {
    Character(Unicode.Scalar($0) ?? "\u{FFFD}")
  }
  static let tricky = Gen<Character>.oneOf(
    anyScalar, Gen.character(in: "0"..."9"), Gen.character(in: "a"..."f"),
    Gen.character(in: "\u{FF10}"..."\u{FF19}"), Gen.character(in: "\u{0660}"..."\u{0669}"),
    Gen.character(in: "-"..."-"), Gen.character(in: ":"...":"), Gen.character(in: "T"..."T"),
    Gen.character(in: "Z"..."Z"), Gen.character(in: " "..." "), Gen.character(in: "."..."."),
    Gen.character(in: "+"..."+"), Gen.character(in: "\u{0}"..."\u{1F}"))
  static let text = tricky.string(of: 0...24)

  @Test(arguments: ValueTypeFlag.allCases)
  func anyTextIsAValueOrAUsageError(flag: ValueTypeFlag) async {
    await propertyCheck(count: 400, input: Self.text.array(of: 0...3)) { texts in
      do throws(TypedValue.Failure) {
        let value = try TypedValue.parse(texts, as: flag)
        #expect(texts.count == 1 || !flag.isScalar)
        if case .data(let data) = value {
          let hex = texts[0].unicodeScalars.filter { !$0.properties.isWhitespace }
          #expect(hex.allSatisfy { $0.isASCII && Character($0).isHexDigit })
          #expect(data.count * 2 == hex.count)
        }
      } catch {
        #expect(!error.description.isEmpty)
      }
    }
  }

  /// Hex of any bytes reads back as the bytes; digits from other scripts never pass.
  @Test func dataIsASCIIHexOnly() async throws {
    await propertyCheck(count: 200, input: Gen<UInt8>.value(in: 0...255).array(of: 0...40)) {
      bytes in
      let hex = bytes.map { String(format: "%02x", $0) }.joined()
      #expect((try? TypedValue.scalar(hex, as: .data)) == .data(Data(bytes)))
      #expect((try? TypedValue.scalar(hex.uppercased(), as: .data)) == .data(Data(bytes)))
    }
    for text in ["００", "٠١", "0０", "ff\u{FF46}\u{FF46}", "1𝟙"] {
      #expect(throws: TypedValue.Failure.self) { try TypedValue.scalar(text, as: .data) }
    }
  }

  /// Every day of every month: a day the month has is that midnight (as
  /// Foundation reads it), a day it does not have is refused, never moved
  /// into the next month.
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
    for text in [
      "2026-02-30", "2025-02-29", "1900-02-29", "2026-04-31", "2026-13-01", "2026-00-10",
    ] {
      #expect(throws: TypedValue.Failure.self) { try TypedValue.scalar(text, as: .date) }
    }
    for text in ["2024-02-29", "2000-02-29", "2026-12-31"] {
      #expect(throws: Never.self) { try TypedValue.scalar(text, as: .date) }
    }
  }

  @Test(arguments: [
    ("2026-11-22T10:00:00Z", 1_795_341_600.0), ("2026-11-22T10:00:00.5Z", 1_795_341_600.5),
    ("2026-11-22T11:30:00+01:30", 1_795_341_600), ("2026-11-22T08:00:00-0200", 1_795_341_600),
    (" 2026-11-22t10:00:00z ", 1_795_341_600), ("1970-01-01", 0), ("1969-12-31T23:59:59Z", -1),
  ])
  func timesAndZones(text: String, seconds: Double) throws {
    #expect(try TypedValue.scalar(text, as: .date) == .date(Date(timeIntervalSince1970: seconds)))
  }

  @Test(arguments: [
    "2026-11-22T24:00:00Z", "2026-11-22T10:60:00Z", "2026-11-22T10:00:60Z", "2026-11-22T10:00:00",
    "2026-11-22T10:00:00+25:00", "2026-11-22T10:00:00.Z", "2026-11-22T10:00Z", "26-11-22",
    "2026-11-22 10:00:00Z", "２０２６-11-22", "2026-11-22T10:00:00Zjunk",
  ])
  func malformedTimesAreRefused(text: String) {
    #expect(throws: TypedValue.Failure.self) { try TypedValue.scalar(text, as: .date) }
  }
}
