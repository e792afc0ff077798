import Foundation
import Plist
import SettingsLint
import SettingsSchema
import TestSupport
import Testing

/// What InAppSettingsKit reads differently from Settings.app: numbers and
/// booleans written as strings (it asks `floatValue`/`boolValue`), and child
/// panes that open the app's own view instead of a page.
struct DialectReadingTests {
  static func bundle(_ element: String) throws -> TemporaryBundle {
    let bundle = try TemporaryBundle()
    try bundle.write(
      "Root.plist",
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>PreferenceSpecifiers</key><array>
      <dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>Tafel</string></dict>
      \(element)
      </array></dict></plist>
      """)
    return bundle
  }

  static func rules(_ bundle: TemporaryBundle, _ dialect: Dialect) throws -> [String] {
    try Linter(
      loadOptions: LoadOptions(dialect: dialect), checksEveryVariant: false
    ).lint(bundleAt: bundle.path).diagnostics.filter { $0.severity == .error }.map(\.rule)
  }

  /// ardoise's chalk-size slider, as its Root~iphone.inApp.plist writes it.
  static let sliderOfStrings = """
    <dict><key>Type</key><string>PSSliderSpecifier</string><key>Key</key><string>chalk</string>\
    <key>MinimumValue</key><string>2</string><key>MaximumValue</key><string>40</string>\
    <key>DefaultValue</key><string>8</string></dict>
    """

  @Test func numbersWrittenAsStringsAreReadByInAppSettingsKitOnly() throws {
    let bundle = try Self.bundle(Self.sliderOfStrings)
    defer { bundle.remove() }
    #expect(try Self.rules(bundle, .apple) == ["slider-range", "slider-range", "slider-range"])
    #expect(try Self.rules(bundle, .iask) == [])
  }

  @Test(arguments: [("<string>2</string>", true), ("<string>two</string>", false)])
  func aStringThatIsNoNumberIsStillAFault(minimum: String, reads: Bool) throws {
    let bundle = try Self.bundle(
      Self.sliderOfStrings.replacing("<string>2</string>", with: minimum))
    defer { bundle.remove() }
    #expect(try Self.rules(bundle, .iask).isEmpty == reads)
  }

  @Test func aBooleanWrittenAsYesOrNoIsReadByInAppSettingsKit() throws {
    let bundle = try Self.bundle(
      """
      <dict><key>Type</key><string>IASKMailComposeSpecifier</string><key>Title</key><string>Mail</string>\
      <key>IASKMailComposeBodyIsHTML</key><string>NO</string></dict>
      """)
    defer { bundle.remove() }
    #expect(try Self.rules(bundle, .iask) == [])
  }

  @Test(arguments: [
    "IASKViewControllerClass", "IASKSegueIdentifier", "IASKViewControllerStoryBoardId",
  ])
  func aChildPaneThatOpensTheAppsViewNeedsNoPage(key: String) throws {
    let element = """
      <dict><key>Type</key><string>PSChildPaneSpecifier</string><key>Title</key><string>Über</string>\
      <key>File</key><string>about.html</string><key>\(key)</key><string>AboutView</string></dict>
      """
    let bundle = try Self.bundle(element)
    defer { bundle.remove() }
    #expect(try Self.rules(bundle, .iask) == [])
    // Settings.app knows no such key: it looks for about.html.plist.
    #expect(try Self.rules(bundle, .apple) == ["child-pane-missing"])
  }

  /// InAppSettingsKit looks an open-URL row's File up in the table
  /// (`localizedObjectForKey:`): a key there is used, and one a language
  /// lacks opens the key itself; a URL written out needs no translation.
  @Test(arguments: [
    ("SITE_URL", ["missing-translation"]), ("https://example.com/hilfe", [String]()),
  ])
  func anOpenURLRowsFileIsLookedUpInTheTable(file: String, frenchRules: [String]) throws {
    let bundle = try Self.bundle(
      """
      <dict><key>Type</key><string>IASKOpenURLSpecifier</string><key>Title</key><string>Tafel</string>      <key>File</key><string>\(file)</string></dict>
      """)
    defer { bundle.remove() }
    try bundle.write(
      "Root.plist",
      try String(contentsOfFile: bundle.path + "/Root.plist", encoding: .utf8)
        .replacing(
          "<dict><key>PreferenceSpecifiers</key>",
          with: "<dict><key>StringsTable</key><string>Root</string><key>PreferenceSpecifiers</key>")
    )
    try bundle.write(
      "de.lproj/Root.strings", "\"Tafel\" = \"Tafel\";\n\"\(file)\" = \"https://example.de\";\n")
    try bundle.write("fr.lproj/Root.strings", "\"Tafel\" = \"Tableau\";\n")
    let findings = try Linter(loadOptions: LoadOptions(dialect: .iask), checksEveryVariant: false)
      .lint(bundleAt: bundle.path).diagnostics
    #expect(!findings.contains { $0.rule == "unused-translation" })
    #expect(
      findings.filter { $0.language == "fr" && $0.rule == "missing-translation" }.map(\.rule)
        == frenchRules)
  }
}

/// A toggle's DefaultValue as each dialect draws it: lint and the form agree.
struct ToggleDialectTests {
  static func toggle(default value: String, trueValue: String? = nil) -> String {
    """
    <dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Key</key><string>sync</string>\
    <key>Title</key><string>Sync</string><key>DefaultValue</key>\(value)\
    \(trueValue.map { "<key>TrueValue</key>\($0)<key>FalseValue</key><string>0</string>" } ?? "")</dict>
    """
  }

  @Test(
    arguments: [
      // DefaultValue, TrueValue, Settings.app's finding, InAppSettingsKit's finding
      ("<string>YES</string>", nil, "Settings.app shows the switch OFF", nil),
      (
        "<string>on</string>", nil, "Settings.app shows the switch OFF",
        "InAppSettingsKit shows the switch OFF"
      ),
      // InAppSettingsKit draws <true/> ON, as meant (defaultBoolValue): nothing to say (issue 24).
      ("<true/>", "<string>1</string>", "Settings.app shows the switch OFF", nil),
      ("<false/>", "<string>1</string>", "Settings.app shows the switch OFF", nil),
      (
        "<string>maybe</string>", "<string>1</string>", "Settings.app shows the switch OFF",
        "InAppSettingsKit shows the switch OFF"
      ),
      ("<true/>", nil, nil, nil),
    ] as [(String, String?, String?, String?)])
  func eachDialectSaysHowItDrawsTheSwitch(
    value: String, trueValue: String?, apple: String?, iask: String?
  ) throws {
    let bundle = try DialectReadingTests.bundle(Self.toggle(default: value, trueValue: trueValue))
    defer { bundle.remove() }
    for (dialect, expected) in [(Dialect.apple, apple), (.iask, iask)] {
      let found = try Linter(
        loadOptions: LoadOptions(dialect: dialect), checksEveryVariant: false
      ).lint(bundleAt: bundle.path).diagnostics.filter { $0.rule == "toggle-values" }
      if let expected {
        #expect(found.count == 1 && found[0].message.contains(expected), "\(dialect): \(found)")
      } else {
        #expect(found.isEmpty, "\(dialect): \(found.map(\.message))")
      }
    }
  }

  @Test(arguments: [
    (PlistValue.string("YES"), Dialect.apple, false), (.string("YES"), .iask, true),
    (.string(" +0012"), .iask, true), (.string("no"), .iask, false), (.integer(2), .iask, true),
    (.bool(true), .apple, true), (.integer(1), .apple, true), (.string("1"), .apple, false),
  ])
  func theSwitchIsDrawnAsTheDialectReadsIt(value: PlistValue, dialect: Dialect, on: Bool) throws {
    let specifier = Specifier(
      index: 0,
      node: PlistNode(
        .dictionary([
          PlistEntry(key: "Type", value: PlistNode(.string("PSToggleSwitchSpecifier")))
        ])))
    #expect(SpecifierValue.showsOn(value, of: specifier, dialect: dialect) == on)
  }
}
