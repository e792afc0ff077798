import Foundation
import KeyedArchive
import Plist
import Testing

/// UIColor as UIKit's `encodeWithCoder:` writes it (UIColorComponentCount, then
/// UIRed…UIAlpha with NSRGB "r g b" and NSColorSpace 2, or UIWhite with
/// NSColorSpace 4), and NSColor's NSRGB/NSWhite text; Linux has neither class, so
/// the archives are written here in that shape, as XML archives spell them.
@Suite struct ColorArchiveTests {
  static func uid(_ index: Int64) -> PlistValue { .dictionary(["CF$UID": .integer(index)]) }

  static func archive(className: String, fields: [PlistKey: PlistValue]) throws -> Data {
    var object = fields
    object["$class"] = uid(2)
    let archive: PlistValue = .dictionary([
      "$archiver": .string("NSKeyedArchiver"), "$version": .integer(100000),
      "$top": .dictionary(["root": uid(1)]),
      "$objects": .array([
        .string("$null"), .dictionary(object),
        .dictionary([
          "$classname": .string(className),
          "$classes": .array([.string(className), .string("NSObject")]),
        ]),
      ]),
    ])
    return Data(try XMLPlistWriter.write(archive))
  }

  static let cases: [(String, [PlistKey: PlistValue], ArchivedColor)] = [
    (
      "UIColor",
      [
        "UIColorComponentCount": .integer(4), "UIRed": .real(1), "UIGreen": .real(0.5),
        "UIBlue": .real(0), "UIAlpha": .real(1), "NSRGB": .data(Data("1 0.5 0".utf8)),
        "NSColorSpace": .integer(2),
      ],
      ArchivedColor(components: .rgb(red: 1, green: 0.5, blue: 0, alpha: 1), colorSpace: 2)
    ),
    (
      "UIColor",
      [
        "UIColorComponentCount": .integer(2), "UIWhite": .real(0.25), "UIAlpha": .real(0.5),
        "NSColorSpace": .integer(4),
      ],
      ArchivedColor(components: .white(white: 0.25, alpha: 0.5), colorSpace: 4)
    ),
    (
      "NSColor", ["NSColorSpace": .integer(3), "NSWhite": .data(Data("0.5\0".utf8))],
      ArchivedColor(components: .white(white: 0.5, alpha: 1), colorSpace: 3)
    ),
    (
      "NSColor", ["NSColorSpace": .integer(1), "NSRGB": .data(Data("0 0.25 1 0.75\0".utf8))],
      ArchivedColor(components: .rgb(red: 0, green: 0.25, blue: 1, alpha: 0.75), colorSpace: 1)
    ),
  ]

  @Test(arguments: cases)
  func aColourReadsAsItsComponents(
    className: String, fields: [PlistKey: PlistValue], expected: ArchivedColor
  ) throws {
    let root = try #require(
      try KeyedArchive.read(try Self.archive(className: className, fields: fields)).root)
    #expect(root.className == className)
    #expect(root.kind == .color(expected))
  }

  /// A catalog colour (NSColorSpace 6) has no components here: it shows its fields.
  @Test func aCatalogColourShowsItsFields() throws {
    let data = try Self.archive(
      className: "NSColor",
      fields: [
        "NSColorSpace": .integer(6), "NSCatalogName": .string("System"),
        "NSColorName": .string("textColor"),
      ])
    let tree = try KeyedArchive.read(data)
    #expect(
      tree.text()
        == "archived NSColor : NSObject\n    NSCatalogName = \"System\"\n    NSColorName = \"textColor\"\n    NSColorSpace = 6"
    )
  }
}
