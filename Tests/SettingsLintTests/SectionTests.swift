import Foundation
import SettingsLint
import SettingsSchema
import TestSupport
import Testing

/// Which elements start a section is the schema's answer (`section`), so the
/// rules that follow sections know InAppSettingsKit's list group too.
struct SectionTests {
  @Test(arguments: [
    (Dialect.apple, [SpecifierType.group, .radioGroup]),
    (.iask, [.group, .listGroup, .radioGroup]),
  ])
  func sectionsComeFromTheSchema(_ dialect: Dialect, _ types: [SpecifierType]) throws {
    let catalog = try SchemaCatalog.load(dialect)
    #expect(catalog.types.keys.filter(catalog.startsSection).sorted() == types.sorted())
  }

  /// A list group after a radio group starts its own section: nothing is absorbed
  /// (it was reported as drawn inside the radio group).
  @Test func aListGroupAfterARadioGroupIsNotAbsorbed() throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write(
      "Root.plist",
      """
      <plist><dict><key>PreferenceSpecifiers</key><array>
      <dict><key>Type</key><string>PSRadioGroupSpecifier</string><key>Key</key><string>r</string>\
      <key>DefaultValue</key><string>a</string><key>Values</key><array><string>a</string></array>\
      <key>Titles</key><array><string>A</string></array></dict>
      <dict><key>Type</key><string>IASKListGroupSpecifier</string><key>Key</key><string>l</string></dict>
      </array></dict></plist>
      """)
    let report = try Linter(loadOptions: LoadOptions(dialect: .iask)).lint(bundleAt: bundle.path)
    #expect(!report.diagnostics.contains { $0.rule == "radio-group-absorbs" })
  }
}
