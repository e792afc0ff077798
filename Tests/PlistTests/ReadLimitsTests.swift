import Plist
import Testing

/// A limit above what libxml2 can take (its length is a C `int`) would let a file over
/// 2 GiB reach `Int32(count)` and trap; the limit is held to what every reader takes.
@Suite struct ReadLimitsTests {
  @Test(arguments: [Int.max, Int(Int32.max) + 1, 1 << 40])
  func aLimitAboveWhatLibXML2TakesIsHeldToIt(asked: Int) {
    #expect(ReadLimits(maximumBytes: asked).maximumBytes == Int(Int32.max))
    var limits = ReadLimits.standard
    limits.maximumBytes = asked
    #expect(limits.maximumBytes == ReadLimits.largestReadable)
  }

  @Test(arguments: [0, 1, 64 << 20, Int(Int32.max)])
  func aLimitWithinItIsKept(asked: Int) {
    #expect(ReadLimits(maximumBytes: asked).maximumBytes == asked)
  }
}
