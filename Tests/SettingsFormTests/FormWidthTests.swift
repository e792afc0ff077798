import Foundation
import Plist
import SettingsForm
import SettingsSchema
import TerminalUI
import TestSupport
import Testing
import TextWidth

/// Every message fits the width: wrapped, never cut, at any width — the
/// help line of `render` included.
struct FormWidthTests {
  /// The screen `prefs render` prints: every row of a page at once.
  static func render(
    _ bundle: SettingsBundle, page: String?, width: Int, words: FormWords = .english
  )
    -> (state: FormState, text: String)
  {
    var state = FormState(
      bundle: bundle, values: [:], width: width, height: 100, words: words, appTitle: "app")
    if let page { _ = state.open(pageNamed: page) }
    state.height = state.fullHeight
    return (state, FormView.draw(state).plainText)
  }

  /// Whether every word of `parts` is on the last lines of `text`, in order, none cut.
  static func expectUncut(
    _ parts: [String], in text: String, width: Int,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    for line in lines {
      #expect(
        DisplayWidth.of(String(line)) <= width, "\(width): \(line)", sourceLocation: sourceLocation)
    }
    let words = parts.joined(separator: " ").split(separator: " ")
    let bottom = lines.suffix(words.count + 1).joined(separator: " ").split(separator: " ")
    #expect(
      bottom.suffix(words.count).elementsEqual(words), "\(width): help cut in\n\(text)",
      sourceLocation: sourceLocation)
  }

  @Test(arguments: ["en", "cs", "ru", "pt-BR"], [40, 20])
  func theRenderHelpLineIsNeverCut(language: String, width: Int) throws {
    let bundle = try SettingsBundle.load(
      at: Paths.examples.appendingPathComponent("Showcase/Settings.bundle").path,
      options: LoadOptions(preferredLanguages: [language]))
    let (state, text) = Self.render(
      bundle, page: "Advanced", width: width, words: .language(language))
    Self.expectUncut(FormLayout.bottomLines(state).help, in: text, width: width)
    #expect(!FormLayout.bottomLines(state).help.joined().contains("…"))
    expectGolden(text, "form/render-advanced-\(language)-\(width).txt")
  }

  @Test func statusMessagesWrap() throws {
    var driver = try FormDriver(width: 20, height: 12)
    driver.press(.character("n"))
    let text = driver.screen
    #expect(text.contains("No search yet: /"))
    #expect(text.contains("every page"))
    #expect(!text.contains("…"))
    expectGolden(text, "form/status-wrapped-20.txt")
  }

  @Test func theKeyListWrapsOnANarrowScreen() throws {
    var driver = try FormDriver(width: 20, height: 40)
    driver.press(.character("?"))
    #expect(driver.screen.contains("first row (top of"))
    #expect(!driver.screen.contains("…"))
  }

  /// Random widths over every page of every corpus bundle: no line wider
  /// than the screen, the help and the footers' words all there.
  @Test(.needsCorpus, arguments: Paths.corpusBundles.map(\.path))
  func noLineExceedsTheWidth(path: String) throws {
    let bundle = try SettingsBundle.load(at: path, options: LoadOptions(preferredLanguages: ["en"]))
    var generator = SplitMix64(
      seed: URL(fileURLWithPath: path).deletingLastPathComponent().lastPathComponent)
    for page in bundle.pages.prefix(12) {
      for _ in 0..<4 {
        let width = Int.random(in: 10...200, using: &generator)
        let (state, text) = Self.render(bundle, page: page.file, width: width)
        Self.expectUncut(FormLayout.bottomLines(state).help, in: text, width: width)
        for row in state.page.rows where row.kind == .footer && !row.title.isEmpty {
          #expect(DisplayWidth.of(row.title) <= max(1, width - 3), "\(page.file) at \(width)")
          #expect(text.contains(row.title), "\(page.file) at \(width): footer line cut")
        }
      }
    }
  }
}
