import Foundation
import TestSupport
import Testing

/// `prefs lint` with inline disables and rule options, as the command runs it:
/// tables are loaded without their comments, all but the directives.
struct LintDisableCommandTests {
  static let folder = "Tests/Fixtures/Lint/Disables"

  /// A run of a fixture: its arguments, exit status, and the golden of its standard output.
  struct Case: Sendable, CustomTestStringConvertible {
    var arguments: [String]
    var status: Int32
    var golden: String
    var testDescription: String { "prefs lint " + arguments.joined(separator: " ") }
  }

  static let cases: [Case] = [
    // The library tests keep the same goldens: the command finds what the library finds.
    Case(arguments: ["\(folder)/Team/Settings.bundle"], status: 0, golden: "Team.txt"),
    Case(arguments: ["\(folder)/Stale/Settings.bundle"], status: 1, golden: "Stale.txt"),
    Case(arguments: ["\(folder)/Scopes/Settings.bundle"], status: 1, golden: "Scopes.txt"),
    Case(
      arguments: ["\(folder)/Team/Settings.bundle", "--config", "\(folder)/empty.yml"], status: 0,
      golden: "Team-unconfigured.txt"),
    Case(
      arguments: [
        "\(folder)/Stale/Settings.bundle", "--disable", "unused-disable,invalid-disable,value-type",
      ], status: 0, golden: "Stale-quiet.txt"),
    Case(
      arguments: ["\(folder)/Stale/Settings.bundle", "--format", "github"], status: 1,
      golden: "Stale.github"),
  ]

  @Test(arguments: cases)
  func lintsTheFixtures(_ example: Case) {
    let run = DiffCommandTests.prefs(["lint"] + example.arguments)
    #expect(run.code == example.status, "\(run.errors)")
    #expect(run.errors.isEmpty)
    expectGolden(run.output, "lint/disables/\(example.golden)")
  }

  /// A configuration with a mistaken option is a usage error naming the place; nothing is linted.
  @Test(arguments: [
    (
      "lint:\n  rules:\n    unknown-key:\n      allowed-keys: {Toggle: [Platform]}\n",
      ".prefs.yml:4:22: error: allowed-keys of unknown-key: unknown specifier type \"Toggle\""
    ),
    (
      "lint:\n  rules:\n    unknown-key:\n      allowed: [Platform]\n",
      ".prefs.yml:4:7: error: unknown option \"allowed\" for unknown-key"
    ),
  ])
  func aWrongOptionIsAConfigurationError(text: String, message: String) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-options-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let config = folder.appendingPathComponent(".prefs.yml").path
    try text.write(toFile: config, atomically: true, encoding: .utf8)
    let run = DiffCommandTests.prefs([
      "lint", "\(Self.folder)/Team/Settings.bundle", "--config", config,
    ])
    #expect(run.code == 2)
    #expect(run.output.isEmpty)
    #expect(run.errors.contains(message), "\(run.errors)")
  }

  @Test func explainShowsARuleOptions() {
    let run = DiffCommandTests.prefs(["rules", "explain", "unknown-key"])
    #expect(run.code == 0)
    #expect(run.output.contains("Options (.prefs.yml, under lint: rules: unknown-key:):"))
    #expect(run.output.contains("allowed-keys: { PSToggleSwitchSpecifier: [Platform]"))
    let unused = DiffCommandTests.prefs(["rules", "explain", "unused-disable"])
    #expect(unused.output.contains("<!-- prefs:disable unknown-key -->"))
    #expect(unused.output.contains("cannot be turned off inline"))
  }
}
