import Foundation
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
}
