import Foundation
import Plist
import SettingsLint
import SettingsSchema
import TestSupport
import Testing

/// Whole-bundle output, word for word: the examples (which must be clean) and
/// the hand-made broken fixtures, in every format.
struct LintGoldenTests {
  /// The bundles (paths from the repository) linted where they are and named as given:
  /// this process's working directory is never changed.
  static func output(_ paths: [String], strict: Bool = false) throws -> LintOutput {
    let reports = try paths.map { path in
      var report = try LintTestSupport.lint(Paths.repository.appendingPathComponent(path).path)
      report.bundlePath = path
      return report
    }
    // The CLI passes its version; the golden SARIF shows where it goes.
    return LintOutput(
      reports: reports, workingDirectory: Paths.repository.path, strict: strict,
      toolVersion: "0.1.0")
  }

  @Test(arguments: ["Conversor", "Showcase"])
  func examplesAreClean(name: String) throws {
    let output = try Self.output(["Examples/\(name)/Settings.bundle"])
    #expect(output.reports[0].diagnostics.isEmpty, "\(output.reports[0].diagnostics)")
    expectGolden(output.render(.text), "lint/examples-\(name).txt")
    expectGolden(output.render(.json), "lint/examples-\(name).json")
  }

  static let fixtures = [
    "Tests/Fixtures/Lint/Binary/Settings.bundle", "Tests/Fixtures/Lint/Hostile/Settings.bundle",
    "Tests/Fixtures/Hostile/Traversal/Settings.bundle",
    "Tests/Fixtures/Hostile/BrokenRoot/Settings.bundle",
  ]

  @Test(arguments: LintFormat.allCases)
  func brokenFixtures(format: LintFormat) throws {
    let output = try Self.output(Self.fixtures)
    let text = output.render(format)
    expectGolden(text, "lint/fixtures.\(format == .text ? "txt" : format.rawValue)")
    // Nothing from the input drives the terminal.
    #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
  }

  /// Xcode's template bundle, with its UTF-16 table, gets no warning at all.
  @Test func xcodeTemplateIsClean() throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write("Root.plist", XcodeTemplate.root)
    let strings = XcodeTemplate.strings
    let url = bundle.url.appendingPathComponent("en.lproj/Root.strings")
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data([0xFF, 0xFE] + strings.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }).write(
      to: url)
    let report = try LintTestSupport.lint(bundle.path)
    #expect(report.diagnostics.filter { $0.severity >= .warning }.isEmpty, "\(report.diagnostics)")
  }
}

/// The Settings.bundle Xcode creates (File › New › Settings Bundle).
enum XcodeTemplate {
  static let root = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    	<key>StringsTable</key>
    	<string>Root</string>
    	<key>PreferenceSpecifiers</key>
    	<array>
    		<dict>
    			<key>Type</key>
    			<string>PSGroupSpecifier</string>
    			<key>Title</key>
    			<string>Group</string>
    		</dict>
    		<dict>
    			<key>Type</key>
    			<string>PSTextFieldSpecifier</string>
    			<key>Title</key>
    			<string>Name</string>
    			<key>Key</key>
    			<string>name_preference</string>
    			<key>DefaultValue</key>
    			<string></string>
    			<key>IsSecure</key>
    			<false/>
    			<key>KeyboardType</key>
    			<string>Alphabet</string>
    			<key>AutocapitalizationType</key>
    			<string>None</string>
    			<key>AutocorrectionType</key>
    			<string>No</string>
    		</dict>
    		<dict>
    			<key>Type</key>
    			<string>PSToggleSwitchSpecifier</string>
    			<key>Title</key>
    			<string>Enabled</string>
    			<key>Key</key>
    			<string>enabled_preference</string>
    			<key>DefaultValue</key>
    			<true/>
    		</dict>
    		<dict>
    			<key>Type</key>
    			<string>PSSliderSpecifier</string>
    			<key>Key</key>
    			<string>slider_preference</string>
    			<key>DefaultValue</key>
    			<real>0.5</real>
    			<key>MinimumValue</key>
    			<integer>0</integer>
    			<key>MaximumValue</key>
    			<integer>1</integer>
    			<key>MinimumValueImage</key>
    			<string></string>
    			<key>MaximumValueImage</key>
    			<string></string>
    		</dict>
    	</array>
    </dict>
    </plist>

    """

  static let strings = """
    /* A single strings file, whose title is specified in your preferences schema. The strings files provide the localized content to display to the user for each of your preferences. */

    "Group" = "Group";
    "Name" = "Name";
    "none given" = "none given";
    "Enabled" = "Enabled";

    """
}

/// The real bundles of the corpus: none crashes, and no file that Foundation
/// reads gets a finding that says it does not read.
struct CorpusLintTests {
  @Test(.needsCorpus, arguments: Paths.corpusBundles.map(\.path))
  func corpusBundle(path: String) throws {
    for dialect in Dialect.allCases {
      let linter = Linter(loadOptions: LoadOptions(dialect: dialect))
      let report = try linter.lint(bundleAt: path)
      let unreadable = report.diagnostics.filter {
        ($0.rule == "plist-syntax" || $0.rule == "strings-syntax" || $0.rule == "strings-encoding")
          && $0.severity == .error
      }
      for diagnostic in unreadable {
        let bytes = try Paths.bytes(
          URL(fileURLWithPath: path).appendingPathComponent(diagnostic.file))
        #expect(
          FoundationOracle.read(bytes) == nil,
          "\(diagnostic.file): Foundation reads it, but lint says \(diagnostic.message)")
      }
      // Every finding names a file of the bundle and a rule that exists.
      for diagnostic in report.diagnostics {
        #expect(RuleRegistry.rule(diagnostic.rule) != nil)
        #expect(!diagnostic.file.hasPrefix("/") && !diagnostic.file.contains(".."))
      }
    }
  }
}
