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
