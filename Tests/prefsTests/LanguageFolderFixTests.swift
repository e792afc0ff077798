import Foundation
import TestSupport
import Testing

/// `prefs lint --fix` renames a language folder no device selects, or one
/// whose `.lproj` is misspelled, to the name iOS reads; `--dry-run` only says so.
struct LanguageFolderFixTests {
  static func flux() throws -> TemporaryBundle {
    let bundle = try TemporaryBundle()
    try FileManager.default.removeItem(at: bundle.url)
    try FileManager.default.copyItem(
      at: Paths.fixtures.appendingPathComponent("Unseen/sebastian__Flux/Settings.bundle"),
      to: bundle.url)
    return bundle
  }

  static func exists(_ bundle: TemporaryBundle, _ name: String) -> Bool {
    FileManager.default.fileExists(atPath: bundle.path + "/" + name)
  }

  @Test func greekBecomesEl() throws {
    let bundle = try Self.flux()
    defer { bundle.remove() }
    let dry = DumpTests.run(["lint", bundle.path, "--fix", "--dry-run"])
    #expect(dry.output.contains("Greek.lproj: would fix: rename Greek.lproj to el.lproj"))
    #expect(Self.exists(bundle, "Greek.lproj") && !Self.exists(bundle, "el.lproj"))
    let fixed = DumpTests.run(["lint", bundle.path, "--fix"])
    #expect(fixed.output.contains("fixed: rename Greek.lproj to el.lproj"), "\(fixed.output)")
    #expect(!fixed.output.contains("[unselected-language-folder]\n1 warning"))
    #expect(!Self.exists(bundle, "Greek.lproj") && Self.exists(bundle, "el.lproj/Root.strings"))
    // Nothing is left to rename: a second run finds the folder selected.
    let again = DumpTests.run(["lint", bundle.path])
    #expect(!again.output.contains("unselected-language-folder"))
    #expect(DumpTests.run(["strings", "missing", bundle.path, "--lang", "el"]).code == 0)
  }

  @Test func aMisspelledFolderIsRenamed() throws {
    let bundle = try Self.flux()
    defer { bundle.remove() }
    try FileManager.default.moveItem(
      atPath: bundle.path + "/German.lproj", toPath: bundle.path + "/German.lprog")
    let fixed = DumpTests.run(["lint", bundle.path, "--fix"])
    #expect(fixed.output.contains("fixed: rename German.lprog to German.lproj"), "\(fixed.output)")
    #expect(
      Self.exists(bundle, "German.lproj/Root.strings") && !Self.exists(bundle, "German.lprog"))
  }

  /// Every language of the bundle, each under its folder; a language argument
  /// never leaves the bundle.
  @Test func missingWithoutLangAndHostileLanguages() throws {
    let bundle = try Self.flux()
    defer { bundle.remove() }
    let all = DumpTests.run(["strings", "missing", bundle.path])
    #expect(all.code == 0)
    let folders = Set(all.output.split(separator: "\n").map { $0.prefix { $0 != ":" } })
    #expect(folders == ["German.lproj", "Greek.lproj", "Norwegian.lproj", "Russian.lproj"])
    let german = DumpTests.run(["strings", "missing", bundle.path, "--lang", "de"]).output
    #expect(
      german == DumpTests.run(["strings", "missing", bundle.path, "--lang", "German"]).output)
    let status = DumpTests.run(["strings", "status", bundle.path]).output
    #expect(status.contains("never shown: no device selects Greek.lproj; rename it el.lproj"))
    for hostile in ["../x", "de/../../x", ".."] {
      #expect(DumpTests.run(["strings", "add-language", bundle.path, hostile]).code != 0)
      #expect(
        DumpTests.run(["strings", "export", bundle.path, "--lang", hostile]).code != 0)
    }
    #expect(!FileManager.default.fileExists(atPath: bundle.folder.path + "/x.lproj"))
  }

  /// `--lang` takes the bundle's own folder names: `Greek` shows Greek.lproj,
  /// which `el` (as on a device) does not; `de` and `German` show German.lproj.
  @Test(arguments: [
    ("Greek", "Greek"), ("el", "English"), ("de", "German"), ("German", "German"),
    ("nb", "Norwegian"), ("fr,Greek", "Greek"), ("de,Greek", "German"),
  ])
  func langTakesFolderNames(list: String, shown: String) throws {
    let path = Paths.fixtures.appendingPathComponent("Unseen/sebastian__Flux/Settings.bundle").path
    let result = DumpTests.run(["dump", path, "--lang", list, "--format", "json"])
    #expect(result.code == 0, "\(result.errors)")
    let parsed = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
    #expect(parsed?["language"] as? String == shown)
  }

  /// toopriddy/mytime: one --fix renames its four folders; the languages then serve their devices.
  @Test func mytimesFoldersAreRenamed() throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try FileManager.default.removeItem(at: bundle.url)
    try FileManager.default.copyItem(
      at: Paths.fixtures.appendingPathComponent("Unseen/toopriddy__mytime/Settings.bundle"),
      to: bundle.url)
    let fixed = DumpTests.run(["lint", bundle.path, "--fix"])
    for (old, new) in [
      ("Croatian", "hr"), ("Greek", "el"), ("Slovak", "sk"), ("en_UK", "en-GB"),
    ] {
      #expect(
        fixed.output.contains("fixed: rename \(old).lproj to \(new).lproj"), "\(fixed.output)")
      #expect(
        Self.exists(bundle, "\(new).lproj/Root.strings") && !Self.exists(bundle, "\(old).lproj"))
    }
    #expect(!DumpTests.run(["lint", bundle.path]).output.contains("unselected-language-folder"))
    let shown = DumpTests.run(["dump", bundle.path, "--lang", "hr", "--format", "json"])
    let parsed = try JSONSerialization.jsonObject(with: Data(shown.output.utf8)) as? [String: Any]
    #expect(parsed?["language"] as? String == "hr")
  }
}
