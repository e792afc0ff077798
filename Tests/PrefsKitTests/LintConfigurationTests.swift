import Foundation
import Plist
import PrefsKit
import ProjectConfiguration
import SettingsLint
import SourceCheck
import TestSupport
import Testing

/// `.prefs.yml` applied to a lint run: the configuration read by
/// ProjectConfiguration, handed to the linter as its ``LintConfiguration``.
struct LintConfigurationTests {
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
      let configuration = LintConfiguration(
        try ProjectConfiguration.parse(
          "lint:\n  rules:\n    \(options)\n    unreachable-page: {opened-by-app: [Advanced.plist]}\n",
          file: ".prefs.yml"))
      let report = try LintTestSupport.lint(bundle.path, configuration: configuration)
      #expect(report.diagnostics.isEmpty, "\(options): \(report.diagnostics)")
    }
    let otherType = LintConfiguration(
      try ProjectConfiguration.parse(
        "lint:\n  rules:\n    unknown-key: {allowed-keys: {PSSliderSpecifier: [Platform]}}\n",
        file: ".prefs.yml"))
    #expect(
      try LintTestSupport.lint(bundle.path, configuration: otherType).diagnostics.contains {
        $0.rule == "unknown-key"
      })
  }

  @Test func isFoundAboveTheBundleAndAppliedRelativeToItsFolder() throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    for file in UnreachablePageExample.files { try bundle.write(file.path, file.text) }
    let config = bundle.folder.appendingPathComponent(".prefs.yml")
    try
      "lint:\n  exclude: [Settings.bundle/Advanced.plist]\n  severity: {page-without-group: error}\n"
      .write(to: config, atomically: true, encoding: .utf8)
    let found = try #require(ProjectConfiguration.find(forBundle: bundle.path))
    #expect(URL(fileURLWithPath: found).standardizedFileURL == config.standardizedFileURL)
    let configuration = LintConfiguration(try ProjectConfiguration.load(file: found))
    let report = try LintTestSupport.lint(bundle.path, configuration: configuration)
    #expect(!report.diagnostics.contains { $0.file == "Advanced.plist" })
    #expect(!report.files.contains("Advanced.plist"))
    let plain = try LintTestSupport.lint(bundle.path)
    #expect(plain.diagnostics.contains { $0.rule == "unreachable-page" })
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
    let configuration = LintConfiguration(
      try ProjectConfiguration.parse(
        "lint:\n  rules:\n    unreachable-page:\n      opened-by-app: [Advanced, \(entry)]\n",
        file: "/dir/.prefs.yml"))
    let report = try LintTestSupport.lint(bundle.path, configuration: configuration)
    let finding = try #require(report.diagnostics.first { $0.rule == "unreachable-page" })
    #expect(report.diagnostics.count == 1, "\(report.diagnostics)")
    #expect(finding.file == "/dir/.prefs.yml")
    #expect(
      finding.message == "opened-by-app names \"\(entry)\", which is no page plist of this bundle")
    #expect(finding.location == TextLocation(line: 4, column: 33))
  }
}

enum UnreachablePageExample {
  static let files: [(path: String, text: String)] = RuleRegistry.rule("unreachable-page")!
    .failingExamples[0].files.map { ($0.path, String(decoding: $0.bytes, as: UTF8.self)) }
}

enum LintTestSupport {
  /// Lints a bundle with a configuration.
  static func lint(_ path: String, configuration: LintConfiguration = LintConfiguration()) throws
    -> LintReport
  {
    try Linter(configuration: configuration).lint(bundleAt: path)
  }
}
