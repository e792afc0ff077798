import Foundation
import SettingsSchema
import TestSupport
import Testing

/// The form draws a child pane whose File names a page the bundle lacks, and
/// choosing it opens an empty page, as InAppSettingsKit and Settings.app do
/// (the cell comes from the Title; File is read only when the row is tapped).
/// Before, the row was not drawn at all. Psiphon's app page lacks three child
/// pages that a pod's bundle supplies at build time.
struct MissingChildPageFormTests {
  @Test func theRowOpensAnEmptyPage() throws {
    let bundle = try SettingsBundle.load(
      at: Paths.fixtures.appendingPathComponent(
        "Unseen/Psiphon-Inc__psiphon-ios-vpn/InAppSettings.bundle"
      ).path)
    var driver = try FormDriver(bundle: bundle, width: 70, height: 40)
    driver.focus("DISABLE_TIMEOUTS")
    #expect(driver.state.focusedRow?.title == "DISABLE_TIMEOUTS")
    driver.press(.enter)
    #expect(driver.state.stack.count == 2)
    #expect(driver.state.page.title == "DISABLE_TIMEOUTS")
    #expect(driver.state.page.rows.isEmpty)
    driver.press(.left)
    #expect(driver.state.stack.count == 1)
  }
}
