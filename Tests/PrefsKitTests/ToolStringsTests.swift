import Foundation
import PrefsKit
import TestSupport
import Testing

/// The tool's own words, embedded in PrefsKit by scripts/embed-data.
struct ToolStringsTests {
  /// This fails when scripts/embed-data was not rerun after a Prefs.strings changed.
  @Test func embeddedLocalizationsAreCurrent() throws {
    for language in ToolStrings.languages {
      let path = "Localizations/\(language).lproj/Prefs.strings"
      let onDisk = try String(
        contentsOf: Paths.repository.appendingPathComponent(path), encoding: .utf8)
      #expect(
        ToolStrings.embeddedText(language) == onDisk.trimmingCharacters(in: .newlines),
        "\(path): run scripts/embed-data")
    }
    #expect(ToolStrings.languages == ["cs", "en", "pt", "ru"])
  }

  @Test func toolWordsExistInEveryLanguage() throws {
    let english = ToolStrings.words(in: "en")
    for language in ["pt", "cs", "ru"] {
      #expect(Set(ToolStrings.words(in: language).keys) == Set(english.keys), "\(language)")
    }
  }
}
