import Foundation
import Plist
import SettingsForm
import SettingsSchema
import TerminalUI
import TestSupport
import Testing

/// `/` searches every page of the bundle in the language shown; Enter goes
/// to the picked hit, Esc leaves things as they were, n/N go on.
struct FormSearchTests {
  @Test func aSearchFindsRowsOnEveryPageAndGoesToThePickedOne() throws {
    var driver = try FormDriver(width: 60, height: 16)
    driver.press(.character("/"))
    driver.type("de")
    // Titles, a footer, a multi value's choice and a row on the Advanced page.
    expectGolden(driver.screen, "form/search-hits.txt")
    let hits = FormSearch.hits(driver.state, "de")
    #expect(hits.contains { $0.file == "Advanced.plist" })
    // ↓ to the hit on the Advanced page, Enter opens it and focuses the row.
    let advanced = try #require(
      hits.firstIndex { $0.file == "Advanced.plist" && $0.text == "Debug Log" })
    for _ in 0..<advanced { driver.press(.down) }
    driver.press(.enter)
    #expect(driver.screen.hasPrefix("com.example.showcase › Advanced"))
    #expect(driver.state.focusedRow?.title == "Debug Log")
    #expect(driver.screen.contains("Hit \(advanced + 1) of \(hits.count)"))
    expectGolden(driver.screen, "form/search-advanced.txt")
    // n goes on to the next hit (around the end to Root), N comes back.
    driver.press(.character("n"))
    #expect(driver.state.lastHit == hits[(advanced + 1) % hits.count])
    driver.press(.character("N"))
    #expect(driver.state.lastHit == hits[advanced])
    #expect(driver.state.focusedRow?.title == "Debug Log")
  }

  @Test func escapeCancelsAndAnEmptySearchGoesOnWithTheLastOne() throws {
    var driver = try FormDriver(width: 60, height: 16)
    driver.press(.character("/"))
    driver.type("server")
    driver.press(.escape)
    #expect(driver.screen.hasPrefix("com.example.showcase\n"))
    #expect(driver.state.lastSearch == nil)
    driver.press(.character("n"))
    #expect(driver.screen.contains("No search yet"))
    driver.press(.character("/"))
    driver.type("server")
    driver.press(.enter)
    #expect(driver.state.focusedRow?.title == "Server")
    driver.press(.escape)
    // `/` then Enter: the next hit of the last search, as in less and vim.
    driver.press(.character("/"), .enter)
    #expect(driver.state.focusedRow?.title == "Server")
    #expect(driver.screen.contains("Hit 1 of 1"))
    #expect(driver.screen.contains("n/N next/previous hit"))
  }

  /// A multi value is found by the titles of its choices, and Enter focuses it.
  @Test func aChoiceTitleFindsItsMultiValue() throws {
    var driver = try FormDriver(width: 60, height: 16)
    driver.press(.character("/"))
    driver.type("light")
    #expect(driver.screen.contains("Theme: Always light"))
    driver.press(.enter)
    #expect(driver.state.focusedRow?.title == "Theme")
  }

  @Test func noHitSaysSo() throws {
    var driver = try FormDriver(width: 40, height: 12)
    driver.press(.character("/"))
    driver.type("zzzz")
    #expect(driver.screen.contains("No row on any page matches"))
    driver.press(.enter)
    #expect(driver.screen.hasPrefix("com.example.showcase\n"))
    #expect(driver.screen.contains("No row on any page matches"))
  }

  /// The shown language is searched: Czech words find Czech rows.
  @Test(arguments: [("cs", "Ladicí"), ("ru", "Сервер"), ("pt-BR", "Servidor")])
  func searchesTheShownLanguage(language: String, word: String) throws {
    var driver = try FormDriver(language: language, width: 60, height: 16)
    driver.state.words = .language(language)
    driver.press(.character("/"))
    driver.type(word.lowercased())
    driver.press(.enter)
    #expect(driver.state.stack.count == 2)
    #expect(driver.state.focusedRow?.title.contains(word) == true)
  }

  /// A footer is one text: words split by its wrap are found, and the page scrolls to them.
  @Test func aFooterMatchAcrossAWrapScrollsIntoView() throws {
    let bundle = try FormNavigationTests.longPage(toggles: 30, sentences: 30, rowsFirst: true)
    defer { bundle.remove() }
    var driver = try FormNavigationTests.driver(bundle, width: 30, height: 10)
    driver.press(.character("/"))
    driver.type("sentence 27 of the licence text")
    driver.press(.enter)
    #expect(driver.screen.contains("Sentence 27"))
    #expect(driver.state.visibleFocusedRow == nil, "no row to focus near the footer")
  }
}
