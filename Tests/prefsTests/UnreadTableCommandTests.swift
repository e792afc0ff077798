import Foundation
import TestSupport
import Testing

/// A name at `en.lproj/Root.strings` that is no table prefs can read (a FIFO,
/// a symbolic link out of the bundle, a folder) reaches every command that
/// uses the tables as lint and dump report it: the error line naming the file,
/// exit 1. Commands that only read still show what did read; commands that
/// write tables write nothing, neither over the name nor beside it; the FIFO
/// is never opened (a read would block). Before, strings status, missing and
/// export, render and edit --plain exited 0 with the language's words
/// silently missing.
struct UnreadTableCommandTests {
  enum Entry: String, CaseIterable, Sendable {
    case fifo, linkOutOfTheBundle, folder
  }

  static let commands: [[String]] = [
    ["strings", "status"], ["strings", "missing"], ["strings", "missing", "--lang", "en"],
    ["strings", "export", "--lang", "de"], ["strings", "sync"], ["strings", "import"],
    ["render"], ["render", "--lang", "en"], ["edit", "--plain", "--domain", "com.example.unread"],
  ]

  static func bundle(_ entry: Entry) throws -> TemporaryBundle {
    let bundle = try TemporaryBundle()
    try bundle.write(
      "Root.plist",
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>PreferenceSpecifiers</key><array>
      <dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Title</key><string>Sound</string>
      <key>Key</key><string>sound</string><key>DefaultValue</key><true/></dict>
      </array></dict></plist>
      """)
    try bundle.write("de.lproj/Root.strings", "\"Sound\" = \"Ton\";\n")
    let table = bundle.url.appendingPathComponent("en.lproj/Root.strings")
    try FileManager.default.createDirectory(
      at: table.deletingLastPathComponent(), withIntermediateDirectories: true)
    switch entry {
    case .fifo:
      #expect(mkfifo(table.path, 0o644) == 0)
    case .linkOutOfTheBundle:
      let outside = bundle.folder.appendingPathComponent("Outside.strings")
      try Data("\"Sound\" = \"Secret\";\n".utf8).write(to: outside)
      try FileManager.default.createSymbolicLink(
        atPath: table.path, withDestinationPath: outside.path)
    case .folder:
      try FileManager.default.createDirectory(at: table, withIntermediateDirectories: false)
    }
    let xliff = """
      <?xml version="1.0" encoding="UTF-8"?>
      <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
        <file original="Settings.bundle/en.lproj/Root.strings" source-language="en" target-language="en" datatype="plaintext">
          <body><trans-unit id="Sound"><source>Sound</source><target>Audio</target></trans-unit></body>
        </file>
      </xliff>
      """
    try Data(xliff.utf8).write(to: bundle.folder.appendingPathComponent("en.xliff"))
    return bundle
  }

  /// The file type of a path as lstat sees it: nothing is opened or followed.
  static func type(_ url: URL) -> FileAttributeType? {
    (try? FileManager.default.attributesOfItem(atPath: url.path))?[.type] as? FileAttributeType
  }

  @Test(arguments: commands, Entry.allCases)
  func theCommandNamesTheTableAndFails(command: [String], entry: Entry) throws {
    let bundle = try Self.bundle(entry)
    defer { bundle.remove() }
    let store = bundle.folder.appendingPathComponent("defaults")
    try FileManager.default.createDirectory(at: store, withIntermediateDirectories: true)
    let exported = bundle.folder.appendingPathComponent("de.xliff")
    var arguments = command + [bundle.path]
    if command.contains("import") {
      arguments.append(bundle.folder.appendingPathComponent("en.xliff").path)
    }
    if command.contains("export") { arguments += ["--output", exported.path] }
    if command.first == "edit" { arguments += ["--defaults-dir", store.path] }
    let table = bundle.url.appendingPathComponent("en.lproj/Root.strings")
    let typeBefore = Self.type(table)
    let result = PrefsBinary.run(arguments)
    #expect(result.code == 1, "\(arguments): \(result.code) \(result.errors)")
    #expect(
      result.errors.contains("Settings.bundle/en.lproj/Root.strings: error: "),
      "\(arguments): \(result.errors)")
    #expect(
      result.errors.contains("it is never read") || result.errors.contains("it is never followed"),
      "\(arguments): \(result.errors)")
    // Nothing written over the name, beside it, or out of the bundle.
    #expect(Self.type(table) == typeBefore)
    let beside = try FileManager.default.contentsOfDirectory(
      atPath: table.deletingLastPathComponent().path)
    #expect(beside == ["Root.strings"], "\(arguments): \(beside)")
    if entry == .linkOutOfTheBundle {
      let outside = try String(
        contentsOf: bundle.folder.appendingPathComponent("Outside.strings"), encoding: .utf8)
      #expect(outside == "\"Sound\" = \"Secret\";\n")
      #expect(!result.output.contains("Secret"))
    }
    #expect(!FileManager.default.fileExists(atPath: exported.path), "\(arguments)")
    let german = try String(
      contentsOf: bundle.url.appendingPathComponent("de.lproj/Root.strings"), encoding: .utf8)
    #expect(german == "\"Sound\" = \"Ton\";\n")
  }
}
