import Foundation
import SettingsLint
import TestSupport
import Testing

/// A toggle storing booleans whose DefaultValue is text (otabuzzman/SDK85
/// 4e7c6fd1 writes <string>false</string> six times): "false", "NO" and "0"
/// show OFF in Settings.app (ON only for <true/>) and read false in the app
/// (boolForKey:, the generated decoder): every reader agrees with the author,
/// so it is a note. "true" and "YES" show OFF but read true: a warning.
struct ToggleTextDefaultTests {
  static func findings(_ defaultValue: String) throws -> [Diagnostic] {
    let folder = try TemporaryBundle()
    defer { folder.remove() }
    try folder.write(
      "Root.plist",
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>PreferenceSpecifiers</key><array>
      <dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Title</key><string>Tastenklicks</string>
      <key>Key</key><string>keyClicks</string><key>DefaultValue</key><string>\(defaultValue)</string></dict>
      </array></dict></plist>
      """)
    return try LintTestSupport.lint(folder.path).diagnostics.filter { $0.rule == "toggle-values" }
  }

  @Test(arguments: ["false", "NO", "0"])
  func textMeaningOffIsANote(defaultValue: String) throws {
    let found = try Self.findings(defaultValue)
    #expect(found.map(\.severity) == [.note], "\(found)")
    #expect(
      found.first?.message
        == "DefaultValue is the string \"\(defaultValue)\", not a boolean; Settings.app shows the switch OFF and the app reads false, as meant (write <true/> or <false/>)",
      "\(found)")
  }

  @Test(arguments: ["true", "YES"])
  func textMeaningOnStaysAWarning(defaultValue: String) throws {
    let found = try Self.findings(defaultValue)
    #expect(found.map(\.severity) == [.warning], "\(found)")
  }
}
