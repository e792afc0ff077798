import Foundation
import Plist
import SettingsForm
import SettingsSchema
import TerminalUI
import TestSupport
import Testing

/// InAppSettingsKit's rows in the form: an action says what it would do and
/// does nothing; a date is edited as text; a text view's lines and a list's
/// items follow the stored value.
struct InAppSettingsFormTests {
  static func driver(width: Int = 60, height: Int = 40) throws -> FormDriver {
    let bundle = try SettingsBundle.load(
      at: Paths.fixtures.appendingPathComponent("Form/InApp/Settings.bundle").path,
      options: LoadOptions(dialect: .iask, preferredLanguages: ["en"]))
    return try FormDriver(bundle: bundle, width: width, height: height)
  }

  @Test(arguments: [
    ("Website", "In the app: opens https://example.com/reader (prefs does not do it)"),
    ("Feedback", "In the app: mail to help@example.com (prefs does not do it)"),
    ("Clear Cache", "In the app: the app's action (prefs does not do it)"),
  ])
  func actionsAreDescribedNotCarriedOut(title: String, status: String) throws {
    var driver = try Self.driver()
    driver.focus(title)
    #expect(driver.state.focusedRow?.title == title)
    driver.press(.enter)
    #expect(driver.state.status == status)
    #expect(driver.stored.isEmpty)
    // `r` resets values a person edits; an action has none.
    driver.press(.character("r"))
    #expect(driver.stored.isEmpty)
  }

  @Test func aDateIsEditedAsText() throws {
    var driver = try Self.driver()
    driver.focus("Remind Me")
    #expect(driver.screen.contains("2026-11-25 08:30 UTC"))
    driver.press(.enter)
    driver.press(Array(repeating: .backspace, count: 16))
    driver.type("2026-02-30 10:00")
    driver.press(.enter)
    #expect(driver.state.status == "There is no such day: 2026-02-30 10:00")
    #expect(driver.stored.isEmpty)
    driver.press(Array(repeating: .backspace, count: 16))
    driver.type("2027-01-02 07:05")
    driver.press(.enter)
    let expected = DateText.parse("2027-01-02 07:05", .dateAndTime, keeping: nil)
    #expect(expected != nil)
    #expect(driver.stored["reminder"] == expected.map(PlistValue.date))
    #expect(driver.screen.contains("2027-01-02 07:05 UTC"), "\(driver.screen)")
  }

  @Test func aTimeKeepsItsDay() throws {
    var driver = try Self.driver()
    driver.focus("Quiet From")
    #expect(driver.screen.contains("22:00 UTC"))
    driver.press(.enter)
    driver.press(Array(repeating: .backspace, count: 5))
    driver.type("06:45")
    driver.press(.enter)
    let expected = DateText.parse("2001-01-01 06:45", .dateAndTime, keeping: nil)
    #expect(driver.stored["quietFrom"] == expected.map(PlistValue.date))
  }

  @Test func textViewLinesAndListItemsFollowTheStore() throws {
    var driver = try Self.driver()
    #expect(driver.screen.contains("Sent from my phone."))
    #expect(driver.screen.contains("spoiler"))
    try driver.store.set(.string("Bye"), forKey: "signature")
    try driver.store.set(
      .array([.string("one"), .string("two"), .string("three")]), forKey: "blockedWords")
    driver.run()
    #expect(!driver.screen.contains("Sent from my phone."))
    #expect(driver.screen.contains("    Bye"))
    #expect(driver.screen.contains("  three"))
    #expect(!driver.screen.contains("spoiler"))
  }

  @Test func aTextViewIsEdited() throws {
    var driver = try Self.driver()
    driver.focus("Signature")
    driver.press(.enter)
    driver.press(.ctrl("a"))
    driver.press(Array(repeating: .delete, count: 200))
    driver.type("Cheers")
    driver.press(.enter)
    #expect(driver.stored["signature"] == .string("Cheers"))
  }

  @Test(arguments: [0, 1, -1, 20_000])
  func datesRoundTrip(days: Int) {
    let date = Date(timeIntervalSince1970: Double(days) * 86_400 + 3_600 * 13 + 60 * 7)
    for mode in [DateText.Mode.date, .time, .dateAndTime] {
      let text = DateText.format(date, mode)
      let read = DateText.parse(text, mode, keeping: date)
      #expect(read.map { DateText.format($0, mode) } == text)
    }
    #expect(DateText.format(date, .dateAndTime).hasSuffix("13:07"))
  }

  @Test(arguments: ["", "2026-1-1x", "24:00", "2026-02-29", "10:7", "2026-12-01 25:00", "１２:００"])
  func badDatesAreRefused(text: String) {
    let mode: DateText.Mode = text.contains(":") && !text.contains("-") ? .time : .date
    #expect(DateText.parse(text, mode, keeping: nil) == nil)
  }
}
