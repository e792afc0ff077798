import DefaultsStore
import Foundation
import PrefsKit
import SettingsForm
import SettingsSchema
import TestSupport
import Testing

@testable import prefs

struct EditCommandTests {
  /// A path in the repository, absolute: no test changes the working directory.
  static func repository(_ path: String) -> String {
    Paths.repository.appendingPathComponent(path).path
  }

  @Test func withoutATerminalEditSaysSoAndExits2() {
    let result = DumpTests.run([
      "edit", Self.repository("Examples/Conversor/Settings.bundle"), "--defaults-dir",
      FileManager.default.temporaryDirectory.path,
    ])
    #expect(result.code == 2)
    #expect(result.errors.contains("needs a terminal"))
    #expect(result.errors.contains("--plain"))
  }

  /// The command's own messages, in every language the tool speaks (a
  /// library's words are PrefsKit's: ToolStringsTests). Fails when
  /// scripts/embed-data was not rerun after a Commands.strings changed.
  @Test func commandWordsAreEmbeddedInEveryLanguage() throws {
    let english = ToolStrings.words(
      reading: EmbeddedCommandWords.files["Localizations/en.lproj/Commands.strings"] ?? "")
    #expect(
      english.keys.sorted() == ["edit.domainIsBuildSetting", "edit.noDomain", "edit.noTerminal"])
    for language in ToolStrings.languages {
      let path = "Localizations/\(language).lproj/Commands.strings"
      let onDisk = try String(
        contentsOf: Paths.repository.appendingPathComponent(path), encoding: .utf8)
      let embedded = EmbeddedCommandWords.files[path]
      #expect(
        embedded == onDisk.trimmingCharacters(in: .newlines), "\(path): run scripts/embed-data")
      #expect(Set(ToolStrings.words(reading: embedded ?? "").keys) == Set(english.keys), "\(path)")
    }
    #expect(EmbeddedCommandWords.files.count == ToolStrings.languages.count)
  }

  /// The Czech words of the command: the table the command adds is read in the user's language.
  @Test func editSaysItNeedsATerminalInTheUsersLanguage() {
    let result = PrefsBinary.run(
      [
        "edit", Self.repository("Examples/Conversor/Settings.bundle"), "--defaults-dir",
        FileManager.default.temporaryDirectory.path,
      ], variables: ["LANG": "cs_CZ.UTF-8"])
    #expect(result.code == 2)
    #expect(result.errors.contains("prefs edit potřebuje terminál"), "\(result.errors)")
  }

  /// The form says why it ended; the command turns that into the README's exit statuses.
  @Test func quitReasonsMapToExitStatuses() {
    #expect(Edit.exitStatus(.requested) == 0)
    #expect(Edit.exitStatus(.requestedAfterFailedWrite) == 1)
    #expect(Edit.exitStatus(.interrupted) == 130)
    #expect(Edit.exitStatus(nil) == 129)
  }

  /// Where the domain comes from is SettingsBundle.defaultsDomain's (SettingsSchemaTests);
  /// the command words its absence.
  @Test func withoutADomainEditAsksForOne() throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write("Root.plist", "{ PreferenceSpecifiers = (); }")
    let result = DumpTests.run(["edit", bundle.path])
    #expect(result.code == 2)
    #expect(result.errors.contains("give --domain"))
  }

  @Test func renderPagesAndRefusesUnknownOnes() {
    let showcase = Self.repository("Examples/Showcase/Settings.bundle")
    let result = DumpTests.run([
      "render", showcase, "--lang", "pt-BR", "--page", "Advanced", "--width", "40",
    ])
    #expect(result.code == 0)
    #expect(result.output.hasPrefix("com.example.showcase › Avançado"))
    let unknown = DumpTests.run(["render", showcase, "--page", "Nope"])
    #expect(unknown.code == 2)
    #expect(unknown.errors.contains("the bundle has no page Nope; its pages are Root"))
    #expect(DumpTests.run(["render", showcase, "--width", "5"]).code == 2)
  }

  /// `--plain` too: a value the store cannot write is not reported saved, and the exit status is 1.
  @Test func plainModeSaysWhatWasNotSavedAndExits1() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-plain-\(UUID().uuidString)"
    ).path
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let store = try DefaultsStore(domain: "com.example.conversor", directory: directory)
    try FileManager.default.createDirectory(atPath: store.path, withIntermediateDirectories: true)
    let bundle = try SettingsBundle.load(at: Self.repository("Examples/Conversor/Settings.bundle"))
    var answers = ["on"]
    let plain = PlainFormSession(
      bundle: bundle, store: store, words: ToolStrings(preferredLanguages: ["en"]).formWords,
      idiom: .phone, readAnswer: { answers.isEmpty ? nil : answers.removeFirst() })
    var output = ""
    #expect(Edit.exitStatus(plain.run(output: &output)) == 1)
    #expect(output.contains("\"Celsius First\" was not saved: "), "\(output)")
    #expect(output.contains("a directory stands where the domain file belongs"))
    #expect(!output.contains("saved\n"))
  }

  /// `--plain` asks for each value on its own line; Enter keeps, a bad value is refused.
  @Test func plainModeReadsAnswersLineByLine() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-plain-\(UUID().uuidString)"
    ).path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let process = Process()
    process.executableURL = EndToEndTests.binary
    process.arguments = [
      "edit", Paths.examples.appendingPathComponent("Conversor/Settings.bundle").path, "--plain",
      "--defaults-dir", directory, "--lang", "en",
    ]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    input.fileHandleForWriting.write(Data("maybe\non\n".utf8))
    try input.fileHandleForWriting.close()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(text.contains("Celsius First: off (on or off) (Enter keeps it): "))
    #expect(text.contains("refused: celsiusPref is a toggle"))
    #expect(text.contains("saved"))
    let stored = try EndToEndTests.run([
      "defaults", "read", "com.example.conversor", "celsiusPref", "--defaults-dir", directory,
    ])
    #expect(stored.1 == "true\n")
  }
}

/// An Xcode project's Info.plist names the identifier by a build setting:
/// the error says so instead of claiming there is no Info.plist.
struct EditDomainFromXcodeProjectTests {
  @Test(arguments: ["edit", "render"])
  func aBuildSettingIdentifierIsNamedInTheError(command: String) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-build-setting-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let bundle = folder.appendingPathComponent("Settings.bundle").path
    try FileManager.default.copyItem(
      atPath: Paths.repository.appendingPathComponent(DumpTests.showcase).path, toPath: bundle)
    try Data(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>CFBundleIdentifier</key>\
      <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string></dict></plist>
      """.utf8
    ).write(to: folder.appendingPathComponent("Info.plist"))
    var arguments = [command, bundle]
    if command == "edit" { arguments += ["--plain"] }
    if command == "render" { arguments += ["--defaults-dir", folder.path] }
    let result = DumpTests.run(arguments)
    #expect(result.code == 2)
    #expect(
      result.errors.contains("build setting $(PRODUCT_BUNDLE_IDENTIFIER)"), "\(result.errors)")
    #expect(result.errors.contains("--domain"))
  }
}
