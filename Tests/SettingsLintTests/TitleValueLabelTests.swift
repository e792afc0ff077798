import Foundation
import Plist
import SettingsLint
import SettingsSchema
import TestSupport
import Testing

/// A title value with no Key, or an empty one, reads nothing: Settings.app
/// and InAppSettingsKit draw its Title alone, a label. Its missing
/// DefaultValue is nothing the author need act on (issue 24).
struct TitleValueLabelTests {
  /// nmeierpolys/Trip-Log's Root.plist (Tests/Fixtures/Unseen, MANIFEST
  /// beside it): one title value, "Open the app to configure settings", Key
  /// "". Failed before: "PSTitleValueSpecifier has no DefaultValue" note.
  @Test func tripLogsLabelRowGetsNoNote() throws {
    let path = Paths.fixtures.appendingPathComponent(
      "Unseen/nmeierpolys__Trip-Log/Settings.bundle"
    ).path
    let report = try LintTestSupport.lint(path)
    let found = report.diagnostics.filter {
      $0.rule == "missing-required-key" && $0.file == "Root.plist"
    }
    #expect(found.map(\.message) == [])
  }

  /// `key`: the Key as written (nil: none). A label (no Key, empty, blank)
  /// gets no DefaultValue note; a title value that reads a key still does
  /// (blank until the app writes one), and a missing Key is still said.
  /// Failed before for the three label shapes (one DefaultValue note each).
  @Test(
    arguments: [
      (nil, ["PSTitleValueSpecifier has no Key; the value is never stored"]),
      ("", []),
      ("  ", []),
      (
        "version",
        ["PSTitleValueSpecifier has no DefaultValue; the row shows no value until one is stored"]
      ),
    ] as [(String?, [String])])
  func aLabelNeedsNoDefaultValue(key: String?, expected: [String]) throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    let keyEntry = key.map { "<key>Key</key><string>\($0)</string>" } ?? ""
    try bundle.write(
      "Root.plist",
      RuleExample.page(
        """
        <dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>About</string></dict>
        <dict><key>Type</key><string>PSTitleValueSpecifier</string><key>Title</key><string>Über</string>\(keyEntry)</dict>
        """))
    for dialect in [Dialect.apple, .iask] {
      let report = try Linter(
        loadOptions: LoadOptions(dialect: dialect), idioms: nil, dialects: [dialect]
      )
      .lint(bundleAt: bundle.path)
      let found = report.diagnostics.filter { $0.rule == "missing-required-key" }
      #expect(found.map(\.message) == expected, "\(dialect)")
    }
  }
}
