import Foundation
import KeyedArchive
import Plist
import Testing

/// An archive whose property list is over the reader's limits is named as one
/// (tester 2026-11-27d H-h), with the reader's reason; other data is not.
@Suite struct OverReadLimitsTests {
  static func archive(_ object: Any, xml: Bool) -> Data {
    let archiver = NSKeyedArchiver(requiringSecureCoding: false)
    archiver.outputFormat = xml ? .xml : .binary
    archiver.encode(object, forKey: NSKeyedArchiveRootObjectKey)
    archiver.finishEncoding()
    return archiver.encodedData
  }

  @Test(arguments: [false, true])
  func anArchiveOverTheSizeLimitSaysSo(xml: Bool) throws {
    let data = Self.archive(NSArray(array: Array(repeating: "value", count: 50)), xml: xml)
    let small = KeyedArchive.Limits(maximumBytes: data.count - 1)
    #expect(!KeyedArchive.isArchive(data, limits: small))
    let error = try #require(KeyedArchive.overReadLimits(data, limits: small))
    guard case .overReadLimits(let message) = error.reason else {
      Issue.record("not over the limits: \(error)")
      return
    }
    #expect(message.contains("\(data.count - 1)"))
    // Within the limits it reads, so it is not over them.
    #expect(KeyedArchive.overReadLimits(data) == nil)
  }

  /// A binary plist of more values than the reader takes, as an archive and not.
  @Test func tooManyValuesIsOverTheLimitsOnlyForAnArchive() throws {
    let references = PlistValue.array(
      Array(repeating: .dictionary(["CF$UID": .integer(2)]), count: 350_000))
    func plist(archiver: String) throws -> Data {
      Data(
        try BinaryPlistWriter.write(
          .dictionary([
            "$archiver": .string(archiver), "$version": .integer(100000),
            "$top": .dictionary(["root": .dictionary(["CF$UID": .integer(1)])]),
            "$objects": .array([.string("$null"), references, .string("s")]),
          ]), limits: ReadLimits(maximumObjects: 2_000_000)))
    }
    let archive = try plist(archiver: "NSKeyedArchiver")
    #expect(!KeyedArchive.isArchive(archive))
    #expect(KeyedArchive.overReadLimits(archive)?.description.contains("1000000") == true)
    #expect(KeyedArchive.overReadLimits(try plist(archiver: "Other")) == nil)
    #expect(KeyedArchive.overReadLimits(Data(repeating: 0x41, count: 100)) == nil)
  }
}
