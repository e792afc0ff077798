import Foundation
import KeyedArchive
import Plist
import Testing

/// What users' apps write: archives of each common class made by
/// swift-corelibs-foundation's own NSKeyedArchiver, binary and XML, read
/// back as the tree they hold.
@Suite struct FoundationArchiveTests {
  static func archive(_ object: Any, xml: Bool = false) -> Data {
    let archiver = NSKeyedArchiver(requiringSecureCoding: false)
    archiver.outputFormat = xml ? .xml : .binary
    archiver.encode(object, forKey: NSKeyedArchiveRootObjectKey)
    archiver.finishEncoding()
    return archiver.encodedData
  }

  /// An object, and the root node its archive must read as.
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var make: @Sendable () -> Any
    var expected: ArchiveNode.Kind
    var className: String?
    var testDescription: String { name }
  }

  static let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!

  static let cases: [Case] = [
    Case(name: "NSString", make: { "héllo ✓" as NSString }, expected: .string("héllo ✓")),
    Case(
      name: "NSMutableString", make: { NSMutableString(string: "m") }, expected: .string("m")),
    Case(name: "NSNumber int", make: { NSNumber(value: 42) }, expected: .integer(42)),
    Case(name: "NSNumber real", make: { NSNumber(value: 1.5) }, expected: .real(1.5)),
    Case(name: "NSNumber bool", make: { NSNumber(value: true) }, expected: .bool(true)),
    Case(
      name: "NSDate", make: { NSDate(timeIntervalSinceReferenceDate: 1000.25) },
      expected: .date(Date(timeIntervalSinceReferenceDate: 1000.25)), className: "NSDate"),
    Case(
      name: "NSData", make: { NSData(bytes: [1, 2, 3] as [UInt8], length: 3) },
      expected: .data(Data([1, 2, 3]))),
    Case(
      name: "NSArray", make: { NSArray(array: ["a", NSNumber(value: 1)]) },
      expected: .list([ArchiveNode(kind: .string("a")), ArchiveNode(kind: .integer(1))]),
      className: "NSArray"),
    Case(
      name: "NSMutableArray", make: { NSMutableArray(array: ["a"]) },
      expected: .list([ArchiveNode(kind: .string("a"))]), className: "NSMutableArray"),
    Case(
      name: "NSSet", make: { NSSet(array: ["x"]) },
      expected: .list([ArchiveNode(kind: .string("x"))]),
      className: "NSSet"),
    Case(
      name: "NSOrderedSet", make: { NSOrderedSet(array: ["x", "y"]) },
      expected: .list([ArchiveNode(kind: .string("x")), ArchiveNode(kind: .string("y"))]),
      className: "NSOrderedSet"),
    Case(
      name: "NSDictionary", make: { NSDictionary(dictionary: ["k": "v"]) },
      expected: .dictionary([
        ArchiveEntry(key: ArchiveNode(kind: .string("k")), value: ArchiveNode(kind: .string("v")))
      ]), className: "NSDictionary"),
    Case(
      name: "NSURL", make: { NSURL(string: "https://example.com/a")! },
      expected: .url(relative: "https://example.com/a", base: nil), className: "NSURL"),
    Case(
      name: "NSUUID", make: { NSUUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")! },
      expected: .uuid(uuid), className: "NSUUID"),
    Case(name: "NSNull", make: { NSNull() }, expected: .null, className: "NSNull"),
  ]

  @Test(arguments: cases, [false, true])
  func eachCommonClassReadsAsItsValue(_ example: Case, xml: Bool) throws {
    let data = Self.archive(example.make(), xml: xml)
    #expect(KeyedArchive.isArchive(data))
    let tree = try KeyedArchive.read(data)
    let root = try #require(tree.root)
    #expect(root.kind == example.expected)
    #expect(root.className == example.className)
    #expect(tree.version == 100000)
  }

  @Test func aRelativeURLKeepsItsBase() throws {
    let url = NSURL(string: "b/c", relativeTo: URL(string: "https://example.com/a/"))!
    let root = try #require(try KeyedArchive.read(Self.archive(url)).root)
    guard case .url(let relative, let base?) = root.kind else {
      Issue.record("not a relative URL: \(root)")
      return
    }
    #expect(relative == "b/c")
    #expect(base.kind == .url(relative: "https://example.com/a/", base: nil))
  }

  /// The same object twice is shown once, then referred to.
  @Test func aSharedObjectIsShownOnce() throws {
    let shared = NSMutableArray(array: ["s"])
    let tree = try KeyedArchive.read(Self.archive(NSArray(array: [shared, shared])))
    guard case .list(let items)? = tree.root?.kind, items.count == 2 else {
      Issue.record("not a list of two: \(String(describing: tree.root))")
      return
    }
    #expect(items[0].kind == .list([ArchiveNode(kind: .string("s"))]))
    let object = try #require(items[0].object)
    #expect(items[1].kind == .shared(object: object))
    #expect(tree.text().contains("#\(object)"))
    #expect(tree.text().contains("-> #\(object) (shown above)"))
  }

  /// Data that is no archive, or a plist without `$archiver`, is not one.
  @Test(arguments: [
    Data(), Data("hello".utf8), Data("bplist00".utf8), Data("{a = b;}".utf8),
    Data(
      "<?xml version=\"1.0\"?><plist><dict><key>a</key><string>b</string></dict></plist>".utf8),
    Data(
      "<plist><dict><key>$archiver</key><string>Other</string></dict></plist>".utf8),
  ])
  func otherDataIsNoArchive(data: Data) {
    #expect(!KeyedArchive.isArchive(data))
    #expect(throws: KeyedArchiveError.self) { try KeyedArchive.read(data) }
  }

  /// A chain of objects deeper than the limit is a typed error, not a stack overflow.
  @Test func aDeepChainIsRefused() throws {
    var objects: [PlistValue] = [.string("$null")]
    let depth = 5000
    for index in 1...depth {
      let next = index < depth ? index + 1 : 0
      objects.append(
        .dictionary([
          "next": .dictionary(["CF$UID": .integer(Int64(next))]),
          "$class": .dictionary(["CF$UID": .integer(Int64(depth + 1))]),
        ]))
    }
    objects.append(
      .dictionary([
        "$classname": .string("Link"), "$classes": .array([.string("Link"), .string("NSObject")]),
      ]))
    let archive: PlistValue = .dictionary([
      "$archiver": .string("NSKeyedArchiver"), "$version": .integer(100000),
      "$top": .dictionary(["root": .dictionary(["CF$UID": .integer(1)])]),
      "$objects": .array(objects),
    ])
    let data = Data(try XMLPlistWriter.write(archive))
    #expect {
      try KeyedArchive.read(data)
    } throws: { error in
      guard let error = error as? KeyedArchiveError, case .tooDeep = error.reason else {
        return false
      }
      return error.keyPath.hasPrefix("$top.root.next.next")
    }
  }
}
