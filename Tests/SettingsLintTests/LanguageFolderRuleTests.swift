import Foundation
import Plist
import SettingsLint
import TestSupport
import Testing

/// The two findings about language folders, on real bundles and on each
/// shape of folder: folders no device selects and misspelled `.lproj` endings,
/// without a false alarm on the other folders bundles hold.
struct LanguageFolderRuleTests {
  static let root = RuleExample.page(
    """
    <dict>
      <key>Type</key>
      <string>PSToggleSwitchSpecifier</string>
      <key>Title</key>
      <string>Enabled</string>
      <key>Key</key>
      <string>enabled</string>
    </dict>
    """, table: "Root")

  static func findings(_ folders: [String], rule: String) throws -> [Diagnostic] {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write("Root.plist", Self.root)
    for folder in folders { try bundle.write("\(folder)/Root.strings", "\"Enabled\" = \"On\";\n") }
    return try LintTestSupport.lint(bundle.path).diagnostics.filter { $0.rule == rule }
  }

  /// sebastian/Flux names its folders English, German, Greek, Norwegian and
  /// Russian: iOS reads all but Greek.
  @Test func fluxGreekIsSelectedByNoDevice() throws {
    let path = Paths.fixtures.appendingPathComponent("Unseen/sebastian__Flux/Settings.bundle").path
    let found = try LintTestSupport.lint(path).diagnostics.filter {
      $0.rule == "unselected-language-folder"
    }
    #expect(found.map(\.file) == ["Greek.lproj"])
    #expect(found.first?.message.contains("rename it el.lproj") == true)
    #expect(
      found.first?.fix?.rename == Fix.FolderRename(folder: "Greek.lproj", newName: "el.lproj"))
  }

  /// SoftUmeYa/Pyonkee ships zh-Hans.lpoj: Simplified Chinese never shows.
  @Test(.needsCorpus) func pyonkeesMisspelledFolder() throws {
    let path = Paths.corpus.appendingPathComponent("SoftUmeYa__Pyonkee/Settings.bundle").path
    let found = try LintTestSupport.lint(path).diagnostics.filter {
      $0.rule == "misspelled-language-folder"
    }
    #expect(found.map(\.file) == ["zh-Hans.lpoj"])
    #expect(
      found.first?.fix?.rename == Fix.FolderRename(folder: "zh-Hans.lpoj", newName: "zh-Hans.lproj")
    )
  }

  @Test(
    arguments: [
      (["en.lproj", "Croatian.lproj"], "Croatian.lproj", "hr.lproj"),
      (["en.lproj", "Slovak.lproj"], "Slovak.lproj", "sk.lproj"),
      (["en.lproj", "en_UK.lproj"], "en_UK.lproj", "en-GB.lproj"),
      (["en.lproj", "de.lproj", "German.lproj"], "German.lproj", nil),
      (["en.lproj", "hr.lproj", "Croatian.lproj"], "Croatian.lproj", nil),
      (["en.lproj", "Klingon.lproj"], "Klingon.lproj", nil),
    ] as [([String], String, String?)])
  func unselected(folders: [String], file: String, renamedTo: String?) throws {
    let found = try Self.findings(folders, rule: "unselected-language-folder")
    #expect(found.map(\.file) == [file])
    #expect(found.first?.fix?.rename?.newName == renamedTo)
  }

  @Test(arguments: [
    ["English.lproj", "German.lproj", "French.lproj", "Japanese.lproj"],
    ["en.lproj", "en-GB.lproj", "en_AU.lproj", "Base.lproj"], ["zh_cn.lproj", "zh_TW.lproj"],
    ["en_UK.lproj", "de.lproj"],
  ])
  func selected(folders: [String]) throws {
    #expect(try Self.findings(folders, rule: "unselected-language-folder").isEmpty)
  }

  @Test(arguments: [
    ("es.lprog", "es.lproj"), ("de.Iproj", "de.lproj"), ("fr.Lproj", "fr.lproj"),
    ("German.lprj", "German.lproj"), ("pt-BR.lporj", "pt-BR.lproj"), ("Base.Lproj", "Base.lproj"),
  ])
  func misspelled(folder: String, renamedTo: String) throws {
    let found = try Self.findings(["en.lproj", folder], rule: "misspelled-language-folder")
    #expect(found.map(\.file) == [folder])
    #expect(found.first?.fix?.rename?.newName == renamedTo)
  }

  /// Other folders a bundle holds are legal: no finding.
  @Test(arguments: [
    "com.mono0926.LicensePlist", "Images.xcassets", "en.lproj.bak", "docs.proj", "Icons",
    "en.plist", "de.json", "v1.2", "fr.lprojects", "en.lproj",
  ])
  func otherFolders(folder: String) throws {
    #expect(try Self.findings(["en.lproj", folder], rule: "misspelled-language-folder").isEmpty)
  }

  /// A misspelled folder beside the right one is reported without a fix.
  @Test func noRenameOverAFolderThatIsThere() throws {
    let found = try Self.findings(["en.lproj", "en.lprog"], rule: "misspelled-language-folder")
    #expect(found.count == 1)
    #expect(found.first?.fix == nil)
  }

  /// toopriddy/mytime names seventeen folders the old way: iOS reads all
  /// but Croatian, Greek, Slovak and en_UK, each meant for a tag it names.
  @Test func mytimesFourFoldersNoDeviceSelects() throws {
    let path = Paths.fixtures.appendingPathComponent("Unseen/toopriddy__mytime/Settings.bundle")
      .path
    let found = try LintTestSupport.lint(path).diagnostics.filter {
      $0.rule == "unselected-language-folder"
    }
    #expect(found.map(\.file) == ["Croatian.lproj", "Greek.lproj", "Slovak.lproj", "en_UK.lproj"])
    #expect(
      found.compactMap(\.fix?.rename?.newName) == [
        "hr.lproj", "el.lproj", "sk.lproj", "en-GB.lproj",
      ])
    #expect(
      try LintTestSupport.lint(path).diagnostics.filter { $0.rule == "misspelled-language-folder" }
        .isEmpty)
  }
}
