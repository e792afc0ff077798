import Foundation
import KeyedArchive
import Plist
import TestSupport
import Testing

/// Mutated archives never crash or hang the reader: each reads as a tree or
/// is a ``KeyedArchiveError``, and a tree renders as text and JSON.
@Suite struct ArchiveFuzzTests {
  static func seeds() throws -> [Data] {
    var seeds: [Data] = []
    for file in Paths.files(under: RealArchiveTests.folder, extensions: ["bplist"]) {
      seeds.append(try Data(contentsOf: RealArchiveTests.folder.appendingPathComponent(file)))
    }
    for object: Any in [
      NSArray(array: ["a", NSNumber(value: 1), NSDictionary(dictionary: ["k": NSDate()])]),
      NSURL(string: "b", relativeTo: URL(string: "https://e.com/"))!, NSOrderedSet(array: [1, 2]),
    ] {
      seeds.append(FoundationArchiveTests.archive(object))
      seeds.append(FoundationArchiveTests.archive(object, xml: true))
    }
    return seeds
  }

  static func mutate(_ data: Data, _ random: inout SplitMix64) -> Data {
    var bytes = [UInt8](data)
    guard !bytes.isEmpty else { return data }
    for _ in 0..<(1 + Int(random.next() % 4)) {
      let index = Int(random.next() % UInt64(bytes.count))
      switch random.next() % 4 {
      case 0: bytes[index] = UInt8(truncatingIfNeeded: random.next())
      case 1: bytes[index] ^= 1 << (random.next() % 8)
      case 2: bytes.remove(at: index)
      default:
        // Object references and UIDs are small numbers: nudge one to a neighbour.
        bytes[index] = bytes[index] &+ (random.chance(50) ? 1 : 255)
      }
      if bytes.isEmpty { break }
    }
    return Data(bytes)
  }

  @Test func mutatedArchivesReadOrAreNamed() throws {
    var random = SplitMix64(seed: "keyed-archive-fuzz")
    let seeds = try Self.seeds()
    let rounds = Int(ProcessInfo.processInfo.environment["PREFS_FUZZ_ROUNDS"] ?? "") ?? 4000
    var trees = 0
    var errors = 0
    for _ in 0..<rounds {
      let data = Self.mutate(random.pick(seeds), &random)
      do {
        let tree = try KeyedArchive.read(data)
        _ = tree.text()
        _ = tree.json.renderedCompact()
        _ = tree.summary
        trees += 1
      } catch {
        #expect(!error.description.isEmpty)
        errors += 1
      }
    }
    #expect(trees > 0)
    #expect(errors > 0)
  }
}
