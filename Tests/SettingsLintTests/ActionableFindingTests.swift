import Foundation
import Plist
import SettingsLint
import SettingsSchema
import TestSupport
import Testing

/// Lint reports nothing the author cannot or need not act on: generated and
/// hand-written licence pages, plists that are the app's data, values quoted
/// whole, one finding per key where there is one cause, and the false
/// positives real bundles showed (issue 24).
struct ActionableFindingTests {
  static let unseen = Paths.fixtures.appendingPathComponent("Unseen")

  /// Real bundles with licence pages: CocoaPods' acknowledgements with their
  /// `License` keys, LicensePlist's folder of pages, pages written by hand.
  static let licenceBundles = [
    unseen.appendingPathComponent("gbuela__kanjiryokucha/Settings.bundle"),
    unseen.appendingPathComponent("KMessina1__Photo-Framing-App/Settings.bundle"),
    Paths.corpus.appendingPathComponent("CovidTrackerFr__vitemadose-ios/Settings.bundle"),
  ]

  static let licenceFiles: [String: Set<String>] = [
    "gbuela__kanjiryokucha": ["Pods-acknowledgements.plist"],
    "KMessina1__Photo-Framing-App": [
      "Font.License.plist", "Montserrat.plist", "com.mono0926.LicensePlist.plist",
    ],
    "CovidTrackerFr__vitemadose-ios": ["com.mono0926.LicensePlist.plist"],
  ]

  /// Failed before: 19 unknown-key warnings for `License`, 16 child-pane-path
  /// notes, two page-without-group warnings, an unreachable-page warning.
  @Test(arguments: licenceBundles)
  func licencePagesGetNoWarningAndNoNoteOfLayout(bundle: URL) throws {
    guard FileManager.default.fileExists(atPath: bundle.path) else { return }
    let report = try LintTestSupport.lint(bundle.path)
    let owner = bundle.deletingLastPathComponent().lastPathComponent
    let licences = try #require(Self.licenceFiles[owner])
    for diagnostic in report.diagnostics
    where licences.contains(diagnostic.file)
      || diagnostic.file.hasPrefix("com.mono0926.LicensePlist/")
    {
      #expect(diagnostic.severity == .note, "\(diagnostic.file): \(diagnostic.message)")
      #expect(
        !["unknown-key", "child-pane-path", "page-without-group"].contains(diagnostic.rule),
        "\(diagnostic.file): \(diagnostic.message)")
    }
  }

  /// A page of settings that starts with a child pane is still reported: the
  /// licence pages are known by what they hold, not by their file names.
  @Test func aSettingsPageNamedLikeALicencePageIsStillLinted() throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write(
      "Root.plist",
      RuleExample.page(
        """
        <dict>
          <key>Type</key>
          <string>PSChildPaneSpecifier</string>
          <key>Title</key>
          <string>Licences</string>
          <key>File</key>
          <string>Acknowledgements</string>
        </dict>
        """))
    try bundle.write(
      "Acknowledgements.plist",
      RuleExample.page(
        """
        <dict>
          <key>Type</key>
          <string>PSToggleSwitchSpecifier</string>
          <key>Title</key>
          <string>Crash reports</string>
          <key>Key</key>
          <string>crash</string>
          <key>DefaultValue</key>
          <true/>
          <key>License</key>
          <string>MIT</string>
        </dict>
        """))
    let rules = try LintTestSupport.lint(bundle.path).diagnostics.map(\.rule)
    #expect(rules.contains("unknown-key"))
    #expect(rules.contains("page-without-group"))
  }

  /// Failed before: psytrack's LCYLock.plist had the note and an unknown-key warning.
  @Test(.needsCorpus) func aDataPlistGetsTheNoteAndNothingElse() throws {
    let report = try LintTestSupport.lint(
      Paths.corpus.appendingPathComponent("apsoftwaredev__psytrack/Settings.bundle").path)
    let found = report.diagnostics.filter { $0.file == "LCYLock.plist" }
    #expect(found.map(\.rule) == ["unreachable-page"])
    #expect(found.map(\.severity) == [.note])
  }

  /// Failed before: the note and one unknown-key warning per top-level key.
  @Test func aDataPlistOfManyKeysGetsOneNote() throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write("Root.plist", RuleExample.page("", table: nil))
    let keys = (1...8).map { "<key>server\($0)</key><string>https://\($0).example</string>" }
    try bundle.write(
      "Servers.plist",
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n"
        + keys.joined(separator: "\n")
        + "\n<key>Type</key><string>PSNope</string>\n</dict>\n</plist>\n")
    let found = try LintTestSupport.lint(bundle.path).diagnostics.filter {
      $0.file == "Servers.plist"
    }
    #expect(found.map(\.rule) == ["unreachable-page"])
  }

  // MARK: - Messages quote at most a line of a value

  static let hostileValues: [String] = [
    String(repeating: "We respect your privacy. ", count: 40),
    "First line\nsecond line\nthird line",
    "line\r\nwindows",
    "para\u{2029}graph",
    "quote \"inside\" and\nbreak",
    String(repeating: "é", count: 300),
    "",
  ]

  /// Property: whatever a rule interpolates, the message has no line break
  /// and no quoted run over the limit (plus its ellipsis).
  @Test(arguments: hostileValues)
  func boundedMessagesHaveOneLineAndShortQuotes(value: String) {
    for message in [
      "\"\(value)\" has no translation in de.lproj/Root.strings; iOS shows it as written",
      "3 strings (\"\(value)\", \"\(value)\", …); every language shows them",
      "DefaultValue \(value) is not one of Values",
      "\"\(value)",
    ] {
      let bounded = MessageText.bounded(message)
      #expect(!bounded.contains { $0.isNewline }, "\(bounded)")
      #expect(bounded.count <= message.count + 3)
      // Every run between quotes is at most the limit and an ellipsis.
      for run in bounded.split(separator: "\"") {
        #expect(
          run.count <= MessageText.limit + 1 || run.contains(" has no translation")
            || run.contains(" is not one"))
      }
    }
  }

  /// A page whose FooterText is a 900-character privacy policy of many lines:
  /// every finding quotes a line of it at most. Failed before: the
  /// missing-translation message printed the whole policy.
  @Test func aLongMultilineValueIsQuotedAsALine() throws {
    let policy = (1...12).map {
      "Paragraph \($0) of the privacy policy, which goes on for a while."
    }
    .joined(separator: "\n")
    #expect(policy.count > 700)
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write(
      "Root.plist",
      RuleExample.page(
        """
        <dict>
          <key>Type</key>
          <string>PSGroupSpecifier</string>
          <key>FooterText</key>
          <string>\(policy)</string>
        </dict>
        """, table: "Root"))
    try bundle.write("en.lproj/Root.strings", "\"Other\" = \"Other\";\n")
    try bundle.write("de.lproj/Root.strings", "\"Other\" = \"Andere\";\n")
    let report = try LintTestSupport.lint(bundle.path)
    #expect(!report.diagnostics.isEmpty)
    for diagnostic in report.diagnostics {
      #expect(!diagnostic.message.contains { $0.isNewline }, "\(diagnostic.message)")
      #expect(diagnostic.message.count < 250, "\(diagnostic.message)")
    }
  }

  // MARK: - One finding per cause in text output

  static func bundleLacking(_ count: Int, emptyGerman: Bool) throws -> TemporaryBundle {
    let bundle = try TemporaryBundle()
    let titles = (1...count).map { "Setting number \($0)" }
    let rows = titles.enumerated().map { index, title in
      """
      <dict>
        <key>Type</key>
        <string>PSToggleSwitchSpecifier</string>
        <key>Title</key>
        <string>\(title)</string>
        <key>Key</key>
        <string>key\(index)</string>
        <key>DefaultValue</key>
        <true/>
      </dict>
      """
    }
    try bundle.write(
      "Root.plist",
      RuleExample.page(
        "<dict>\n  <key>Type</key>\n  <string>PSGroupSpecifier</string>\n</dict>\n"
          + rows.joined(separator: "\n"), table: "Root"))
    try bundle.write(
      "en.lproj/Root.strings", titles.map { "\"\($0)\" = \"\($0)\";" }.joined(separator: "\n"))
    try bundle.write(
      "de.lproj/Root.strings",
      emptyGerman ? "/* nothing yet */\n" : "\"\(titles[0])\" = \"Einstellung 1\";\n")
    return bundle
  }

  /// Failed before: one line per string (nine lines for de), the JSON the same.
  @Test(arguments: [false, true])
  func aTableLackingManyStringsIsOneFindingInText(emptyGerman: Bool) throws {
    let bundle = try Self.bundleLacking(9, emptyGerman: emptyGerman)
    defer { bundle.remove() }
    let report = try LintTestSupport.lint(bundle.path)
    let missing = report.diagnostics.filter { $0.rule == "missing-translation" }
    #expect(missing.count == (emptyGerman ? 9 : 8), "the report keeps every key")
    let text = LintOutput(reports: [report]).render(.text)
    let lines = text.split(separator: "\n").filter { $0.hasSuffix("[missing-translation]") }
    #expect(lines.count == 1, "\(text)")
    let expected =
      emptyGerman
      ? "de.lproj/Root.strings is empty: 9 strings show as written (\"Setting number 1\", \"Setting number 2\", \"Setting number 3\", …)"
      : "de.lproj/Root.strings lacks 8 strings (\"Setting number 2\", \"Setting number 3\", \"Setting number 4\", …); iOS shows them as written"
    #expect(lines.first?.contains(expected) == true, "\(text)")
    let json = LintOutput(reports: [report]).render(.json)
    #expect(json.components(separatedBy: "\"missing-translation\"").count - 1 == missing.count)
  }

  // MARK: - False positives found on real bundles

  /// A TrueValue of <true/> alone stores what a toggle without values stores.
  @Test func aTrueValueOfTrueWithoutFalseValueIsConsistent() throws {
    let bundle = try LintTestSupport.materialize(
      RuleExample.root(
        """
        <dict>
          <key>Type</key>
          <string>PSToggleSwitchSpecifier</string>
          <key>Title</key>
          <string>Sound</string>
          <key>Key</key>
          <string>sound</string>
          <key>DefaultValue</key>
          <true/>
          <key>TrueValue</key>
          <true/>
        </dict>
        <dict>
          <key>Type</key>
          <string>PSToggleSwitchSpecifier</string>
          <key>Title</key>
          <string>Vibrate</string>
          <key>Key</key>
          <string>vibrate</string>
          <key>DefaultValue</key>
          <false/>
          <key>FalseValue</key>
          <false/>
        </dict>
        """, table: nil))
    defer { bundle.remove() }
    let report = try LintTestSupport.lint(bundle.path)
    #expect(report.diagnostics.filter { $0.rule == "toggle-values" }.map(\.message) == [])
  }

  /// Two title values showing one Key write nothing: no collision.
  @Test func twoTitleValuesSharingAKeyStoreNothing() throws {
    let title = """
      <dict>
        <key>Type</key>
        <string>PSTitleValueSpecifier</string>
        <key>Title</key>
        <string>Version</string>
        <key>Key</key>
        <string>version</string>
        <key>DefaultValue</key>
        <string>1.0</string>
      </dict>
      """
    let bundle = try LintTestSupport.materialize(RuleExample.root(title + "\n" + title, table: nil))
    defer { bundle.remove() }
    let report = try LintTestSupport.lint(bundle.path)
    #expect(report.diagnostics.filter { $0.rule == "duplicate-key" }.map(\.message) == [])
  }
}

/// Hints where the cause is plain, and every missing `;` of a table (issue 24).
struct PlainCauseHintTests {
  static func hintedBundle() throws -> TemporaryBundle {
    let bundle = try TemporaryBundle()
    try bundle.write(
      "Root.plist",
      RuleExample.page(
        """
        <dict>
          <key>Type</key>
          <string>PSGroupSpecifier</string>
          <key>Title</key>
          <string>Sound &amp; Vibration</string>
        </dict>
        <dict>
          <key>Type</key>
          <string>PSMultiValueSpecifier</string>
          <key>Title</key>
          <string>Colour</string>
          <key>Key</key>
          <string>colour</string>
          <key>DefaultValue</key>
          <string>Grey</string>
          <key>Values</key>
          <array>
            <string>grey</string>
            <string>blue</string>
          </array>
          <key>Titles</key>
          <array>
            <string>Grau</string>
            <string>Blau</string>
          </array>
        </dict>
        """, table: "Root"))
    try bundle.write(
      "fr.lproj/Root.strings",
      "\"Sound &amp; Vibration\" = \"Son et vibration\";\n\"Colour\" = \"Couleur\";\n")
    try bundle.write(
      "de.lproj/Root.strings", "\u{201C}Sound & Vibration\u{201D} = \u{201C}Ton\u{201D};\n")
    return bundle
  }

  /// Failed before: no hint in any of the three messages.
  @Test func hintsNameTheCause() throws {
    let bundle = try Self.hintedBundle()
    defer { bundle.remove() }
    let report = try LintTestSupport.lint(bundle.path)
    let messages = report.diagnostics.map(\.message)
    #expect(
      messages.contains {
        $0.hasSuffix("values compare with their letter case: did you mean \"grey\"?")
      }, "\(messages)")
    #expect(
      messages.contains {
        $0.hasSuffix(
          "the key is XML-escaped, but a .strings file takes it as written: did you mean \"Sound & Vibration\"?"
        )
      }, "\(messages)")
    #expect(
      messages.contains { $0.contains("the typographic quote '\u{201C}' (U+201C)") }, "\(messages)")
  }

  /// A title written where its value belongs, on a real bundle (TheLord45/tpanel).
  @Test(.needsCorpus) func aTitleForItsValueIsNamed() throws {
    let report = try LintTestSupport.lint(
      Paths.corpus.appendingPathComponent("TheLord45__tpanel/Settings.bundle").path)
    let found = report.diagnostics.filter { $0.rule == "default-not-in-values" }
    #expect(!found.isEmpty)
    for diagnostic in found {
      #expect(diagnostic.message.contains("it is the title of the value"), "\(diagnostic.message)")
    }
  }

  /// The byte is shown as a byte with its offset, and the encoding the file looks saved in.
  @Test(arguments: [
    (
      Array("\"Caf".utf8) + [0xE9] + Array("\" = \"Caf".utf8) + [0xE9] + Array("\";\n".utf8),
      "Windows-1252", "0xE9", "é"
    ),
    (
      Array("\"Caf".utf8) + [0x8E] + Array("\" = \"Caf".utf8) + [0x8E] + Array("\";\n".utf8),
      "MacRoman", "0x8E", "é"
    ),
  ])
  func aLegacyEncodingIsNamed(bytes: [UInt8], encoding: String, byte: String, character: String)
    throws
  {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write("Root.plist", RuleExample.page("", table: "Root"))
    try Data(bytes).write(to: bundle.url.appendingPathComponent("Root.strings"))
    let report = try LintTestSupport.lint(bundle.path)
    let message = try #require(report.diagnostics.first { $0.rule == "strings-encoding" }?.message)
    #expect(
      message.hasPrefix(
        "the file is not valid UTF-8: byte \(byte) at offset 4 is \"\(character)\" in \(encoding), which the file looks saved in; re-save it as UTF-8"
      ), "\(message)")
  }

  /// Failed before: one finding, for the first `;` only.
  @Test func everyMissingSemicolonIsAFindingAndOneFixInsertsThemAll() throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write("Root.plist", RuleExample.page("", table: "Root"))
    try bundle.write(
      "de.lproj/Root.strings",
      "\"A\" = \"a\"\n\"B\" = \"b\"\n\"C\" = \"c\";\n\"D\" = \"d\"\n\"E\" = \"e\"")
    try bundle.write("en.lproj/Root.strings", "\"A\" = \"a\";\n")
    let report = try LintTestSupport.lint(bundle.path)
    let found = report.diagnostics.filter { $0.rule == "strings-syntax" }
    #expect(found.compactMap(\.location?.line) == [1, 2, 4, 5])
    #expect(found.compactMap(\.fix).count == 1)
    let outcome = try LintFixer(linter: Linter()).fix(bundleAt: bundle.path)
    let change = try #require(outcome.changes.first { $0.file == "de.lproj/Root.strings" })
    #expect(
      String(decoding: change.after, as: UTF8.self)
        == "\"A\" = \"a\";\n\"B\" = \"b\";\n\"C\" = \"c\";\n\"D\" = \"d\";\n\"E\" = \"e\";")
    #expect(!outcome.report.diagnostics.contains { $0.rule == "strings-syntax" })
  }
}

/// Real bundles whose title values share a Key (a version shown on two
/// pages, a debug flag listed twice): nothing is stored, so nothing collides.
struct TitleValueKeyTests {
  /// Failed before: a "both rows show and change one stored value" warning on each.
  @Test(
    .needsCorpus,
    arguments: [
      ("CCIP-App__CCIP-iOS", "AppFlags.plist"),
      ("KentarouKanno__SettingsBundleSample", "Root.plist"),
      ("akinsella__xebia-ios", "About.plist"),
      ("akinsella__xebia-ios", "ParseKit.plist"),
      ("logisticinfotech__iOSSettingBundle", "ContactUs.plist"),
    ])
  func titleValuesSharingAKeyAreNotReported(folder: String, file: String) throws {
    let report = try LintTestSupport.lint(
      Paths.corpus.appendingPathComponent(folder).appendingPathComponent("Settings.bundle").path)
    let found = report.diagnostics.filter { $0.rule == "duplicate-key" && $0.file == file }
    #expect(found.map(\.message) == [])
  }
}

/// One cause, one finding in text, on a real bundle: UTM's build step adds
/// `Platform` and `ExcludeTargets` to a score of elements.
struct OneCauseTextTests {
  /// Failed before: 20 unknown-key lines and 62 missing-translation lines per language.
  @Test(.needsCorpus) func utmsBuildKeysAndMissingStringsAreOneLineEach() throws {
    let report = try LintTestSupport.lint(
      Paths.corpus.appendingPathComponent("utmapp__UTM/Settings.bundle").path)
    let text = LintOutput(reports: [report]).render(.text)
    let lines = text.split(separator: "\n")
    let unknown = lines.filter { $0.hasSuffix("[unknown-key]") }
    #expect(unknown.count == 2, "\(unknown)")
    #expect(
      unknown.contains {
        $0.hasSuffix(
          "11 elements of the page (PSToggleSwitchSpecifier first) do not take the key \"Platform\"; it is ignored [unknown-key]"
        )
      })
    // One line per table and language lacking strings, none longer than a screen or two.
    let missing = lines.filter { $0.hasSuffix("[missing-translation]") }
    #expect(missing.count < 12, "\(missing.count)")
    #expect(lines.allSatisfy { $0.count < 400 })
    #expect(report.diagnostics.count(where: { $0.rule == "unknown-key" }) == 20)
  }

  /// An OpenStep page has no booleans (CoreFoundation's OpenStep parser reads
  /// `YES` as a string): the remedy is to convert the page, not to write
  /// <true/> where that format cannot (tester F12). An XML page keeps its words.
  @Test(arguments: [
    (
      "Root.plist",
      "{ PreferenceSpecifiers = ( { Type = PSToggleSwitchSpecifier; Title = Sound; Key = sound; DefaultValue = YES; } ); }",
      "an OpenStep plist has no booleans: convert the page to XML and write <true/> or <false/>"
    ),
    (
      "Root.plist",
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?><plist version=\"1.0\"><dict><key>PreferenceSpecifiers</key><array><dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Title</key><string>Sound</string><key>Key</key><string>sound</string><key>DefaultValue</key><string>YES</string></dict></array></dict></plist>",
      "(write <true/> or <false/>)"
    ),
  ])
  func aBooleanDefaultsRemedyIsOneThePagesFormatCanWrite(file: String, text: String, remedy: String)
    throws
  {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write(file, text)
    let report = try LintTestSupport.lint(bundle.path)
    let messages = report.diagnostics.map(\.message).filter { $0.contains("not a boolean") }
    #expect(messages.count == 1, "\(report.diagnostics.map(\.message))")
    #expect(
      messages.allSatisfy { $0.hasSuffix(remedy + ")") || $0.hasSuffix(remedy) }, "\(messages)")
  }
}
