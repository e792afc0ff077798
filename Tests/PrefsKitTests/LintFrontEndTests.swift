import BundleDiff
import Foundation
import PrefsKit
import ProjectConfiguration
import SettingsLint
import TestSupport
import Testing

/// `prefs lint` through its front end: paths from the environment's working
/// directory, named as given; the configuration's types agree with the peers'.
struct LintFrontEndTests {
  static let environment = PrefsEnvironment(workingDirectory: Paths.repository.path)

  /// A relative bundle is opened from the environment's directory and reported as given.
  @Test func aRelativeBundleIsReadFromTheEnvironmentAndNamedAsGiven() throws {
    let given = "Tests/Fixtures/Lint/Rules/empty-key/Settings.bundle"
    let outcome = LintFrontEnd.run(LintOptions(bundles: [given]), environment: Self.environment)
    #expect(outcome.failure == nil)
    let output = try #require(outcome.output)
    #expect(output.reports.map(\.bundlePath) == [given])
    #expect(output.render(.text).contains(given + "/Root.plist:"))
    #expect(outcome.failed)
  }

  @Test func anUnknownRuleToDisableIsATypedFailureWithItsSuggestion() {
    var options = LintOptions(bundles: ["Examples/Showcase/Settings.bundle"])
    options.disabledRules = ["unknown-keys"]
    guard
      case .unknownRule(let id, let suggestion)? =
        LintFrontEnd.run(options, environment: Self.environment).failure
    else {
      Issue.record("no unknown-rule failure")
      return
    }
    #expect(id == "unknown-keys" && suggestion == "unknown-key")
  }

  /// Colours are decided once, from the terminal facts and the variables.
  @Test(arguments: [
    ([:], true, true), (["NO_COLOR": "1"], true, false), (["NO_COLOR": ""], true, true),
    (["TERM": "dumb"], true, false), ([:], false, false),
  ])
  func coloursFollowTheTerminalAndTheVariables(
    variables: [String: String], terminal: Bool, colors: Bool
  ) {
    let environment = PrefsEnvironment(
      workingDirectory: "/", variables: variables,
      terminal: TerminalFacts(standardOutputIsTerminal: terminal))
    #expect(environment.colorsOnStandardOutput == colors)
  }

  /// `diff: fail-on:` names the diff's severities: the two enums agree case for case.
  @Test func failOnNamesTheDiffsSeverities() {
    #expect(
      ProjectConfiguration.Diff.ChangeSeverity.allCases.map(\.rawValue)
        == ChangeSeverity.allCases.map(\.rawValue))
    let every = ProjectConfiguration.Diff(
      failOn: Set(ProjectConfiguration.Diff.ChangeSeverity.allCases))
    #expect(every.failingSeverities == Set(ChangeSeverity.allCases))
    #expect(ProjectConfiguration.Diff().failingSeverities == [.breaking])
  }

  /// The rules a configuration may name are the linter's, with the options each declares.
  @Test func theConfigurationKnowsTheLintersRules() {
    let rules = ProjectConfiguration.LintRules.settingsLint
    #expect(rules.ids == RuleRegistry.ids)
    for rule in RuleRegistry.all {
      #expect(rules.options[rule.id, default: []].map(\.name) == rule.options.map(\.name))
    }
  }
}
