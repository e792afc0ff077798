import Foundation
import SettingsLint
import TestSupport
import Testing

/// Keys and texts that differ only in Unicode normalization are different
/// keys on a device (CoreFoundation compares UTF-16 units): lint must neither
/// call them duplicates nor count one as the other's translation.
struct ExactKeyTests {
  static let pairs: [(String, String)] = [
    ("caf\u{E9}", "cafe\u{301}"),  // composed and decomposed
    ("\u{212B}ngstr\u{F6}m", "\u{C5}ngstr\u{F6}m"),  // ANGSTROM SIGN and Å
  ]

  @Test(arguments: pairs)
  func normalizationVariantsAreDifferentKeys(first: String, second: String) throws {
    #expect(first == second, "Swift's String calls them equal; that is the trap")
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write(
      "Root.plist",
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>PreferenceSpecifiers</key><array>
      <dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>Group</string></dict>
      <dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Key</key><string>\(first)</string>
      <key>Title</key><string>\(first)</string><key>DefaultValue</key><true/></dict>
      <dict><key>Type</key><string>PSTextFieldSpecifier</string><key>Key</key><string>\(second)</string>
      <key>Title</key><string>Name</string></dict>
      </array><key>StringsTable</key><string>Root</string></dict></plist>
      """)
    try bundle.write(
      "en.lproj/Root.strings",
      "\"Group\" = \"Group\";\n\"\(first)\" = \"x\";\n\"Name\" = \"Name\";\n")
    // Both spellings in one table: two entries, not a duplicate.
    try bundle.write(
      "de.lproj/Root.strings",
      "\"Group\" = \"Gruppe\";\n\"\(first)\" = \"y\";\n\"\(second)\" = \"z\";\n\"Name\" = \"Name\";\n"
    )
    // Only the other spelling: the title is not translated, and the entry is unused.
    try bundle.write(
      "fr.lproj/Root.strings",
      "\"Group\" = \"Groupe\";\n\"\(second)\" = \"t\";\n\"Name\" = \"Nom\";\n")

    let report = try LintTestSupport.lint(bundle.path)
    let rules = report.diagnostics.map { "\($0.rule) \($0.language ?? "")" }
    #expect(!rules.contains { $0.hasPrefix("duplicate-key") }, "\(rules)")
    #expect(!rules.contains { $0.hasPrefix("strings-duplicate-key") }, "\(rules)")
    // The other spelling is unused in de and fr: one cause, one note for both.
    #expect(
      report.diagnostics.filter {
        $0.rule == "unused-translation" && $0.message.contains("\"\(second)\"")
          && $0.message.contains("1 other language's Root.strings has it too")
      }.count == 1,
      "\(report.diagnostics.map(\.message))")
    #expect(
      report.diagnostics.contains {
        $0.rule == "missing-translation" && ($0.language == "fr" || $0.message.contains("fr"))
      }, "\(rules)")
  }
}
