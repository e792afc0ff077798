import Foundation
import Localization
import Plist
import SettingsRender
import SettingsSchema
import TestSupport
import Testing

/// The HTML writer: goldens of every example, links that work, names for
/// every control, and no markup from a bundle's text.
@Suite struct HTMLWriterTests {
  struct Example: Sendable, CustomTestStringConvertible {
    var golden: String
    var bundle: String
    var languages: [String]
    var idiom: Idiom = .phone
    var dialect: Dialect? = nil
    var appearance: HTMLAppearance = .automatic
    var appTitle: String
    var testDescription: String { golden }
  }

  /// Every example of Examples/ (each in a language it has and one it lacks),
  /// the other idiom, the other dialect, a forced appearance, and a real
  /// right-to-left bundle (Tests/Fixtures/Render/Squared, Arabic and Hebrew).
  static let examples: [Example] = [
    Example(
      golden: "conversor-en", bundle: "Examples/Conversor/Settings.bundle", languages: ["en"],
      appTitle: "Conversor"),
    Example(
      golden: "conversor-pt", bundle: "Examples/Conversor/Settings.bundle", languages: ["pt"],
      appTitle: "Conversor"),
    Example(
      golden: "showcase-pt-BR", bundle: "Examples/Showcase/Settings.bundle", languages: ["pt-BR"],
      appTitle: "Showcase"),
    Example(
      golden: "showcase-cs-pad", bundle: "Examples/Showcase/Settings.bundle", languages: ["cs"],
      idiom: .pad, appTitle: "Showcase"),
    Example(
      golden: "showcase-ru-iask-dark", bundle: "Examples/Showcase/Settings.bundle",
      languages: ["ru"], dialect: .iask, appearance: .dark, appTitle: "Showcase"),
    Example(
      golden: "showcase-ja-light", bundle: "Examples/Showcase/Settings.bundle", languages: ["ja"],
      appearance: .light, appTitle: "Showcase"),
    Example(
      golden: "squared-ar", bundle: "Tests/Fixtures/Render/Squared/Settings.bundle",
      languages: ["ar"], appTitle: "Squared"),
    Example(
      golden: "squared-he", bundle: "Tests/Fixtures/Render/Squared/Settings.bundle",
      languages: ["he"], appTitle: "Squared"),
  ]

  static func html(_ example: Example) throws -> String {
    let layout = try SettingsLayout.example(
      example.bundle, languages: example.languages, idiom: example.idiom,
      dialect: example.dialect, appTitle: example.appTitle)
    return HTMLWriter.write(layout, appearance: example.appearance)
  }

  @Test(arguments: examples)
  func matchesItsGolden(_ example: Example) throws {
    expectGolden(try Self.html(example), "render/html/\(example.golden).html")
  }

  @Test(arguments: examples)
  func everyLinkLeadsToAPageAndEveryControlHasAName(_ example: Example) throws {
    let html = try Self.html(example)
    #expect(HTMLStructure.problems(html) == [])
    let layout = try SettingsLayout.example(
      example.bundle, languages: example.languages, idiom: example.idiom,
      dialect: example.dialect, appTitle: example.appTitle)
    // Every page but the first goes back to its parent.
    let backs = HTMLStructure.values(of: "class", in: html).filter { $0 == "back" }.count
    #expect(backs == layout.pages.count - 1)
    // A form control is named by a label or an aria-label.
    for tag in HTMLStructure.skeleton(html) where tag.hasPrefix("<input") {
      #expect(tag.contains("aria-labelledby=") || tag.contains("aria-label="), "\(tag)")
      #expect(tag.contains(" disabled") || tag.contains(" readonly"), "\(tag)")
    }
  }

  /// The back link is one line cut with "…" where it does not fit, as the navigation
  /// bar's back button is: never "‹" on a line of its own, never a word broken.
  @Test(arguments: examples)
  func theBackLinkIsOneLineCutWithAnEllipsis(_ example: Example) throws {
    let html = try Self.html(example)
    let rules = html.split(separator: "\n").map(String.init)
    let back = try #require(rules.first { $0.hasPrefix(".back{") })
    #expect(back.contains("white-space:nowrap"), "\(back)")
    #expect(!back.contains("overflow-wrap"), "\(back)")
    // The label (a `bdi`, in its own direction) clips, so "…" ends the label's text.
    let label = try #require(rules.first { $0.hasPrefix(".back bdi{") })
    for declaration in ["overflow:hidden", "text-overflow:ellipsis"] {
      #expect(label.contains(declaration), "\(label)")
    }
    // An inline-block "‹" is a box of its own, which a line may break after.
    for rule in rules where rule.contains(".back::before") {
      #expect(!rule.contains("inline-block"), "\(rule)")
    }
  }

  /// A text field's value reads in its own direction, whatever the page's: Latin text
  /// on a right-to-left page keeps its order.
  @Test(arguments: examples)
  func textFieldsReadInTheirValuesDirection(_ example: Example) throws {
    let html = try Self.html(example)
    for tag in HTMLStructure.skeleton(html) where tag.hasPrefix("<input class=\"field\"") {
      #expect(tag.contains(" dir=\"auto\""), "\(tag)")
    }
  }

  @Test(arguments: [("ar", "rtl"), ("he", "rtl"), ("en", "ltr")])
  func rightToLeftSystemLanguagesMirrorThePage(language: String, direction: String) throws {
    let layout = try SettingsLayout.example(
      "Tests/Fixtures/Render/Squared/Settings.bundle", languages: [language], appTitle: "Squared")
    let html = HTMLWriter.write(layout)
    #expect(html.contains("<html lang=\"\(language)\" dir=\"\(direction)\""))
  }

  @Test(arguments: HTMLAppearance.allCases)
  func appearanceIsTheReadersOrForced(_ appearance: HTMLAppearance) throws {
    let layout = try SettingsLayout.example(
      "Examples/Conversor/Settings.bundle", languages: ["en"], appTitle: "Conversor")
    let html = HTMLWriter.write(layout, appearance: appearance)
    let followsReader = html.contains("@media (prefers-color-scheme: dark)")
    #expect(followsReader == (appearance == .automatic))
    // Colours only one palette has.
    let dark = html.contains(HTMLPalette.dark.card)
    let light = html.contains(HTMLPalette.light.background)
    #expect(dark == (appearance != .light))
    #expect(light == (appearance != .dark))
  }

  /// WCAG 2 AA for text: 4.5:1 for each text colour on each background, in both appearances.
  @Test(arguments: [HTMLPalette.light, HTMLPalette.dark])
  func everyTextColourReadsAtFourAndAHalfToOne(_ palette: HTMLPalette) {
    for (text, background) in palette.textPairs {
      #expect(HTMLPalette.contrast(text, background) >= 4.5, "\(text) on \(background)")
    }
  }

  @Test func contrastIsWCAGs() {
    #expect(HTMLPalette.contrast("#000000", "#FFFFFF") == 21)
    #expect(abs(HTMLPalette.contrast("#767676", "#FFFFFF") - 4.54) < 0.01)
  }
}
