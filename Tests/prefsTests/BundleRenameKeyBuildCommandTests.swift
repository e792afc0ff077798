import Foundation
import TestSupport
import Testing

/// `prefs bundle rename-key` and `prefs bundle build` as users run them: the
/// words of each outcome and refusal, exit statuses, and nothing written when refused.
struct BundleRenameKeyBuildCommandTests {
  /// A folder holding a copy of Examples/Showcase's `Settings.bundle`, an app
  /// source reading `units_preference`, and `files` (path → text).
  static func project(_ files: [String: String] = [:]) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-rename-build-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("App"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: Paths.examples.appendingPathComponent("Showcase/Settings.bundle"),
      to: folder.appendingPathComponent("Settings.bundle"))
    let source = """
      import Foundation

      let units = UserDefaults.standard.string(forKey: "units_preference")

      """
    for (path, text) in files.merging(
      ["App/Settings.swift": source], uniquingKeysWith: { a, _ in a })
    {
      try Data(text.utf8).write(to: folder.appendingPathComponent(path))
    }
    return folder
  }

  static func bytes(_ folder: URL, _ path: String) throws -> Data {
    try Data(contentsOf: folder.appendingPathComponent(path))
  }

  @Test func renameKeyNamesEachChangeAndTheCodeThatUsesTheKey() throws {
    let folder = try Self.project()
    defer { try? FileManager.default.removeItem(at: folder) }
    let before = try String(
      decoding: Self.bytes(folder, "Settings.bundle/Root.plist"), as: UTF8.self)
    let run = PrefsBinary.run(
      [
        "bundle", "rename-key", "Settings.bundle", "units_preference", "unit_système", "--sources",
        "App",
      ],
      in: folder)
    #expect(run.code == 0, "\(run.errors)")
    #expect(
      run.output == """
        Settings.bundle/Root.plist:87: PreferenceSpecifiers[7].Key "units_preference" -> "unit_système"
        renamed "units_preference" -> "unit_système": 1 change in 1 file
        the app's code uses "units_preference" in 1 place (not changed):
        App/Settings.swift:3:13: reads it with string(forKey:)

        """)
    let after = try String(
      decoding: Self.bytes(folder, "Settings.bundle/Root.plist"), as: UTF8.self)
    let changed = zip(before.split(separator: "\n"), after.split(separator: "\n")).filter {
      $0 != $1
    }
    #expect(changed.map { String($0.1) } == ["\t\t\t<string>unit_système</string>"])
  }

  struct Refusal: Sendable, CustomTestStringConvertible {
    var arguments: [String]
    var status: Int32
    var message: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let refusals: [Refusal] = [
    Refusal(
      arguments: ["rename-key", "Settings.bundle", "units_preference", "theme_preference"],
      status: 1,
      message:
        "prefs: error: Settings.bundle: the Key \"theme_preference\" is already used (Settings.bundle/Root.plist:101:4); nothing was written"
    ),
    Refusal(
      arguments: ["rename-key", "Settings.bundle", "no_such_key", "other"], status: 1,
      message:
        "prefs: error: Settings.bundle: no element has the Key \"no_such_key\"; nothing was written"
    ),
    Refusal(
      arguments: ["rename-key", "Settings.bundle", "units_preference", "units_preference"],
      status: 2, message: "prefs: error: the new key is the old one (\"units_preference\")"),
    Refusal(
      arguments: ["rename-key", "Settings.bundle", "units_preference", ""], status: 2,
      message: "prefs: error: the new key is empty"),
    Refusal(
      arguments: [
        "build", "Settings.bundle", "--configuration", "Release", "Settings.bundle/Out.bundle",
      ],
      status: 2,
      message:
        "prefs: error: Settings.bundle/Out.bundle: the copy cannot go inside the bundle, be it, or hold it"
    ),
    Refusal(
      arguments: ["build", "Settings.bundle", "--configuration", "Release", "App"], status: 2,
      message: "prefs: error: App: exists and is not a Settings bundle; it is never replaced"),
    Refusal(
      arguments: [
        "build", "Settings.bundle", "--configuration", "Release", "build/Settings.bundle",
      ],
      status: 2,
      message: "prefs: error: build/Settings.bundle: the folder it goes in does not exist"
    ),
  ]

  @Test(arguments: refusals)
  func refusalsAreWordedAndWriteNothing(refusal: Refusal) throws {
    let folder = try Self.project()
    defer { try? FileManager.default.removeItem(at: folder) }
    let files = Paths.files(under: folder, extensions: ["plist", "strings", "swift"])
    let before = try files.map { try Self.bytes(folder, $0) }
    let run = PrefsBinary.run(["bundle"] + refusal.arguments, in: folder)
    #expect(run.code == refusal.status)
    #expect(run.errors == refusal.message + "\n")
    #expect(run.output == "")
    #expect(Paths.files(under: folder, extensions: ["plist", "strings", "swift"]) == files)
    #expect(try files.map { try Self.bytes(folder, $0) } == before)
  }

  /// Examples/Showcase's Advanced page marked debug-only: a Release build
  /// leaves it out with the row that opens it and its tables; Debug keeps it;
  /// the copy lints clean and the bundle is untouched.
  @Test func buildLeavesOutTheDebugOnlyPageForReleaseOnly() throws {
    let folder = try Self.project([".prefs.yml": "debug-only:\n  pages: [Advanced]\n"])
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("build"), withIntermediateDirectories: true)
    let originals = Paths.files(
      under: folder.appendingPathComponent("Settings.bundle"), extensions: ["plist", "strings"])
    let release = PrefsBinary.run(
      [
        "bundle", "build", "Settings.bundle", "--configuration", "Release", "build/Settings.bundle",
      ],
      in: folder)
    #expect(release.code == 0, "\(release.errors)")
    #expect(
      release.output.split(separator: "\n").first
        == "copied Settings.bundle to build/Settings.bundle without its debug-only settings (Release)"
    )
    #expect(
      release.output.contains(
        "Settings.bundle/Root.plist:195: PreferenceSpecifiers[14] left out (a child pane to \"Advanced\")"
      ))
    let copy = folder.appendingPathComponent("build/Settings.bundle")
    #expect(
      !Paths.files(under: copy, extensions: ["plist", "strings"]).contains {
        $0.contains("Advanced")
      })
    #expect(
      Paths.files(
        under: folder.appendingPathComponent("Settings.bundle"), extensions: ["plist", "strings"])
        == originals)
    let lint = PrefsBinary.run(["lint", "build/Settings.bundle"], in: folder)
    #expect(lint.code == 0)
    #expect(lint.output == "No problems in 5 files.\n")
    // Built again over the previous copy; Debug keeps the page.
    let debug = PrefsBinary.run(
      ["bundle", "build", "Settings.bundle", "--configuration", "Debug", "build/Settings.bundle"],
      in: folder)
    #expect(
      debug.output
        == "copied Settings.bundle to build/Settings.bundle as it is: Debug keeps the debug-only settings\n"
    )
    #expect(Paths.files(under: copy, extensions: ["plist"]).contains("Advanced.plist"))
  }

  /// The app reads a key a Release build leaves out: lint says so, only for
  /// the bundle without its debug-only settings, on the line of the code.
  @Test func lintNamesWhatOnlyTheBundleWithoutDebugOnlySettingsHas() throws {
    let folder = try Self.project([
      ".prefs.yml": "sources: [App]\ndebug-only:\n  keys: [name_preference]\n",
      "App/Settings.swift": """
      import Foundation

      let name = UserDefaults.standard.string(forKey: "name_preference")

      """,
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = PrefsBinary.run(["lint", "Settings.bundle"], in: folder)
    #expect(
      run.output == """
        App/Settings.swift:3:12: warning: without the debug-only settings: "name_preference" is read here but no element of the bundle has it and the code never writes it; did you mean "theme_preference"? [code-unknown-key]
        let name = UserDefaults.standard.string(forKey: "name_preference")
                   ^
        1 warning in 11 files.

        """)
    // Without the section, the same code is fine.
    try Data("sources: [App]\n".utf8).write(to: folder.appendingPathComponent(".prefs.yml"))
    #expect(
      PrefsBinary.run(["lint", "Settings.bundle"], in: folder).output
        == "No problems in 10 files.\n")
  }
}
