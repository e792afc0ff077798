import Foundation
import Plist
import SettingsForm
import SettingsSchema
import TerminalUI
import TestSupport
import Testing
import TextWidth

/// Long pages: licence texts scroll with ↑/↓, PgUp/PgDn and Home/End; a
/// page of rows pages by a screen; a resize keeps the focus in view and
/// leaves no blank lines under hidden rows.
struct FormNavigationTests {
  /// A page of `toggles` toggles after a licence-like footer of `sentences` sentences.
  static func longPage(toggles: Int, sentences: Int, rowsFirst: Bool = false) throws
    -> TemporaryBundle
  {
    let bundle = try TemporaryBundle()
    let licence = (1...sentences).map { "Sentence \($0) of the licence text goes here." }
      .joined(separator: " ")
    let group = "{ Type = PSGroupSpecifier; Title = Licence; FooterText = \"\(licence)\"; }"
    let rows = (1...max(1, toggles)).map {
      "{ Type = PSToggleSwitchSpecifier; Title = \"Option \($0)\"; Key = option\($0); DefaultValue = NO; }"
    }
    .prefix(toggles)
    let specifiers =
      rowsFirst
      ? ["{ Type = PSGroupSpecifier; Title = Options; }"] + rows + [group]
      : [group] + rows
    try bundle.write(
      "Root.plist", "{ PreferenceSpecifiers = ( \(specifiers.joined(separator: ", ")) ); }")
    return bundle
  }

  static func driver(_ bundle: TemporaryBundle, width: Int, height: Int) throws -> FormDriver {
    try FormDriver(
      bundle: SettingsBundle.load(at: bundle.path), width: width, height: height,
      appTitle: "Licence")
  }

  /// The lines between the title bar and the bottom lines.
  static func listLines(_ driver: FormDriver) -> [Substring] {
    let lines = driver.screen.split(separator: "\n", omittingEmptySubsequences: false)
    return Array(lines[1..<(1 + driver.state.listHeight)])
  }

  @Test func aPageOfTextScrollsWithEveryKey() throws {
    let bundle = try Self.longPage(toggles: 0, sentences: 12)
    defer { bundle.remove() }
    var driver = try Self.driver(bundle, width: 40, height: 10)
    #expect(driver.state.page.rows.allSatisfy { !$0.isFocusable })
    expectGolden(driver.screen, "form/licence-top.txt")
    driver.press(.down)
    #expect(driver.screen.contains("Sentence 2 of the"))
    #expect(!driver.screen.contains(" Licence\n"), "the group title scrolled away")
    driver.press(.up)
    #expect(driver.screen.contains(" Licence\n"))
    driver.press(.pageDown)
    expectGolden(driver.screen, "form/licence-pagedown.txt")
    driver.press(.end)
    expectGolden(driver.screen, "form/licence-end.txt")
    #expect(driver.screen.contains("Sentence 12 of the licence text goes"))
    driver.press(.down)
    expectGolden(driver.screen, "form/licence-end.txt")
    driver.press(.pageUp)
    driver.press(.home)
    expectGolden(driver.screen, "form/licence-top.txt")
    // Enter on a page without rows does nothing, and the help line offers no Enter.
    driver.press(.enter)
    #expect(!driver.screen.contains("⏎"))
  }

  /// A real licence page of the corpus (LicensePlist's output, one group per library).
  @Test(.needsCorpus) func aCorpusLicencePageReadsToItsEnd() throws {
    let bundle = try SettingsBundle.load(
      at: Paths.corpus.appendingPathComponent("KentarouKanno__SettingsBundleSample/Settings.bundle")
        .path, options: LoadOptions(preferredLanguages: ["en"]))
    var driver = try FormDriver(bundle: bundle, width: 50, height: 14, appTitle: "Sample")
    let opened = driver.state.open(pageNamed: "License")
    #expect(opened)
    driver.resize(width: 50, height: 14)
    expectGolden(driver.screen, "form/corpus-license-top.txt")
    var seen = Set<String>()
    for _ in 0..<200 {
      for line in Self.listLines(driver) { seen.insert(String(line)) }
      driver.press(.down)
    }
    // Every line of the licences was shown on the way down.
    let footers = driver.state.page.rows.filter { $0.kind == .footer && !$0.title.isEmpty }
    #expect(footers.count > 20)
    for row in footers {
      #expect(seen.contains("  " + row.title), "never shown: \(row.title)")
    }
    driver.press(.pageUp)
    expectGolden(driver.screen, "form/corpus-license-pageup.txt")
  }

  @Test func rowsPageByAScreenAndHomeEndGoToTheFirstAndLastRow() throws {
    let bundle = try Self.longPage(toggles: 40, sentences: 1)
    defer { bundle.remove() }
    var driver = try Self.driver(bundle, width: 40, height: 12)
    #expect(driver.state.focusedRow?.title == "Option 1")
    driver.press(.pageDown)
    let height = driver.state.listHeight
    #expect(driver.state.focusedRow?.title == "Option \(1 + height)")
    expectGolden(driver.screen, "form/rows-pagedown.txt")
    driver.press(.end)
    #expect(driver.state.focusedRow?.title == "Option 40")
    #expect(Self.listLines(driver).contains { $0.hasPrefix("  Option 40") })
    #expect(Self.listLines(driver).last == "  here.", "the end of the page in view")
    driver.press(.pageDown)
    #expect(driver.state.focusedRow?.title == "Option 40")
    driver.press(.pageUp)
    #expect(driver.state.focusedRow?.title == "Option \(40 - height)")
    driver.press(.home)
    #expect(driver.state.focusedRow?.title == "Option 1")
    #expect(driver.screen.contains(" Licence"), "the top of the page is in view")
  }

  /// Rows, then a long footer below the last row: ↓ goes on through the text.
  @Test func downReadsTheFooterAfterTheLastRow() throws {
    let bundle = try Self.longPage(toggles: 3, sentences: 20, rowsFirst: true)
    defer { bundle.remove() }
    var driver = try Self.driver(bundle, width: 40, height: 10)
    for _ in 0..<3 { driver.press(.down) }
    #expect(driver.state.focusedRow?.title == "Option 3")
    for _ in 0..<40 { driver.press(.down) }
    #expect(driver.screen.contains("Sentence 20"))
    // The focused row is out of view: Enter does not toggle what is not shown.
    driver.press(.enter)
    #expect(driver.stored.isEmpty)
    // ↑ comes back to the rows, focusing the last one on screen.
    for _ in 0..<40 { driver.press(.up) }
    #expect(driver.state.focusedRow?.title == "Option 1")
    driver.press(.enter)
    #expect(driver.stored["option1"] == .bool(true))
  }

  @Test func aResizeKeepsTheFocusInViewWithoutBlankLines() throws {
    let bundle = try Self.longPage(toggles: 60, sentences: 6)
    defer { bundle.remove() }
    var driver = try Self.driver(bundle, width: 60, height: 30)
    driver.focus("Option 45")
    let focused = "Option 45"
    for (width, height) in [(40, 10), (20, 8), (100, 20), (60, 50), (30, 12), (120, 80)] {
      driver.resize(width: width, height: height)
      #expect(driver.state.focusedRow?.title == focused)
      let lines = Self.listLines(driver)
      #expect(lines.contains { $0.contains(focused) }, "\(width)×\(height): the focus in view")
      // Hidden rows above: the list is full to its bottom.
      if driver.state.page.scroll > 0 {
        #expect(lines.last.map { !$0.isEmpty } == true, "\(width)×\(height): a blank line below")
      }
      #expect(
        driver.screen.split(separator: "\n").allSatisfy { DisplayWidth.of(String($0)) <= width })
    }
    driver.resize(width: 60, height: 30)
    expectGolden(driver.screen, "form/resize-deep-focus.txt")
  }

  /// Reading a licence without rows, a resize keeps the same text at the top.
  @Test func aResizeKeepsTheTextAtTheTop() throws {
    let bundle = try Self.longPage(toggles: 0, sentences: 30)
    defer { bundle.remove() }
    var driver = try Self.driver(bundle, width: 60, height: 12)
    for _ in 0..<3 { driver.press(.pageDown) }
    let top = try #require(Self.listLines(driver).first)
    let sentence = try #require(top.firstMatch(of: /Sentence (\d+)/)?.output.1)
    driver.resize(width: 30, height: 12)
    let number = Int(sentence) ?? 0
    let shown = Self.listLines(driver).joined(separator: " ")
    #expect(
      shown.contains("Sentence \(number)") || shown.contains("Sentence \(number + 1)"),
      "\(shown)")
    driver.resize(width: 200, height: 50)
    #expect(Self.listLines(driver).first?.isEmpty == false)
  }
}
