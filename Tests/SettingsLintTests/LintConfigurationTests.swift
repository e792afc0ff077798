import Foundation
import Plist
import TestSupport
import Testing

@testable import SettingsLint

struct LintConfigurationTests {
  @Test func readsDisableSeverityAndExclude() throws {
    let configuration = try LintConfiguration.parse(
      """
      lint:
        disable: [unused-translation, page-without-group]
        severity:
          missing-translation: error
        exclude:
          - "**/Licenses/*.plist"
          - Acknowledgements.plist
      """, file: ".prefs.yml")
    #expect(configuration.disabled == ["unused-translation", "page-without-group"])
    #expect(configuration.severities == ["missing-translation": .error])
    #expect(configuration.excludes("Licenses/MIT.plist", inBundle: "Settings.bundle"))
    #expect(configuration.excludes("Acknowledgements.plist", inBundle: "Settings.bundle"))
    #expect(!configuration.excludes("Root.plist", inBundle: "Settings.bundle"))
    #expect(!configuration.excludes("Licenses/Deep/MIT.plist", inBundle: "Settings.bundle"))
  }

  /// The library says what can be done; the CLI words it with a command.
  @Test func anUnknownRuleCarriesARemedyNotACommand() {
    #expect {
      try LintConfiguration.parse("lint:\n  disable: [nope]\n", file: ".prefs.yml")
    } throws: { error in
      guard let error = error as? ConfigurationError else { return false }
      return error.remedy == .listRules && !error.description.contains("prefs ")
    }
  }

  @Test func anEmptyFileIsTheDefault() throws {
    let configuration = try LintConfiguration.parse("", file: ".prefs.yml")
    #expect(configuration.disabled.isEmpty && configuration.severities.isEmpty)
  }

  @Test(arguments: [
    (
      "lint:\n  disable: [unknown-keys]\n", "2:13",
      "unknown rule \"unknown-keys\"; did you mean unknown-key?"
    ),
    ("lint:\n  disabled: [unknown-key]\n", "2:3", "unknown key \"disabled\" in lint"),
    ("rules:\n  x: 1\n", "1:1", "unknown section \"rules\""),
    ("lint:\n  severity:\n    unknown-key: fatal\n", "3:18", "the severity of unknown-key must be"),
    ("lint: [\n", "", "error"),
  ])
  func errorsNameTheFileAndPlace(text: String, place: String, message: String) {
    #expect {
      try LintConfiguration.parse(text, file: "dir/.prefs.yml")
    } throws: { error in
      let description = "\(error)"
      return description.hasPrefix("dir/.prefs.yml" + (place.isEmpty ? "" : ":\(place)"))
        && description.contains(message)
    }
  }

  @Test(arguments: [
    ("**/*.plist", "a/b/c.plist", true), ("**/*.plist", "c.plist", true),
    ("*.plist", "a/c.plist", true), ("a/*.plist", "a/b/c.plist", false),
    ("a/**", "a/b/c.plist", true), ("Root.?list", "Root.plist", true),
    ("Settings.bundle/*.strings", "Settings.bundle/Root.strings", true),
    ("x*y*z*w*v*u", "xaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", false),
  ])
  func globs(pattern: String, path: String, matches: Bool) {
    let configuration = LintConfiguration(excludePatterns: [pattern])
    #expect(configuration.excludes(path, inBundle: ".") == matches)
  }

  @Test func isFoundAboveTheBundleAndAppliedRelativeToItsFolder() throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    for file in UnreachablePageExample.files { try bundle.write(file.path, file.text) }
    let config = bundle.folder.appendingPathComponent(".prefs.yml")
    try
      "lint:\n  exclude: [Settings.bundle/Advanced.plist]\n  severity: {page-without-group: error}\n"
      .write(to: config, atomically: true, encoding: .utf8)
    let found = try #require(LintConfiguration.find(forBundle: bundle.path))
    #expect(URL(fileURLWithPath: found).standardizedFileURL == config.standardizedFileURL)
    let configuration = try LintConfiguration.load(file: found)
    let report = try LintTestSupport.lint(bundle.path, configuration: configuration)
    #expect(!report.diagnostics.contains { $0.file == "Advanced.plist" })
    #expect(!report.files.contains("Advanced.plist"))
    let plain = try LintTestSupport.lint(bundle.path)
    #expect(plain.diagnostics.contains { $0.rule == "unreachable-page" })
  }

  @Test func severityChangesApply() throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    for file in UnreachablePageExample.files { try bundle.write(file.path, file.text) }
    let configuration = LintConfiguration(severities: ["unreachable-page": .error])
    let report = try LintTestSupport.lint(bundle.path, configuration: configuration)
    #expect(report.diagnostics.first { $0.rule == "unreachable-page" }?.severity == .error)
    let disabled = LintConfiguration(disabled: ["unreachable-page"])
    #expect(
      try LintTestSupport.lint(bundle.path, configuration: disabled).diagnostics.allSatisfy {
        $0.rule != "unreachable-page"
      })
  }
}

enum UnreachablePageExample {
  static let files: [(path: String, text: String)] = RuleRegistry.rule("unreachable-page")!
    .failingExamples[0].files.map { ($0.path, String(decoding: $0.bytes, as: UTF8.self)) }
}

/// Findings of binary plists, which have key paths and no lines, in numeric order.
struct FindingOrderTests {
  @Test(arguments: [
    ("PreferenceSpecifiers[9]", "PreferenceSpecifiers[12]"),
    ("PreferenceSpecifiers[2].Titles[10]", "PreferenceSpecifiers[10].Titles[2]"),
    ("a", "a[0]"), ("Titles[1]", "Values[0]"),
  ])
  func keyPathsSortNumerically(first: String, second: String) {
    #expect(Linter.naturallyBefore(first, second))
    #expect(!Linter.naturallyBefore(second, first))
  }
}
