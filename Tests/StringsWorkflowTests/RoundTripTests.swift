import Foundation
import Plist
import SettingsSchema
import StringsWorkflow
import TestSupport
import Testing

/// Exporting a bundle's translations and importing them back changes
/// nothing, in every exchange format, for the examples and every corpus bundle.
struct RoundTripTests {
  static var bundles: [String] {
    let examples = ["Conversor", "Showcase"].map {
      Paths.examples.appendingPathComponent("\($0)/Settings.bundle")
    }
    let corpus = ProcessInfo.processInfo.environment["CI"] == "true" ? Paths.corpusBundles : []
    return (examples + corpus).map(\.path)
  }

  @Test(arguments: bundles)
  func exportThenImportChangesNothing(path: String) throws {
    // Sophiestication__Groceries shares a key between two tables translated
    // differently, TheLord45__tpanel one that a table lacks: neither changes.
    try roundTrip(path: path)
  }

  func roundTrip(path: String) throws {
    guard let bundle = try? SettingsBundle.load(at: path),
      let model = try? TranslationModel(bundle: bundle)
    else { return }
    let languages = model.languages.filter { $0 != model.sourceLanguage }
    let catalog = try StringCatalog.export(model)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-roundtrip-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    for language in languages {
      // A key XML cannot carry is not exported at all (tested elsewhere).
      guard let xliff = try? XLIFF.export(model, language: language) else { continue }
      var imports = [
        try TranslationImport.xliff(
          Data(xliff.utf8), name: "\(language).xliff", model: model, language: language),
        try StringCatalog.importing(
          catalog, name: "all.xcstrings", model: model, language: language),
      ]
      let xcloc = folder.appendingPathComponent("\(language).xcloc").path
      try FileManager.default.createDirectory(atPath: xcloc, withIntermediateDirectories: true)
      try write(
        ChangeSet(
          bundle: xcloc, files: try XCLoc.export(model, language: language, toolVersion: "1")))
      imports.append(try XCLoc.importing(folder: xcloc, model: model, language: nil))
      for translations in imports {
        let (changes, conflicts) = try translations.changes(for: model)
        #expect(changes.isEmpty, "\(path) \(language): \(changes.flatMap(\.summary).prefix(3))")
        #expect(conflicts.isEmpty, "\(path) \(language): \(conflicts.prefix(3))")
      }
    }
  }
}

/// An ampersand in an id (`&amp;`) reads back as itself, and a literal `&#38;` as that text.
@Test func anAmpersandInAnIdReadsBack() throws {
  let text = """
    <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
      <file original="Settings.bundle/en.lproj/Root.strings" target-language="de">
        <body><trans-unit id="Click &amp; Hold &amp;#38; «x»"><source>s</source></trans-unit></body>
      </file>
    </xliff>
    """
  let files = try XLIFF.read(Data(text.utf8), name: "de.xliff")
  #expect(files.first?.units.first?.id == "Click & Hold &#38; «x»")
}
