import Foundation
import Plist
import Testing

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
