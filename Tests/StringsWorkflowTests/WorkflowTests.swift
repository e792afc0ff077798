import Foundation
import Plist
import SettingsSchema
import StringsWorkflow
import TestSupport
import Testing

/// A copy of an example bundle to change.
struct BundleCopy {
  let folder: URL
  var path: String { folder.appendingPathComponent("Settings.bundle").path }

  init(_ example: String) throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-strings-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: Paths.examples.appendingPathComponent("\(example)/Settings.bundle"),
      to: folder.appendingPathComponent("Settings.bundle"))
  }

  func model(source: String = "en") throws -> TranslationModel {
    try TranslationModel(bundle: try SettingsBundle.load(at: path), sourceLanguage: source)
  }

  /// Writes the changes as the CLI does.
  func apply(_ changes: [FileChange]) throws {
    try write(ChangeSet(bundle: path, files: changes))
  }

  /// Every file's bytes, to check that nothing changed.
  var snapshot: [String: Data] {
    var result: [String: Data] = [:]
    for file in Paths.files(under: URL(fileURLWithPath: path), extensions: ["strings", "plist"]) {
      result[file] = FileManager.default.contents(atPath: path + "/" + file)
    }
    return result
  }

  func remove() { try? FileManager.default.removeItem(at: folder) }
}

struct WorkflowTests {
  @Test func statusAndMissing() throws {
    let copy = try BundleCopy("Showcase")
    defer { copy.remove() }
    // Remove one translation from Czech.
    let cs = copy.path + "/cs.lproj/Root.strings"
    let text = try String(contentsOfFile: cs, encoding: .utf8)
    try text.split(separator: "\n").filter { !$0.hasPrefix("\"NAME\"") }.joined(separator: "\n")
      .write(toFile: cs, atomically: true, encoding: .utf8)
    let model = try copy.model()
    let missing = model.missing(in: "cs")
    #expect(
      missing == [
        MissingTranslation(page: "Root.plist", table: "Root", key: "NAME", source: "Name")
      ])
    let row = try #require(model.status().first { $0.language == "cs" && $0.page == "Root.plist" })
    #expect(row.missing == 1 && row.translated == 26 && row.percentDone == 96)
  }

  @Test func addLanguageThenSyncAndPrune() throws {
    let copy = try BundleCopy("Showcase")
    defer { copy.remove() }
    try copy.apply(try copy.model().addLanguage("de"))
    var model = try copy.model()
    #expect(model.languages.contains("de"))
    #expect(
      model.loaded(table: "Root", language: "de")?.strings.entries.map(\.key)
        == model.keys["Root"]?.map(\.text), "every key is present")
    #expect(
      model.translatedEntries(table: "Root", language: "de").isEmpty, "and marked untranslated")
    #expect(
      model.missing(in: "de").map(\.key) == model.missing(in: "fr").map(\.key),
      "so still missing, as in a language without a folder")
    #expect(throws: WorkflowError.languageExists(language: "de")) { try model.addLanguage("de") }
    #expect(WorkflowError.languageExists(language: "de").remedy == .fillExistingLanguage)
    #expect(throws: InvalidLanguageError.self) { try model.addLanguage("not a language") }
    // A stale entry and a missing one in Russian.
    let ru = copy.path + "/ru.lproj/Advanced.strings"
    var text = try String(contentsOfFile: ru, encoding: .utf8)
    text = text.split(separator: "\n").filter { !$0.hasPrefix("\"SERVER\"") }.joined(
      separator: "\n")
    text += "\n\"OLD_KEY\" = \"Старое\";\n"
    try text.write(toFile: ru, atomically: true, encoding: .utf8)
    model = try copy.model()
    let synced = try model.sync(prune: false)
    #expect(synced.map(\.path) == ["ru.lproj/Advanced.strings"])
    try copy.apply(synced)
    model = try copy.model()
    #expect(model.missing(in: "ru").map(\.key) == ["SERVER"], "added, marked untranslated")
    #expect(model.loaded(table: "Advanced", language: "ru")?.translations["SERVER"] == "Server")
    #expect(model.loaded(table: "Advanced", language: "ru")?.translations["OLD_KEY"] != nil)
    try copy.apply(try model.sync(prune: true))
    model = try copy.model()
    #expect(model.loaded(table: "Advanced", language: "ru")?.translations["OLD_KEY"] == nil)
    #expect(try model.sync(prune: true).isEmpty, "nothing left to do")
  }

  @Test func syncRefusesATableThatDoesNotParse() throws {
    let copy = try BundleCopy("Showcase")
    defer { copy.remove() }
    try "\"a\" = \"b\"".write(
      toFile: copy.path + "/ru.lproj/Root.strings", atomically: true, encoding: .utf8)
    let refusal = WorkflowError.tableDoesNotParse(path: "ru.lproj/Root.strings")
    #expect(throws: refusal) { try copy.model().sync(prune: false) }
    #expect(throws: refusal) { try copy.model().format(encoding: nil, sort: false) }
    #expect(refusal.remedy == .fixTableFirst)
    #expect(refusal.description == "ru.lproj/Root.strings does not parse")
  }

  @Test func xliffExportValidatesAgainstTheSchemaAndImportsBack() throws {
    let copy = try BundleCopy("Showcase")
    defer { copy.remove() }
    let model = try copy.model()
    let xliff = try XLIFF.export(model, language: "cs")
    let file = copy.folder.appendingPathComponent("cs.xliff")
    try xliff.write(to: file, atomically: true, encoding: .utf8)
    #expect(try xmllintValidates(file))
    // One <file> per table, trans-unit ids are the keys.
    let files = try XLIFF.read(Data(xliff.utf8), name: "cs.xliff")
    #expect(
      files.map(\.original) == [
        "Settings.bundle/en.lproj/Root.strings", "Settings.bundle/en.lproj/Advanced.strings",
      ])
    #expect(files[0].units.map(\.id) == model.keys["Root"]?.map(\.text))
    // Importing the export changes nothing.
    let imported = try TranslationImport.xliff(
      Data(xliff.utf8), name: "cs.xliff", model: model, language: "cs")
    let (changes, conflicts) = try imported.changes(for: model)
    #expect(changes.isEmpty && conflicts.isEmpty)
  }

  @Test func anXcodeStyleXLIFFImports() throws {
    let copy = try BundleCopy("Conversor")
    defer { copy.remove() }
    let fixture = Paths.fixtures.appendingPathComponent("XLIFF/xcode-style-de.xliff")
    #expect(try xmllintValidates(fixture))
    let model = try copy.model()
    let imported = try TranslationImport.xliff(
      try Data(contentsOf: fixture), name: "de.xliff", model: model, language: nil)
    #expect(imported.language == "de")
    let (changes, _) = try imported.changes(for: model)
    #expect(changes.map(\.path) == ["de.lproj/Root.strings"])
    try copy.apply(changes)
    #expect(
      try copy.model().loaded(table: "Root", language: "de")?.translations["celsiusTitulo"]
        == "Zuerst Celsius & „Grad“")
  }

  @Test(arguments: [
    (
      "<xliff version=\"1.2\"><file original=\"x/en.lproj/Root.strings\" source-language=\"en\" target-language=\"de\" datatype=\"plaintext\"><body><trans-unit id=\"celsiusTitulo\"><source>a</source><target>b</target></trans-unit></body>",
      "de", "the file ends before <file> (opened on line 1) is closed"
    ),
    ("<!DOCTYPE x [<!ENTITY a \"b\">]><xliff version=\"1.2\"/>", "de", "DOCTYPE"),
    (
      "<xliff version=\"1.2\"><file original=\"x/en.lproj/Root.strings\" source-language=\"en\" target-language=\"fr\" datatype=\"plaintext\"><body/></file></xliff>",
      "de", "not de"
    ),
    (
      "<xliff version=\"1.2\"><file original=\"x/en.lproj/Root.strings\" source-language=\"en\" target-language=\"de\" datatype=\"plaintext\"><body><trans-unit id=\"nobody\"><source>a</source><target>b</target></trans-unit></body></file></xliff>",
      "de", "no page shows the key \"nobody\""
    ),
    (
      "<xliff version=\"1.2\"><file original=\"x/en.lproj/Other.strings\" source-language=\"en\" target-language=\"de\" datatype=\"plaintext\"><body/></file></xliff>",
      "de", "not a table"
    ),
    ("<xliff version=\"2.0\"/>", "de", "version 2.0"),
  ])
  func badXLIFFIsRefusedWithANamedReason(text: String, language: String, message: String) throws {
    let copy = try BundleCopy("Conversor")
    defer { copy.remove() }
    let model = try copy.model()
    #expect {
      _ = try TranslationImport.xliff(
        Data(text.utf8), name: "bad.xliff", model: model, language: language)
    } throws: { error in
      "\(error)".hasPrefix("bad.xliff") && "\(error)".contains(message)
    }
  }

  @Test func stringCatalogsExportAndImport() throws {
    let copy = try BundleCopy("Showcase")
    defer { copy.remove() }
    let model = try copy.model()
    let data = try StringCatalog.export(model)
    let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(json["sourceLanguage"] as? String == "en")
    let imported = try StringCatalog.importing(
      data, name: "c.xcstrings", model: model, language: "ru")
    #expect(try imported.changes(for: model).changes.isEmpty)
    // A changed translation is a conflict, listed, and written.
    var edited = try #require(json["strings"] as? [String: Any])
    edited["NAME"] = [
      "localizations": ["ru": ["stringUnit": ["state": "translated", "value": "ФИО"]]]
    ]
    let catalog = try JSONSerialization.data(withJSONObject: [
      "sourceLanguage": "en", "strings": edited, "version": "1.0",
    ])
    let (changes, conflicts) = try StringCatalog.importing(
      catalog, name: "c", model: model, language: "ru"
    ).changes(for: model)
    #expect(conflicts.count == 1 && conflicts[0].contains("\"NAME\""))
    #expect(changes.map(\.path) == ["ru.lproj/Root.strings"])
    // Unknown keys and malformed catalogs are refused.
    let unknown = try JSONSerialization.data(withJSONObject: ["strings": ["NOPE": [:]]])
    #expect(throws: WorkflowError.self) {
      try StringCatalog.importing(unknown, name: "c", model: model, language: "ru")
    }
    #expect(throws: WorkflowError.self) {
      try StringCatalog.importing(Data("[1]".utf8), name: "c", model: model, language: "ru")
    }
  }

  /// `format` twice gives the same bytes, and CoreFoundation reads the same
  /// pairs before and after, for every table of the corpus that reads.
  @Test(.needsCorpus, arguments: Paths.corpusBundles.map(\.path))
  func formatIsIdempotentAndKeepsThePairs(path: String) throws {
    guard let bundle = try? SettingsBundle.load(at: path) else { return }
    for (file, loaded) in bundle.strings {
      let before = try Paths.bytes(URL(fileURLWithPath: path).appendingPathComponent(file))
      for encoding in [TextEncoding.utf8, .utf16LittleEndianWithBOM] {
        let once = StringsWriter.write(loaded.strings, encoding: encoding)
        let reread = try StringsReader.read(once)
        #expect(StringsWriter.write(reread.file, encoding: encoding) == once, "\(file)")
        if let original = FoundationOracle.read(before) {
          #expect(
            FoundationOracle.read(once) == original, "\(file): CoreFoundation reads other pairs")
        }
      }
    }
  }
}

/// Validates with `xmllint --schema` against the XLIFF 1.2 schema of the fixtures.
func xmllintValidates(_ file: URL) throws -> Bool {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = [
    "xmllint", "--noout", "--nonet", "--schema",
    Paths.fixtures.appendingPathComponent("XLIFF/xliff-1.2-subset.xsd").path, file.path,
  ]
  process.standardOutput = FileHandle.nullDevice
  process.standardError = FileHandle.nullDevice
  try process.run()
  process.waitUntilExit()
  return process.terminationStatus == 0
}
