import Foundation
import SettingsSchema
import TestSupport
import Testing

/// A folder is a Settings bundle when it has a Root page or a page (a plist
/// with `PreferenceSpecifiers`) at its top: a repository with a stray plist
/// beside its bundle is not one, so every command refuses it and `prefs lint`
/// lints the bundles inside it.
struct StrayPlistFolderTests {
  static let page = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict><key>PreferenceSpecifiers</key><array>
    <dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Title</key><string>On</string>
    <key>Key</key><string>on</string><key>DefaultValue</key><true/></dict>
    </array></dict></plist>
    """

  static func plist(_ body: String) -> String {
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\(body)</plist>\n"
  }

  /// The plists real repositories hold at their top, beside their bundle.
  static let strayShapes: [(name: String, files: [(String, String)])] = [
    (
      "GoogleService-Info",
      [("GoogleService-Info.plist", plist("<dict><key>API_KEY</key><string>x</string></dict>"))]
    ),
    ("empty dictionary", [("Acknowledgements.plist", plist("<dict/>"))]),
    ("array", [("ActionNames.plist", plist("<array><string>SPIKE</string></array>"))]),
    (
      "two that are not pages",
      [
        (
          "TaskTracker copy-Info.plist",
          plist("<dict><key>CFBundleName</key><string>T</string></dict>")
        ),
        ("export.settings.plist", plist("<dict><key>Columns</key><array/></dict>")),
      ]
    ),
    (
      "specifiers that are no array",
      [("Odd.plist", plist("<dict><key>PreferenceSpecifiers</key><string>no</string></dict>"))]
    ),
  ]

  static func repository(_ files: [(String, String)]) throws -> TemporaryBundle {
    let temporary = try TemporaryBundle()
    try temporary.write("Root.plist", page)
    for (name, text) in files {
      try Data(text.utf8).write(to: temporary.folder.appendingPathComponent(name))
    }
    return temporary
  }

  @Test(arguments: strayShapes.indices)
  func aFolderWithOnlyStrayPlistsIsNoBundle(shape: Int) throws {
    let temporary = try Self.repository(Self.strayShapes[shape].files)
    defer { temporary.remove() }
    #expect(throws: SettingsBundleError.noRootPlist(temporary.folder.path)) {
      try SettingsBundle.check(at: temporary.folder.path)
    }
    let lint = DumpTests.run(["lint", temporary.folder.path])
    #expect(lint.code == 0, "\(lint.output)\(lint.errors)")
    #expect(
      lint.errors.contains("linting the bundle inside it: \(temporary.path)"), "\(lint.errors)")
    for (name, _) in Self.strayShapes[shape].files { #expect(!lint.output.contains(name)) }
    // Every command shares the rule: dump refuses the folder as no bundle.
    let dump = DumpTests.run(["dump", temporary.folder.path])
    #expect(dump.code == 2)
    #expect(dump.errors.contains("not a Settings bundle"), "\(dump.errors)")
  }

  /// Real repositories (Tests/Fixtures/Unseen, MANIFEST beside each): the
  /// repository's top level, its stray plist and its bundle.
  @Test(arguments: ["CMDT__abv", "fbara__vball-scoremaster"])
  func aRealRepositoryIsSearched(repository: String) throws {
    let folder = Paths.fixtures.appendingPathComponent("Unseen/\(repository)").path
    let lint = DumpTests.run(["lint", folder])
    #expect(
      lint.errors.contains("linting the bundle inside it: \(folder)/Settings.bundle"),
      "\(lint.errors)")
    #expect(!lint.output.contains("PreferenceSpecifiers"), "\(lint.output)")
    #expect(
      !lint.output.contains("Root.plist: warning: no child pane opens this page"), "\(lint.output)")
    #expect(lint.code == 0, "\(lint.output)\(lint.errors)")
  }

  /// `--root` is offered only pages: an Info.plist-like file is none.
  @Test func theRootSuggestionNamesOnlyPages() throws {
    let temporary = try TemporaryBundle()
    defer { temporary.remove() }
    try temporary.write("Main.plist", Self.page)
    try temporary.write("Other.plist", Self.page)
    try temporary.write("GoogleService-Info.plist", Self.plist("<dict/>"))
    try temporary.write("Pods-Delta-Info.plist", Self.plist("<dict/>"))
    let result = DumpTests.run(["dump", temporary.path])
    #expect(result.code == 2)
    #expect(result.errors.contains("its pages are Main, Other;"), "\(result.errors)")
    #expect(!result.errors.contains("Info"), "\(result.errors)")
  }

  /// One page and a stray plist: the page is the one the reader opens.
  @Test func theOnePageBesideAStrayPlistIsTheRoot() throws {
    let temporary = try TemporaryBundle()
    defer { temporary.remove() }
    try temporary.write("Main.plist", Self.page)
    try temporary.write("GoogleService-Info.plist", Self.plist("<dict/>"))
    let bundle = try SettingsBundle.load(at: temporary.path)
    #expect(bundle.pages.first?.file == "Main.plist")
  }
}
