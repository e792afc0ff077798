import Foundation
import Plist
import PrefsKit
import StringsWorkflow
import TestSupport
import Testing

/// The `prefs strings` workflows through PrefsKit's public API, on a copy of
/// Examples/Showcase named relative to the environment's working directory.
struct StringsFrontEndTests {
  let folder: URL
  let environment: PrefsEnvironment
  let options = StringsOptions(bundle: "Settings.bundle")

  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-strings-front-end-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: Paths.examples.appendingPathComponent("Showcase/Settings.bundle"),
      to: folder.appendingPathComponent("Settings.bundle"))
    environment = PrefsEnvironment(workingDirectory: folder.path)
  }

  @Test func addLanguageWritesIntoTheBundleTheEnvironmentNames() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let strings = try StringsFrontEnd(options, environment: environment)
    #expect(strings.model.bundle.path == folder.path + "/Settings.bundle")
    let changes = try strings.addLanguage("de")
    #expect(changes.bundle == "Settings.bundle")
    #expect(!changes.isDryRun)
    #expect(
      Set(changes.files.map(\.path)) == ["de.lproj/Root.strings", "de.lproj/Advanced.strings"])
    for file in changes.files {
      let written = folder.appendingPathComponent("Settings.bundle/" + file.path)
      #expect(FileManager.default.contents(atPath: written.path) == Data(file.bytes))
    }
    // The new language now misses every string that needs translation.
    let again = try StringsFrontEnd(options, environment: environment)
    #expect(!again.model.missing(in: "de").isEmpty)
  }

  @Test func aDryRunWritesNothing() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let root = folder.appendingPathComponent("Settings.bundle/pt-BR.lproj/Root.strings")
    let before = try Data(contentsOf: root)
    // A table that lacks a key: sync would add it.
    let text = try #require(String(data: before, encoding: .utf8))
    let firstEntry = try #require(text.split(separator: "\n").first { $0.hasPrefix("\"") })
    try Data(text.replacingOccurrences(of: firstEntry + "\n", with: "").utf8).write(to: root)
    let shortened = try Data(contentsOf: root)
    let changes = try StringsFrontEnd(options, environment: environment).sync(
      prune: false, dryRun: true)
    #expect(changes.isDryRun)
    #expect(changes.bundle == "Settings.bundle")
    // The table is patched from its bytes on disk, found through the environment
    // (failed before: the bundle was renamed to its given path and read from the
    // process's directory, so the table had no old bytes).
    let table = try #require(changes.files.first { $0.path == "pt-BR.lproj/Root.strings" })
    #expect(table.previous == Array(shortened))
    #expect(try Data(contentsOf: root) == shortened)
  }

  @Test func anExportGoesToTheFileNamedAsGiven() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let strings = try StringsFrontEnd(options, environment: environment)
    let outcome = try strings.export(
      .xliff, language: "pt-BR", outputFile: "pt.xliff", toolVersion: "test")
    guard case .wrote(let file, let units?, nil) = outcome else {
      Issue.record("\(outcome)")
      return
    }
    #expect(file == "pt.xliff")
    let written = try String(
      contentsOf: folder.appendingPathComponent("pt.xliff"), encoding: .utf8)
    #expect(written.components(separatedBy: "<trans-unit ").count - 1 == units)
    guard
      case .bytes(let bytes) = try strings.export(
        .xliff, language: "pt-BR", outputFile: nil, toolVersion: "test")
    else {
      Issue.record("no file: the bytes are handed back")
      return
    }
    #expect(String(decoding: bytes, as: UTF8.self) == written)
  }

  @Test func anXLIFFNeedsALanguage() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let strings = try StringsFrontEnd(options, environment: environment)
    #expect(throws: StringsFrontEnd.ExportError.needsLanguage(.xliff)) {
      try strings.export(.xliff, language: nil, outputFile: nil, toolVersion: "test")
    }
  }

  @Test func anImportOfAMissingFileIsRefusedNamingIt() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let strings = try StringsFrontEnd(options, environment: environment)
    #expect {
      try strings.importing("none.xliff", language: "de", dryRun: true)
    } throws: { error in
      guard case .unreadable(let file, _) = error as? StringsFrontEnd.ImportError else {
        return false
      }
      return file == "none.xliff"
    }
  }

  /// The JSON of `strings missing`: every language but the source's, by tag and folder.
  @Test func missingJSONNamesEveryLanguage() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let strings = try StringsFrontEnd(options, environment: environment)
    let text = strings.missingJSON().rendered()
    for folderName in ["cs.lproj", "pt-BR.lproj", "ru.lproj"] {
      #expect(text.contains("\"folder\": \"\(folderName)\""))
    }
    #expect(!text.contains("\"folder\": \"en.lproj\""))
  }
}
