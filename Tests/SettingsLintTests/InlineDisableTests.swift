import Foundation
import Plist
import PrefsKit
import ProjectConfiguration
import SettingsSchema
import TestSupport
import Testing

@testable import SettingsLint

/// `prefs:disable` comments over real-looking bundles: what each hides, what
/// is reported as unused or invalid, and that nothing else changes.
struct InlineDisableTests {
  static let folder = LintTestSupport.fixtures.appendingPathComponent("Disables")

  /// A team's bundle (its `.prefs.yml` beside it), one full of stale and
  /// misspelled directives, and one that shows how far each directive reaches.
  static let bundles = ["Team/Settings.bundle", "Stale/Settings.bundle", "Scopes/Settings.bundle"]

  /// The bundle's `.prefs.yml`, as `prefs lint` reads it.
  static func configuration(for path: String) throws -> LintConfiguration {
    LintConfiguration(try ProjectConfiguration.nearest(forBundle: path))
  }

  static func output(_ report: LintReport) -> LintOutput {
    LintOutput(reports: [report], workingDirectory: Paths.repository.path)
  }

  @Test(arguments: bundles)
  func findingsAreTheGoldenOnes(bundle: String) throws {
    let path = Self.folder.appendingPathComponent(bundle).path
    let report = try LintTestSupport.lint(path, configuration: Self.configuration(for: path))
    let name = bundle.split(separator: "/")[0].replacingOccurrences(of: ".bundle", with: "")
    expectGolden(Self.output(report).render(.text), "lint/disables/\(name).txt")
  }

  /// The same bundle with every `prefs:` comment blanked out (same bytes, so
  /// the same lines and columns) finds everything the directives hid, and
  /// each finding that comes back lies in the reach of a directive naming its rule.
  @Test(arguments: bundles)
  func directivesHideOnlyWhatTheyName(bundle: String) throws {
    let original = Self.folder.appendingPathComponent(bundle)
    let configuration = try Self.configuration(for: original.path)
    let copy = try TemporaryBundle()
    defer { copy.remove() }
    var blanked = 0
    for file in try FileManager.default.subpathsOfDirectory(atPath: original.path) {
      let source = original.appendingPathComponent(file)
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: source.path, isDirectory: &isDirectory),
        !isDirectory.boolValue
      else { continue }
      let text = try String(contentsOf: source, encoding: .utf8)
      let (plain, count) = Self.blankingDirectives(text)
      blanked += count
      try copy.write(file, plain)
    }
    #expect(blanked > 0)
    let withDirectives = try LintTestSupport.lint(original.path, configuration: configuration)
    let without = try LintTestSupport.lint(copy.path, configuration: configuration)
    let directiveRules: Set<String> = [UnusedDisable.id, InvalidDisable.id]
    #expect(without.diagnostics.allSatisfy { !directiveRules.contains($0.rule) })
    let kept = withDirectives.diagnostics.filter { !directiveRules.contains($0.rule) }
    #expect(Set(kept).isSubset(of: Set(without.diagnostics)))
    let hidden = Set(without.diagnostics).subtracting(kept)
    let bundle = try SettingsBundle.load(at: original.path)
    let disables = InlineDisables(bundle: bundle)
    for diagnostic in hidden {
      #expect(
        disables.directives.contains { directive in
          directive.covers(diagnostic) && directive.names.contains { $0.id == diagnostic.rule }
        }, "\(diagnostic.file):\(diagnostic.location?.description ?? "") [\(diagnostic.rule)]")
    }
  }

  /// Replaces each `prefs:` comment by as many spaces (line breaks kept).
  static func blankingDirectives(_ text: String) -> (String, Int) {
    var result = text
    var count = 0
    for pattern in [#"<!--\s*prefs:.*?-->"#, #"/\*\s*prefs:.*?\*/"#, #"//\s*prefs:[^\n]*"#] {
      while let range = result.range(of: pattern, options: .regularExpression) {
        let blank = String(result[range].utf8.map { $0 == 0x0A ? "\n" : " " })
        result.replaceSubrange(range, with: blank)
        count += 1
      }
    }
    return (result, count)
  }

  /// One page, one directive, and what it leaves reported.
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var specifiers: String
    var rootKeys = ""
    /// The rules still reported (the directive rules included), sorted.
    var reported: [String]
    var testDescription: String { name }
  }

  static let textField = """
    <key>Type</key>
    <string>PSTextFieldSpecifier</string>
    <key>Title</key>
    <string>Name</string>
    <key>Key</key>
    <string>name</string>
    """

  static let cases: [Case] = [
    Case(
      name: "before a key: that key and its value only",
      specifiers: """
        <dict>
          \(textField)
          <!-- prefs:disable unknown-key -->
          <key>Platform</key>
          <string>ios</string>
          <key>Colour</key>
          <string>red</string>
        </dict>
        """, reported: ["unknown-key"]),
    Case(
      name: "no spaces, ids separated by a comma, a reason after ' - '",
      specifiers: """
        <!--prefs:disable unknown-key,value-type - both read by the app-->
        <dict>
          \(textField)
          <key>Platform</key>
          <string>ios</string>
          <key>IsSecure</key>
          <string>YES</string>
        </dict>
        """, reported: []),
    Case(
      name: "disable-file at the end of the file",
      specifiers: """
        <dict>
          \(textField)
          <key>Platform</key>
          <string>ios</string>
        </dict>
        <dict>
          \(textField.replacingOccurrences(of: ">name<", with: ">other<"))
          <key>Colour</key>
          <string>red</string>
        </dict>
        <!-- prefs:disable-file unknown-key -->
        """, reported: []),
    Case(
      name: "before the page's own key",
      specifiers: """
        <dict>
          \(textField)
        </dict>
        """,
      rootKeys: "<!-- prefs:disable unknown-key -->\n  <key>Platform</key><string>ios</string>",
      reported: []),
    Case(
      name: "between a key and its value: the value",
      specifiers: """
        <dict>
          \(textField)
          <key>IsSecure</key>
          <!-- prefs:disable value-type -->
          <string>YES</string>
        </dict>
        """, reported: []),
    Case(
      name: "another rule than the finding's: both reported",
      specifiers: """
        <!-- prefs:disable value-type -->
        <dict>
          \(textField)
          <key>Platform</key>
          <string>ios</string>
        </dict>
        """, reported: ["unknown-key", "unused-disable"]),
    Case(
      name: "upper case is not a directive, and is said so",
      specifiers: """
        <!-- PREFS:DISABLE unknown-key -->
        <dict>
          \(textField)
          <key>Platform</key>
          <string>ios</string>
        </dict>
        """, reported: ["invalid-disable", "unknown-key"]),
    Case(
      name: "a lower-case word in another case is said so too",
      specifiers: """
        <!-- prefs:Disable unknown-key -->
        <dict>
          \(textField)
          <key>Platform</key>
          <string>ios</string>
        </dict>
        """, reported: ["invalid-disable", "unknown-key"]),
    Case(
      name: "Prefs: and a word that is no directive in any case is prose",
      specifiers: """
        <!-- Prefs:General is where the app shows this -->
        <dict>
          \(textField)
        </dict>
        """, reported: []),
    Case(
      name: "a disable of unused-disable keeps a stale one quiet",
      specifiers: """
        <!-- prefs:disable unknown-key unused-disable -->
        <dict>
          \(textField)
        </dict>
        """, reported: []),
    Case(
      name: "a rule id twice, once unknown",
      specifiers: """
        <!-- prefs:disable unknown-key unknown_key -->
        <dict>
          \(textField)
          <key>Platform</key>
          <string>ios</string>
        </dict>
        """, reported: ["invalid-disable"]),
  ]

  @Test(arguments: cases)
  func aDirectiveReachesAsFarAsItSays(_ example: Case) throws {
    let bundle = try LintTestSupport.materialize(
      RuleExample.root(example.specifiers, table: nil, rootKeys: example.rootKeys))
    defer { bundle.remove() }
    let report = try LintTestSupport.lint(bundle.path)
    #expect(report.diagnostics.map(\.rule).sorted() == example.reported, "\(report.diagnostics)")
  }

  /// A disable of a rule that did not run is kept for the runs that need it.
  @Test func aDisableOfARuleThatDidNotRunIsNotUnused() throws {
    let bundle = try LintTestSupport.materialize(
      RuleExample.root(
        """
        <!-- prefs:disable unknown-key code-unknown-key -->
        <dict>
          \(Self.textField)
          <key>Platform</key>
          <string>ios</string>
        </dict>
        """, table: nil))
    defer { bundle.remove() }
    #expect(try LintTestSupport.lint(bundle.path).diagnostics.isEmpty)
    let off = LintConfiguration(disabled: ["unknown-key"])
    #expect(try LintTestSupport.lint(bundle.path, configuration: off).diagnostics.isEmpty)
    // Turned off itself, or given another severity, like any rule.
    let stale = try LintTestSupport.materialize(
      RuleExample.root(
        "<!-- prefs:disable unknown-key -->\n<dict>\n\(Self.textField)\n</dict>", table: nil))
    defer { stale.remove() }
    let quiet = LintConfiguration(disabled: ["unused-disable"])
    #expect(try LintTestSupport.lint(stale.path, configuration: quiet).diagnostics.isEmpty)
    let strict = LintConfiguration(severities: ["unused-disable": .error])
    let found = try LintTestSupport.lint(stale.path, configuration: strict).diagnostics
    #expect(found.map(\.severity) == [.error])
  }

  /// A page nothing opens says so itself, where the next reader of the file sees it.
  @Test func anUnreachedPageCanTurnOffUnreachablePage() throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    for file in UnreachablePageExample.files { try bundle.write(file.path, file.text) }
    #expect(try LintTestSupport.lint(bundle.path).diagnostics.map(\.rule) == ["unreachable-page"])
    let advanced = try #require(UnreachablePageExample.files.first { $0.path == "Advanced.plist" })
    try bundle.write(
      "Advanced.plist",
      advanced.text.replacingOccurrences(
        of: "<plist version=\"1.0\">",
        with:
          "<plist version=\"1.0\">\n<!-- prefs:disable-file unreachable-page - opened by the app -->"
      ))
    #expect(try LintTestSupport.lint(bundle.path).diagnostics.isEmpty)
  }

  /// What a directive names reaches the terminal escaped, like any text of the bundle.
  @Test func aHostileRuleIdIsShownEscaped() throws {
    let bundle = try LintTestSupport.materialize(
      RuleExample.root(
        "<!-- prefs:disable unknown-key\u{202E}yek -->\n<dict>\n\(Self.textField)\n</dict>",
        table: nil))
    defer { bundle.remove() }
    let report = try LintTestSupport.lint(bundle.path)
    #expect(report.diagnostics.map(\.rule) == ["invalid-disable"])
    let text = Self.output(report).render(.text)
    #expect(text.contains("unknown-key\\u{202E}yek"))
    #expect(!text.unicodeScalars.contains("\u{202E}"))
  }

  /// A directive in another letter case says how it is written, in a table too.
  @Test func aDirectiveInAnotherLetterCaseIsReported() throws {
    let bundle = try LintTestSupport.materialize(
      StringsExamples.bundle(
        english: "\"Enabled\" = \"Enabled\";\n",
        german:
          "\"Enabled\" = \"Aktiviert\";\n/* Prefs:Disable unused-translation */\n\"Old\" = \"Alt\";\n"
      ))
    defer { bundle.remove() }
    let report = try LintTestSupport.lint(bundle.path)
    #expect(report.diagnostics.map(\.rule).sorted() == ["invalid-disable", "unused-translation"])
    let invalid = try #require(report.diagnostics.first { $0.rule == "invalid-disable" })
    #expect(invalid.message.contains("directives are lower case: prefs:disable"))
    #expect(invalid.location == TextLocation(line: 2, column: 4))
  }

  /// An entry every language's table has is one note, at the source language's
  /// table; a directive on any of those entries hides that language's part
  /// (which is then reported apart, for the directive to hide), never "nothing".
  @Test(arguments: [
    (
      german: "/* prefs:disable unused-translation */\n\"Old\" = \"Alt\";\n",
      english: "\"Old\" = \"Old\";\n",
      left: ["en.lproj/Root.strings: no page shows \"Old\""]
    ),
    (
      german: "\"Old\" = \"Alt\";\n",
      english: "/* prefs:disable unused-translation */\n\"Old\" = \"Old\";\n",
      left: ["de.lproj/Root.strings: no page shows \"Old\""]
    ),
    (
      german: "/* prefs:disable-file unused-translation */\n\"Old\" = \"Alt\";\n",
      english: "/* prefs:disable unused-translation */\n\"Old\" = \"Old\";\n",
      left: []
    ),
    (
      german: "\"Old\" = \"Alt\";\n", english: "\"Old\" = \"Old\";\n",
      left: [
        "en.lproj/Root.strings: no page shows \"Old\"; 1 other language's Root.strings has it too"
      ]
    ),
  ])
  func aDirectiveOnAFoldedEntryHidesItsPart(german: String, english: String, left: [String])
    throws
  {
    let bundle = try LintTestSupport.materialize(
      StringsExamples.bundle(
        english: "\"Enabled\" = \"Enabled\";\n" + english,
        german: "\"Enabled\" = \"Aktiviert\";\n" + german))
    defer { bundle.remove() }
    let report = try LintTestSupport.lint(bundle.path)
    #expect(report.diagnostics.map { "\($0.file): \($0.message)" } == left)
  }

  /// Strings of one page that no table has are one note at the first; a
  /// directive on another of them hides its own, apart.
  @Test func aDirectiveOnAFoldedStringHidesItsPart() throws {
    func toggle(_ title: String, _ directive: String = "") -> String {
      """
      \(directive)
      <dict>
        <key>Type</key>
        <string>PSToggleSwitchSpecifier</string>
        <key>Title</key>
        <string>\(title)</string>
        <key>Key</key>
        <string>\(title.lowercased())</string>
        <key>DefaultValue</key>
        <true/>
      </dict>
      """
    }
    let specifiers =
      toggle("Enabled") + toggle("Sound")
      + toggle("Brand", "<!-- prefs:disable missing-translation -->")
      + toggle("Logo")
    let bundle = try LintTestSupport.materialize(
      RuleExample.root(
        specifiers,
        files: [
          ("en.lproj/Root.strings", "\"Enabled\" = \"Enabled\";\n"),
          ("de.lproj/Root.strings", "\"Enabled\" = \"Aktiviert\";\n"),
        ]))
    defer { bundle.remove() }
    let report = try LintTestSupport.lint(bundle.path)
    #expect(
      report.diagnostics.map { "\($0.rule): \($0.message)" } == [
        "missing-translation: 2 strings of the page are in no language's Root.strings (\"Sound\", \"Logo\"); every language shows them as written"
      ])
  }

  /// OpenStep and binary pages have no directives: their findings stay.
  @Test func otherFormatsCannotBeDisabledInline() throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write(
      "Root.plist",
      """
      // prefs:disable-file unknown-key
      { PreferenceSpecifiers = (
        /* prefs:disable unknown-key */
        { Type = PSTextFieldSpecifier; Title = Name; Key = name; Platform = ios; }
      ); }
      """)
    let report = try LintTestSupport.lint(bundle.path)
    #expect(report.diagnostics.map(\.rule) == ["unknown-key"])
  }
}
