import Foundation
import Plist
import SettingsForm
import SettingsSchema
import TestSupport
import Testing

/// A radio group's options are titled as every other reader of Values titles
/// them (SpecifierChoice.displayTitle): the Titles entry beside the value,
/// else the value's own text, so a Titles entry that is no string shows the
/// value, as the multi value's picker and `edit --plain` show it, not a blank row.
struct RadioOptionTitleTests {
  /// The second Titles entry in each shape a bundle may write it.
  static let secondTitles: [(entry: String, shown: String)] = [
    ("<string>Medium</string>", "Medium"),
    ("<integer>7</integer>", "1"),
    ("<true/>", "1"),
    ("", "1"),
  ]

  @Test(arguments: secondTitles)
  func anOptionShowsItsTitleElseItsValue(entry: String, shown: String) throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write(
      "Root.plist",
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>PreferenceSpecifiers</key><array><dict>\
      <key>Type</key><string>PSRadioGroupSpecifier</string><key>Key</key><string>level</string>\
      <key>Title</key><string>Level</string>\
      <key>Values</key><array><integer>0</integer><integer>1</integer></array>\
      <key>Titles</key><array><string>Low</string>\(entry)</array>\
      </dict></array></dict></plist>
      """)
    let loaded = try SettingsBundle.load(at: bundle.path)
    let state = FormState(bundle: loaded, values: [:], width: 60, height: 20)
    let options = state.page.rows.compactMap { row -> String? in
      if case .radioOption = row.kind { return row.title }
      return nil
    }
    #expect(options == ["Low", shown])
  }
}
