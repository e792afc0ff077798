import Foundation
import SettingsForm
import SettingsSchema
import TestSupport
import Testing

/// WFoundation/WF.Player.iOS c85d35f0 gives two toggles the DefaultValue
/// "TrueValue" (a string, no TrueValue key): the form draws them as the
/// dialect's reader does, OFF as Settings.app (isEqual: <true/>), ON as
/// InAppSettingsKit (defaultBoolValue: [@"TrueValue" boolValue] is YES).
struct TrueValueDefaultFormTests {
  @Test(arguments: [(Dialect.apple, "off"), (.iask, "on")])
  func aRealBundlesStringDefaultIsDrawnAsTheDialectReadsIt(dialect: Dialect, drawn: String)
    throws
  {
    var options = LoadOptions(dialect: dialect)
    options.followsBundleReader = false
    let bundle = try SettingsBundle.load(
      at: Paths.fixtures.appendingPathComponent(
        "Unseen/WFoundation__WF.Player.iOS/Settings.bundle"
      ).path, options: options)
    let driver = try FormDriver(bundle: bundle, width: 50, height: 30)
    // "Button click" and "Button vibrate" (in German, the bundle's one language: "Button klickt").
    let rows = driver.screen.split(separator: "\n").filter { $0.contains("Button") }
    #expect(rows.count == 2, "\(driver.screen)")
    for row in rows { #expect(row.hasSuffix(drawn), "\(driver.screen)") }
  }
}
