import Foundation
import Plist
import SettingsSchema
import StringsWorkflow
import TestSupport
import Testing

/// `write(_:)`: every path stays inside the bundle, by the reader's own rule,
/// and a change set is written whole or not at all, even when I/O fails.
struct BundleWriteTests {
  /// A bundle copy with a folder beside it that nothing may write into.
  struct Sandbox {
    let copy: BundleCopy
    var outside: URL { copy.folder.appendingPathComponent("outside") }

    init(_ example: String = "Showcase") throws {
      copy = try BundleCopy(example)
      try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
    }

    /// Every file under the folder that holds the bundle, outside the bundle.
    var outsideFiles: [String] {
      BundleWriteTests.listing(copy.folder.path).filter {
        !$0.hasPrefix("Settings.bundle") && !$0.hasSuffix("/")
      }
    }

    func link(_ path: String, to target: URL) throws {
      let url = URL(fileURLWithPath: copy.path).appendingPathComponent(path)
      try? FileManager.default.removeItem(at: url)
      try FileManager.default.createSymbolicLink(at: url, withDestinationURL: target)
    }
  }

  /// Every file and folder under `root`, links listed but not followed.
  static func listing(_ root: String, _ prefix: String = "") -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
    return names.sorted().flatMap { name -> [String] in
      var info = stat()
      guard lstat(root + "/" + name, &info) == 0 else { return [] }
      let path = prefix + name
      if info.st_mode & S_IFMT == S_IFDIR {
        return [path + "/"] + listing(root + "/" + name, path + "/")
      }
      return [path]
    }
  }

  static let xliffHead =
    "<xliff xmlns=\"urn:oasis:names:tc:xliff:document:1.2\" version=\"1.2\"><file original=\"Settings.bundle/en.lproj/Root.strings\" source-language=\"en\" datatype=\"plaintext\" target-language="

  /// A language that would become a path must be a tag: `/`, `..` and the like never reach one.
  @Test(arguments: [
    "../../outside", "de/../../outside", "de-../../outside", "..", "/tmp/prefs-x", "de/x",
    "de\u{1B}", "pt_BR.UTF-8", "",
  ])
  func anImportedLanguageMustBeATag(language: String) throws {
    let sandbox = try Sandbox("Conversor")
    defer { sandbox.copy.remove() }
    let model = try sandbox.copy.model()
    let xliff =
      Self.xliffHead
      + "\"\(language)\"><body><trans-unit id=\"celsiusTitulo\"><source>a</source><target>b</target></trans-unit></body></file></xliff>"
    let before = sandbox.copy.snapshot
    // XML cannot carry a control character at all: those are refused as XML.
    if !language.unicodeScalars.contains(where: { $0.value < 0x20 }) {
      #expect(throws: InvalidLanguageError.self) {
        _ = try TranslationImport.xliff(
          Data(xliff.utf8), name: "x.xliff", model: model, language: nil)
      }
    }
    #expect(throws: InvalidLanguageError.self) {
      _ = try StringCatalog.importing(
        Data("{\"strings\": {}}".utf8), name: "c", model: model, language: language)
    }
    #expect(throws: InvalidLanguageError.self) { _ = try model.addLanguage(language) }
    // Even a value built by hand is checked before a path is made of it.
    let forged = TranslationImport(
      translations: ["Root": ["celsiusTitulo": "b"]], language: language)
    #expect(throws: InvalidLanguageError.self) { _ = try forged.changes(for: model) }
    #expect(sandbox.copy.snapshot == before)
    #expect(sandbox.outsideFiles.isEmpty)
  }

  @Test(arguments: ["../x.strings", "/tmp/prefs-never.strings", "de.lproj/../../x.strings", ".."])
  func aPathThatLeavesIsRefused(path: String) throws {
    let sandbox = try Sandbox()
    defer { sandbox.copy.remove() }
    let before = sandbox.copy.snapshot
    #expect(throws: WriteError.leavesBundle(path: path)) {
      try write(
        ChangeSet(
          bundle: sandbox.copy.path,
          files: [
            FileChange(path: "cs.lproj/New.strings", bytes: [0x41], previous: nil, summary: []),
            FileChange(path: path, bytes: [0x41], previous: nil, summary: []),
          ]))
    }
    #expect(sandbox.copy.snapshot == before)
    #expect(sandbox.outsideFiles.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: "/tmp/prefs-never.strings"))
  }

  /// The reader never follows a `.lproj` that links out of the bundle; no
  /// command writes through one, whether it was there when the bundle was
  /// read or swapped in since.
  @Test(arguments: ["add-language", "import", "sync", "format"])
  func noCommandWritesThroughALinkThatLeaves(command: String) throws {
    let sandbox = try Sandbox()
    defer { sandbox.copy.remove() }
    var model = try sandbox.copy.model()
    let changes: [FileChange]
    switch command {
    case "add-language":
      try sandbox.link("de.lproj", to: sandbox.outside)
      model = try sandbox.copy.model()
      changes = try model.addLanguage("de")
    case "import":
      try sandbox.link("de.lproj", to: sandbox.outside)
      model = try sandbox.copy.model()
      changes = try TranslationImport(translations: ["Root": ["NAME": "Name"]], language: "de")
        .changes(for: model).changes
    case "sync":
      try FileManager.default.removeItem(atPath: sandbox.copy.path + "/ru.lproj/Advanced.strings")
      changes = try sandbox.copy.model().sync(prune: false)
      try sandbox.link("ru.lproj", to: sandbox.outside)
    default:
      changes = try model.format(encoding: .utf16LittleEndianWithBOM, sort: true)
      try FileManager.default.copyItem(
        atPath: sandbox.copy.path + "/cs.lproj", toPath: sandbox.outside.path + "/cs")
      try sandbox.link("cs.lproj", to: sandbox.outside.appendingPathComponent("cs"))
    }
    #expect(!changes.isEmpty)
    let outsideBefore = sandbox.outsideFiles.map {
      FileManager.default.contents(atPath: sandbox.copy.folder.path + "/" + $0)
    }
    let before = sandbox.copy.snapshot
    #expect {
      try write(ChangeSet(bundle: sandbox.copy.path, files: changes))
    } throws: { error in
      guard case .leavesBundle? = error as? WriteError else { return false }
      return true
    }
    #expect(sandbox.copy.snapshot == before, "all or nothing: nothing inside changed either")
    #expect(
      sandbox.outsideFiles.map {
        FileManager.default.contents(atPath: sandbox.copy.folder.path + "/" + $0)
      } == outsideBefore)
  }

  /// Random paths through links in and out of the bundle: whatever is
  /// written lands inside, and what would leave is refused whole.
  @Test func randomPathsThroughLinksNeverLeave() throws {
    let sandbox = try Sandbox("Conversor")
    defer { sandbox.copy.remove() }
    let bundle = URL(fileURLWithPath: sandbox.copy.path)
    try FileManager.default.createDirectory(
      at: bundle.appendingPathComponent("in/deep"), withIntermediateDirectories: true)
    try sandbox.link("out", to: sandbox.outside)
    try sandbox.link("in/up", to: bundle)
    try sandbox.link("in/escape", to: sandbox.copy.folder)
    try sandbox.link("dangling", to: sandbox.outside.appendingPathComponent("nothing"))
    let parts = ["in", "deep", "up", "out", "escape", "dangling", "..", ".", "x.lproj", "new"]
    var generator = SystemRandomNumberGenerator()
    var written = 0
    for round in 0..<400 {
      let count = Int.random(in: 1...5, using: &generator)
      let path =
        (0..<count).map { _ in parts.randomElement(using: &generator) ?? "in" }.joined(
          separator: "/") + "/t\(round).strings"
      do {
        try write(
          ChangeSet(
            bundle: sandbox.copy.path,
            files: [
              FileChange(path: path, bytes: Array("\(round)".utf8), previous: nil, summary: [])
            ]))
        written += 1
        let real = try #require(SettingsBundle.containedPath(path, inBundle: sandbox.copy.path))
        #expect(FileManager.default.contents(atPath: real) == Data("\(round)".utf8))
      } catch {
        #expect(error as? WriteError == .leavesBundle(path: path), "\(path)")
      }
      #expect(sandbox.outsideFiles.isEmpty, "\(path)")
    }
    #expect(written > 0)
  }

  /// A real failure on the second table (a folder where its file should be)
  /// after the first was replaced: the first is put back, byte for byte.
  @Test func anIOFailureOnTheSecondTablePutsTheFirstBack() throws {
    let sandbox = try Sandbox()
    defer { sandbox.copy.remove() }
    let root = sandbox.copy.path + "/cs.lproj/Root.strings"
    try FileManager.default.removeItem(atPath: root)
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: false)
    try Data("in the way".utf8).write(to: URL(fileURLWithPath: root + "/file"))
    let model = try sandbox.copy.model()
    let (changes, _) = try TranslationImport(
      translations: ["Advanced": ["SERVER": "Serveur"], "Root": ["NAME": "Jméno"]], language: "cs"
    ).changes(for: model)
    #expect(changes.map { $0.path } == ["cs.lproj/Advanced.strings", "cs.lproj/Root.strings"])
    let advanced = sandbox.copy.path + "/cs.lproj/Advanced.strings"
    let before = try Data(contentsOf: URL(fileURLWithPath: advanced))
    let folderBefore = try FileManager.default.contentsOfDirectory(
      atPath: sandbox.copy.path + "/cs.lproj")
    #expect {
      try write(ChangeSet(bundle: sandbox.copy.path, files: changes))
    } throws: { error in
      guard let error = error as? WriteError,
        case .failed(let path, let step, _, let unrestored) = error
      else { return false }
      return path == "cs.lproj/Root.strings" && step == .commit && unrestored.isEmpty
        && error.isRestored
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: advanced)) == before)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: sandbox.copy.path + "/cs.lproj").sorted()
        == folderBefore.sorted(), "no temporary file or copy is left behind")
  }

  /// A failure while staging (a file where a folder should be) leaves
  /// nothing: not the first file, not the folders made for it.
  @Test func aFailureWhileStagingLeavesNothing() throws {
    let sandbox = try Sandbox()
    defer { sandbox.copy.remove() }
    try Data("a file".utf8).write(to: URL(fileURLWithPath: sandbox.copy.path + "/blocker"))
    let before = sandbox.copy.snapshot
    let listing = Self.listing(sandbox.copy.path)
    #expect {
      try write(
        ChangeSet(
          bundle: sandbox.copy.path,
          files: [
            FileChange(path: "cs.lproj/Root.strings", bytes: [0x41], previous: nil, summary: []),
            FileChange(path: "de.lproj/Root.strings", bytes: [0x41], previous: nil, summary: []),
            FileChange(path: "blocker/x.strings", bytes: [0x41], previous: nil, summary: []),
          ]))
    } throws: { error in
      guard case .failed(let path, _, _, _)? = error as? WriteError else { return false }
      return path == "blocker/x.strings"
    }
    #expect(sandbox.copy.snapshot == before)
    #expect(Self.listing(sandbox.copy.path) == listing)
    #expect(!FileManager.default.fileExists(atPath: sandbox.copy.path + "/de.lproj"))
  }

  @Test func aReplacedFileKeepsItsModeAndANewOneFollowsTheUmask() throws {
    let sandbox = try Sandbox()
    defer { sandbox.copy.remove() }
    let advanced = sandbox.copy.path + "/cs.lproj/Advanced.strings"
    try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: advanced)
    try write(
      ChangeSet(
        bundle: sandbox.copy.path,
        files: [
          FileChange(path: "cs.lproj/Advanced.strings", bytes: [0x41], previous: nil, summary: []),
          FileChange(path: "de.lproj/Root.strings", bytes: [0x42], previous: nil, summary: []),
        ]))
    let attributes = try FileManager.default.attributesOfItem(atPath: advanced)
    #expect(attributes[.posixPermissions] as? Int == 0o640)
    #expect(FileManager.default.contents(atPath: advanced) == Data([0x41]))
    #expect(
      FileManager.default.contents(atPath: sandbox.copy.path + "/de.lproj/Root.strings")
        == Data([0x42]))
  }
}
