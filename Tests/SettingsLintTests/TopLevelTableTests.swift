import Foundation
import SettingsLint
import TestSupport
import Testing

/// A top-level table (Root.strings beside Root.plist) is what iOS reads for
/// every language, whatever the .lproj copies say: lint checks what it lacks.
struct TopLevelTableTests {
  @Test(arguments: [true, false])
  func whatTheTopLevelTableLacksEveryLanguageSeesAsWritten(withLanguageCopies: Bool) throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write(
      "Root.plist",
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>PreferenceSpecifiers</key><array>
      <dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>Allgemein</string></dict>
      <dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Key</key><string>sync</string>
      <key>Title</key><string>Synchronisieren</string><key>DefaultValue</key><true/></dict>
      <dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Key</key><string>wlan</string>
      <key>Title</key><string>Nur über WLAN</string><key>DefaultValue</key><true/></dict>
      </array><key>StringsTable</key><string>Root</string></dict></plist>
      """)
    try bundle.write(
      "Root.strings", "\"Allgemein\" = \"General\";\n\"nur über WLAN\" = \"Wi-Fi only\";\n")
    if withLanguageCopies {
      // The copies translate everything, but iOS never reads them.
      try bundle.write(
        "fr.lproj/Root.strings",
        "\"Allgemein\" = \"Général\";\n\"Synchronisieren\" = \"Synchroniser\";\n"
          + "\"Nur über WLAN\" = \"Wi-Fi seulement\";\n")
    }
    let report = try LintTestSupport.lint(bundle.path)
    let misses = report.diagnostics.filter { $0.rule == "missing-translation" }
    #expect(misses.count == 2, "\(misses.map(\.message))")
    #expect(misses.allSatisfy { $0.severity == .warning && $0.file == "Root.plist" })
    #expect(
      misses.contains {
        $0.message.hasPrefix(
          "\"Synchronisieren\" has no translation in Root.strings, the top-level")
      })
    #expect(misses.contains { $0.message.contains("(did you mean \"nur über WLAN\"?)") })
    #expect(
      report.diagnostics.contains { $0.rule == "shadowing-strings" } == withLanguageCopies)
  }
}

/// A bundle that is not localized at all is one cause: one note, not one per page.
struct UnlocalizedBundleTests {
  @Test func oneNoteForTheBundle() throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    func page(_ table: String, _ element: String) -> String {
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>PreferenceSpecifiers</key><array>
      <dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>Général</string></dict>
      \(element)
      </array><key>StringsTable</key><string>\(table)</string></dict></plist>
      """
    }
    try bundle.write(
      "Root.plist",
      page(
        "Root",
        "<dict><key>Type</key><string>PSChildPaneSpecifier</string><key>Title</key><string>Plus</string><key>File</key><string>Plus</string></dict>"
      ))
    try bundle.write("Plus.plist", page("Plus", ""))
    let notes = try LintTestSupport.lint(bundle.path).diagnostics.filter {
      $0.rule == "strings-table-missing"
    }
    #expect(notes.count == 1, "\(notes.map(\.message))")
    #expect(notes.first?.severity == .note)
    #expect(notes.first?.message.hasSuffix("(nor on the other page that names one)") == true)
  }
}

/// A StringsTable that climbs out of the language folders (a tester's
/// `../../../../secret`, where a file of that name existed) is said to leave
/// them, as a child pane's File is, not reported as a table the folders lack.
struct StringsTableOutsideTests {
  @Test(arguments: ["../../../../secret", "../Root", "/etc/secret", "Sub/../../x"])
  func aTableNameThatLeavesTheFoldersIsSaidToLeave(table: String) throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write(
      "Root.plist",
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>PreferenceSpecifiers</key><array>
      <dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Key</key><string>sync</string>
      <key>Title</key><string>Sync</string><key>DefaultValue</key><true/></dict>
      </array><key>StringsTable</key><string>\(table)</string></dict></plist>
      """)
    try bundle.write("en.lproj/Root.strings", "\"Sync\" = \"Sync\";\n")
    let findings = try LintTestSupport.lint(bundle.path).diagnostics.filter {
      $0.rule == "strings-table-missing"
    }
    #expect(findings.count == 1, "\(findings.map(\.message))")
    #expect(
      findings.first?.message.hasPrefix("StringsTable \"\(table)\" leaves the .lproj folders")
        == true, "\(findings.map(\.message))")
  }
}
