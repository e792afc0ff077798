import Foundation
import SettingsLint
import SettingsSchema
import TestSupport
import Testing

/// What lint says of real bundles a tester ran it on (Tests/Fixtures/Unseen,
/// each folder's MANIFEST names its source): only findings that are true,
/// worded as what Settings.app and InAppSettingsKit really do.
struct UnseenFindingWordsTests {
  static func bundle(_ folder: String) -> String {
    Paths.fixtures.appendingPathComponent("Unseen/\(folder)/Settings.bundle").path
  }

  static func lint(_ folder: String, dialect: Dialect? = nil) throws -> [Diagnostic] {
    var options = LoadOptions(keepsComments: false)
    if let dialect {
      options.dialect = dialect
      options.followsBundleReader = false
    }
    let linter = Linter(
      loadOptions: options, idioms: nil, dialects: dialect.map { [$0] })
    return try linter.lint(bundleAt: bundle(folder)).diagnostics
  }

  /// nmeierpolys/Trip-Log: a title value with Key "" is a label row; it reads
  /// and stores nothing (was: error "the value is stored under no usable name").
  @Test func aTitleValueWithAnEmptyKeyIsALabel() throws {
    let findings = try Self.lint("nmeierpolys__Trip-Log")
    #expect(!findings.contains { $0.rule == "empty-key" }, "\(findings)")
    #expect(!findings.contains { $0.severity == .error }, "\(findings)")
  }

  /// An empty Key on every type a person edits is still an error.
  @Test(arguments: [
    "PSTextFieldSpecifier", "PSToggleSwitchSpecifier", "PSSliderSpecifier",
    "PSMultiValueSpecifier",
  ])
  func anEmptyKeyOnARowThatWritesIsAnError(type: String) throws {
    let folder = try TemporaryBundle()
    defer { folder.remove() }
    try folder.write(
      "Root.plist",
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>PreferenceSpecifiers</key><array>
      <dict><key>Type</key><string>\(type)</string><key>Title</key><string>Row</string>
      <key>Key</key><string></string></dict>
      </array></dict></plist>
      """)
    let findings = try Linter().lint(bundleAt: folder.path).diagnostics
    #expect(findings.contains { $0.rule == "empty-key" && $0.severity == .error }, "\(findings)")
  }

  /// WFoundation/WF.Player.iOS: DefaultValue "TrueValue" on a toggle without
  /// TrueValue. Settings.app compares it with <true/> (OFF); InAppSettingsKit's
  /// defaultBoolValue asks [@"TrueValue" boolValue] (ON). The words say which
  /// (was: "without TrueValue Settings.app shows the switch OFF" in both).
  @Test(arguments: [
    (Dialect.apple, "Settings.app shows the switch OFF: it shows ON only for <true/>"),
    (.iask, "InAppSettingsKit shows the switch ON: it reads the value by its boolValue"),
  ])
  func aStringDefaultIsWordedAsTheDialectShowsIt(dialect: Dialect, words: String) throws {
    let toggles = try Self.lint("WFoundation__WF.Player.iOS", dialect: dialect).filter {
      $0.rule == "toggle-values"
    }
    #expect(toggles.count == 2, "\(toggles)")
    for finding in toggles {
      #expect(finding.message.contains(words), "\(finding.message)")
      #expect(finding.message.contains("TrueValue is the name of a key, not a value"))
      #expect(!finding.message.contains("without TrueValue"), "\(finding.message)")
    }
  }

  /// stephandev/IBC's Team.plist: a licence page written by hand, each group
  /// with a DoNotLocalize key Settings.app does not know (was: 37 unknown-key
  /// warnings). Font.plist is no licence page: its one is still reported.
  @Test func aLicencePageGetsNoUnknownKeyWithoutASuggestion() throws {
    let loaded = try SettingsBundle.load(
      at: Self.bundle("stephandev__IBC"), options: LoadOptions(includesUnreachedPages: true))
    #expect(LicencePages(bundle: loaded, catalog: loaded.catalog).contains("Team.plist"))
    let unknown = try Self.lint("stephandev__IBC").filter { $0.rule == "unknown-key" }
    #expect(!unknown.contains { $0.file == "Team.plist" }, "\(unknown)")
    #expect(unknown.contains { $0.file == "Font.plist" })
  }

  /// A misspelt key on a licence page would leave its text unshown: still reported.
  @Test func aMisspeltKeyOnALicencePageIsStillReported() throws {
    let folder = try TemporaryBundle()
    defer { folder.remove() }
    let licence = String(repeating: "Permission is hereby granted, free of charge. ", count: 5)
    try folder.write(
      "Root.plist",
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>PreferenceSpecifiers</key><array>
      <dict><key>Type</key><string>PSChildPaneSpecifier</string><key>Title</key><string>Licences</string>
      <key>File</key><string>Licences</string></dict>
      </array></dict></plist>
      """)
    try folder.write(
      "Licences.plist",
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>PreferenceSpecifiers</key><array>
      <dict><key>Type</key><string>PSGroupSpecifier</string><key>FooterText</key><string>\(licence)</string>
      <key>Generator</key><string>acks</string></dict>
      <dict><key>Type</key><string>PSGroupSpecifier</string><key>FooterTxt</key><string>MIT</string></dict>
      </array></dict></plist>
      """)
    let unknown = try Linter().lint(bundleAt: folder.path).diagnostics.filter {
      $0.rule == "unknown-key"
    }
    #expect(unknown.map(\.message).contains { $0.contains("\"FooterTxt\"") }, "\(unknown)")
    #expect(!unknown.map(\.message).contains { $0.contains("\"Generator\"") }, "\(unknown)")
  }

  /// erikmartens/nearbyweather-legacy: "unspecified" is a title value's
  /// DefaultValue, shown as written and never looked up (was: "no page shows
  /// \"unspecified\"", though the page shows it).
  @Test func anEntryForADefaultValueSaysWhyItIsUnused() throws {
    let unused = try Self.lint("erikmartens__nearbyweather-legacy").filter {
      $0.rule == "unused-translation"
    }
    #expect(unused.count == 1, "\(unused)")
    let message = try #require(unused.first?.message)
    #expect(
      message.hasPrefix(
        "\"unspecified\" is the DefaultValue of app_version_identifier in Root.plist, which the row shows as written"
      ), "\(message)")
    #expect(!message.contains("no page shows"))
  }

  /// A page that does not read may use any entry: no table is called unused.
  @Test func noEntryIsUnusedWhenAPageDoesNotRead() throws {
    let folder = try TemporaryBundle()
    defer { folder.remove() }
    try folder.write(
      "Root.plist",
      "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>PreferenceSpecifiers</key><array>")
    try folder.write("en.lproj/Root.strings", "\"Sync\" = \"Sync\";\n")
    let findings = try Linter().lint(bundleAt: folder.path).diagnostics
    #expect(findings.contains { $0.rule == "plist-syntax" })
    #expect(!findings.contains { $0.rule == "unused-translation" }, "\(findings)")
  }
}
