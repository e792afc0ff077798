import CodeGeneration
import TestSupport
import Testing

/// Keys become Swift names the same way every time.
struct NamingTests {
  @Test(arguments: [
    ("celsiusPref", "celsiusPref"), ("enabled_preference", "enabledPreference"),
    ("Server URL", "serverUrl"), ("URLString", "urlString"), ("3d_touch", "_3dTouch"),
    ("com.example.level", "comExampleLevel"), ("SOME_KEY", "someKey"), ("音量", "音量"),
    ("caf\u{E9} au lait", "caf\u{E9}AuLait"), ("---", "setting"), ("", "setting"),
    ("default", "default"),
  ])
  func lowerCamelCase(key: String, name: String) {
    #expect(SwiftIdentifier.lowerCamel(key) == name)
  }

  @Test(arguments: [("default", "`default`"), ("in", "`in`"), ("volume", "volume")])
  func keywordsAreEscaped(name: String, declared: String) {
    #expect(SwiftIdentifier.declared(name) == declared)
  }

  @Test(arguments: [("theme_preference", "ThemePreference"), ("2fa", "_2fa")])
  func upperCamelCase(key: String, name: String) {
    #expect(SwiftIdentifier.upperCamel(key) == name)
  }

  @Test(arguments: ["AppSettings", "MySettings2"])
  func validTypeNames(name: String) { #expect(SwiftSettingsGenerator.isValidTypeName(name)) }

  @Test(arguments: ["appSettings", "App Settings", "Self", "SettingsKey", "", "enum"])
  func invalidTypeNames(name: String) { #expect(!SwiftSettingsGenerator.isValidTypeName(name)) }

  /// Keys that give the same name: the first in page order keeps it, each later
  /// one gets the smallest number still free (a key already named `volume2`
  /// keeps that name, so the next collision is `volume3`); a child page's
  /// elements come after those of the page that opens it.
  @Test func collisionsAreNumberedInPageOrder() throws {
    func text(_ key: String) -> String {
      "<dict><key>Type</key><string>PSTextFieldSpecifier</string><key>Key</key><string>\(key)</string></dict>"
    }
    let root = [
      text("volume"), text("volume2"), text("Volume"),
      "<dict><key>Type</key><string>PSChildPaneSpecifier</string><key>File</key><string>Mais</string></dict>",
      text("VOLUME"),
    ]
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write("Root.plist", VariantTests.page(root.joined(separator: "\n")))
    try bundle.write("Mais.plist", VariantTests.page(text("volume.") + text("volume_3")))
    func names() throws -> [String] {
      try SettingsCollection.declarations(
        in: try GeneratedSourceTests.bundles(bundle.path), typeName: "AppSettings"
      ).map { "\($0.key) \($0.name)" }
    }
    let expected = [
      "volume volume", "volume2 volume2", "Volume volume3", "VOLUME volume4", "volume. volume5",
      // `volume3` is taken: the number goes after the name the key wants.
      "volume_3 volume32",
    ]
    let first = try names()
    #expect(first == expected)
    #expect(try names() == first, "the same names every time")
  }
}
