import Foundation
import Plist
import SettingsLint
import SettingsSchema
import TestSupport
import Testing

/// Acknowledgement pages written by hand are licence pages too (issue 24):
/// short ones (a library's name, a one-line credit, a table's key) are known
/// by their words or by their name (the file's, or the title of the child
/// pane that opens them), and get none of the warnings licence pages must not
/// get. A page that stores a setting, or opens one, never is one.
struct HandWrittenLicencePageTests {
  static let unseen = Paths.fixtures.appendingPathComponent("Unseen")

  /// Real bundles (Tests/Fixtures/Unseen, MANIFEST beside each). Failed
  /// before: none of these pages was a licence page (no FooterText of
  /// several lines or a paragraph, no `License` key).
  @Test(arguments: [
    ("david-mcqueen__Pulser", ["Acknowledgements.plist"]),
    ("RickyPark__NowPlayingEveryTime", ["Acknowledgements.plist"]),
    ("Sophiestication__Tipulator", ["Acknowledgements.plist"]),
    ("johnpenning__DockSmart", ["Acknowledgements.plist", "LicenseAgreement.plist"]),
    ("MichinariNukazawa__lina_dicto_for_ios", ["Acknowledgements.plist"]),
  ])
  func shortHandWrittenPagesAreLicencePages(folder: String, files: [String]) throws {
    let path = Self.unseen.appendingPathComponent(folder).appendingPathComponent("Settings.bundle")
      .path
    let bundle = try SettingsBundle.load(at: path)
    let licences = LicencePages(bundle: bundle, catalog: bundle.catalog)
    #expect(licences.files == Set(files))
    // Nothing but notes on them.
    let report = try LintTestSupport.lint(path)
    for diagnostic in report.diagnostics where files.contains(diagnostic.file) {
      #expect(diagnostic.severity == .note, "\(diagnostic.file): \(diagnostic.message)")
    }
  }

  static func page(_ elements: String) -> String {
    RuleExample.page(elements)
  }

  static let group = """
    <dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>Lib</string>\
    <key>FooterText</key><string>MIT License</string><key>DoNotLocalize</key><true/></dict>
    """

  /// A short page of groups written by hand, with a key of its own
  /// (`DoNotLocalize`, as stephandev/IBC writes on each group), opened by a
  /// child pane: known by its footer's words or by its name, no unknown-key
  /// warning. Failed before: two unknown-key warnings (tester's k6).
  @Test(arguments: [
    ("Acknowledgements", "Acknowledgements", group),
    ("Credits", "About this app", group.replacingOccurrences(of: "MIT License", with: "SwiftSoup")),
    ("Page2", "Open-source libraries", group.replacingOccurrences(of: "MIT License", with: "Nuke")),
    ("Page3", "Libraries", group),
  ])
  func aShortPageWithAKeyOfItsOwnGetsNoWarning(file: String, title: String, groups: String)
    throws
  {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write(
      "Root.plist",
      Self.page(
        """
        <dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>About</string></dict>
        <dict><key>Type</key><string>PSChildPaneSpecifier</string><key>Title</key><string>\(title)</string><key>File</key><string>\(file)</string></dict>
        """))
    try bundle.write("\(file).plist", Self.page(groups + "\n" + groups))
    let report = try LintTestSupport.lint(bundle.path)
    let found = report.diagnostics.filter { $0.file == "\(file).plist" && $0.severity != .note }
    #expect(found.map(\.message) == [])
  }

  /// Settings pages are never licence pages, whatever they are called: one
  /// that stores a value, one that opens a page of settings, one of groups
  /// whose footers explain settings. Their findings stay (these pass before
  /// and after: the guard of the new signals).
  @Test(arguments: [
    // A page named Legal that stores a toggle.
    (
      "Legal", "Legal",
      """
      <dict><key>Type</key><string>PSGroupSpecifier</string><key>FooterText</key><string>© 2024 ACME</string></dict>
      <dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Title</key><string>Share data</string><key>Key</key><string>share</string><key>DefaultValue</key><true/><key>DoNotLocalize</key><true/></dict>
      """
    ),
    // A page named Acknowledgements that opens a page of settings.
    (
      "Acknowledgements", "Acknowledgements",
      """
      <dict><key>Type</key><string>PSChildPaneSpecifier</string><key>Title</key><string>More</string><key>File</key><string>More</string><key>DoNotLocalize</key><true/></dict>
      """
    ),
    // A page of groups explaining settings, named for them.
    (
      "Display", "Display",
      """
      <dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>Theme</string><key>FooterText</key><string>Set the theme in the app</string><key>DoNotLocalize</key><true/></dict>
      """
    ),
  ])
  func aSettingsPageIsNeverALicencePage(file: String, title: String, elements: String) throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write(
      "Root.plist",
      Self.page(
        """
        <dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>About</string></dict>
        <dict><key>Type</key><string>PSChildPaneSpecifier</string><key>Title</key><string>\(title)</string><key>File</key><string>\(file)</string></dict>
        """))
    try bundle.write("\(file).plist", Self.page(elements))
    try bundle.write(
      "More.plist",
      Self.page(
        """
        <dict><key>Type</key><string>PSGroupSpecifier</string></dict>
        <dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Title</key><string>Sound</string><key>Key</key><string>sound</string><key>DefaultValue</key><true/></dict>
        """))
    let loaded = try SettingsBundle.load(at: bundle.path)
    #expect(LicencePages(bundle: loaded, catalog: loaded.catalog).files == [])
    let report = try LintTestSupport.lint(bundle.path)
    #expect(
      report.diagnostics.contains {
        $0.file == "\(file).plist" && $0.rule == "unknown-key" && $0.severity == .warning
      })
  }
}
