import Foundation
import SettingsLint
import SourceCheck
import TestSupport
import Testing

/// The code-… rules over the fixture apps (Tests/Fixtures/Apps): the broken
/// app's findings word for word, none on the clean app.
struct SourceRulesTests {
  static let apps = Paths.fixtures.appendingPathComponent("Apps")

  static func output(_ app: String) throws -> LintOutput {
    let scan = try SourceScanner.scan([apps.appendingPathComponent(app).path])
    let report = try Linter(sources: scan).lint(
      bundleAt: apps.appendingPathComponent("Settings.bundle").path)
    let relative = LintReport(
      bundlePath: "Tests/Fixtures/Apps/Settings.bundle", files: report.files,
      diagnostics: report.diagnostics)
    return LintOutput(reports: [relative], workingDirectory: Paths.repository.path)
  }

  @Test(arguments: ["Broken", "FilteredRegistration"])
  func findingsMatchTheirGoldenFiles(app: String) throws {
    expectGolden(try Self.output(app).render(.text), "lint/apps-\(app.lowercased()).txt")
  }

  @Test func theCleanAppHasNoFinding() throws {
    let output = try Self.output("Clean")
    #expect(
      output.reports[0].diagnostics.isEmpty, "\(output.reports[0].diagnostics.map(\.message))")
  }

  @Test func everyCodeRuleFailsOnTheBrokenApp() throws {
    let rules = Set(try Self.output("Broken").reports[0].diagnostics.map(\.rule))
    #expect(
      rules == [
        "code-type-mismatch", "code-default-mismatch", "code-default-unregistered",
        "code-unknown-key", "code-value-not-in-values",
      ])
  }
}
