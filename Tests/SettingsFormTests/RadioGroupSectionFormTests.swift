import Foundation
import SettingsSchema
import TestSupport
import Testing

@testable import SettingsForm

/// The rows after a radio group, up to the next group: Settings.app draws them
/// in the radio group's section below its options; InAppSettingsKit gives that
/// section one row per value (IASKSettingsReader's numberOfRowsInSection:
/// returns multipleValuesCount), so render and edit never show them there
/// (was: "Sounds" drawn under both readings, tester 2026-11-27b F13).
struct RadioGroupSectionFormTests {
  static let page = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict><key>PreferenceSpecifiers</key><array>
    <dict><key>Type</key><string>PSRadioGroupSpecifier</string><key>Title</key><string>Theme</string>
    <key>Key</key><string>theme</string><key>DefaultValue</key><string>light</string>
    <key>Values</key><array><string>light</string><string>dark</string></array>
    <key>Titles</key><array><string>Light</string><string>Dark</string></array></dict>
    <dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Title</key><string>Sounds</string>
    <key>Key</key><string>sounds</string><key>DefaultValue</key><true/></dict>
    <dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>More</string></dict>
    <dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Title</key><string>Vibrate</string>
    <key>Key</key><string>vibrate</string><key>DefaultValue</key><false/></dict>
    </array></dict></plist>
    """

  @Test(arguments: [
    (Dialect.apple, ["Theme", "Light", "Dark", "Sounds", "More", "Vibrate"]),
    (.iask, ["Theme", "Light", "Dark", "More", "Vibrate"]),
  ])
  func rowsAfterARadioGroupAreShownAsTheDialectShowsThem(dialect: Dialect, titles: [String])
    throws
  {
    let folder = try TemporaryBundle()
    defer { folder.remove() }
    try folder.write("Root.plist", Self.page)
    var options = LoadOptions(dialect: dialect, preferredLanguages: ["en"])
    options.followsBundleReader = false
    let bundle = try SettingsBundle.load(at: folder.path, options: options)
    let page = try #require(bundle.pages.first)
    let rows = RowBuilder.rows(of: page, in: bundle, idiom: .phone, width: nil)
    #expect(rows.map(\.title) == titles)
  }
}
