import DefaultsStore
import Foundation
import Plist
import SettingsForm
import SettingsSchema
import TestSupport
import Testing

/// `edit --plain` says what the form's rows show, from the same row kinds.
struct PlainFormSessionTests {
  /// An InAppSettingsKit child pane that opens the app's own screen (by each key
  /// InAppSettingsKit reads for it) is a row of the form naming that screen;
  /// plain mode says the same line instead of leaving the row out.
  @Test(arguments: [
    "IASKViewControllerClass", "IASKViewControllerStoryBoardId", "IASKSegueIdentifier",
  ])
  func aChildPaneOpeningTheAppsScreenIsSaid(key: String) throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write(
      "Root.inApp.plist",
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>PreferenceSpecifiers</key><array><dict>\
      <key>Type</key><string>PSChildPaneSpecifier</string><key>Title</key><string>About</string>\
      <key>\(key)</key><string>AboutViewController</string>\
      </dict></array></dict></plist>
      """)
    let loaded = try SettingsBundle.load(at: bundle.path, options: LoadOptions(dialect: .iask))
    let state = FormState(bundle: loaded, values: [:], width: 60, height: 20, words: .english)
    let row = try #require(state.page.rows.first { $0.title == "About" })
    let shown = FormView.describe(
      try #require({ if case .action(let action) = row.kind { action } else { nil } }()),
      words: .english)
    var output = ""
    let end = PlainFormSession(
      bundle: loaded, store: try DefaultsStore(inMemory: "com.example.about"), words: .english,
      idiom: .phone, readAnswer: { nil }
    ).run(output: &output)
    #expect(end == .requested)
    #expect(output == "About: \(shown)\n")
    #expect(shown.contains("AboutViewController"))
  }

  /// A title that ends in a colon gets no second one (tester F12: Duke Medicine
  /// Mobile Companion's InAppSettings.bundle titles a multi value "Open maps in:").
  @Test(arguments: [
    ("Open maps in:", "Open maps in: Safari"), ("地图：", "地图：Safari"), ("Maps", "Maps: Safari"),
  ])
  func aTitleEndingInAColonGetsNoSecond(title: String, line: String) throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write(
      "Root.plist",
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>PreferenceSpecifiers</key><array><dict>\
      <key>Type</key><string>PSMultiValueSpecifier</string><key>Title</key><string>\(title)</string>\
      <key>Key</key><string>maps</string><key>DefaultValue</key><string>safari</string>\
      <key>Values</key><array><string>safari</string></array>\
      <key>Titles</key><array><string>Safari</string></array>\
      </dict></array></dict></plist>
      """)
    let loaded = try SettingsBundle.load(at: bundle.path)
    var output = ""
    _ = PlainFormSession(
      bundle: loaded, store: try DefaultsStore(inMemory: "com.example.maps"), words: .english,
      idiom: .phone, readAnswer: { nil }
    ).run(output: &output)
    #expect(output.hasPrefix(line + " ("), "\(output)")
  }
}
