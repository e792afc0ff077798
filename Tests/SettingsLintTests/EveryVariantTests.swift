import Foundation
import SettingsLint
import SettingsSchema
import TestSupport
import Testing

/// Lint reads every page of every variant in one run: the pad's and
/// InAppSettingsKit's pages, pages nothing opens, and the pages below a
/// Root.plist that does not parse; `--idiom`/`--dialect` narrow the run.
struct EveryVariantTests {
  static func page(_ elements: String, table: String? = nil) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict><key>PreferenceSpecifiers</key><array>
    <dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>Général</string></dict>
    \(elements)
    </array>\(table.map { "<key>StringsTable</key><string>\($0)</string>" } ?? "")</dict></plist>
    """
  }

  static let toggle = """
    <dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Key</key><string>sync</string>\
    <key>Title</key><string>Synchronisieren</string><key>DefaultValue</key><true/></dict>
    """
  /// Two titles for one value: the second row shows nothing.
  static let brokenMultiValue = """
    <dict><key>Type</key><string>PSMultiValueSpecifier</string><key>Key</key><string>größe</string>\
    <key>Title</key><string>Größe</string><key>DefaultValue</key><string>s</string>\
    <key>Values</key><array><string>s</string></array>\
    <key>Titles</key><array><string>Klein</string><string>Groß</string></array></dict>
    """
  static func childPane(_ file: String) -> String {
    """
    <dict><key>Type</key><string>PSChildPaneSpecifier</string><key>Title</key><string>Mehr</string>\
    <key>File</key><string>\(file)</string></dict>
    """
  }

  static func findings(_ report: LintReport, _ rule: String) -> [Diagnostic] {
    report.diagnostics.filter { $0.rule == rule }
  }

  @Test(arguments: ["Root~ipad.plist", "Root~iphone.plist", "Root.inApp.plist"])
  func aFaultInAnyVariantOfRootFails(variant: String) throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write("Root.plist", Self.page(Self.toggle))
    try bundle.write(variant, Self.page(Self.brokenMultiValue))
    let report = try LintTestSupport.lint(bundle.path)
    let found = Self.findings(report, "values-titles-count")
    #expect(found.map(\.file) == [variant], "\(report.diagnostics)")
    #expect(found.first?.severity == .error)
    #expect(Self.findings(report, "unreachable-page").isEmpty)

    // Narrowed to the variant that does not read it, the run passes.
    let idiom: Idiom = variant.contains("~ipad") ? .phone : .pad
    let narrowed = try Linter(
      loadOptions: LoadOptions(idiom: idiom, dialect: .apple), checksEveryVariant: false
    ).lint(bundleAt: bundle.path)
    #expect(Self.findings(narrowed, "values-titles-count").isEmpty)
  }

  @Test func anUnreachedPageIsCheckedLikeTheOthers() throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write("Root.plist", Self.page(Self.toggle))
    try bundle.write("Old.plist", Self.page(Self.brokenMultiValue + Self.toggle, table: "Old"))
    let report = try LintTestSupport.lint(bundle.path)
    #expect(Self.findings(report, "values-titles-count").map(\.file) == ["Old.plist"])
    #expect(Self.findings(report, "unreachable-page").map(\.file) == ["Old.plist"])
    // Nothing shows it: its key writes nothing and its table is never looked up.
    #expect(Self.findings(report, "duplicate-key").isEmpty, "\(report.diagnostics)")
    #expect(Self.findings(report, "strings-table-missing").isEmpty, "\(report.diagnostics)")
  }

  @Test func pagesBelowARootThatDoesNotParseAreStillChecked() throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write(
      "Root.plist", Self.page(Self.childPane("Child")).replacing("</array>", with: "</arra>"))
    try bundle.write("Child.plist", Self.page(Self.brokenMultiValue))
    let report = try LintTestSupport.lint(bundle.path)
    #expect(Self.findings(report, "plist-syntax").map(\.file) == ["Root.plist"])
    #expect(Self.findings(report, "values-titles-count").map(\.file) == ["Child.plist"])
    // What Root opens cannot be known, so nothing is called unreached.
    #expect(Self.findings(report, "unreachable-page").isEmpty, "\(report.diagnostics)")
  }

  @Test func aDevicesOwnPagesCarryNoVariant() throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write("Root.plist", Self.page(Self.toggle, table: "Root"))
    try bundle.write(
      "Root~ipad.plist", Self.page(Self.toggle + Self.childPane("Tablet"), table: "Root"))
    try bundle.write("Tablet.plist", Self.page(Self.brokenMultiValue, table: "Root"))
    try bundle.write(
      "de.lproj/Root.strings",
      "\"Général\" = \"Allgemein\";\n\"Synchronisieren\" = \"Synchronisieren\";\n")
    let report = try LintTestSupport.lint(bundle.path)
    // Root~ipad.plist and the page only it opens are the pad's alone: their findings
    // need no "on pad", and the phone does not check Tablet.plist as a page nothing opens.
    #expect(
      Self.findings(report, "missing-translation").map(\.file).sorted() == [
        "Root~ipad.plist", "Tablet.plist",
      ])
    #expect(report.diagnostics.allSatisfy { $0.variant == nil }, "\(report.diagnostics)")
    #expect(Self.findings(report, "values-titles-count").map(\.file) == ["Tablet.plist"])
    #expect(Self.findings(report, "unreachable-page").isEmpty)
  }

  @Test func aFindingOfOneDialectOnlySaysWhichDialect() throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    // Both Settings.app and InAppSettingsKit read Root.plist (there is no Root.inApp.plist);
    // only Settings.app does not know InAppSettingsKit's keys.
    try bundle.write(
      "Root.plist",
      Self.page(
        Self.toggle.replacing(
          "</dict>", with: "<key>IASKSubtitle</key><string>Über WLAN</string></dict>")
          + Self.childPane("Extra")))
    try bundle.write("Extra.inApp.plist", Self.page(Self.toggle.replacing("sync", with: "extra")))
    let report = try LintTestSupport.lint(bundle.path)
    let unknown = Self.findings(report, "unknown-key")
    #expect(unknown.map(\.variant) == ["in Settings.app"], "\(report.diagnostics)")
    #expect(unknown.first?.message.hasPrefix("in Settings.app: ") == true)
  }

  @Test func anEntryIsUnusedOnlyWhenNoVariantUsesIt() throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write("Root.plist", Self.page(Self.toggle, table: "Root"))
    try bundle.write("Root~ipad.plist", Self.page(Self.childPane("Tablet"), table: "Root"))
    try bundle.write("Tablet.plist", Self.page("", table: "Root"))
    try bundle.write(
      "de.lproj/Root.strings",
      "\"Général\" = \"Allgemein\";\n\"Synchronisieren\" = \"Synchronisieren\";\n"
        + "\"Mehr\" = \"Mehr\";\n\"Veraltet\" = \"Veraltet\";\n")
    let report = try LintTestSupport.lint(bundle.path)
    let unused = Self.findings(report, "unused-translation")
    #expect(unused.count == 1, "\(unused.map(\.message))")
    #expect(unused.first?.message.contains("Veraltet") == true)
  }
}

/// What a tester found in the first version of lint's readings.
struct VariantNarrowingTests {
  typealias Pages = EveryVariantTests

  static func lint(
    _ path: String, idiom: Idiom? = nil, dialect: Dialect? = nil,
    configuration: LintConfiguration = LintConfiguration()
  ) throws -> LintReport {
    try Linter(
      configuration: configuration,
      loadOptions: LoadOptions(idiom: idiom ?? .phone, dialect: dialect ?? .apple),
      idioms: idiom.map { [$0] }, dialects: dialect.map { [$0] }
    ).lint(bundleAt: path)
  }

  /// A multi value whose choices InAppSettingsKit's delegate gives, on a page only
  /// Root.inApp.plist opens: --idiom narrows the devices, not the dialects.
  @Test(arguments: [nil, Idiom.phone, .pad])
  func anIdiomNarrowsDevicesAndKeepsEveryDialect(idiom: Idiom?) throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write("Root.plist", Pages.page(Pages.toggle))
    try bundle.write("Root.inApp.plist", Pages.page(Pages.toggle + Pages.childPane("Land")))
    try bundle.write(
      "Land.plist",
      Pages.page(
        """
        <dict><key>Type</key><string>PSMultiValueSpecifier</string><key>Key</key><string>land</string>\
        <key>Title</key><string>Land</string><key>DefaultValue</key><string>de</string></dict>
        """))
    let report = try Self.lint(bundle.path, idiom: idiom)
    #expect(
      !report.diagnostics.contains { $0.rule == "missing-required-key" && $0.severity == .error },
      "\(report.diagnostics.map(\.message))")
  }

  @Test func aRootPlistNoReadingOpensIsStillChecked() throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write("Root.plist", "garbage")
    try bundle.write("Root~iphone.plist", Pages.page(Pages.toggle))
    try bundle.write("Root~ipad.plist", Pages.page(Pages.toggle))
    let report = try Self.lint(bundle.path)
    #expect(
      report.diagnostics.contains { $0.severity == .error && $0.file == "Root.plist" },
      "\(report.diagnostics)")
    // Narrowed to the pad, the phone's own page is left out, the shared one is not.
    let pad = try Self.lint(bundle.path, idiom: .pad)
    #expect(pad.diagnostics.contains { $0.file == "Root.plist" })
  }

  /// An element limited to the phone is not on the pad: its findings are the phone's.
  @Test func elementsOfOneDeviceAreCheckedOnThatDevice() throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    let phoneOnly = Pages.brokenMultiValue.replacing(
      "</dict>",
      with:
        "<key>SupportedUserInterfaceIdioms</key><array><string>Phone</string></array></dict>")
    try bundle.write("Root.plist", Pages.page(phoneOnly))
    try bundle.write("Root~ipad.plist", Pages.page(phoneOnly))
    let pad = try Self.lint(bundle.path, idiom: .pad)
    #expect(!pad.diagnostics.contains { $0.rule == "values-titles-count" })
    let all = try Self.lint(bundle.path)
    let found = all.diagnostics.filter { $0.rule == "values-titles-count" }
    #expect(found.map(\.file) == ["Root.plist"], "\(found)")
  }

  /// A cause both readers report, in their own words, is one finding.
  @Test func oneCauseInTwoReadersWordsIsOneFinding() throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write(
      "Root.plist",
      Pages.page(Pages.toggle.replacing("PSToggleSwitchSpecifier", with: "PSToggleSwitchSpecifer")))
    try bundle.write("Extra.inApp.plist", "{}")
    let found = try Self.lint(bundle.path).diagnostics.filter { $0.rule == "unknown-type" }
    #expect(found.count == 1, "\(found.map(\.message))")
    #expect(found.first?.variant == nil)
  }

  @Test func aNarrowedRunDoesNotCallAnotherReadingsDisableUnused() throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    let unknown = Pages.toggle.replacing(
      "</dict>", with: "<key>IASKSubtitle</key><string>Über WLAN</string></dict>")
    try bundle.write(
      "Root.plist", Pages.page("<!-- prefs:disable unknown-key -->\n" + unknown))
    try bundle.write("Extra.inApp.plist", Pages.page(Pages.toggle))
    let full = try Self.lint(bundle.path)
    #expect(!full.diagnostics.contains { $0.rule == "unused-disable" }, "\(full.diagnostics)")
    let iask = try Self.lint(bundle.path, dialect: .iask)
    #expect(!iask.diagnostics.contains { $0.rule == "unused-disable" }, "\(iask.diagnostics)")
  }

  @Test func aPageTheAppOpensUsesItsTranslations() throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write("Root.plist", Pages.page(Pages.toggle, table: "Root"))
    try bundle.write(
      "Debug.plist",
      Pages.page(
        Pages.toggle.replacing("Synchronisieren", with: "Protokoll").replacing(
          "<string>sync</string>", with: "<string>log</string>"), table: "Root"))
    try bundle.write(
      "de.lproj/Root.strings",
      "\"Général\" = \"Allgemein\";\n\"Synchronisieren\" = \"Synchronisieren\";\n"
        + "\"Protokoll\" = \"Protokoll\";\n")
    let configuration = LintConfiguration(
      ruleOptions: ["unreachable-page": RuleOptions(["opened-by-app": .list(["Debug"])])])
    let report = try Self.lint(bundle.path, configuration: configuration)
    #expect(report.diagnostics.isEmpty, "\(report.diagnostics.map(\.message))")
  }
}
