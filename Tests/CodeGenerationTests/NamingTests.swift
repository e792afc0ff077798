import CodeGeneration
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
}
