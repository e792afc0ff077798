import Foundation
import Plist
import SettingsLint
import TestSupport
import Testing

/// Every rule's own examples: the failing ones must be reported by the rule,
/// the passing ones must not. These are the examples `prefs rules explain` prints.
struct RuleExampleTests {
  @Test(arguments: RuleRegistry.ids)
  func failingExamplesAreReported(id: String) throws {
    let rule = try #require(RuleRegistry.rule(id))
    #expect(!rule.failingExamples.isEmpty, "every rule needs a failing example")
    var severities = Set<Severity>()
    for (index, example) in rule.failingExamples.enumerated() {
      let bundle = try LintTestSupport.materialize(example)
      defer { bundle.remove() }
      let report = try LintTestSupport.lint(bundle.path)
      let found = report.diagnostics.filter { $0.rule == id }
      #expect(
        !found.isEmpty, "failing example \(index + 1) of \(id) is not reported",
        sourceLocation: example.sourceLocation)
      severities.formUnion(found.map(\.severity))
    }
    #expect(
      severities.contains(rule.defaultSeverity),
      "some example of \(id) should show the rule's default severity")
  }

  @Test(arguments: RuleRegistry.ids)
  func passingExamplesAreAccepted(id: String) throws {
    let rule = try #require(RuleRegistry.rule(id))
    #expect(!rule.passingExamples.isEmpty, "every rule needs a passing example")
    for (index, example) in rule.passingExamples.enumerated() {
      let bundle = try LintTestSupport.materialize(example)
      defer { bundle.remove() }
      let report = try LintTestSupport.lint(bundle.path)
      let found = report.diagnostics.filter { $0.rule == id }
      #expect(
        found.isEmpty, "passing example \(index + 1) of \(id): \(found.map(\.message))",
        sourceLocation: example.sourceLocation)
    }
  }

  /// The failing examples are also committed as fixture bundles, so anyone can
  /// run `prefs lint` on them; their output is kept as golden text and JSON.
  @Test(arguments: RuleRegistry.ids)
  func fixtureBundlesMatchExamplesAndGoldens(id: String) throws {
    let rule = try #require(RuleRegistry.rule(id))
    let record = ProcessInfo.processInfo.environment["PREFS_RECORD"] == "1"
    for (index, example) in rule.failingExamples.enumerated() {
      let fixture = LintTestSupport.fixture(rule: id, index: index)
      if record {
        try? FileManager.default.removeItem(at: fixture)
        for file in example.files { try LintTestSupport.write(file, into: fixture) }
      }
      for file in example.files {
        let url = fixture.appendingPathComponent(file.path)
        let bytes = try? Paths.bytes(url)
        #expect(
          bytes == file.bytes,
          "\(url.path) differs from the example of \(id); run the tests with PREFS_RECORD=1")
      }
      let report = try LintTestSupport.lint(fixture.path)
      let name = LintTestSupport.fixtureName(rule: id, index: index)
      let relative = LintReport(
        bundlePath: name + "/" + fixture.lastPathComponent, files: report.files,
        diagnostics: report.diagnostics)
      // App sources (outside the bundle) are shown from the repository, on any machine.
      let output = LintOutput(reports: [relative], workingDirectory: Paths.repository.path)
      expectGolden(output.render(.text), "lint/rules/\(name).txt")
      expectGolden(output.render(.json), "lint/rules/\(name).json")
    }
  }
}

/// The rule set itself: ids as the issue spells them, one file per rule named after it.
struct RuleRegistryTests {
  static let expectedIDs = [
    "plist-syntax", "page-structure", "missing-type", "unknown-type", "unknown-key",
    "missing-required-key", "empty-key", "value-type", "invalid-enum-value",
    "values-titles-count", "default-not-in-values", "toggle-values", "slider-range",
    "duplicate-key", "child-pane-missing", "child-pane-cycle", "child-pane-path",
    "unreachable-page", "shadowed-page", "missing-image", "strings-table-missing",
    "strings-table-unset",
    "strings-syntax", "strings-encoding", "strings-duplicate-key", "strings-non-string-value",
    "missing-translation", "unused-translation", "empty-translation", "shadowing-strings",
    "unselected-language-folder", "misspelled-language-folder", "unsupported-strings-format",
    "radio-group-absorbs", "page-without-group",
    "hidden-group-rows", "code-type-mismatch", "code-default-mismatch",
    "code-default-unregistered", "code-unknown-key", "code-value-not-in-values",
    "unused-disable", "invalid-disable", "generated-code-unsafe", "source-skipped",
  ]

  @Test func idsAreTheDocumentedOnes() {
    #expect(RuleRegistry.ids.sorted() == Self.expectedIDs.sorted())
    #expect(Set(RuleRegistry.ids).count == RuleRegistry.ids.count)
  }

  @Test func eachRuleLivesInAFileNamedAfterIt() throws {
    let folder = Paths.repository.appendingPathComponent("Sources/SettingsLint/Rules")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".swift") }.sorted()
    let typeNames = RuleRegistry.all.map { String(describing: $0) }
    #expect(files == typeNames.map { $0 + ".swift" }.sorted())
    for rule in RuleRegistry.all {
      let text = try String(
        contentsOf: folder.appendingPathComponent("\(String(describing: rule)).swift"),
        encoding: .utf8)
      #expect(text.contains("enum \(String(describing: rule)): LintRule"))
    }
  }

  /// The documentation's table of rules (Documentation/rules.md) says what `prefs rules` says.
  @Test(arguments: RuleRegistry.ids)
  func readmeListsTheRule(id: String) throws {
    let rule = try #require(RuleRegistry.rule(id))
    let readme = try String(
      contentsOf: Paths.repository.appendingPathComponent("Documentation/rules.md"),
      encoding: .utf8)
    let severities = rule.severities.map(\.rawValue).joined(separator: "/")
    #expect(readme.contains("| `\(id)` | \(severities) | \(rule.summary) |"))
  }

  @Test(arguments: RuleRegistry.ids)
  func documentationIsComplete(id: String) throws {
    let rule = try #require(RuleRegistry.rule(id))
    #expect(rule.summary.hasSuffix("."))
    #expect(rule.rationale.count > 80)
    let text = RuleDocumentation.text(of: rule)
    #expect(text.hasPrefix("\(id) (\(rule.defaultSeverity.rawValue))"))
    #expect(text.contains("Reported:") || text.contains("Reported 1:"))
    #expect(text.contains("Accepted"))
  }
}

extension RuleExample {
  /// Where the example is written, for a failing expectation to name.
  var sourceLocation: SourceLocation {
    let file = URL(fileURLWithPath: filePath)
    return SourceLocation(
      fileID: "SettingsLint/" + file.lastPathComponent, filePath: filePath, line: line, column: 1)
  }
}
