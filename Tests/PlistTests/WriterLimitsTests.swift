import Foundation
import Plist
import Testing

/// The writer accepts only what the reader reads back: one `ReadLimits` holds
/// both, and a value past a limit is refused with that limit.
struct WriterLimitsTests {
  static func nested(_ levels: Int) -> PlistValue {
    var value = PlistValue.string("leaf")
    for level in 0..<levels {
      value = level.isMultiple(of: 2) ? .array([value]) : .dictionary(["k": value])
    }
    return value
  }

  /// Around the depth limit: whatever is written reads back, and what is
  /// refused is refused for its depth.
  @Test(arguments: 190...205)
  func whatIsWrittenReadsBack(levels: Int) throws {
    let value = Self.nested(levels)
    do {
      let bytes = try XMLPlistWriter.write(value)
      #expect(try PropertyListReader.read(bytes).root.value == value)
    } catch let error as PlistWriteError {
      #expect(error.limit == .depth(ReadLimits.standard.maximumDepth))
      #expect(throws: ReadIssue.self) {
        try PropertyListReader.read(
          XMLPlistWriter.write(value, limits: ReadLimits(maximumDepth: 1000)))
      }
    }
  }

  @Test func theDeepestReadableValueIsWritten() throws {
    let deepest = ReadLimits.standard.maximumDepth - 2
    _ = try XMLPlistWriter.write(Self.nested(deepest))
    #expect(throws: PlistWriteError.self) { try XMLPlistWriter.write(Self.nested(deepest + 1)) }
  }

  @Test func aFileLargerThanTheReaderReadsIsRefused() throws {
    let limits = ReadLimits(maximumBytes: 4_000)
    let small = PlistValue.dictionary(["text": .string(String(repeating: "a", count: 100))])
    let large = PlistValue.dictionary(["text": .string(String(repeating: "a", count: 5_000))])
    let written = try XMLPlistWriter.write(small, limits: limits)
    #expect(try PropertyListReader.read(written, limits: limits).root.value == small)
    #expect {
      try XMLPlistWriter.write(large, limits: limits)
    } throws: { error in
      (error as? PlistWriteError)?.limit == .bytes(4_000)
    }
    // The reader refuses what the writer refused.
    let unchecked = try XMLPlistWriter.write(large)
    #expect(throws: ReadIssue.self) { try PropertyListReader.read(unchecked, limits: limits) }
  }

  /// Shared references make a small binary plist a large value; the writer
  /// stops it at the size limit instead of writing what no read returns.
  @Test func manyCopiesOfAValueAreHeldToTheSizeLimit() {
    let chunk = PlistValue.string(String(repeating: "x", count: 1_000))
    let value = PlistValue.array(
      Array(repeating: .array(Array(repeating: chunk, count: 100)), count: 100))
    #expect {
      try XMLPlistWriter.write(value, limits: ReadLimits(maximumBytes: 1 << 20))
    } throws: { error in
      (error as? PlistWriteError)?.limit == .bytes(1 << 20)
    }
  }
}
