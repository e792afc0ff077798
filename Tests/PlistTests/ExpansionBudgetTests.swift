import Foundation
import TestSupport
import Testing

@testable import Plist

/// A tiny binary plist whose objects share references expands without bound
/// when each use is built anew; the reader counts values against a budget as
/// it builds them and refuses the file as soon as the budget is spent.
struct ExpansionBudgetTests {
  /// `levels` arrays, each holding `fanOut` references to the next, and a string at the bottom:
  /// a few hundred bytes that expand to fanOut^levels values.
  static func fanOutBomb(levels: Int, fanOut: Int) -> [UInt8] {
    var bytes = Array("bplist00".utf8)
    var offsets: [Int] = []
    for level in 0..<levels {
      offsets.append(bytes.count)
      bytes.append(0xA0 | UInt8(fanOut))
      bytes += Array(repeating: UInt8(level + 1), count: fanOut)
    }
    offsets.append(bytes.count)
    bytes += [0x51, UInt8(ascii: "x")]
    let offsetTable = bytes.count
    for offset in offsets { bytes += [UInt8(offset >> 8), UInt8(offset & 0xFF)] }
    var trailer = [UInt8](repeating: 0, count: 6)
    trailer += [2, 1]  // offset size, reference size
    trailer += withUnsafeBytes(of: UInt64(offsets.count).bigEndian, Array.init)
    trailer += withUnsafeBytes(of: UInt64(0).bigEndian, Array.init)
    trailer += withUnsafeBytes(of: UInt64(offsetTable).bigEndian, Array.init)
    return bytes + trailer
  }

  @Test func aSharedReferenceBombIsRefusedByTheBudget() throws {
    let bomb = Self.fanOutBomb(levels: 8, fanOut: 14)  // 14^8 ≈ 1.5 billion values
    #expect(bomb.count < 200)
    do {
      _ = try PropertyListReader.read(bomb)
      Issue.record("the bomb was read")
    } catch {
      #expect(error.kind == .limit)
      #expect(
        error.message.contains(
          "more than \(ReadLimits.standard.maximumObjects) values through shared references"),
        "\(error)")
    }
  }

  /// The same shape small enough for the budget reads, every shared use built.
  @Test func sharingWithinTheBudgetReads() throws {
    let small = Self.fanOutBomb(levels: 3, fanOut: 4)
    let root = try PropertyListReader.read(small).root
    #expect(root[0]?[3]?[2]?.string == "x")
    #expect(FoundationOracleLike.count(root.value) == 1 + 4 + 16 + 64)
  }

  /// A top array of `outer` references to one array of `inner` references to
  /// one string (marker 0x50), UTF-16 string (0x60) or data (0x40) of `length`
  /// bytes: about `length` bytes that expand to `outer × inner × length`.
  /// `damaged`: the top array's last reference names no object, so the
  /// expansion cannot be counted before building.
  static func sharedPayloadBomb(
    length: Int, outer: Int, inner: Int, kind: UInt8 = 0x50, damaged: Bool = false
  ) -> [UInt8] {
    func marker(_ kind: UInt8, _ count: Int) -> [UInt8] {
      count < 15
        ? [kind | UInt8(count)]
        : [kind | 0x0F, 0x13] + withUnsafeBytes(of: UInt64(count).bigEndian, Array.init)
    }
    var bytes = Array("bplist00".utf8)
    var offsets: [Int] = []
    offsets.append(bytes.count)
    bytes += marker(0xA0, outer) + Array(repeating: 1, count: outer)
    if damaged { bytes[bytes.count - 1] = 9 }
    offsets.append(bytes.count)
    bytes += marker(0xA0, inner) + Array(repeating: 2, count: inner)
    offsets.append(bytes.count)
    let units = kind == 0x60 ? length / 2 : length
    bytes += marker(kind, units) + Array(repeating: 0x61, count: kind == 0x60 ? units * 2 : units)
    let offsetTable = bytes.count
    for offset in offsets { bytes += withUnsafeBytes(of: UInt32(offset).bigEndian, Array.init) }
    var trailer = [UInt8](repeating: 0, count: 6)
    trailer += [4, 1]  // offset size, reference size
    trailer += withUnsafeBytes(of: UInt64(offsets.count).bigEndian, Array.init)
    trailer += withUnsafeBytes(of: UInt64(0).bigEndian, Array.init)
    trailer += withUnsafeBytes(of: UInt64(offsetTable).bigEndian, Array.init)
    return bytes + trailer
  }

  static func expectRefusedForItsBytes(_ bytes: [UInt8]) {
    do {
      _ = try PropertyListReader.read(bytes)
      Issue.record("the file was read")
    } catch {
      #expect(error.kind == .limit)
      #expect(
        error.message.contains(
          "more than \(BinaryPlistReader.byteBudget(forFileOf: bytes.count)) bytes of strings and data"
        ), "\(error)")
    }
  }

  /// The worst the value budget alone lets through: a 900 KB string used
  /// 998,000 times is 999,001 values, within the million, and 898 GB.
  @Test func theValueBudgetAloneLetsGigabytesThrough() {
    let bomb = Self.sharedPayloadBomb(length: 900_000, outer: 1_000, inner: 998)
    #expect(bomb.count < 1_000_000)
    let expansion = BinaryPlistReader.expansion(of: bomb)
    #expect(expansion?.values ?? .max <= ReadLimits.standard.maximumObjects)
    #expect(expansion?.bytes ?? 0 == 998_000 * 900_000)
    #expect(expansion?.bytes ?? 0 > 800_000 * bomb.count)
    Self.expectRefusedForItsBytes(bomb)
  }

  /// 64 KB that expand to 64 MB: refused from the count, also for data and
  /// UTF-16 strings, and while building where the tail is damaged (the count
  /// before building gives up there).
  @Test(arguments: [0x40, 0x50, 0x60] as [UInt8], [false, true])
  func sharedStringsAndDataAreCountedInBytes(kind: UInt8, damaged: Bool) {
    let bomb = Self.sharedPayloadBomb(
      length: 64 << 10, outer: 32, inner: 32, kind: kind, damaged: damaged)
    #expect(bomb.count < 70_000)
    if !damaged {
      #expect(BinaryPlistReader.expansion(of: bomb)?.bytes == 1_024 * (64 << 10))
    }
    Self.expectRefusedForItsBytes(bomb)
  }

  /// Sharing within the byte budget reads, every use built.
  @Test func sharedStringsWithinTheBudgetRead() throws {
    let file = Self.sharedPayloadBomb(length: 1_000, outer: 30, inner: 30)
    let root = try PropertyListReader.read(file).root
    #expect(root[29]?[29]?.string?.count == 1_000)
    #expect(BinaryPlistReader.expansion(of: file)?.bytes == 900 * 1_000)
  }

  static let realPlists: [String] = [Paths.corpus, Paths.fixtures, Paths.examples].flatMap {
    root in
    Paths.files(under: root, extensions: ["plist", "strings"]).map {
      root.appendingPathComponent($0).path
    }
  }

  /// Every plist and `.strings` file of the corpus, the fixtures and the
  /// examples that Foundation reads, written as a binary plist by Foundation
  /// (which shares equal strings, as CoreFoundation does), reads to
  /// Foundation's value within the budget.
  @Test(.needsCorpus) func realFilesAsBinaryPlistsReadWithinTheBudget() throws {
    var binary = 0
    var largestRatio = 0.0
    for path in Self.realPlists {
      let original = try Paths.bytes(URL(fileURLWithPath: path))
      guard let expected = FoundationOracle.read(original),
        let object = try? PropertyListSerialization.propertyList(
          from: Data(original), format: nil),
        let converted = try? PropertyListSerialization.data(
          fromPropertyList: object, format: .binary, options: 0)
      else { continue }
      let bytes = Array(converted)
      binary += 1
      let expansion = try #require(BinaryPlistReader.expansion(of: bytes), "\(path)")
      largestRatio = max(largestRatio, Double(expansion.bytes) / Double(bytes.count))
      #expect(expansion.bytes <= BinaryPlistReader.byteBudget(forFileOf: 0), "\(path)")
      // Where the file as it is reads to Foundation's value (a NaN default is
      // not equal even to itself), its binary form reads to it too.
      let read = try PropertyListReader.read(bytes).root.value
      if (try? PropertyListReader.read(original).root.value) == expected {
        #expect(read == expected, "\(path)")
      }
    }
    #expect(binary > 700)
    // Shared keys make a real file expand, but to about its own size, not 16 times it.
    #expect(largestRatio < Double(BinaryPlistReader.byteBudgetMultiple) / 4, "\(largestRatio)")
  }

  @Test func theBudgetIsSmallEnoughToRefuseQuickly() {
    // What a file may really build: each value costs about a hundred bytes.
    #expect(ReadLimits.standard.maximumObjects <= 1_000_000)
  }
}

enum FoundationOracleLike {
  static func count(_ value: PlistValue) -> Int {
    switch value {
    case .array(let items): 1 + items.map(count).reduce(0, +)
    case .dictionary(let entries): 1 + entries.values.map(count).reduce(0, +)
    default: 1
    }
  }
}
