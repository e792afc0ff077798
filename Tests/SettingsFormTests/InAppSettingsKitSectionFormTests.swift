import Foundation
import SettingsSchema
import TestSupport
import Testing

@testable import SettingsForm

/// InAppSettingsKit's list group and custom view in the form, as its source
/// draws them (futuretap/InAppSettingsKit 846b620):
/// - IASKSettingsReader's `numberOfRowsInSection:` gives a list group's section
///   the stored array's count, plus the add row: an element written after the
///   list group, before the next group, is never shown;
/// - IASKAppSettingsViewController's `didSelectRowAtIndexPath:` pushes a custom
///   view with File like a child pane: the row opens that page (tester F14).
struct InAppSettingsKitSectionFormTests {
  static let page = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict><key>PreferenceSpecifiers</key><array>
    <dict><key>Type</key><string>IASKListGroupSpecifier</string><key>Title</key><string>Étiquettes</string>
    <key>Key</key><string>tags</string>
    <key>ItemSpecifier</key><dict><key>Type</key><string>PSTextFieldSpecifier</string></dict></dict>
    <dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Title</key><string>Sounds</string>
    <key>Key</key><string>sounds</string><key>DefaultValue</key><true/></dict>
    <dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>More</string></dict>
    <dict><key>Type</key><string>IASKCustomViewSpecifier</string><key>Title</key><string>Account</string>
    <key>Key</key><string>account</string><key>File</key><string>Sub</string></dict>
    <dict><key>Type</key><string>IASKCustomViewSpecifier</string><key>Title</key><string>Drawn</string>
    <key>Key</key><string>drawn</string></dict>
    </array></dict></plist>
    """

  static let sub = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict><key>PreferenceSpecifiers</key><array>
    <dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Title</key><string>Deep</string>
    <key>Key</key><string>deep</string><key>DefaultValue</key><true/></dict>
    </array></dict></plist>
    """

  @Test func rowsAfterAListGroupAreNotShownAndACustomViewWithFileOpensItsPage() throws {
    let folder = try TemporaryBundle()
    defer { folder.remove() }
    try folder.write("Root.inApp.plist", Self.page)
    try folder.write("Sub.plist", Self.sub)
    var options = LoadOptions(dialect: .iask, preferredLanguages: ["en"])
    options.followsBundleReader = false
    let bundle = try SettingsBundle.load(at: folder.path, options: options)
    let page = try #require(bundle.pages.first)
    let rows = RowBuilder.rows(of: page, in: bundle, idiom: .phone, width: nil)
    #expect(rows.map(\.title) == ["Étiquettes", "More", "Account", "Drawn"])
    let account = try #require(rows.first { $0.title == "Account" })
    #expect(account.kind == .childPane(file: "Sub.plist"))
    let drawn = try #require(rows.first { $0.title == "Drawn" })
    #expect(drawn.kind == .customView)
    #expect(bundle.pages.contains { $0.file == "Sub.plist" && $0.isReached })
  }
}
