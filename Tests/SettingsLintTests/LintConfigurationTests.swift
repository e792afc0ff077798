import Foundation
import Plist
import TestSupport
import Testing

@testable import SettingsLint

/// The linter's options value applied to a run (reading `.prefs.yml` into it is
/// ProjectConfiguration's, tested in ProjectConfigurationTests and PrefsKitTests).
struct LintConfigurationTests {
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
