import Foundation
import PrefsKit
import StringsWorkflow
import TestSupport
import Testing

/// `prefs strings` in process: output, exit codes, files untouched when refused.
struct StringsCommandTests {
  let folder: URL
  var bundle: String { folder.appendingPathComponent("Settings.bundle").path }

  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-strings-cli-\(UUID().uuidString)")
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

  @Test func statusMissingAndJSON() {
    defer { try? FileManager.default.removeItem(at: folder) }
    let status = DumpTests.run(["strings", "status", bundle])
    #expect(status.code == 0)
    #expect(
      status.output.contains("cs        Root.plist              27        0      0      0  100%"))
    let missing = DumpTests.run(["strings", "missing", bundle, "--lang", "de", "--format", "json"])
    #expect(missing.code == 0)
    let json = try? JSONSerialization.jsonObject(with: Data(missing.output.utf8)) as? [String: Any]
    #expect(json?["language"] as? String == "de")
    let first = (json?["missing"] as? [[String: String]])?.first
    #expect(
      first == ["page": "Root.plist", "table": "Root", "key": "ACCOUNT", "source": "Account"])
  }

  @Test func addLanguageExportImportRoundTrip() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(DumpTests.run(["strings", "add-language", bundle, "de"]).code == 0)
    #expect(DumpTests.run(["strings", "add-language", bundle, "de"]).code == 1)
    let xliff = folder.appendingPathComponent("de.xliff").path
    #expect(
      DumpTests.run(["strings", "export", bundle, "--format", "xliff", "--lang", "de", "-o", xliff])
        .code == 0)
    // A translator fills one target.
    var text = try String(contentsOfFile: xliff, encoding: .utf8)
    text = text.replacingOccurrences(
      of: "<source>Account</source>",
      with: "<source>Account</source>\n        <target>Konto</target>")
    try text.write(toFile: xliff, atomically: true, encoding: .utf8)
    let before = snapshot()
    let dry = DumpTests.run(["strings", "import", bundle, xliff, "--dry-run"])
    #expect(dry.code == 0)
    #expect(dry.output.contains("de.lproj/Root.strings: \"ACCOUNT\" = \"Konto\""))
    #expect(snapshot() == before, "--dry-run writes nothing")
    #expect(DumpTests.run(["strings", "import", bundle, xliff]).code == 0)
    // The other keys are still marked untranslated, so still missing.
    let missing = DumpTests.run(["strings", "missing", bundle, "--lang", "de"]).output
    #expect(!missing.contains("(Root): \"ACCOUNT\"\n") && missing.contains("(Root): \"NAME\"\n"))
    let root = try String(contentsOfFile: bundle + "/de.lproj/Root.strings", encoding: .utf8)
    #expect(root.contains("\"ACCOUNT\" = \"Konto\";"))
  }

  @Test(arguments: [
    ("<xliff version=\"1.2\"><file", "bad.xliff:1:"),
    (
      "<xliff version=\"1.2\"><file original=\"x/en.lproj/Root.strings\" source-language=\"en\" target-language=\"fr\" datatype=\"plaintext\"><body/></file></xliff>",
      "not de"
    ),
    (
      "<xliff version=\"1.2\"><file original=\"x/en.lproj/Root.strings\" source-language=\"en\" target-language=\"de\" datatype=\"plaintext\"><body><trans-unit id=\"GHOST\"><source>a</source><target>b</target></trans-unit></body></file></xliff>",
      "GHOST"
    ),
  ])
  func badImportsExit1AndTouchNothing(xliff: String, message: String) throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("bad.xliff").path
    try xliff.write(toFile: file, atomically: true, encoding: .utf8)
    let before = snapshot()
    let result = DumpTests.run(["strings", "import", bundle, file, "--lang", "de"])
    #expect(result.code == 1)
    #expect(result.errors.contains(message), "\(result.errors)")
    #expect(result.errors.contains("nothing was written"))
    #expect(snapshot() == before)
  }

  /// A target-language that is a path is refused; nothing lands beside the bundle.
  @Test func anImportWhoseLanguageIsAPathWritesNothing() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("evil.xliff").path
    try
      "<xliff xmlns=\"urn:oasis:names:tc:xliff:document:1.2\" version=\"1.2\"><file original=\"x/en.lproj/Root.strings\" source-language=\"en\" target-language=\"../../escaped\" datatype=\"plaintext\"><body><trans-unit id=\"ACCOUNT\"><source>Account</source><target>x</target></trans-unit></body></file></xliff>"
      .write(toFile: file, atomically: true, encoding: .utf8)
    let before = snapshot()
    let result = DumpTests.run(["strings", "import", bundle, file])
    #expect(result.code == 1)
    #expect(result.errors.contains("\"../../escaped\" is not a language tag"), "\(result.errors)")
    #expect(snapshot() == before)
    #expect(
      !FileManager.default.fileExists(atPath: folder.appendingPathComponent("escaped.lproj").path))
    #expect(
      !FileManager.default.fileExists(
        atPath: folder.deletingLastPathComponent().appendingPathComponent("escaped.lproj").path))
  }

  /// A `.lproj` that links out of the bundle is never written through: exit 1,
  /// the reason on standard error, nothing listed as done, nothing outside.
  @Test(arguments: ["add-language", "sync"])
  func aFolderLinkingOutIsNeverWrittenThrough(command: String) throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let outside = folder.appendingPathComponent("outside")
    try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
    let link = URL(fileURLWithPath: bundle).appendingPathComponent("de.lproj")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: outside)
    let arguments =
      command == "add-language"
      ? ["strings", "add-language", bundle, "de"] : ["strings", "sync", bundle]
    if command == "sync" {
      // sync fills the languages it sees: make the link one of them after the read.
      try FileManager.default.removeItem(at: link)
      try FileManager.default.removeItem(atPath: bundle + "/ru.lproj/Advanced.strings")
      try FileManager.default.moveItem(
        atPath: bundle + "/ru.lproj", toPath: outside.appendingPathComponent("ru").path)
      try FileManager.default.createSymbolicLink(
        atPath: bundle + "/ru.lproj", withDestinationPath: outside.appendingPathComponent("ru").path
      )
    }
    let before = try FileManager.default.contentsOfDirectory(atPath: outside.path).sorted()
    let result = DumpTests.run(arguments)
    if command == "sync" {
      // The reader does not follow the link, so ru is not a language: nothing to do there.
      #expect(!result.output.contains("ru.lproj"))
    } else {
      #expect(result.code == 1)
      #expect(result.errors.contains("leaves the bundle"), "\(result.errors)")
      #expect(result.errors.contains("nothing was written"))
      #expect(result.output.isEmpty, "nothing is listed as done")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).sorted() == before)
  }

  /// An I/O failure on the second table, after the bundle was read: the
  /// first table, already replaced, is put back. The trigger is real: the
  /// import's changes are made from the bundle as read, then cs.lproj/Root.strings
  /// becomes a folder (as another process could make it), so renaming the
  /// new Root.strings into place fails after Advanced.strings was replaced.
  /// Before, the folder was made before the read, so the walk refused the
  /// import and no write ever started: the test could not fail. Without the
  /// roll-back, Advanced.strings would keep the imported "Účty" and the
  /// snapshot would differ.
  @Test func anImportThatFailsMidwayLeavesEveryTableAsItWas() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let catalog = folder.appendingPathComponent("all.xcstrings").path
    #expect(
      DumpTests.run(["strings", "export", bundle, "--format", "xcstrings", "-o", catalog]).code == 0
    )
    var text = try String(contentsOfFile: catalog, encoding: .utf8)
    text = text.replacingOccurrences(of: "\"Síť\"", with: "\"Síťě\"")
      .replacingOccurrences(of: "\"Účet\"", with: "\"Účty\"")
    try text.write(toFile: catalog, atomically: true, encoding: .utf8)
    let strings = try StringsFrontEnd(
      StringsOptions(bundle: bundle), environment: PrefsEnvironment(workingDirectory: folder.path))
    let planned = try strings.importing(catalog, language: "cs", dryRun: true).changes.files
    let paths = planned.map(\.path)
    // Advanced.strings is renamed into place first, Root.strings second.
    #expect(paths == ["cs.lproj/Advanced.strings", "cs.lproj/Root.strings"], "\(paths)")
    let root = bundle + "/cs.lproj/Root.strings"
    let rootBytes = try Data(contentsOf: URL(fileURLWithPath: root))
    try FileManager.default.removeItem(atPath: root)
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: false)
    try rootBytes.write(to: URL(fileURLWithPath: root + "/kept"))
    let before = snapshot()
    #expect(throws: WriteError.self) { try strings.apply(planned, dryRun: false) }
    #expect(snapshot() == before, "the table already replaced is put back")
    let advanced = try String(
      contentsOfFile: bundle + "/cs.lproj/Advanced.strings", encoding: .utf8)
    #expect(!advanced.contains("Účty") && !advanced.contains("Síťě"))
  }

  @Test func formatIsIdempotentAndConvertsEncodings() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(
      DumpTests.run(["strings", "format", bundle, "--encoding", "utf16", "--sort"]).code == 0)
    let once = snapshot()
    #expect(once.values.allSatisfy { $0.starts(with: [0xFF, 0xFE]) })
    #expect(
      DumpTests.run(["strings", "format", bundle, "--encoding", "utf16", "--sort"]).output
        == "already formatted\n")
    #expect(
      DumpTests.run(["strings", "format", bundle, "--encoding", "utf16", "--sort", "--check"]).code
        == 0)
    let check = DumpTests.run(["strings", "format", bundle, "--encoding", "utf8", "--check"])
    #expect(check.code == 1 && check.output.contains(bundle + "/cs.lproj/Root.strings\n"))
    #expect(snapshot() == once, "--check writes nothing")
    #expect(snapshot() == once)
    #expect(DumpTests.run(["strings", "format", bundle, "--encoding", "utf8"]).code == 0)
    #expect(snapshot().values.allSatisfy { !$0.starts(with: [0xFF, 0xFE]) })
  }

  @Test func syncAndCatalogs() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let catalog = folder.appendingPathComponent("all.xcstrings").path
    #expect(
      DumpTests.run(["strings", "export", bundle, "--format", "xcstrings", "-o", catalog]).code == 0
    )
    // Without --lang, every language of the bundle; the round trip changes nothing.
    let every = DumpTests.run(["strings", "import", bundle, catalog])
    #expect(every.code == 0 && every.output.isEmpty, "\(every.output)")
    #expect(DumpTests.run(["strings", "import", bundle, catalog, "--lang", "cs"]).code == 0)
    #expect(DumpTests.run(["strings", "sync", bundle, "--prune"]).code == 0)
    #expect(DumpTests.run(["strings", "status", "/nonexistent"]).code == 2)
    #expect(DumpTests.run(["strings", "export", bundle]).code == 2, "XLIFF needs --lang")
  }
}
