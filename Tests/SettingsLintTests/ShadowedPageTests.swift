import Foundation
import SettingsLint
import TestSupport
import Testing

/// shadowed-page: every page in a `.lproj` folder whose name a page at the
/// bundle's top has is reported once (Settings.app reads the top one first);
/// no other page is.
struct ShadowedPageTests {
  static let page = RuleExample.page(
    "<dict>\n  <key>Type</key>\n  <string>PSGroupSpecifier</string>\n</dict>")
  static let childPane = """
    <dict>
      <key>Type</key>
      <string>PSChildPaneSpecifier</string>
      <key>Title</key>
      <string>More</string>
      <key>File</key>
      <string>More</string>
    </dict>
    """

  /// digitaltvguy/AdvMediaLabVideoPlayerMobile (Tests/Fixtures/Unseen, MANIFEST beside it).
  @Test func theRealBundleSaysWhichCopyIsNeverRead() throws {
    let path = Paths.fixtures.appendingPathComponent(
      "Unseen/digitaltvguy__AdvMediaLabVideoPlayerMobile/Settings.bundle"
    ).path
    let found = try LintTestSupport.lint(path).diagnostics.filter { $0.rule == "shadowed-page" }
    #expect(found.map(\.file) == ["en.lproj/Root.plist"])
    #expect(found.first?.severity == .note)
    #expect(found.first?.message.contains("Root.plist at the bundle's top is found first") == true)
  }

  /// Over which pages sit at the top (Root, a child page) and which folders
  /// hold copies: exactly the copies of top-level pages are reported.
  @Test(arguments: [false, true], [[], ["en"], ["en", "de", "Base"]])
  func exactlyTheCopiesOfTopPagesAreReported(childAtTop: Bool, folders: [String]) throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write("Root.plist", RuleExample.page(Self.childPane))
    try bundle.write(childAtTop ? "More.plist" : "fr.lproj/More.plist", Self.page)
    var expected: [String] = []
    for folder in folders {
      try bundle.write("\(folder).lproj/Root.plist", Self.page)
      expected.append("\(folder).lproj/Root.plist")
      try bundle.write("\(folder).lproj/More.plist", Self.page)
      if childAtTop { expected.append("\(folder).lproj/More.plist") }
      // A table beside them is no page.
      try bundle.write("\(folder).lproj/Root.strings", "\"More\" = \"More\";\n")
    }
    let found = try LintTestSupport.lint(bundle.path).diagnostics
      .filter { $0.rule == "shadowed-page" }
    #expect(found.map(\.file).sorted() == expected.sorted())
  }
}
