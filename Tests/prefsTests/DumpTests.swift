import Foundation
import TestSupport
import Testing

/// `prefs dump` run as the built binary, compared with golden files.
struct DumpTests {
  typealias Run = PrefsBinary.Run

  /// prefs run in the repository, so that the examples' relative paths name them.
  static func run(_ arguments: [String]) -> Run {
    PrefsBinary.run(arguments)
  }

  static let conversor = "Examples/Conversor/Settings.bundle"
  static let showcase = "Examples/Showcase/Settings.bundle"

  /// A relative bundle is found from the directory prefs runs in, and named
  /// as given (DumpFrontEndTests and the other front ends' tests hold the
  /// same for a PrefsEnvironment's working directory).
  @Test(arguments: [
    ["dump", "Showcase/Settings.bundle", "--lang", "en"],
    ["generate", "swift", "Showcase/Settings.bundle"],
    ["strings", "status", "Showcase/Settings.bundle"],
    ["strings", "missing", "Showcase/Settings.bundle", "--lang", "pt-BR"],
    ["strings", "sync", "Showcase/Settings.bundle", "--dry-run"],
  ])
  func relativeBundlesAreFoundFromTheEnvironmentsDirectory(arguments: [String]) {
    let run = PrefsBinary.run(arguments, in: Paths.examples, variables: [:])
    #expect(run.code == 0, "\(arguments): \(run.errors)")
    if arguments[0] == "dump" {
      #expect(run.output.hasPrefix("Bundle: Showcase/Settings.bundle\n"))
    }
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
}
