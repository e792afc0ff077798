import Foundation
import Plist
import SettingsForm
import SettingsSchema
import TerminalUI
import TestSupport
import Testing

/// Scripted key sequences through the session `prefs edit` runs, checked
/// by what the store holds and by what the terminal shows.
struct FormInteractionTests {
  @Test func focusStartsOnTheFirstRowThatCanChange() throws {
    let driver = try FormDriver()
    #expect(driver.state.focusedRow?.title == "Name")
  }

  @Test func toggle() throws {
    var driver = try FormDriver()
    driver.focus("Dark Mode")
    driver.press(.enter)
    #expect(driver.stored == ["dark_mode_preference": .bool(false)])
    #expect(driver.screen.contains("Dark Mode") && driver.screen.contains("off"))
    // TrueValue/FalseValue are what a toggle with them stores.
    driver.focus("Metric Units")
    driver.press(.character(" "))
    #expect(driver.stored["units_preference"] == .string("imperial"))
  }

  @Test func textEntryWithACursor() throws {
    var driver = try FormDriver()
    driver.press(.enter)
    driver.type("Zé")
    driver.press(.left, .character("o"), .end, .character("!"))
    #expect(driver.terminal.screen.cursor != nil)
    driver.press(.enter)
    #expect(driver.stored == ["name_preference": .string("Zoé!")])
    #expect(driver.terminal.screen.cursor == nil)
    // Esc cancels an edit.
    driver.press(.enter)
    driver.type("xyz")
    driver.press(.escape)
    #expect(driver.stored == ["name_preference": .string("Zoé!")])
    #expect(driver.screen.contains("Zoé!"))
  }

  @Test func secureFieldsAreMaskedAndNumberPadTakesDigitsOnly() throws {
    var driver = try FormDriver(values: ["password_preference": .string("secret")])
    #expect(!driver.screen.contains("secret"))
    #expect(driver.screen.contains("••••••"))
    driver.focus("PIN")
    driver.press(.enter)
    driver.type("1a")
    #expect(driver.state.status == "This field does not take that character")
    driver.type("2")
    driver.press(.enter)
    #expect(driver.stored["pin_preference"] == .string("12"))
  }

  @Test func sliderStepsTenthsAndClamps() throws {
    var driver = try FormDriver()
    for _ in 0..<30
    where
      !(driver.state.focusedRow.map { if case .slider = $0.kind { true } else { false } } ?? false)
    {
      driver.press(.down)
    }
    driver.press(.right)
    #expect(driver.stored["volume_preference"] == .real(0.55))
    driver.press(.pageDown)
    #expect(driver.stored["volume_preference"] == .real(0.45))
    driver.press(.shiftRight)
    #expect(driver.stored["volume_preference"] == .real(0.55))
    driver.press(Array(repeating: .right, count: 20))
    #expect(driver.stored["volume_preference"] == .real(1))
    #expect(driver.screen.contains("●"))
  }

  @Test func multiValuePicker() throws {
    var driver = try FormDriver()
    driver.focus("Theme")
    driver.press(.enter)
    #expect(driver.screen.contains("› Theme"))
    #expect(driver.screen.contains("✓ Same as the system"))
    driver.press(.down, .enter)
    #expect(driver.stored == ["theme_preference": .integer(1)])
    #expect(driver.screen.contains("Light ›"))
  }

  @Test func radioGroup() throws {
    var driver = try FormDriver()
    driver.focus("Low")
    driver.press(.enter)
    #expect(driver.stored == ["quality_preference": .string("low")])
    #expect(driver.screen.contains("✓ Low"))
  }

  @Test func childPaneAndBack() throws {
    var driver = try FormDriver()
    driver.focus("Advanced")
    driver.press(.enter)
    #expect(driver.screen.hasPrefix("com.example.showcase › Advanced"))
    #expect(driver.screen.contains("Server"))
    driver.press(.escape)
    #expect(driver.screen.hasPrefix("com.example.showcase\n"))
    driver.press(.enter)
    driver.press(.left)
    #expect(driver.screen.hasPrefix("com.example.showcase\n"))
  }

  @Test func searchListsHitsThenFocusesThePickedOne() throws {
    var driver = try FormDriver()
    driver.press(.character("/"))
    driver.type("mod")
    #expect(driver.screen.contains("Dark Mode"))
    #expect(!driver.screen.contains("Password"))
    driver.press(.enter)
    #expect(driver.state.focusedRow?.title == "Dark Mode")
    driver.press(.character("/"))
    driver.type("zzz")
    driver.press(.escape)
    #expect(driver.screen.contains("Password"))
  }

  @Test func resetRemovesTheKey() throws {
    var driver = try FormDriver(values: ["name_preference": .string("Ana")])
    #expect(driver.screen.contains("Ana"))
    driver.press(.character("r"))
    #expect(driver.stored.isEmpty)
    #expect(!driver.screen.contains("Ana"))
  }

  @Test func keysQuitAndInterrupt() throws {
    var driver = try FormDriver()
    driver.press(.character("?"))
    #expect(driver.screen.contains("search"))
    driver.press(.character("x"))
    #expect(driver.outcome == nil)
    driver.press(.character("q"))
    #expect(driver.outcome == .requested)
    // The terminal is given back as it was.
    #expect(!driver.terminal.isAlternateScreen && driver.terminal.cursorVisible)
    #expect(driver.terminal.unrecognized.isEmpty)
    var other = try FormDriver()
    other.press(.ctrl("c"))
    #expect(other.outcome == .interrupted)
  }

  @Test func theHelpLineFollowsTheFocusedRow() throws {
    var driver = try FormDriver()
    #expect(driver.screen.hasSuffix("↑/k move  ⏎ edit  / search  r reset  ? keys  q quit"))
    driver.focus("Dark Mode")
    #expect(driver.screen.contains("⏎ toggle"))
    driver.focus("Advanced")
    #expect(driver.screen.contains("⏎ open"))
  }

  @Test func anExternalChangeShowsAtOnce() throws {
    var driver = try FormDriver()
    try driver.store.update {
      $0["dark_mode_preference"] = .bool(false)
      $0["name_preference"] = .string("Bea")
    }
    driver.run()
    #expect(driver.screen.contains("Bea"))
    #expect(driver.screen.contains("off"))
  }

  @Test func onlyChangedCellsAreWritten() throws {
    var driver = try FormDriver(width: 80, height: 24)
    driver.press(.down)
    #expect(driver.terminal.cellsWrittenLastFrame < 80 * 4)
    #expect(driver.terminal.cellsWrittenLastFrame > 0)
  }
}
