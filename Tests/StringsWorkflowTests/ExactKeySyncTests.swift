import Foundation
import Plist
import SettingsSchema
import StringsWorkflow
import TestSupport
import Testing

/// A table entry spelled in another Unicode normalization does not translate
/// the page's string on a device: sync adds the exact key, import matches it exactly.
struct ExactKeySyncTests {
  @Test func syncAddsTheExactKeyBesideANormalizationVariant() throws {
    let composed = "caf\u{E9}"
    let decomposed = "cafe\u{301}"
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write(
      "Root.plist",
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>PreferenceSpecifiers</key><array>
      <dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Key</key><string>k</string>
      <key>Title</key><string>\(composed)</string><key>DefaultValue</key><true/></dict>
      </array><key>StringsTable</key><string>Root</string></dict></plist>
      """)
    try bundle.write("en.lproj/Root.strings", "\"\(composed)\" = \"Coffee\";\n")
    try bundle.write("de.lproj/Root.strings", "\"\(decomposed)\" = \"Kaffee\";\n")
    let model = try TranslationModel(
      bundle: try SettingsBundle.load(at: bundle.path), sourceLanguage: "en")
    #expect(model.missing(in: "de").map(\.key).contains { $0.isSameKey(as: composed) })
    let changes = try model.sync(prune: false)
    let de = try #require(changes.first { $0.path == "de.lproj/Root.strings" })
    let written = try StringsReader.read(de.bytes).file
    #expect(
      written.entries.map { Array($0.key.unicodeScalars) } == [
        Array(decomposed.unicodeScalars), Array(composed.unicodeScalars),
      ])
  }
}
