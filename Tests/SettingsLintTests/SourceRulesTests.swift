import Foundation
import SettingsLint
import SourceCheck
import TestSupport
import Testing

/// The code-… rules over the fixture apps (Tests/Fixtures/Apps): the broken
/// app's findings word for word, none on the clean app.
struct SourceRulesTests {
  static let apps = Paths.fixtures.appendingPathComponent("Apps")

  /// The app's findings against its own `Settings.bundle` when it has one, else the shared one.
  static func output(_ app: String) throws -> LintOutput {
    let folder = apps.appendingPathComponent(app)
    let ownBundle = folder.appendingPathComponent("Settings.bundle")
    let hasOwn = FileManager.default.fileExists(atPath: ownBundle.path)
    let scan = try SourceScanner.scan([
      hasOwn ? folder.appendingPathComponent("Sources").path : folder.path
    ])
    let bundle = hasOwn ? ownBundle : apps.appendingPathComponent("Settings.bundle")
    let report = try Linter(sources: scan).lint(bundleAt: bundle.path)
    let relative = LintReport(
      bundlePath: "Tests/Fixtures/Apps/" + (hasOwn ? "\(app)/" : "") + "Settings.bundle",
      files: report.files, diagnostics: report.diagnostics)
    return LintOutput(reports: [relative], workingDirectory: Paths.repository.path)
  }

  @Test(arguments: [
    "Broken", "FilteredRegistration", "Conversions", "Constants", "PropertyWrapper",
  ])
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

/// Receivers, suites, run-time registration and declared types (issue 15's audit).
extension SourceRulesTests {
  @Test func iCloudDictionariesKeyValueCodingAndOtherSuitesGiveNoFinding() throws {
    let output = try Self.output("OtherStores")
    #expect(
      output.reports[0].diagnostics.isEmpty, "\(output.reports[0].diagnostics.map(\.message))")
  }

  @Test func theBundlesGroupSuiteIsCheckedThroughConstantsAndStoredStores() throws {
    expectGolden(try Self.output("GroupSuite").render(.text), "lint/apps-groupsuite.txt")
    let lines = try Self.output("GroupSuite").reports[0].diagnostics.map { diagnostic in
      guard case .text(let snippet)? = diagnostic.place else { return "" }
      return "\(URL(fileURLWithPath: diagnostic.file).lastPathComponent):\(snippet.location.line)"
    }
    // The widgets suite's reads and writes (Shared.swift 24-25, Shared.m 16) are not the bundle's.
    #expect(lines == ["Shared.m:11", "Shared.swift:17", "Shared.swift:20", "Shared.swift:31"])
  }

  @Test(arguments: ["ObjectiveCRegistration", "InitRegistration", "TopLevelRegistration"])
  func registeringRootPlistAtRunTimeRegistersTheBundlesDefaults(app: String) throws {
    let output = try Self.output(app)
    #expect(
      output.reports[0].diagnostics.isEmpty, "\(output.reports[0].diagnostics.map(\.message))")
  }

  @Test func declaredTypesOfAppStorageAndDefaultsKeysAreChecked() throws {
    let messages = try Self.output("Broken").reports[0].diagnostics.filter {
      $0.rule == "code-type-mismatch"
    }.map(\.message)
    #expect(
      messages.contains(
        "@AppStorage of String reads \"celsiusPref\" as its default \"on\" when it holds true, which its PSToggleSwitchSpecifier (Root.plist) stores"
      ))
    #expect(
      messages.contains(
        "@AppStorage of Int reads \"volume\" as its default 1 when it holds a real, which its PSSliderSpecifier (Root.plist) stores"
      ))
    #expect(
      messages.contains(
        "Defaults.Key of Bool reads \"units\" as its default false when it holds \"metric\", which its PSMultiValueSpecifier (Root.plist) stores"
      ))
    // The clean app's declarations (Bool, Double, inferred String, Defaults.Key<Int>) agree.
    #expect(try Self.output("Clean").reports[0].diagnostics.isEmpty)
  }

  @Test func theSummaryCountsTheSourceFilesFindingsAreIn() throws {
    let output = try Self.output("Broken")
    // Root.plist (checked), and the three source files findings are in (Keys.swift has none).
    #expect(output.summary.files == 4)
    #expect(output.summaryLine.hasSuffix(" in 4 files."))
    #expect(try Self.output("Clean").summaryLine == "No problems in 1 file.")
  }
}

/// A line that reads a key whose phone and pad pages agree is one finding.
extension SourceRulesTests {
  static let unitsPage = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict><key>PreferenceSpecifiers</key><array>
    <dict>
      <key>Type</key><string>PSMultiValueSpecifier</string>
      <key>Title</key><string>Units</string>
      <key>Key</key><string>units</string>
      <key>DefaultValue</key><string>metric</string>
      <key>Values</key><array><string>metric</string><string>imperial</string></array>
      <key>Titles</key><array><string>Metric</string><string>Imperial</string></array>
    </dict>
    </array></dict></plist>
    """

  @Test func aReadOfAKeyOnBothIdiomsIsOneFinding() throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write("Root.plist", Self.unitsPage)
    try bundle.write("Root~ipad.plist", Self.unitsPage)
    let sources = bundle.folder.appendingPathComponent("App")
    try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
    try Data(
      """
      import Foundation
      let metric = UserDefaults.standard.bool(forKey: "units")
      let units = UserDefaults.standard.string(forKey: "units") ?? "imperial"

      """.utf8
    ).write(to: sources.appendingPathComponent("Units.swift"))
    let scan = try SourceScanner.scan([sources.path])
    let report = try Linter(sources: scan).lint(bundleAt: bundle.path)
    let code = report.diagnostics.filter { $0.rule.hasPrefix("code-") }.map(\.message)
    #expect(
      code == [
        "bool(forKey:) reads \"units\" as false when it holds \"metric\", which its PSMultiValueSpecifier (Root.plist) stores",
        "the code falls back to \"imperial\" for \"units\", but the bundle's DefaultValue is \"metric\" (Root.plist)",
      ])
  }
}
