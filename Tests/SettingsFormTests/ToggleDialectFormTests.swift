import Foundation
import SettingsForm
import SettingsSchema
import TestSupport
import Testing

/// The form draws a toggle as the dialect's reader does, the same way lint's
/// toggle-values judges it: a DefaultValue "YES" without TrueValue is OFF in
/// Settings.app and ON in InAppSettingsKit; Enter then switches it to the other state.
struct ToggleDialectFormTests {
  @Test(arguments: [(Dialect.apple, "off", "on"), (.iask, "on", "off")])
  func aStringDefaultIsDrawnAsTheDialectReadsIt(
    dialect: Dialect, drawn: String, afterEnter: String
  ) throws {
    let folder = try TemporaryBundle()
    defer { folder.remove() }
    try folder.write(
      "Root.plist",
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>PreferenceSpecifiers</key><array>
      <dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>Sync</string></dict>
      <dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Key</key><string>sync</string>
      <key>Title</key><string>Synchronise</string><key>DefaultValue</key><string>YES</string></dict>
      </array></dict></plist>
      """)
    let bundle = try SettingsBundle.load(at: folder.path, options: LoadOptions(dialect: dialect))
    var driver = try FormDriver(bundle: bundle, width: 40, height: 10)
    let row = { (screen: String) in
      screen.split(separator: "\n").first { $0.contains("Synchronise") }.map(String.init) ?? ""
    }
    #expect(row(driver.screen).hasSuffix(drawn), "\(driver.screen)")
    driver.focus("Synchronise")
    driver.press(.enter)
    #expect(row(driver.screen).hasSuffix(afterEnter), "\(driver.screen)")
  }
}
