import DefaultsStore
import Foundation
import Plist
import TestSupport
import Testing

/// A binary domain stays binary: an unrelated write keeps fractional-second
/// dates and -0.0 (tester fault 6).
struct BinaryDomainTests {
  @Test func anUnrelatedWriteKeepsEveryValueOfABinaryDomain() throws {
    let defaults = try TemporaryDefaults()
    defer { defaults.remove() }
    let stored: [PlistKey: PlistValue] = [
      "at": .date(Date(timeIntervalSinceReferenceDate: 0.5)), "zero": .real(-0.0),
      "old": .date(ProlepticGregorian.date(year: 1000, month: 6, day: 1)),
      "escape": .string("\u{1B}[5m"),
    ]
    let bytes = try BinaryPlistWriter.write(.dictionary(stored))
    try Data(bytes).write(to: URL(fileURLWithPath: defaults.path()))
    try defaults.store().set(.integer(1), forKey: "unrelated")
    let after = try #require(defaults.bytes())
    #expect(after.starts(with: Array("bplist00".utf8)))
    var expected = stored
    expected["unrelated"] = .integer(1)
    #expect(try BinaryPlistWriter.write(.dictionary(expected)) == after)
  }
}

/// A 16-byte integer beyond Int64 (CoreFoundation's UInt64) is refused with
/// its key named, never wrapped and saved negative (tester fault 1).
struct BinaryDomainIntegerTests {
  @Test(arguments: [UInt64(Int64.max) + 1, .max])
  func anIntegerBeyond64BitsIsRefusedNamingItsKey(number: UInt64) throws {
    let defaults = try TemporaryDefaults()
    defer { defaults.remove() }
    let dictionary: NSDictionary = ["big": NSNumber(value: number), "other": 1]
    try PropertyListSerialization.data(fromPropertyList: dictionary, format: .binary, options: 0)
      .write(to: URL(fileURLWithPath: defaults.path()))
    let before = defaults.bytes()
    do {
      _ = try defaults.store().values()
      Issue.record("the domain was read")
    } catch {
      #expect("\(error)".contains("the integer \(number) does not fit in 64 bits"), "\(error)")
      #expect("\(error)".contains("at the key \"big\""), "\(error)")
    }
    #expect(throws: DefaultsError.self) { try defaults.store().set(.integer(1), forKey: "other") }
    #expect(defaults.bytes() == before)
  }
}
