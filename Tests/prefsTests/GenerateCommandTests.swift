import Foundation
import TestSupport
import Testing

/// `prefs generate swift`: writing, --check, usage errors, bad bundles.
struct GenerateCommandTests {
  let folder: URL

  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-generate-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  @Test func writeCheckAndLeaveAnUpToDateFileAlone() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("AppSettings.swift").path
    let stdout = DumpTests.run(["generate", "swift", DumpTests.conversor])
    #expect(stdout.code == 0)
    #expect(stdout.output.contains("static let celsiusPref = SettingsKey<Swift.Bool>("))

    #expect(DumpTests.run(["generate", "swift", DumpTests.conversor, "-o", file]).code == 0)
    #expect(FileManager.default.contents(atPath: file) == Data(stdout.output.utf8))
    let check = DumpTests.run(["generate", "swift", DumpTests.conversor, "-o", file, "--check"])
    #expect(check.code == 0, "\(check.errors)")

    // An up-to-date file is not written again (its inode stays).
    let before = try FileManager.default.attributesOfItem(atPath: file)[.systemFileNumber]
    #expect(DumpTests.run(["generate", "swift", DumpTests.conversor, "-o", file]).code == 0)
    #expect(
      try FileManager.default.attributesOfItem(atPath: file)[.systemFileNumber] as? Int
        == before as? Int)

    try "// edited\n".write(toFile: file, atomically: true, encoding: .utf8)
    let stale = DumpTests.run(["generate", "swift", DumpTests.conversor, "-o", file, "--check"])
    #expect(stale.code == 1)
    #expect(stale.errors.contains("is not what the bundle generates"))
    #expect(try String(contentsOfFile: file, encoding: .utf8) == "// edited\n", "nothing written")
  }

  @Test(arguments: [
    ["--type-name", "lower"], ["--type-name", "Self"], ["--check"], ["--access", "open"],
  ])
  func usageErrorsExitWith2(arguments: [String]) {
    let run = DumpTests.run(["generate", "swift", DumpTests.conversor] + arguments)
    #expect(run.code == 2, "\(run.errors)")
  }

  @Test func variantsThatDisagreeAreAnErrorAndNothingIsWritten() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    func page(_ type: String) -> String {
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>PreferenceSpecifiers</key><array>
      <dict><key>Type</key><string>\(type)</string><key>Key</key><string>k</string></dict>
      </array></dict></plist>
      """
    }
    try bundle.write("Root~iphone.plist", page("PSToggleSwitchSpecifier"))
    try bundle.write("Root~ipad.plist", page("PSTextFieldSpecifier"))
    let file = folder.appendingPathComponent("Out.swift").path
    let run = DumpTests.run(["generate", "swift", bundle.path, "-o", file])
    #expect(run.code == 1)
    #expect(run.errors.contains("Root~ipad.plist:3:1: error: the key \"k\" stores a String here"))
    #expect(run.errors.contains("Root~iphone.plist:3:1"))
    #expect(run.errors.contains("[generate]"))
    #expect(!FileManager.default.fileExists(atPath: file))
    #expect(DumpTests.run(["generate", "swift", bundle.path, "--idiom", "phone"]).code == 0)
  }

  /// Failed before: `Swift`, `Foundation` and `UserDefaults` were taken, and
  /// the file did not compile (its `Swift.String` meant the generated enum).
  @Test(arguments: ["Swift", "Foundation", "UserDefaults", "SettingsValueCoding"])
  func aTypeNameThatHidesWhatTheFileUsesIsRefused(name: String) throws {
    let run = DumpTests.run(["generate", "swift", DumpTests.conversor, "--type-name", name])
    #expect(run.code == 2, "\(run.errors)")
    #expect(
      run.errors.contains("--type-name \(name) would hide the \(name) the generated file uses"))
    #expect(run.output.isEmpty)
    let tool = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("prefs-generate")
    try #require(FileManager.default.isExecutableFile(atPath: tool.path), "swift build builds it")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("AppSettings.swift").path
    let conversor = Paths.repository.appendingPathComponent(DumpTests.conversor).path
    let plugin = try ChildProcess.run(tool, [conversor, file, name])
    #expect(plugin.status == 1)
    #expect(plugin.errors.contains("would hide the \(name) the generated file uses"))
    #expect(!FileManager.default.fileExists(atPath: file))
  }

  @Test func notABundleIsAUsageError() {
    #expect(DumpTests.run(["generate", "swift", "/nonexistent/Settings.bundle"]).code == 2)
  }
}

/// A bundle page that does not load: an error in compiler style, exit 1, nothing written.
extension GenerateCommandTests {
  @Test func aPageThatDoesNotParseIsAnErrorAndNothingIsWritten() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write("Root.plist", LoadProblemFixture.root)
    try bundle.write(
      "Mais.plist",
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>PreferenceSpecifiers</key><array>
      <dict><key>Type</key><string>PSTextFieldSpecifier</string><key>Key</key><string>nome</string>
      </array></dict></plist>
      """)
    let file = folder.appendingPathComponent("Out.swift").path
    let run = DumpTests.run(["generate", "swift", bundle.path, "-o", file])
    #expect(run.code == 1)
    #expect(
      run.errors
        == """
        \(bundle.path)/Mais.plist:4:1: error: the page does not load (</array> closes <dict>, which opened on line 3; end tags close the innermost open element); no code is generated from a page read wrong [generate]
        </array></dict></plist>
        ^

        """)
    #expect(!FileManager.default.fileExists(atPath: file))
    #expect(run.output.isEmpty)
  }
}

enum LoadProblemFixture {
  static let root = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict><key>PreferenceSpecifiers</key><array>
    <dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Key</key><string>sons</string></dict>
    <dict><key>Type</key><string>PSChildPaneSpecifier</string><key>Title</key><string>Mais</string>
    <key>File</key><string>Mais</string></dict>
    </array></dict></plist>
    """
}

/// The plugin's tool (`prefs-generate`) stops the build on a page that does not load.
extension GenerateCommandTests {
  @Test func thePluginToolFailsOnAPageThatDoesNotParse() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let tool = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("prefs-generate")
    try #require(FileManager.default.isExecutableFile(atPath: tool.path), "swift build builds it")
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write("Root.plist", LoadProblemFixture.root)
    try bundle.write("Mais.plist", "<?xml version=\"1.0\"?>\n<plist><dict><key>A</key>\n</plist>")
    let file = folder.appendingPathComponent("AppSettings.swift").path
    let run = try ChildProcess.run(tool, [bundle.path, file])
    #expect(run.status == 1)
    #expect(run.errors.hasPrefix("\(bundle.path)/Mais.plist:3:"))
    #expect(run.errors.contains(": error: the page does not load ("))
    #expect(!FileManager.default.fileExists(atPath: file))

    try bundle.write("Mais.plist", VariantTestsPage.empty)
    let fixed = try ChildProcess.run(tool, [bundle.path, file])
    #expect(fixed.status == 0, "\(fixed.errors)")
    #expect(FileManager.default.fileExists(atPath: file))
  }
}

enum VariantTestsPage {
  static let empty = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict><key>PreferenceSpecifiers</key><array/></dict></plist>
    """
}

/// The valid forms of --access and --idiom.
extension GenerateCommandTests {
  @Test func accessPublicDeclaresEverythingPublic() {
    let run = DumpTests.run(["generate", "swift", DumpTests.conversor, "--access", "public"])
    #expect(run.code == 0, "\(run.errors)")
    #expect(run.output.contains("\npublic enum AppSettings {\n"))
    #expect(run.output.contains("\n  public static let celsiusPref = SettingsKey<Swift.Bool>("))
    #expect(run.output.contains("public static func registerDefaults(in defaults: UserDefaults"))
    #expect(run.output.contains("public struct SettingsKey<Value: Sendable>: Sendable {"))
    let plain = DumpTests.run(["generate", "swift", DumpTests.conversor, "--access", "internal"])
    #expect(plain.code == 0)
    #expect(!plain.output.contains("public "))
  }

  @Test func idiomPadGeneratesThePadPagesOnly() throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    func page(_ key: String) -> String {
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>PreferenceSpecifiers</key><array>
      <dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Key</key><string>\(key)</string></dict>
      </array></dict></plist>
      """
    }
    try bundle.write("Root~iphone.plist", page("phoneOnly"))
    try bundle.write("Root~ipad.plist", page("padOnly"))
    let pad = DumpTests.run(["generate", "swift", bundle.path, "--idiom", "pad"])
    #expect(pad.code == 0, "\(pad.errors)")
    #expect(pad.output.contains("static let padOnly = SettingsKey<Swift.Bool>("))
    #expect(!pad.output.contains("phoneOnly"))
    let both = DumpTests.run(["generate", "swift", bundle.path])
    #expect(both.output.contains("static let padOnly"))
    #expect(both.output.contains("static let phoneOnly"))
  }
}

/// What `generate` refuses or can only write escaped, `lint` reports first.
extension GenerateCommandTests {
  static func page(_ specifiers: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict><key>PreferenceSpecifiers</key><array>
    <dict><key>Type</key><string>PSGroupSpecifier</string></dict>
    \(specifiers)
    </array></dict></plist>
    """
  }

  static func nested(_ depth: Int) -> String {
    String(repeating: "<array>", count: depth) + "<integer>1</integer>"
      + String(repeating: "</array>", count: depth)
  }

  static let refusedValues: [(name: String, element: String)] = [
    (
      "a NaN default",
      "<dict><key>Type</key><string>PSTextFieldSpecifier</string><key>Key</key><string>k</string><key>DefaultValue</key><real>nan</real></dict>"
    ),
    (
      "an infinite maximum",
      "<dict><key>Type</key><string>PSSliderSpecifier</string><key>Key</key><string>k</string><key>MinimumValue</key><integer>0</integer><key>MaximumValue</key><real>+infinity</real></dict>"
    ),
    (
      "a NaN value",
      "<dict><key>Type</key><string>PSMultiValueSpecifier</string><key>Key</key><string>k</string><key>Values</key><array><real>1</real><real>nan</real></array><key>Titles</key><array><string>a</string><string>b</string></array></dict>"
    ),
    (
      "a default nested 65 deep",
      "<dict><key>Type</key><string>PSTextFieldSpecifier</string><key>Key</key><string>k</string><key>DefaultValue</key>\(nested(65))</dict>"
    ),
    (
      "a choice of 1,001 values",
      "<dict><key>Type</key><string>PSMultiValueSpecifier</string><key>Key</key><string>k</string><key>Values</key><array>\(String(repeating: "<integer>1</integer>", count: 1_001))</array><key>Titles</key><array><string>a</string></array></dict>"
    ),
    (
      "two values one to Swift's ==",
      "<dict><key>Type</key><string>PSMultiValueSpecifier</string><key>Key</key><string>k</string><key>Values</key><array><string>caf\u{E9}</string><string>cafe\u{301}</string></array><key>Titles</key><array><string>a</string><string>b</string></array></dict>"
    ),
    (
      "a default dictionary with two keys one to Swift's ==",
      "<dict><key>Type</key><string>PSTitleValueSpecifier</string><key>Key</key><string>k</string><key>DefaultValue</key><dict><key>\u{212B}</key><integer>1</integer><key>\u{C5}</key><integer>2</integer></dict></dict>"
    ),
  ]

  /// Lint reports, at line 4 of Root.plist, what generate refuses: a warning
  /// (the Settings app reads the bundle), which `--strict` makes fail.
  static func expectLintWarnsOfTheRefusal(_ bundle: String, _ name: String) {
    let lint = DumpTests.run(["lint", bundle, "--strict"])
    #expect(lint.code == 1, "\(name)")
    #expect(lint.output.contains("Root.plist:4:"), "\(name): \(lint.output)")
    #expect(
      lint.output.split(separator: "\n").contains {
        $0.contains("warning: ")
          && $0.hasSuffix("prefs generate swift refuses the bundle [generated-code-unsafe]")
      }, "\(name): \(lint.output)")
  }

  /// Failed before: generate wrote `Double.nan` and lint had no rule for it.
  @Test(arguments: refusedValues)
  func whatGenerateRefusesLintReports(name: String, element: String) throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write("Root.plist", Self.page(element))
    let generate = DumpTests.run(["generate", "swift", bundle.path])
    #expect(generate.code == 1, "\(name): \(generate.output)")
    #expect(generate.errors.contains("/Root.plist:4:"), "\(generate.errors)")
    #expect(generate.errors.contains("of the key \"k\""))
    Self.expectLintWarnsOfTheRefusal(bundle.path, name)
  }

  /// Failed before: both keys were generated, and registerDefaults wrote
  /// `values["café"] = true` then `values["café"] = false` into one
  /// `[String: Any]`, which keeps one entry (Swift's == is canonical
  /// equivalence): the first key registered the second's default, the second
  /// none. Lint passed the bundle.
  @Test(arguments: [
    ("caf\u{E9}", "cafe\u{301}"), ("\u{C5}", "\u{212B}"), ("\u{AC00}", "\u{1100}\u{1161}"),
    ("s\u{323}\u{307}", "s\u{307}\u{323}"),
  ])
  func keysSwiftTakesForOneAreRefusedAndReported(first: String, second: String) throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    let toggles = [first, second].map {
      "<dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Key</key><string>\($0)</string><key>DefaultValue</key><true/></dict>"
    }
    try bundle.write("Root.plist", Self.page(toggles.joined()))
    let generate = DumpTests.run(["generate", "swift", bundle.path])
    #expect(generate.code == 1, "\(generate.output)")
    #expect(generate.errors.contains("/Root.plist:4:"), "\(generate.errors)")
    #expect(generate.errors.contains("one text to Swift's =="), "\(generate.errors)")
    Self.expectLintWarnsOfTheRefusal(bundle.path, "\(first) \(second)")
  }

  /// Failed before: lint passed, with exit 0, a bundle whose folder name or
  /// child page path holds a line break, which generate wrote raw into a comment.
  @Test(arguments: [("Settings\n.bundle", "More"), ("Settings.bundle", "More\u{2028}\u{85}")])
  func namesGenerateCanOnlyEscapeAreReported(folderName: String, pagePath: String) throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    let url = bundle.folder.appendingPathComponent(folderName)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    let child =
      "<dict><key>Type</key><string>PSChildPaneSpecifier</string><key>Title</key><string>More</string><key>File</key><string>\(pagePath)</string></dict>"
    try Data(Self.page(child).utf8).write(to: url.appendingPathComponent("Root.plist"))
    try Data(
      Self.page(
        "<dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Key</key><string>k</string></dict>"
      ).utf8
    ).write(to: url.appendingPathComponent(pagePath + ".plist"))
    let lint = DumpTests.run(["lint", url.path])
    #expect(lint.output.contains("[generated-code-unsafe]"), "\(lint.output)")
    #expect(lint.output.contains("warning: "))
    let generate = DumpTests.run(["generate", "swift", url.path])
    #expect(generate.code == 0, "\(generate.errors)")
    // The names reach the file escaped only.
    #expect(!generate.output.unicodeScalars.contains { $0 == "\u{2028}" || $0 == "\u{85}" })
    #expect(!generate.output.contains("Settings\n"))
  }
}
