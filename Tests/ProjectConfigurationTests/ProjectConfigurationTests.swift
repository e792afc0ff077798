import Foundation
import Plist
import PrefsKit
import ProjectConfiguration
import TestSupport
import Testing

/// `.prefs.yml` read into typed sections, checked against the linter's rules
/// (``ProjectConfiguration/LintRules/settingsLint``, which PrefsKit builds).
struct ProjectConfigurationTests {
  @Test func readsDisableSeverityAndExclude() throws {
    let configuration = try ProjectConfiguration.parse(
      """
      lint:
        disable: [unused-translation, page-without-group]
        severity:
          missing-translation: error
        exclude:
          - "**/Licenses/*.plist"
          - Acknowledgements.plist
      """, file: ".prefs.yml")
    #expect(configuration.lint.disabled == ["unused-translation", "page-without-group"])
    #expect(configuration.lint.severities == ["missing-translation": .error])
    #expect(configuration.excludes("Licenses/MIT.plist", inBundle: "Settings.bundle"))
    #expect(configuration.excludes("Acknowledgements.plist", inBundle: "Settings.bundle"))
    #expect(!configuration.excludes("Root.plist", inBundle: "Settings.bundle"))
    #expect(!configuration.excludes("Licenses/Deep/MIT.plist", inBundle: "Settings.bundle"))
  }

  /// The library says what can be done; the CLI words it with a command.
  @Test func anUnknownRuleCarriesARemedyNotACommand() {
    #expect {
      try ProjectConfiguration.parse("lint:\n  disable: [nope]\n", file: ".prefs.yml")
    } throws: { error in
      guard let error = error as? ConfigurationError else { return false }
      return error.remedy == .listRules && !error.description.contains("prefs ")
    }
  }

  @Test func anEmptyFileIsTheDefault() throws {
    let configuration = try ProjectConfiguration.parse("", file: ".prefs.yml")
    #expect(configuration.lint.disabled.isEmpty && configuration.lint.severities.isEmpty)
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
      try ProjectConfiguration.parse(text, file: "dir/.prefs.yml")
    } throws: { error in
      let description = "\(error)"
      return description.hasPrefix("dir/.prefs.yml" + (place.isEmpty ? "" : ":\(place)"))
        && description.contains(message)
    }
  }

  @Test func readsRuleOptions() throws {
    let configuration = try ProjectConfiguration.parse(
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
    let unknownKey = try #require(configuration.lint.ruleOptions["unknown-key"])
    #expect(
      unknownKey.list("allowed-keys", for: "PSToggleSwitchSpecifier") == ["Platform", "Since"])
    #expect(unknownKey.list("allowed-keys", for: "PSGroupSpecifier") == ["Tag"])
    #expect(unknownKey.list("allowed-keys", for: "PSSliderSpecifier").isEmpty)
    #expect(
      configuration.lint.ruleOptions["unreachable-page"]?.list("opened-by-app") == ["Advanced"])
    #expect(configuration.lint.severities == ["unreachable-page": .error])
    let everywhere = try ProjectConfiguration.parse(
      "lint:\n  rules:\n    unknown-key: {allowed-keys: [Platform]}\n", file: ".prefs.yml")
    #expect(
      everywhere.lint.ruleOptions["unknown-key"]?.list("allowed-keys", for: "PSSliderSpecifier")
        == [
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
      try ProjectConfiguration.parse(text, file: "dir/.prefs.yml")
    } throws: { error in
      let description = "\(error)"
      return description.hasPrefix("dir/.prefs.yml:\(place): error: ")
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
    let configuration = ProjectConfiguration(lint: .init(excludePatterns: [pattern]))
    #expect(configuration.excludes(path, inBundle: ".") == matches)
  }

}

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
      try ProjectConfiguration.parse(text, file: "dir/.prefs.yml")
    } throws: { error in
      "\(error)".hasPrefix("dir/.prefs.yml:\(place): error: allowed-keys of unknown-key ")
        && "\(error)".contains(message)
    }
  }

  @Test func quotedTextAndASingleNameStayText() throws {
    let configuration = try ProjectConfiguration.parse(
      "lint:\n  rules:\n    unknown-key:\n      allowed-keys: [\"3\", 'yes', Platform]\n",
      file: ".prefs.yml")
    #expect(
      configuration.lint.ruleOptions["unknown-key"]?.list("allowed-keys") == [
        "3", "yes", "Platform",
      ])
  }

  @Test(arguments: ["../../etc/passwd", "/etc/passwd", "Sub/../../Root.plist"])
  func openedByAppNeverLeavesTheBundle(entry: String) {
    let text =
      "lint:\n  rules:\n    unreachable-page:\n      opened-by-app: [Advanced, \"\(entry)\"]\n"
    #expect {
      try ProjectConfiguration.parse(text, file: "dir/.prefs.yml")
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
      try ProjectConfiguration.parse(text, file: "dir/.prefs.yml")
    } throws: { error in
      "\(error)" == "dir/.prefs.yml:\(place): error: \(message)"
    }
  }
}
