import Foundation
import PrefsKit
import ProjectConfiguration
import Testing

/// `debug-only:` of `.prefs.yml`: what a release build leaves out.
struct DebugOnlySectionTests {
  @Test func readsKeysPagesAndTheConfigurationsThatKeepThem() throws {
    let configuration = try ProjectConfiguration.parse(
      """
      debug-only:
        keys: [server_url, "größe"]
        pages: [Debug, "Intern*"]
        kept-in: [Debug, Staging]
      """, file: ".prefs.yml")
    let section = try #require(configuration.debugOnly)
    #expect(section.keys == ["server_url", "größe"])
    #expect(section.matchesPage(named: "Debug") && section.matchesPage(named: "Interne"))
    #expect(!section.matchesPage(named: "Advanced"))
    #expect(!section.strips(configuration: "Staging") && section.strips(configuration: "Release"))
  }

  @Test func debugAloneKeepsThemWhenKeptInIsNotGiven() throws {
    let section = try #require(
      try ProjectConfiguration.parse("debug-only:\n  keys: x\n", file: ".prefs.yml").debugOnly)
    #expect(section.keptIn == ["Debug"])
    #expect(section.keys == ["x"])
    #expect(try ProjectConfiguration.parse("lint: {}\n", file: ".prefs.yml").debugOnly == nil)
  }

  @Test(arguments: [
    (
      "debug-only:\n  key: [x]\n",
      ".prefs.yml:2:3: error: unknown key \"key\" in debug-only; expected keys, pages, kept-in; did you mean keys?"
    ),
    (
      "debug-only:\n  pages: [Debug.plist]\n",
      ".prefs.yml:2:11: error: debug-only: pages names pages by name (Debug for Debug.plist and its variants), not \"Debug.plist\""
    ),
    (
      "debug-only:\n  pages: [../Debug]\n",
      ".prefs.yml:2:11: error: debug-only: pages names pages by name (Debug for Debug.plist and its variants), not \"../Debug\""
    ),
    (
      "debug-only:\n  keys: [3]\n",
      ".prefs.yml:2:10: error: debug-only: keys takes text, not the number 3 (write \"3\" for the text)"
    ),
    (
      "debug-only:\n  kept-in: [Debug]\n",
      ".prefs.yml:2:3: error: debug-only names no keys and no pages"
    ),
    ("debug-only: [x]\n", ".prefs.yml:1:13: error: debug-only must be a mapping"),
  ])
  func mistakesAreNamedWhereTheyAre(text: String, message: String) {
    #expect {
      try ProjectConfiguration.parse(text, file: ".prefs.yml")
    } throws: { error in
      (error as? ConfigurationError)?.description == message
    }
  }
}
