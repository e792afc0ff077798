import Foundation
import KeyedArchive
import Plist
import TestSupport
import Testing

/// Archives written by Apple's NSKeyedArchiver, copied byte for byte from
/// public repositories (Tests/Fixtures/Archives/MANIFEST.md).
@Suite struct RealArchiveTests {
  static let folder = Paths.fixtures.appendingPathComponent("Archives")

  static func data(_ name: String) throws -> Data {
    try Data(contentsOf: folder.appendingPathComponent(name))
  }

  /// bpylist2's archives that read, and the text of their tree.
  static let readable: [(String, String)] = [
    (
      "bpylist2/simple_archive.bplist",
      "archived crap.Foo : NSCoder : NSObject\n    active = true\n    count = 42\n    title = \"yo\""
    ),
    (
      "bpylist2/date_archive.bplist",
      "archived crap.Foo : NSCoder : NSObject\n    stamp = NSDate 2017-02-23T06:15:58Z (509523358.684097 s since 2001)\n    title = \"hello\""
    ),
    (
      "bpylist2/null_archive.bplist",
      "archived crap.Foo : NSCoder : NSObject\n    empty = nil\n    title = \"yo\""
    ),
    ("bpylist2/nsmutabledata_archive.bplist", "archived NSMutableData <68656c6c6f>"),
    (
      "bpylist2/circular_archive.bplist",
      "archived crap.Foo : NSCoder : NSObject #1\n    recursive = -> #1 (a cycle: the object contains itself)\n    title = \"hello\""
    ),
    (
      "bpylist2/complex_archive.bplist",
      """
      archived crap.Foo : NSCoder : NSObject
          active = true
          categories = NSArray, 2 objects
              "banana"
              "apple"
          count = 42
          metadata = NSDictionary, 2 entries
              "fruit" = "kiwi"
              "veg" = "asparagus"
          title = "yo"
      """
    ),
    (
      "bpylist2/no_root_archive.bplist",
      "archived $top\n    rooty = crap.Foo : NSCoder : NSObject\n        title = \"yo\""
    ),
  ]

  @Test(arguments: readable)
  func aRealArchiveReadsAsItsTree(file: String, text: String) throws {
    let tree = try KeyedArchive.read(try Self.data(file))
    #expect(tree.text() == text)
  }

  /// Every readable fixture reads, and its text holds no control character.
  @Test(arguments: [
    "bpylist2/circular_archive.bplist", "bpylist2/complex_archive.bplist",
    "bpylist2/dataclass_archive.bplist", "bpylist2/empty_archive.bplist",
    "bpylist2/nsmutabledata_archive.bplist", "bpylist2/recursive_archive.bplist",
    "bpylist2/invalid_version_archive.bplist", "bpylist2/no_root_archive.bplist",
  ])
  func everyFixtureReads(file: String) throws {
    let tree = try KeyedArchive.read(try Self.data(file))
    let text = tree.text()
    #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    _ = tree.json.rendered()
  }

  /// A graph that points back at itself is marked, not expanded again.
  @Test func aCircularArchiveIsMarked() throws {
    let text = try KeyedArchive.read(try Self.data("bpylist2/circular_archive.bplist")).text()
    #expect(text.contains("(a cycle: the object contains itself)"))
  }

  /// Damaged archives are a typed error naming the place.
  @Test(arguments: [
    ("bpylist2/invalid_uid_archive.bplist", "referenceOutOfRange"),
    ("bpylist2/no_objects_archive.bplist", "missingKey"),
    ("bpylist2/no_top_archive.bplist", "missingKey"),
    ("bpylist2/no_class_name_archive.bplist", "missingKey"),
    ("bpylist2/no_class_meta_archive.bplist", "missingKey"),
    ("bpylist2/missing_uid_archive.bplist", "missingKey"),
    ("bpylist2/invalid_type_archive.bplist", "notAnArchive"),
  ])
  func aDamagedArchiveIsNamed(file: String, reason: String) throws {
    #expect {
      try KeyedArchive.read(try Self.data(file))
    } throws: { error in
      guard let error = error as? KeyedArchiveError else { return false }
      return "\(error.reason)".hasPrefix(reason) && !error.description.isEmpty
    }
  }

  /// Terminal.app's profile: each colour NSColor's calibrated RGB text, the font its fields.
  @Test func terminalColoursReadAsComponents() throws {
    let document = try PropertyListReader.read(
      [UInt8](try Self.data("Solarized Dark ansi.terminal")))
    let background = try #require(document.root["BackgroundColor"]?.value)
    guard case .data(let bytes) = background else {
      Issue.record("no data")
      return
    }
    let root = try #require(try KeyedArchive.read(bytes).root)
    #expect(root.className == "NSColor")
    #expect(
      root.kind
        == .color(
          ArchivedColor(
            components: .rgb(
              red: 0.01592440531, green: 0.1265209168, blue: 0.1596960127, alpha: 0.96),
            colorSpace: 1)))
    guard case .data(let font)? = document.root["Font"]?.value else {
      Issue.record("no font")
      return
    }
    let fontTree = try KeyedArchive.read(font)
    #expect(fontTree.text().hasPrefix("archived NSFont : NSObject\n    NSName = \"Menlo-Regular\""))
    var colours = 0
    for entry in document.root.entries ?? [] where entry.key.hasSuffix("Color") {
      guard case .data(let bytes) = entry.value.value else { continue }
      guard case .color? = try KeyedArchive.read(bytes).root?.kind else {
        Issue.record("\(entry.key) is no colour")
        continue
      }
      colours += 1
    }
    #expect(colours == 5)
  }
}
