import CodeGeneration
import Foundation
import SettingsSchema
import TestSupport
import Testing

/// A toggle's DefaultValue that the generated code reads as nothing (the
/// string "TrueValue" of WFoundation/WF.Player.iOS c85d35f0) gives the key
/// the default the dialect's reader shows: Settings.app draws it OFF (false),
/// InAppSettingsKit's defaultBoolValue asks [@"TrueValue" boolValue] (true).
/// The app then reads what the person sees. A default the code reads
/// (<true/>, "YES") is unchanged.
struct ToggleDefaultDialectTests {
  static let bundle = Paths.fixtures.appendingPathComponent(
    "Unseen/WFoundation__WF.Player.iOS/Settings.bundle"
  ).path

  static func generated(_ dialect: Dialect) throws -> String {
    var base = LoadOptions(dialect: dialect)
    base.followsBundleReader = false
    let bundles = try SwiftSettingsGenerator.load(at: bundle, base: base)
    return try SwiftSettingsGenerator(options: .init()).generate(from: bundles)
  }

  @Test(arguments: [(Dialect.apple, "false"), (.iask, "true")])
  func aStringDefaultIsReadAsTheDialectShowsIt(dialect: Dialect, shown: String) throws {
    let source = try Self.generated(dialect)
    for key in ["ButtonClick", "ButtonVibrate"] {
      #expect(source.contains("\"\(key)\", defaultValue: \(shown),"), "\(key):\n\(source)")
    }
    // What is registered stays the bundle's own value.
    #expect(source.contains("values[\"ButtonClick\"] = \"TrueValue\""), "\(source)")
  }

  @Test(arguments: [(Dialect.apple, "<true/>", "true"), (.iask, "<string>NO</string>", "false")])
  func aDefaultTheCodeReadsIsUnchanged(dialect: Dialect, value: String, shown: String) throws {
    let folder = try TemporaryBundle()
    defer { folder.remove() }
    try folder.write(
      "Root.plist",
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>PreferenceSpecifiers</key><array>
      <dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Title</key><string>Sync</string>
      <key>Key</key><string>sync</string><key>DefaultValue</key>\(value)</dict>
      </array></dict></plist>
      """)
    var base = LoadOptions(dialect: dialect)
    base.followsBundleReader = false
    let source = try SwiftSettingsGenerator(options: .init()).generate(
      from: try SwiftSettingsGenerator.load(at: folder.path, base: base))
    #expect(source.contains("\"sync\", defaultValue: \(shown),"), "\(source)")
  }
}
