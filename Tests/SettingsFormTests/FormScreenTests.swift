import Foundation
import Plist
import SettingsForm
import SettingsSchema
import TerminalUI
import TestSupport
import Testing

/// Golden screens: every page of the Showcase in every language, and the
/// form at its smallest and a wide size. Each is what a virtual terminal
/// shows after the session's diff bytes, not the view's own cells.
struct FormScreenTests {
  @Test(arguments: ["en", "pt-BR", "cs", "ru"], ["Root", "Advanced"])
  func everyPageInEveryLanguage(language: String, page: String) throws {
    var driver = try FormDriver(language: language, width: 60, height: 40)
    driver.state.words = .language(language)
    if page != "Root" {
      let opened = driver.state.open(pageNamed: page)
      #expect(opened)
    }
    driver.resize(width: 60, height: driver.state.fullHeight)
    expectGolden(driver.screen, "form/showcase-\(page)-\(language).txt")
    #expect(driver.terminal.unrecognized.isEmpty)
  }

  @Test(arguments: [(40, 10), (100, 30)])
  func sizes(width: Int, height: Int) throws {
    var driver = try FormDriver(width: width, height: height)
    expectGolden(driver.screen, "form/showcase-\(width)x\(height).txt")
    // Scrolling keeps the focus in view down to the last row.
    for _ in 0..<40 { driver.press(.down) }
    expectGolden(driver.screen, "form/showcase-\(width)x\(height)-end.txt")
    #expect(driver.screen.contains("Advanced"))
  }

  @Test func resizeReLaysOutAtOnce() throws {
    var driver = try FormDriver(width: 100, height: 30)
    for _ in 0..<12 { driver.press(.down) }
    let focused = driver.state.focusedRow?.title
    driver.resize(width: 40, height: 10)
    #expect(driver.terminal.screen.width == 40)
    #expect(driver.state.focusedRow?.title == focused)
    let lines = driver.screen.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 10)
    #expect(lines.allSatisfy { $0.count <= 40 })
  }

  /// Long footers (licence texts) wrap to the width, and wrap anew on resize.
  @Test func longFootersWrap() throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    let licence = String(
      repeating: "Permission is hereby granted, free of charge, to any person. ", count: 4)
    try bundle.write(
      "Root.plist",
      "{ PreferenceSpecifiers = ( { Type = PSGroupSpecifier; Title = MIT; FooterText = \"\(licence)\"; }, { Type = PSToggleSwitchSpecifier; Title = On; Key = on; DefaultValue = YES; } ); }"
    )
    let loaded = try SettingsBundle.load(at: bundle.path)
    var driver = try FormDriver(bundle: loaded, width: 40, height: 20, appTitle: "")
    let narrow = driver.screen.split(separator: "\n")
    let footerLines = narrow.filter { $0.hasPrefix("  ") && $0.contains(" ") && !$0.contains("On") }
    #expect(footerLines.count >= 6)
    #expect(narrow.allSatisfy { $0.count <= 40 })
    #expect(!driver.screen.contains("…\n"), "nothing cut")
    let focused = driver.state.focusedRow?.title
    driver.resize(width: 100, height: 20)
    let wide = driver.screen.split(separator: "\n")
    #expect(wide.filter { $0.contains("Permission") }.count < footerLines.count)
    #expect(driver.state.focusedRow?.title == focused)
  }

  @Test func wideCharactersAndControlCharactersAreDrawnSafely() throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write(
      "Root.plist",
      """
      {
        PreferenceSpecifiers = (
          { Type = PSGroupSpecifier; Title = "日本語の設定"; },
          { Type = PSToggleSwitchSpecifier; Title = "通知 🔔"; Key = a; DefaultValue = YES; },
          { Type = PSTextFieldSpecifier; Title = "Evil \\033[2J\\007"; Key = b; DefaultValue = "x\\033]0;t\\007"; }
        );
      }
      """)
    let loaded = try SettingsBundle.load(at: bundle.path)
    let driver = try FormDriver(bundle: loaded, width: 40, height: 8, appTitle: "")
    expectGolden(driver.screen, "form/wide-and-control.txt")
    #expect(!driver.screen.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    // Nothing but the diff's own sequences reached the terminal.
    #expect(driver.terminal.unrecognized.isEmpty)
  }
}
