import Foundation
import TestSupport
import Testing

/// `.xcloc` catalogs, `--dry-run` diffs, filled placeholders and `strings: exclude:`.
struct StringsExchangeCommandTests {
  /// What `prefs --version` says, as the files it writes name the tool.
  static let version = DumpTests.run(["--version"]).output.trimmingCharacters(in: .newlines)

  let folder: URL
  var bundle: String { folder.appendingPathComponent("Settings.bundle").path }

  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-strings-exchange-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: Paths.examples.appendingPathComponent("Showcase/Settings.bundle"),
      to: folder.appendingPathComponent("Settings.bundle"))
  }

  func snapshot() -> [String: Data] {
    var result: [String: Data] = [:]
    for file in Paths.files(under: URL(fileURLWithPath: bundle), extensions: ["strings"]) {
      result[file] = FileManager.default.contents(atPath: bundle + "/" + file)
    }
    return result
  }

  @Test func anXclocHasXcodesLayoutAndRoundTripsWithoutChanges() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let catalog = folder.appendingPathComponent("ru.xcloc").path
    let export = DumpTests.run([
      "strings", "export", bundle, "--format", "xcloc", "--lang", "ru", "-o", catalog,
    ])
    #expect(export.code == 0, "\(export.errors)")
    let manifest =
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: URL(fileURLWithPath: catalog + "/contents.json"))) as? [String: Any]
    #expect(manifest?["targetLocale"] as? String == "ru")
    #expect(manifest?["developmentRegion"] as? String == "en")
    #expect(manifest?["version"] as? String == "1.0")
    #expect((manifest?["toolInfo"] as? [String: Any])?["toolName"] as? String == "prefs")
    #expect(FileManager.default.fileExists(atPath: catalog + "/Localized Contents/ru.xliff"))
    #expect(
      FileManager.default.fileExists(
        atPath: catalog + "/Source Contents/Settings.bundle/en.lproj/Root.strings"))
    #expect(FileManager.default.fileExists(atPath: catalog + "/Notes"))
    let listing = Paths.files(
      under: URL(fileURLWithPath: catalog), extensions: ["json", "xliff", "strings"])
    let contents = try String(contentsOfFile: catalog + "/contents.json", encoding: .utf8)
    expectGolden(
      (listing + [contents]).joined(separator: "\n").replacingOccurrences(
        of: Self.version, with: "VERSION"), "strings/ru.xcloc.txt")
    let before = snapshot()
    let back = DumpTests.run(["strings", "import", bundle, catalog])
    #expect(back.code == 0 && back.output.isEmpty, "\(back.output)\(back.errors)")
    #expect(snapshot() == before)
    let wrong = DumpTests.run(["strings", "import", bundle, catalog, "--lang", "cs"])
    #expect(wrong.code == 1 && wrong.errors.contains("the target language is ru, not cs"))
  }

  @Test(arguments: [
    (#"{"targetLocale": "../../etc"}"#, "is not a language tag"),
    (#"{"targetLocale": 3}"#, "no \"targetLocale\""),
    ("[", "not an Xcode localization catalog manifest"),
    (#"{"targetLocale": "de"}"#, "outside the catalog"),
  ])
  func aHostileXclocIsRefused(manifest: String, message: String) throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let catalog = folder.appendingPathComponent("de.xcloc")
    try FileManager.default.createDirectory(
      at: catalog.appendingPathComponent("Localized Contents"), withIntermediateDirectories: true)
    try Data(manifest.utf8).write(to: catalog.appendingPathComponent("contents.json"))
    // The XLIFF is a link out of the catalog.
    try FileManager.default.createSymbolicLink(
      atPath: catalog.path + "/Localized Contents/de.xliff", withDestinationPath: "/etc/passwd")
    let before = snapshot()
    let result = DumpTests.run(["strings", "import", bundle, catalog.path])
    #expect(result.code == 1 && result.errors.contains(message), "\(result.errors)")
    #expect(snapshot() == before)
  }

  @Test func aDryRunSaysWouldWriteAndShowsTheDiffAndFilledIsNotAConflict() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(DumpTests.run(["strings", "add-language", bundle, "de"]).code == 0)
    let xliff = folder.appendingPathComponent("de.xliff").path
    #expect(
      DumpTests.run(["strings", "export", bundle, "--lang", "de", "-o", xliff]).code == 0)
    var text = try String(contentsOfFile: xliff, encoding: .utf8)
    text = text.replacingOccurrences(
      of: "<source>Account</source>", with: "<source>Account</source><target>Konto</target>")
    try text.write(toFile: xliff, atomically: true, encoding: .utf8)
    let before = snapshot()
    let dry = DumpTests.run(["strings", "import", bundle, xliff, "--dry-run"])
    #expect(dry.code == 0)
    #expect(
      dry.output.hasPrefix(
        """
        would write de.lproj/Root.strings
        de.lproj/Root.strings: "ACCOUNT" = "Konto" (filled)
        --- a/\(bundle)/de.lproj/Root.strings
        +++ b/\(bundle)/de.lproj/Root.strings
        """), "\(dry.output)")
    #expect(dry.output.contains("\n-\"ACCOUNT\" = \"Account\";\n+\"ACCOUNT\" = \"Konto\";\n"))
    expectGolden(
      dry.output.replacingOccurrences(of: folder.path, with: "TMP"), "strings/import-dry-run.txt")
    #expect(!dry.output.contains("conflict"))
    #expect(snapshot() == before)
  }

  @Test func aCatalogThatTranslatesNoLanguageOfTheBundleSaysSo() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let catalog = folder.appendingPathComponent("other.xcstrings")
    try Data(
      #"{"sourceLanguage": "en", "strings": {"Account": {"localizations": {"ja": {"stringUnit": {"state": "translated", "value": "アカウント"}}}}}, "version": "1.0"}"#
        .utf8
    ).write(to: catalog)
    let result = DumpTests.run(["strings", "import", bundle, catalog.path])
    #expect(result.code == 1 && result.errors.contains("translates none of the bundle's languages"))
  }

  @Test func aCatalogCarriesEachUnitsStateAndExtractionState() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(DumpTests.run(["strings", "add-language", bundle, "de"]).code == 0)
    let catalog = DumpTests.run(["strings", "export", bundle, "--format", "xcstrings"]).output
    let json = try JSONSerialization.jsonObject(with: Data(catalog.utf8)) as? [String: Any]
    let entry = (json?["strings"] as? [String: Any])?["ACCOUNT"] as? [String: Any]
    #expect(entry?["extractionState"] as? String == "manual")
    let localizations = entry?["localizations"] as? [String: [String: [String: String]]]
    #expect(localizations?["de"]?["stringUnit"]?["state"] == "new")
    #expect(localizations?["cs"]?["stringUnit"]?["state"] == "translated")
    // A new unit holds the source text: importing the catalog back changes nothing.
    let file = folder.appendingPathComponent("all.xcstrings")
    try Data(catalog.utf8).write(to: file)
    let before = snapshot()
    #expect(DumpTests.run(["strings", "import", bundle, file.path]).output.isEmpty)
    #expect(snapshot() == before)
  }

  @Test func excludedPagesLeaveEveryCommand() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(DumpTests.run(["strings", "add-language", bundle, "de"]).code == 0)
    #expect(DumpTests.run(["lint", bundle]).output.contains("Advanced"))
    try Data("strings:\n  exclude: [Advanced.plist]\n".utf8).write(
      to: folder.appendingPathComponent(".prefs.yml"))
    let status = DumpTests.run(["strings", "status", bundle]).output
    #expect(!status.contains("Advanced.plist") && status.contains("Root.plist"))
    #expect(
      !DumpTests.run(["strings", "missing", bundle, "--lang", "de"]).output.contains("Advanced"))
    let xliff = DumpTests.run(["strings", "export", bundle, "--lang", "de"]).output
    #expect(!xliff.contains("Advanced.strings"))
    // Lint's translation rules read the same coverage.
    let lint = DumpTests.run(["lint", bundle]).output
    #expect(!lint.contains("Advanced"), "\(lint)")
    // Entries only the excluded page shows are not stale.
    let sync = DumpTests.run(["strings", "sync", bundle, "--prune", "--dry-run"])
    #expect(!sync.output.contains("Advanced.strings"), "\(sync.output)")
  }

  /// A page left out of the strings workflow may name a table no language
  /// has (a licence page's): strings-table-missing leaves it alone too.
  @Test func anExcludedPagesMissingTableIsNotReported() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let page = folder.appendingPathComponent("Settings.bundle/Advanced.plist")
    var plist = try #require(
      try PropertyListSerialization.propertyList(from: Data(contentsOf: page), format: nil)
        as? [String: Any])
    plist["StringsTable"] = "Acknowledgements"
    try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
      .write(to: page)
    #expect(DumpTests.run(["lint", bundle]).output.contains("Acknowledgements.strings"))
    try Data("strings:\n  exclude: [Advanced.plist]\n".utf8).write(
      to: folder.appendingPathComponent(".prefs.yml"))
    let lint = DumpTests.run(["lint", bundle]).output
    #expect(!lint.contains("Acknowledgements"), "\(lint)")
  }

  @Test(arguments: [
    (
      "strings:\n  exclude: 3\n",
      ":2:12: error: a strings exclude pattern must be text, not the number 3"
    ),
    (
      "strings:\n  exlude: [a]\n",
      ":2:3: error: unknown key \"exlude\" in strings; expected exclude; did you mean exclude?"
    ),
    ("strings: [a]\n", ":1:10: error: strings must be a mapping"),
    ("strings:\n  exclude: [../x.plist]\n", ":2:13: error: \"../x.plist\" leaves the bundle"),
  ])
  func aBadStringsSectionIsReportedWithItsPlace(yaml: String, message: String) throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let config = folder.appendingPathComponent(".prefs.yml")
    try Data(yaml.utf8).write(to: config)
    for command in [["strings", "status", bundle], ["lint", bundle]] {
      let result = DumpTests.run(command)
      #expect(result.code == 2, "\(command): \(result.errors)")
      #expect(result.errors.contains(config.path + message), "\(result.errors)")
    }
  }
}
