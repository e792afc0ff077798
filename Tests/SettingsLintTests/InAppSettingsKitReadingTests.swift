import Foundation
import SettingsLint
import SettingsSchema
import TestSupport
import Testing

/// What lint says of pages InAppSettingsKit reads, from its source
/// (IASKSettingsReader.m), on real InAppSettings bundles (Tests/Fixtures/Unseen,
/// a MANIFEST beside each) and the shapes they stand for.
struct InAppSettingsKitReadingTests {
  static let unseen = Paths.fixtures.appendingPathComponent("Unseen")
  static let duke = unseen.appendingPathComponent(
    "dukehealth__Duke-Medicine-Mobile-Companion/InAppSettings.bundle"
  ).path
  static let linphone = Paths.corpus.appendingPathComponent(
    "BelledonneCommunications__linphone-iphone__inappsettings/Settings.bundle"
  ).path
  static let psiphonPods = unseen.appendingPathComponent(
    "Psiphon-Inc__psiphon-ios-client-common-library/PsiphonClientCommonLibrary/Resources/InAppSettings.bundle"
  ).path

  static func lint(_ path: String, dialect: Dialect? = nil, rootPage: String? = nil) throws
    -> [Diagnostic]
  {
    var options = LoadOptions(keepsComments: false)
    options.rootPage = rootPage
    if let dialect {
      options.dialect = dialect
      options.followsBundleReader = false
    }
    let linter = Linter(loadOptions: options, idioms: nil, dialects: dialect.map { [$0] })
    return try linter.lint(bundleAt: path).diagnostics
  }

  /// linphone's Contacts.plist, a child page of settings (it stores the app's
  /// choices, not a licence page), starts with a toggle. InAppSettingsKit puts
  /// rows before the first group in an untitled section of their own
  /// (`if (dataSource.count == 0 …) addObject:[NSMutableArray array]`): the
  /// iOS 13 fault page-without-group warns of is Settings.app's. Read as
  /// Settings.app, the same page still gets it.
  @Test(.needsCorpus) func aPageStartingWithARowIsFineForInAppSettingsKit() throws {
    let iask = try Self.lint(Self.linphone, dialect: .iask)
    #expect(!iask.contains { $0.rule == "page-without-group" }, "\(iask)")
    let apple = try Self.lint(Self.linphone, dialect: .apple)
    #expect(
      apple.contains { $0.rule == "page-without-group" && $0.file == "Contacts.plist" },
      "\(apple)")
  }

  /// Duke's Licenses.plist starts with child panes that open licence
  /// documents (was: a warning, the bundle's only one). Read either way it is a
  /// licence page written by hand (named Licenses), which gets no
  /// page-without-group (issue 24).
  @Test(arguments: [Dialect.iask, .apple])
  func aLicencePageStartingWithARowGetsNoPageWithoutGroup(dialect: Dialect) throws {
    let findings = try Self.lint(Self.duke, dialect: dialect == .iask ? nil : dialect)
    #expect(
      !findings.contains { $0.rule == "page-without-group" && $0.file == "Licenses.plist" },
      "\(findings)")
    if dialect == .iask {
      #expect(!findings.contains { $0.severity != .note }, "\(findings)")
    }
  }

  /// Psiphon's pod bundle: the app opens its pages itself, by name (was: four
  /// warnings "Settings.app never shows it", on a bundle Settings.app never opens).
  @Test func aPageNoChildPaneOpensIsANoteForInAppSettingsKit() throws {
    let findings = try Self.lint(Self.psiphonPods, rootPage: "PsiphonSettings").filter {
      $0.rule == "unreachable-page"
    }
    #expect(
      Set(findings.map(\.file))
        == [
          "ConnectionHelp.plist", "ConnectionHelpVPN.plist", "DisableTimeouts.plist",
          "Feedback.plist",
        ])
    for finding in findings {
      #expect(finding.severity == .note, "\(finding)")
      #expect(finding.message.contains("InAppSettingsKit"), "\(finding.message)")
      #expect(finding.message.contains("opened-by-app"), "\(finding.message)")
      #expect(!finding.message.contains("Settings.app"), "\(finding.message)")
    }
  }

  static let radioGroupThenToggle = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict><key>PreferenceSpecifiers</key><array>
    <dict><key>Type</key><string>PSRadioGroupSpecifier</string><key>Title</key><string>Theme</string>
    <key>Key</key><string>theme</string><key>DefaultValue</key><string>light</string>
    <key>Values</key><array><string>light</string><string>dark</string></array>
    <key>Titles</key><array><string>Light</string><string>Dark</string></array></dict>
    <dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Title</key><string>Sounds</string>
    <key>Key</key><string>sounds</string><key>DefaultValue</key><true/></dict>
    </array></dict></plist>
    """

  /// A row right after a radio group: Settings.app draws it below the options;
  /// InAppSettingsKit's numberOfRowsInSection: gives the radio group's section
  /// `multipleValuesCount` rows, so the row is never shown (was: "is drawn inside
  /// the radio group above" for both).
  @Test(arguments: [
    (Dialect.apple, "is drawn inside the radio group above, below its options"),
    (.iask, "InAppSettingsKit never shows this PSToggleSwitchSpecifier"),
  ])
  func aRowAfterARadioGroupIsWordedAsTheDialectShowsIt(dialect: Dialect, words: String) throws {
    let folder = try TemporaryBundle()
    defer { folder.remove() }
    try folder.write("Root.plist", Self.radioGroupThenToggle)
    let findings = try Self.lint(folder.path, dialect: dialect).filter {
      $0.rule == "radio-group-absorbs"
    }
    #expect(findings.count == 1, "\(findings)")
    #expect(findings.allSatisfy { $0.message.contains(words) }, "\(findings)")
  }
}

extension InAppSettingsKitReadingTests {
  /// Psiphon's PsiphonSettings.plist: IASKCustomViewSpecifier rows carry
  /// KeyboardType, IsSecure, AutocorrectionType and IASKPlaceholder, which the
  /// app's cell (PsiphonSettingsViewController's cellForSpecifier:) reads from the
  /// specifier (was: "does not take the key …; it is ignored"). Keys InAppSettingsKit
  /// ignores on a row it draws itself are still reported.
  @Test func aRowTheAppDrawsTakesTheAppsKeys() throws {
    let findings = try Self.lint(Self.psiphonPods, rootPage: "PsiphonSettings").filter {
      $0.rule == "unknown-key"
    }
    for key in ["KeyboardType", "IsSecure", "AutocorrectionType", "\"IASKPlaceholder\""] {
      #expect(
        !findings.contains {
          $0.file == "PsiphonSettings.plist" && $0.message.contains("IASKCustomViewSpecifier")
            && $0.message.contains(key)
        }, "\(key)")
    }
    #expect(findings.contains { $0.message.contains("PSToggleSwitchSpecifier does not take") })
  }
}
