import CodeGeneration
import Foundation
import SettingsSchema
import TestSupport
import Testing

/// Keys of both the phone and the pad pages are generated; a key the two
/// variants type or default differently is an error naming both places.
struct VariantTests {
  static func page(_ specifiers: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict><key>PreferenceSpecifiers</key><array>
    \(specifiers)
    </array></dict></plist>
    """
  }

  static let toggle = """
    <dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Key</key><string>shared</string>
    <key>Title</key><string>Shared</string><key>DefaultValue</key><true/></dict>
    """

  func declarations(phone: String, pad: String) throws -> [SettingDeclaration] {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write("Root~iphone.plist", Self.page(phone))
    try bundle.write("Root~ipad.plist", Self.page(pad))
    return try SettingsCollection.declarations(
      in: try GeneratedSourceTests.bundles(bundle.path), typeName: "AppSettings")
  }

  @Test func keysOfBothVariantsAreGenerated() throws {
    let padOnly = """
      <dict><key>Type</key><string>PSTextFieldSpecifier</string><key>Key</key><string>padOnly</string></dict>
      """
    let found = try declarations(phone: Self.toggle, pad: Self.toggle + padOnly)
    #expect(found.map(\.key) == ["shared", "padOnly"])
  }

  @Test func aTypeThatDiffersIsAnErrorNamingBothPlaces() throws {
    let text = """
      <dict><key>Type</key><string>PSTextFieldSpecifier</string><key>Key</key><string>shared</string></dict>
      """
    #expect {
      _ = try declarations(phone: Self.toggle, pad: text)
    } throws: { error in
      guard let error = error as? GenerationError else { return false }
      return error.key == "shared" && error.origin.file == "Root~ipad.plist"
        && error.origin.line == 3 && error.other?.file == "Root~iphone.plist"
        && error.description.contains("Root~iphone.plist:3:1")
    }
  }

  @Test func aDefaultThatDiffersIsAnError() throws {
    let off = Self.toggle.replacingOccurrences(of: "<true/>", with: "<false/>")
    #expect(throws: GenerationError.self) { _ = try declarations(phone: Self.toggle, pad: off) }
  }
}
