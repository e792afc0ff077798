import BundleEdit
import Foundation
import Plist
import TestSupport
import Testing

/// The file's own layout survives an edit: line breaks, encoding, indentation,
/// comments, elements written on one line; and the binary writer's wider
/// references when the objects outgrow the old ones.
struct FileLayoutTests {
  static let list = PlistPath([.key("PreferenceSpecifiers")])
  static let group = PlistNode(
    .dictionary([
      PlistEntry(key: "Type", value: PlistNode(.string("PSGroupSpecifier"))),
      PlistEntry(key: "Title", value: PlistNode(.string("Über"))),
    ]))

  static func edited(_ text: String, _ edit: PlistEdit) throws -> String {
    String(
      decoding: try FormatKeepingWriter.apply([edit], to: Array(text.utf8), file: "Root.plist"),
      as: UTF8.self)
  }

  @Test func crLineBreaksAndTwoSpaceIndentationAreTheFilesOwn() throws {
    let text =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\r\n<plist version=\"1.0\">\r\n<dict>\r\n  <key>PreferenceSpecifiers</key>\r\n  <array>\r\n    <dict>\r\n      <key>Type</key>\r\n      <string>PSGroupSpecifier</string>\r\n    </dict>\r\n  </array>\r\n</dict>\r\n</plist>\r\n"
    let result = try Self.edited(text, .insertElement(in: Self.list, at: 1, Self.group))
    #expect(
      result
        == "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\r\n<plist version=\"1.0\">\r\n<dict>\r\n  <key>PreferenceSpecifiers</key>\r\n  <array>\r\n    <dict>\r\n      <key>Type</key>\r\n      <string>PSGroupSpecifier</string>\r\n    </dict>\r\n    <dict>\r\n      <key>Type</key>\r\n      <string>PSGroupSpecifier</string>\r\n      <key>Title</key>\r\n      <string>Über</string>\r\n    </dict>\r\n  </array>\r\n</dict>\r\n</plist>\r\n"
    )
  }

  @Test func commentsStayWhereTheyAre() throws {
    let text = """
      <plist version="1.0">
      <dict>
      \t<key>PreferenceSpecifiers</key>
      \t<array>
      \t\t<!-- the version, set by the build phase -->
      \t\t<dict>
      \t\t\t<key>Type</key>
      \t\t\t<string>PSTitleValueSpecifier</string>
      \t\t\t<key>DefaultValue</key>
      \t\t\t<string>1.0</string> <!-- keep -->
      \t\t</dict>
      \t</array>
      </dict>
      </plist>

      """
    let result = try Self.edited(
      text, .setValue(in: .specifier(0), key: "DefaultValue", to: PlistNode(.string("2.0 & more"))))
    #expect(
      result
        == text.replacingOccurrences(
          of: "<string>1.0</string>", with: "<string>2.0 &amp; more</string>"))
  }

  @Test func aUTF16FileStaysUTF16WithItsByteOrderMark() throws {
    let text = """
      <?xml version="1.0" encoding="UTF-16"?>
      <plist version="1.0"><dict><key>PreferenceSpecifiers</key><array><dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>Äb</string></dict></array></dict></plist>
      """
    let bytes: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    let document = try PropertyListReader.read(bytes)
    #expect(document.encoding == .utf16LittleEndianWithBOM)
    let edited = try FormatKeepingWriter.apply(
      [.setValue(in: .specifier(0), key: "Title", to: PlistNode(.string("Çd")))], to: bytes,
      file: "Root.plist")
    let expected = text.replacingOccurrences(of: "Äb", with: "Çd")
    #expect(
      edited == [0xFF, 0xFE] + expected.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
  }

  @Test func anOpenStepDictionaryOnOneLineGetsTheEntryOnThatLine() throws {
    let text =
      "{\n  PreferenceSpecifiers = (\n    { Type = PSGroupSpecifier; Title = A; },\n    {Type=PSGroupSpecifier;}\n  );\n}\n"
    #expect(
      try Self.edited(
        text, .setValue(in: .specifier(0), key: "FooterText", to: PlistNode(.string("x y"))))
        == "{\n  PreferenceSpecifiers = (\n    { Type = PSGroupSpecifier; Title = A; FooterText = \"x y\"; },\n    {Type=PSGroupSpecifier;}\n  );\n}\n"
    )
    #expect(
      try Self.edited(text, .setValue(in: .specifier(1), key: "Title", to: PlistNode(.string("B"))))
        == "{\n  PreferenceSpecifiers = (\n    { Type = PSGroupSpecifier; Title = A; },\n    {Type=PSGroupSpecifier;Title=B;}\n  );\n}\n"
    )
    #expect(
      try Self.edited(text, .removeElement(in: Self.list, at: 1))
        == "{\n  PreferenceSpecifiers = (\n    { Type = PSGroupSpecifier; Title = A; }\n  );\n}\n")
    #expect(
      try Self.edited(text, .removeElement(in: Self.list, at: 0))
        == "{\n  PreferenceSpecifiers = (\n    {Type=PSGroupSpecifier;}\n  );\n}\n")
  }

  @Test func anEmptyListGetsItsFirstElementIndented() throws {
    let xml =
      "<plist version=\"1.0\">\n<dict>\n\t<key>PreferenceSpecifiers</key>\n\t<array/>\n</dict>\n</plist>\n"
    #expect(
      try Self.edited(xml, .insertElement(in: Self.list, at: 0, Self.group))
        == "<plist version=\"1.0\">\n<dict>\n\t<key>PreferenceSpecifiers</key>\n\t<array>\n\t\t<dict>\n\t\t\t<key>Type</key>\n\t\t\t<string>PSGroupSpecifier</string>\n\t\t\t<key>Title</key>\n\t\t\t<string>Über</string>\n\t\t</dict>\n\t</array>\n</dict>\n</plist>\n"
    )
    let openStep = "{\n    PreferenceSpecifiers = ();\n}\n"
    #expect(
      try Self.edited(openStep, .insertElement(in: Self.list, at: 0, Self.group))
        == "{\n    PreferenceSpecifiers = (\n        {\n            Type = PSGroupSpecifier;\n            Title = \"Über\";\n        }\n    );\n}\n"
    )
  }

  /// 255 objects take 1-byte references; the edit's new objects need 2, so
  /// every container is written again, and every scalar keeps its bytes.
  @Test func binaryReferencesWidenWhenTheObjectsOutgrowThem() throws {
    let groups = (0..<84).map { index in
      PlistValue.dictionary(["Type": .string("PSGroupSpecifier \(index)")])
    }
    let bytes = try BinaryPlistWriter.write(.dictionary(["PreferenceSpecifiers": .array(groups)]))
    #expect(bytes[bytes.count - 25] == 1)
    let edited = try FormatKeepingWriter.apply(
      [.insertElement(in: Self.list, at: 84, Self.group)], to: bytes, file: "Root.plist")
    #expect(edited[edited.count - 25] == 2)
    let expected = PlistValue.dictionary([
      "PreferenceSpecifiers": .array(
        groups + [.dictionary(["Type": .string("PSGroupSpecifier"), "Title": .string("Über")])])
    ])
    #expect(try PropertyListReader.read(edited).root.value == expected)
    #expect(FoundationOracle.read(edited) == expected)
    // Every string of the old file is in the new one, byte for byte.
    for index in 0..<84 {
      let object = Array("PSGroupSpecifier \(index)".utf8)
      #expect(edited.firstRange(of: [0x5F, 0x10, UInt8(object.count)] + object) != nil)
    }
  }

  /// Damaged binary files are refused with a typed error, never a crash: every
  /// byte of a real page's binary form changed in turn, the edit either refused
  /// or read back as intended.
  @Test func aDamagedBinaryIsRefusedNotCrashedOn() throws {
    let page = Paths.examples.appendingPathComponent("Showcase/Settings.bundle/Advanced.plist")
    let value = try PropertyListReader.read(try Paths.bytes(page)).root.value
    let bytes = try BinaryPlistWriter.write(value)
    var random = SplitMix64(seed: "binary edits of damaged files")
    for position in bytes.indices {
      var damaged = bytes
      damaged[position] = UInt8(truncatingIfNeeded: random.next())
      for edit: PlistEdit in [
        .setValue(in: .specifier(1), key: "DefaultValue", to: PlistNode(.string("x"))),
        .insertElement(in: Self.list, at: 1, Self.group),
        .removeElement(in: Self.list, at: 0),
      ] {
        do {
          let edited = try FormatKeepingWriter.apply([edit], to: damaged, file: "Root.plist")
          let before = try PropertyListReader.read(damaged).root
          #expect(try PropertyListReader.read(edited).root.value == edit.applied(to: before)?.value)
        } catch {
          // A typed refusal: fine.
        }
      }
    }
  }
}
