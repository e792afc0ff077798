import Foundation
import PrefsKit
import TestSupport
import Testing

@testable import prefs

/// `prefs dump` run in-process, compared with golden files.
struct DumpTests {
  struct Run {
    var code: Int32
    var output: String
    var errors: String
  }

  /// What the commands are handed instead of the process's working directory:
  /// the repository, so that the examples' relative paths name them.
  static let environment = PrefsEnvironment(
    workingDirectory: Paths.repository.path, variables: ProcessInfo.processInfo.environment)

  static func run(_ arguments: [String]) -> Run {
    var output = ""
    var errors = ""
    let code = Prefs.run(
      arguments: arguments, environment: environment, output: &output, errors: &errors)
    return Run(code: code, output: output, errors: errors)
  }

  static let conversor = "Examples/Conversor/Settings.bundle"
  static let showcase = "Examples/Showcase/Settings.bundle"

  /// A relative bundle is found from the environment's working directory, and
  /// named as given (failed before: the commands read the process's, where
  /// Showcase/ is not, and exited 2).
  @Test(arguments: [
    ["dump", "Showcase/Settings.bundle", "--lang", "en"],
    ["generate", "swift", "Showcase/Settings.bundle"],
    ["strings", "status", "Showcase/Settings.bundle"],
    ["strings", "missing", "Showcase/Settings.bundle", "--lang", "pt-BR"],
    ["strings", "sync", "Showcase/Settings.bundle", "--dry-run"],
  ])
  func relativeBundlesAreFoundFromTheEnvironmentsDirectory(arguments: [String]) {
    var output = ""
    var errors = ""
    let code = Prefs.run(
      arguments: arguments, environment: PrefsEnvironment(workingDirectory: Paths.examples.path),
      output: &output, errors: &errors)
    #expect(code == 0, "\(arguments): \(errors)")
    if arguments[0] == "dump" { #expect(output.hasPrefix("Bundle: Showcase/Settings.bundle\n")) }
  }

  @Test(arguments: ["en", "pt", "pt-BR", "cs", "ru"])
  func showcaseText(language: String) {
    let result = Self.run(["dump", Self.showcase, "--lang", language])
    #expect(result.code == 0)
    #expect(result.errors.isEmpty)
    expectGolden(result.output, "dump/showcase-\(language).txt")
  }

  @Test(arguments: ["en", "pt-BR"])
  func showcaseJSON(language: String) {
    let result = Self.run(["dump", Self.showcase, "--lang", language, "--format", "json"])
    #expect(result.code == 0)
    expectGolden(result.output, "dump/showcase-\(language).json")
  }

  @Test(arguments: ["en", "pt"])
  func conversorJSON(language: String) throws {
    let result = Self.run(["dump", Self.conversor, "--lang", language, "--format", "json"])
    #expect(result.code == 0)
    expectGolden(result.output, "dump/conversor-\(language).json")
    let parsed = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
    #expect(parsed?["language"] as? String == language)
  }

  @Test func aBrokenBundlePrintsWhatItCanAndFails() {
    let result = Self.run(["dump", "Tests/Fixtures/Hostile/BrokenRoot/Settings.bundle"])
    #expect(result.code == 1)
    expectGolden(result.errors, "dump/broken-root.stderr.txt")
  }

  @Test func traversalIsReportedWithItsPlace() {
    let result = Self.run(["dump", "Tests/Fixtures/Hostile/Traversal/Settings.bundle"])
    #expect(result.code == 1)
    expectGolden(result.errors, "dump/traversal.stderr.txt")
  }

  @Test(arguments: [
    ["dump"], ["dump", "--bogus", conversor], ["dump", conversor, "--format", "xml"],
    ["dump", "/no/such/bundle"],
    ["dump", "Examples"], ["nonsense"],
  ])
  func usageErrorsExitWithTwo(_ arguments: [String]) {
    let result = Self.run(arguments)
    #expect(result.code == 2)
    #expect(!result.errors.isEmpty)
  }

  @Test func controlCharactersNeverReachTheOutput() throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write(
      "Root.plist",
      #"{ PreferenceSpecifiers = ({ Type = PSToggleSwitchSpecifier; Title = "\033[2J\033]0;pwned\007"; Key = "k\r"; DefaultValue = "\U202E"; }); }"#
    )
    let result = Self.run(["dump", bundle.path])
    #expect(result.code == 0)
    #expect(
      !result.output.unicodeScalars.contains {
        $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x0D || $0.value == 0x202E
      })
    #expect(result.output.contains("\\u{1B}[2J"))
  }

  @Test func aHundredMegabyteFileIsRefusedWithoutReadingIt() throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write("Root.plist", "<plist>")
    let handle = try FileHandle(forWritingTo: bundle.url.appendingPathComponent("Root.plist"))
    try handle.truncate(atOffset: 100_000_000)
    try handle.close()
    let result = Self.run(["dump", bundle.path])
    #expect(result.code == 1)
    #expect(
      result.errors.contains(
        "Root.plist: error: the file is 100000000 bytes, more than the 67108864 prefs reads"))
  }

  @Test func embeddedLocalizationsAreCurrent() throws {
    for (path, text) in EmbeddedLocalizations.files {
      let onDisk = try String(
        contentsOf: Paths.repository.appendingPathComponent(path), encoding: .utf8)
      #expect(text == onDisk.trimmingCharacters(in: .newlines), "\(path): run scripts/embed-data")
    }
    #expect(EmbeddedLocalizations.files.count == 4)
  }

  @Test func toolWordsExistInEveryLanguage() throws {
    let english = ToolStrings.load("en")
    for language in ["pt", "cs", "ru"] {
      #expect(Set(ToolStrings.load(language).keys) == Set(english.keys), "\(language)")
    }
  }
}
