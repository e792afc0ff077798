import Foundation
import Plist
import SettingsLint
import SettingsSchema
import TestSupport
import Testing

/// One wrong type written for one key is one cause: text output shows it as
/// one finding with the count and the first few places, as it does a table
/// lacking many strings; JSON keeps every finding (issue 24, tester F9).
struct ValueTypeFoldingTests {
  /// Psiphon's fork of InAppSettingsKit writes each of the 41 Titles of its
  /// region picker as a dictionary (Tests/Fixtures/Unseen, MANIFEST beside it).
  /// Failed before: 41 value-type lines in text.
  @Test func psiphonsDictionaryTitlesAreOneLine() throws {
    let path = Paths.fixtures.appendingPathComponent(
      "Unseen/Psiphon-Inc__psiphon-ios-vpn/InAppSettings.bundle"
    ).path
    let report = try LintTestSupport.lint(path)
    let found = report.diagnostics.filter { $0.rule == "value-type" }
    #expect(found.count == 41)
    let lines = LintOutput(reports: [report]).render(.text).split(separator: "\n")
      .filter { $0.hasSuffix("[value-type]") }
    #expect(
      lines.map { String($0.split(separator: ": ", maxSplits: 2).last ?? "") } == [
        "41 entries of Titles should be a string, not a dictionary (\"Titles[0]\", \"Titles[1]\", \"Titles[2]\", …) [value-type]"
      ])
    #expect(lines.first?.contains("Root.inApp.plist:96:5: warning:") == true)
    // The machine formats keep each entry.
    let json = try #require(
      JSONSerialization.jsonObject(with: Data(LintOutput(reports: [report]).render(.json).utf8))
        as? [String: Any])
    let entries = try #require(json["diagnostics"] as? [[String: Any]])
    #expect(entries.count { $0["rule"] as? String == "value-type" } == 41)
  }

  /// The same key written as the same wrong type on `count` elements of a
  /// page: one line in text from four on (three keep their own lines, as
  /// every folded rule does), each in JSON; another page, key or wrong type
  /// is another cause. Failed before for 4 and 12 (one line each).
  @Test(arguments: [1, 3, 4, 12])
  func oneKeyOfOneWrongTypeOnAPageIsOneLine(count: Int) throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    let fields = (0..<count).map { index in
      """
      <dict>
        <key>Type</key><string>PSTextFieldSpecifier</string>
        <key>Title</key><string>Field \(index)</string>
        <key>Key</key><string>field\(index)</string>
        <key>IsSecure</key><string>YES</string>
      </dict>
      """
    }
    let other = """
      <dict>
        <key>Type</key><string>PSTextFieldSpecifier</string>
        <key>Title</key><string>Other</string>
        <key>Key</key><string>other</string>
        <key>IsSecure</key><integer>1</integer>
      </dict>
      """
    try bundle.write(
      "Root.plist",
      RuleExample.page(
        "<dict><key>Type</key><string>PSGroupSpecifier</string></dict>\n"
          + (fields + [other]).joined(separator: "\n")))
    let report = try LintTestSupport.lint(bundle.path)
    let found = report.diagnostics.filter { $0.rule == "value-type" }
    #expect(found.count == count + 1)
    let lines = LintOutput(reports: [report]).render(.text).split(separator: "\n")
      .filter { $0.hasSuffix("[value-type]") }
    if count > FindingCause.quotedItems {
      #expect(lines.count == 2, "\(lines)")
      #expect(
        lines.contains {
          $0.hasSuffix(
            "IsSecure should be a boolean, not a string, on \(count) elements of the page (\"field0\", \"field1\", \"field2\", …); it is ignored [value-type]"
          )
        }, "\(lines)")
    } else {
      #expect(lines.count == count + 1, "\(lines)")
    }
    // The integer is its own cause, said as before.
    #expect(
      lines.contains {
        $0.hasSuffix("IsSecure should be a boolean, not the integer 1; it is ignored [value-type]")
      }, "\(lines)")
  }
}
