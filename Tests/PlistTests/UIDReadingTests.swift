import Foundation
import Plist
import Testing

/// Keyed-archiver UIDs (binary marker 0x8) read as CoreFoundation's XML form
/// spells them, `{"CF$UID": n}`, when asked; refused by default.
@Suite struct UIDReadingTests {
  /// Archives swift-corelibs-foundation's NSKeyedArchiver writes, binary and XML.
  static func archive(_ object: Any, format: PropertyListSerialization.PropertyListFormat) throws
    -> [UInt8]
  {
    let archiver = NSKeyedArchiver(requiringSecureCoding: false)
    archiver.outputFormat = format
    archiver.encode(object, forKey: NSKeyedArchiveRootObjectKey)
    archiver.finishEncoding()
    return [UInt8](archiver.encodedData)
  }

  static var objects: [Any] {
    [
      NSArray(array: ["a", NSNumber(value: 1)]), NSDictionary(dictionary: ["k": "v"]),
      NSDate(timeIntervalSinceReferenceDate: 1000), "text" as NSString,
    ]
  }

  @Test(arguments: 0..<4)
  func aBinaryArchiveReadsAsItsXMLForm(index: Int) throws {
    let binary = try Self.archive(Self.objects[index], format: .binary)
    let xml = try Self.archive(Self.objects[index], format: .xml)
    let fromBinary = try PropertyListReader.read(binary, uids: .asCFUIDDictionary)
    let fromXML = try PropertyListReader.read(xml, uids: .asCFUIDDictionary)
    #expect(fromBinary.root.value == fromXML.root.value)
    #expect(fromBinary.root["$top"]?["root"]?[UIDReading.key]?.number == 1)
  }

  @Test(arguments: 0..<4)
  func aUIDIsRefusedByDefault(index: Int) throws {
    let binary = try Self.archive(Self.objects[index], format: .binary)
    #expect(throws: ReadIssue.self) { try PropertyListReader.read(binary) }
  }

  /// A UID of each width CoreFoundation may write (1 to 8 bytes), and the
  /// widths it may not (9 to 16), in a one-object plist.
  @Test(arguments: 0...15)
  func aUIDOfEachWidth(nibble: Int) throws {
    let size = nibble + 1
    var bytes = Array("bplist00".utf8) + [0x80 | UInt8(nibble)]
    bytes += (0..<size).map { $0 == size - 1 ? 7 : 0 }
    let offsetTable = bytes.count
    bytes.append(8)
    bytes += [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 1] + [0, 0, 0, 0, 0, 0, 0, 0]
    bytes += [0, 0, 0, 0, 0, 0, 0, UInt8(offsetTable)]
    if size <= 8 {
      let document = try PropertyListReader.read(bytes, uids: .asCFUIDDictionary)
      #expect(document.root.value == .dictionary(["CF$UID": .integer(7)]))
    } else {
      #expect(throws: ReadIssue.self) {
        try PropertyListReader.read(bytes, uids: .asCFUIDDictionary)
      }
    }
  }
}
