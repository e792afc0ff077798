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

  @Test func readsRuleOptions() throws {
    let configuration = try LintConfiguration.parse(
      """
      lint:
        rules:
          unknown-key:
            allowed-keys:
              PSToggleSwitchSpecifier: [Platform, Since]
              PSGroupSpecifier: Tag
          unreachable-page:
            opened-by-app: Advanced
            severity: error
      """, file: ".prefs.yml")
    let unknownKey = try #require(configuration.ruleOptions["unknown-key"])
    #expect(
      unknownKey.list("allowed-keys", for: "PSToggleSwitchSpecifier") == ["Platform", "Since"])
    #expect(unknownKey.list("allowed-keys", for: "PSGroupSpecifier") == ["Tag"])
    #expect(unknownKey.list("allowed-keys", for: "PSSliderSpecifier").isEmpty)
    #expect(configuration.ruleOptions["unreachable-page"]?.list("opened-by-app") == ["Advanced"])
    #expect(configuration.severities == ["unreachable-page": .error])
    let everywhere = try LintConfiguration.parse(
      "lint:\n  rules:\n    unknown-key: {allowed-keys: [Platform]}\n", file: ".prefs.yml")
    #expect(
      everywhere.ruleOptions["unknown-key"]?.list("allowed-keys", for: "PSSliderSpecifier") == [
        "Platform"
      ])
  }

  /// Every mistake in a rule's options names the place, and what was expected.
  @Test(arguments: [
    (
      "lint:\n  rules:\n    unknown-key:\n      allowed-key: [Platform]\n", "4:7",
      "unknown option \"allowed-key\" for unknown-key; it takes severity, allowed-keys; did you mean allowed-keys?"
    ),
    (
      "lint:\n  rules:\n    empty-key:\n      allowed-keys: [Platform]\n", "4:7",
      "unknown option \"allowed-keys\" for empty-key; it takes severity"
    ),
    (
      "lint:\n  rules:\n    unknown-keys:\n      allowed-keys: [Platform]\n", "3:5",
      "unknown rule \"unknown-keys\"; did you mean unknown-key?"
    ),
    (
      "lint:\n  rules:\n    unknown-key:\n      allowed-keys:\n        PSToggleSwitch: [Platform]\n",
      "5:9", "unknown specifier type \"PSToggleSwitch\"; did you mean PSToggleSwitchSpecifier?"
    ),
    (
      "lint:\n  rules:\n    unknown-key:\n      allowed-keys: [[Platform]]\n", "4:22",
      "allowed-keys of unknown-key takes text, not a list"
    ),
    (
      "lint:\n  rules:\n    unreachable-page:\n      opened-by-app: {Advanced: yes}\n", "4:22",
      "opened-by-app of unreachable-page must be a list of page plists"
    ),
    (
      "lint:\n  rules:\n    unknown-key: [allowed-keys]\n", "3:18",
      "the options of unknown-key must be a mapping"
    ),
    (
      "lint:\n  rules:\n    unknown-key:\n      severity: loud\n", "4:17",
      "the severity of unknown-key must be error, warning or note"
    ),
    (
      "lint:\n  severity: {unknown-key: note}\n  rules:\n    unknown-key: {severity: error}\n",
      "4:29", "the severity of unknown-key is given twice, as note and error"
    ),
  ])
  func ruleOptionErrorsNameTheFileAndPlace(text: String, place: String, message: String) {
    #expect {
      try LintConfiguration.parse(text, file: "dir/.prefs.yml")
    } throws: { error in
      let description = "\(error)"
      return description.hasPrefix("dir/.prefs.yml:\(place): error: ")
        && description.contains(message)
    }
  }

  @Test func allowedKeysAndOpenedPagesAreNotFindings() throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    for file in UnreachablePageExample.files { try bundle.write(file.path, file.text) }
    try bundle.write(
      "Advanced~ipad.plist",
      UnreachablePageExample.files.first { $0.path == "Advanced.plist" }!.text)
    try bundle.write(
      "Root.plist",
      RuleExample.page(
        """
        <dict>
          <key>Type</key>
          <string>PSGroupSpecifier</string>
          <key>Platform</key>
          <string>ios</string>
        </dict>
        """))
    let plain = try LintTestSupport.lint(bundle.path)
    #expect(
      plain.diagnostics.map(\.rule).sorted() == [
        "unknown-key", "unreachable-page", "unreachable-page",
      ])
    for options in [
      "unknown-key: {allowed-keys: {PSGroupSpecifier: [Platform]}}",
      "unknown-key: {allowed-keys: Platform}",
    ] {
      let configuration = try LintConfiguration.parse(
        "lint:\n  rules:\n    \(options)\n    unreachable-page: {opened-by-app: [Advanced.plist]}\n",
        file: ".prefs.yml")
      let report = try LintTestSupport.lint(bundle.path, configuration: configuration)
      #expect(report.diagnostics.isEmpty, "\(options): \(report.diagnostics)")
    }
    let otherType = try LintConfiguration.parse(
      "lint:\n  rules:\n    unknown-key: {allowed-keys: {PSSliderSpecifier: [Platform]}}\n",
      file: ".prefs.yml")
    #expect(
      try LintTestSupport.lint(bundle.path, configuration: otherType).diagnostics.contains {
        $0.rule == "unknown-key"
      })
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

/// Values YAML reads as something else than written, and entries that name no page.
struct RuleOptionKindTests {
  @Test(arguments: [
    ("allowed-keys: 3", "4:21", "takes text, not the number 3 (write \"3\" for the text)"),
    ("allowed-keys: yes", "4:21", "takes text, not the boolean yes"),
    ("allowed-keys: [Platform, 1.5]", "4:32", "takes text, not the number 1.5"),
    ("allowed-keys: {PSToggleSwitchSpecifier: [no]}", "4:48", "takes text, not the boolean no"),
  ])
  func scalarsOfAnotherKindAreErrors(option: String, place: String, message: String) {
    let text = "lint:\n  rules:\n    unknown-key:\n      \(option)\n"
    #expect {
      try LintConfiguration.parse(text, file: "dir/.prefs.yml")
    } throws: { error in
      "\(error)".hasPrefix("dir/.prefs.yml:\(place): error: allowed-keys of unknown-key ")
        && "\(error)".contains(message)
    }
  }

  @Test func quotedTextAndASingleNameStayText() throws {
    let configuration = try LintConfiguration.parse(
      "lint:\n  rules:\n    unknown-key:\n      allowed-keys: [\"3\", 'yes', Platform]\n",
      file: ".prefs.yml")
    #expect(
      configuration.ruleOptions["unknown-key"]?.list("allowed-keys") == ["3", "yes", "Platform"])
  }

  @Test(arguments: ["../../etc/passwd", "/etc/passwd", "Sub/../../Root.plist"])
  func openedByAppNeverLeavesTheBundle(entry: String) {
    let text =
      "lint:\n  rules:\n    unreachable-page:\n      opened-by-app: [Advanced, \"\(entry)\"]\n"
    #expect {
      try LintConfiguration.parse(text, file: "dir/.prefs.yml")
    } throws: { error in
      "\(error)".hasPrefix("dir/.prefs.yml:4:33: error: opened-by-app of unreachable-page: ")
        && "\(error)".contains("leaves the bundle")
    }
  }

  /// A repeated key is named at its second place, in our words.
  @Test(arguments: [
    (
      "lint:\n  disable: [a]\n  disable: [b]\n", "3:3",
      "\"disable\" is given twice in one mapping (first on line 2)"
    ),
    ("lint: {disable: [a], disable: [b]}\n", "1:8", "\"disable\" is given twice in one mapping"),
  ])
  func aRepeatedKeyIsNamedWithItsPlace(text: String, place: String, message: String) {
    #expect {
      try LintConfiguration.parse(text, file: "dir/.prefs.yml")
    } throws: { error in
      "\(error)" == "dir/.prefs.yml:\(place): error: \(message)"
    }
  }
}

/// An `opened-by-app` entry that names no page of the bundle is a warning at
/// the entry in the configuration, not silence.
struct OpenedByAppEntryTests {
  @Test(arguments: ["Nope.plist", "Nope"])
  func anEntryThatNamesNoPageIsReportedWhereItIsWritten(entry: String) throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    for file in UnreachablePageExample.files { try bundle.write(file.path, file.text) }
    let configuration = try LintConfiguration.parse(
      "lint:\n  rules:\n    unreachable-page:\n      opened-by-app: [Advanced, \(entry)]\n",
      file: "/dir/.prefs.yml")
    let report = try LintTestSupport.lint(bundle.path, configuration: configuration)
    let finding = try #require(report.diagnostics.first { $0.rule == "unreachable-page" })
    #expect(report.diagnostics.count == 1, "\(report.diagnostics)")
    #expect(finding.file == "/dir/.prefs.yml")
    #expect(
      finding.message == "opened-by-app names \"\(entry)\", which is no page plist of this bundle")
    #expect(finding.location == TextLocation(line: 4, column: 33))
  }
}
