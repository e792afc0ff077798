import Foundation
import SettingsLint
import TestSupport
import Testing

/// A translation keyed by the page's string in another letter case is a miss
/// on the device (keys compare exactly): a warning in every language, the
/// source language included, that names the key it most likely meant.
struct CaseOnlyMissTests {
  @Test(arguments: [false, true])
  func aKeyInAnotherCaseIsAMissWithDidYouMean(everyLanguage: Bool) throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write(
      "Root.plist",
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>PreferenceSpecifiers</key><array>
      <dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>Charset</string></dict>
      <dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Key</key><string>ascii</string>
      <key>Title</key><string>7-Bit ASCII</string><key>DefaultValue</key><true/></dict>
      </array><key>StringsTable</key><string>Root</string></dict></plist>
      """)
    try bundle.write(
      "en.lproj/Root.strings", "\"Charset\" = \"Charset\";\n\"7-bit ASCII\" = \"7-bit ASCII\";\n")
    try bundle.write(
      "de.lproj/Root.strings",
      "\"Charset\" = \"Zeichensatz\";\n"
        + (everyLanguage
          ? "\"7-bit ASCII\" = \"7-Bit-ASCII\";\n" : "\"7-Bit ASCII\" = \"7-Bit-ASCII\";\n"))

    let report = try LintTestSupport.lint(bundle.path)
    let misses = report.diagnostics.filter { $0.rule == "missing-translation" }
    let expected = everyLanguage ? ["de", "en"] : ["en"]
    #expect(misses.compactMap(\.language).sorted() == expected, "\(misses.map(\.message))")
    for miss in misses {
      #expect(miss.severity == .warning)
      #expect(miss.message.contains("did you mean \"7-bit ASCII\"?"), "\(miss.message)")
    }
  }
}
