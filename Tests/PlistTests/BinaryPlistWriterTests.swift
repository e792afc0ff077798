import Foundation
import Plist
import TestSupport
import Testing

/// The binary writer keeps every value exactly, as read back by our reader
/// and by Foundation (tester fault 6).
struct BinaryPlistWriterTests {
  static func randomValue(_ generator: inout SplitMix64, depth: Int = 0) -> PlistValue {
    let first = ProlepticGregorian.days(year: 1, month: 1, day: 1) * 86_400
    let last = ProlepticGregorian.days(year: 9999, month: 12, day: 31) * 86_400
    switch Int.random(in: 0..<(depth < 3 ? 9 : 7), using: &generator) {
    case 0: return .integer(Int64.random(in: .min ... .max, using: &generator))
    case 1: return .integer(Int64.random(in: -1...70_000, using: &generator))
    case 2:
      return .real(
        [-0.0, 0.5, .leastNonzeroMagnitude, Double.random(in: -1e300...1e300, using: &generator)][
          Int.random(in: 0..<4, using: &generator)])
    case 3:
      // Seconds from year 1 to 9999, with a fraction.
      let seconds = Double(Int.random(in: first...last, using: &generator))
      return .date(
        Date(timeIntervalSince1970: seconds + Double.random(in: 0..<1, using: &generator)))
    case 4: return .bool(Bool.random(using: &generator))
    case 5:
      let scalars = (0..<Int.random(in: 0..<20, using: &generator)).map { _ in
        ["a", "\u{1B}", "é", "🇵🇹", "\u{0}", "<"][Int.random(in: 0..<6, using: &generator)]
      }
      return .string(scalars.joined())
    case 6:
      return .data(
        Data((0..<Int.random(in: 1..<40, using: &generator)).map { UInt8($0 * 7 & 0xFF) }))
    case 7:
      return .array(
        (0..<Int.random(in: 0..<20, using: &generator)).map { _ in
          randomValue(&generator, depth: depth + 1)
        })
    default:
      var entries: [PlistKey: PlistValue] = [:]
      for index in 0..<Int.random(in: 0..<20, using: &generator) {
        entries[PlistKey("k\(index)")] = randomValue(&generator, depth: depth + 1)
      }
      return .dictionary(entries)
    }
  }

  @Test func randomValuesRoundTripExactly() throws {
    var generator = SplitMix64(seed: 2026)
    for _ in 0..<300 {
      let value = PlistValue.dictionary(["v": Self.randomValue(&generator)])
      let bytes = try BinaryPlistWriter.write(value)
      let back = try PropertyListReader.read(bytes).root.value
      #expect(back == value)
      #expect(FoundationOracle.read(bytes) == value)
      // Identical, not only equal: -0.0 keeps its sign, dates their fraction.
      #expect(try BinaryPlistWriter.write(back) == bytes)
    }
  }

  @Test func negativeZeroKeepsItsSignInXMLToo() throws {
    let value = PlistValue.dictionary(["z": .real(-0.0)])
    let bytes = try XMLPlistWriter.write(value)
    #expect(String(decoding: bytes, as: UTF8.self).contains("<real>-0.0</real>"))
    guard case .dictionary(let back) = try PropertyListReader.read(bytes).root.value,
      case .real(let zero) = back["z"]
    else {
      Issue.record("no real read back")
      return
    }
    #expect(zero == 0 && zero.sign == .minus)
  }
}
