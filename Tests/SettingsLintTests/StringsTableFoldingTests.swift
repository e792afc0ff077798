import Foundation
import Plist
import SettingsLint
import SettingsSchema
import TestSupport
import Testing

/// Pages that name one StringsTable no language holds are one cause: text output folds
/// their strings-table-missing findings into one line (as it folds them in a bundle that
/// is not localized at all); JSON keeps every page's (issue 24, tester G5).
struct StringsTableFoldingTests {
  /// VBVMI/VerseByVerse-iOS (Tests/Fixtures/Unseen, MANIFEST beside it):
  /// AcknowledgementGenerator's 20 licence pages each name ThirdPartyLicenses; only
  /// en.lproj/Root.strings exists. Failed before: 20 lines in text.
  @Test func twentyLicencePagesOfOneTableAreOneLine() throws {
    let path = Paths.fixtures.appendingPathComponent(
      "Unseen/VBVMI__VerseByVerse-iOS/Settings.bundle"
    ).path
    let report = try LintTestSupport.lint(path)
    let found = report.diagnostics.filter { $0.rule == "strings-table-missing" }
    #expect(found.count == 20)
    #expect(found.allSatisfy { $0.severity == .note })
    let lines = LintOutput(reports: [report]).render(.text).split(separator: "\n")
      .filter { $0.hasSuffix("[strings-table-missing]") }
    #expect(lines.count == 1, "\(lines)")
    #expect(
      lines.first?.hasSuffix(
        "note: no .lproj folder has ThirdPartyLicenses.strings; the page is shown untranslated in every language; the page holds no setting (a licence page?), so it is only noted (20 pages alike: \"Acknowledgement-ACPDownload.plist\", \"Acknowledgement-AFNetworking.plist\", \"Acknowledgement-AcknowledgementGenerator.plist\", …) [strings-table-missing]"
      ) == true, "\(lines)")
    let json = try #require(
      JSONSerialization.jsonObject(with: Data(LintOutput(reports: [report]).render(.json).utf8))
        as? [String: Any])
    let entries = try #require(json["diagnostics"] as? [[String: Any]])
    #expect(entries.count { $0["rule"] as? String == "strings-table-missing" } == 20)
  }

  /// `count` pages of settings naming the table Missing, and one naming Other, in a
  /// localized bundle: one line from four on (three keep their own, as every folded rule
  /// does), the other table its own cause. Failed before for 4 and 12.
  @Test(arguments: [1, 3, 4, 12])
  func pagesNamingOneMissingTableAreOneLine(count: Int) throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    func page(table: String) -> String {
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>StringsTable</key><string>\(table)</string>
      <key>PreferenceSpecifiers</key><array>
      <dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>Général</string></dict>
      <dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Title</key><string>Activé</string>
      <key>Key</key><string>on</string><key>DefaultValue</key><true/></dict>
      </array></dict></plist>
      """
    }
    let children = (0..<count).map { "P\($0)" } + ["Q"]
    let rows = children.map {
      """
      <dict><key>Type</key><string>PSChildPaneSpecifier</string><key>Title</key><string>\($0)</string>
      <key>File</key><string>\($0)</string></dict>
      """
    }
    try bundle.write(
      "Root.plist",
      RuleExample.page(
        "<dict><key>Type</key><string>PSGroupSpecifier</string></dict>\n"
          + rows.joined(separator: "\n")))
    for index in 0..<count { try bundle.write("P\(index).plist", page(table: "Missing")) }
    try bundle.write("Q.plist", page(table: "Other"))
    try bundle.write("fr.lproj/Root.strings", "\"P0\" = \"P0\";\n")
    let report = try LintTestSupport.lint(bundle.path)
    let found = report.diagnostics.filter { $0.rule == "strings-table-missing" }
    #expect(found.count == count + 1)
    let lines = LintOutput(reports: [report]).render(.text).split(separator: "\n")
      .filter { $0.hasSuffix("[strings-table-missing]") }
    #expect(lines.count == (count > FindingCause.quotedItems ? 2 : count + 1), "\(lines)")
    if count > FindingCause.quotedItems {
      // In the order of the findings: by file.
      let first = (0..<count).map { "\"P\($0).plist\"" }.sorted().prefix(3)
      #expect(
        lines.contains {
          $0.hasSuffix(
            "warning: no .lproj folder has Missing.strings; the page is shown untranslated in every language (\(count) pages alike: \(first.joined(separator: ", ")), …) [strings-table-missing]"
          )
        }, "\(lines)")
    }
    #expect(lines.contains { $0.contains("Other.strings") }, "\(lines)")
  }
}
