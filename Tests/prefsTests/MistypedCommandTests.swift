import Foundation
import Plist
import SettingsLint
import TestSupport
import Testing

/// A new user's slips on the command line get the command they meant (issue 24).
struct MistypedCommandTests {
  static var example: String {
    Paths.examples.appendingPathComponent("Showcase/Settings.bundle").path
  }

  /// Failed before: "Error: 2 unexpected arguments: 'lnt', …" and the usage.
  @Test(arguments: [
    (
      ["lnt", "App/Settings.bundle"],
      "unknown subcommand 'lnt' of prefs; did you mean 'prefs lint'?"
    ),
    (
      ["strings", "stauts", "App/Settings.bundle"],
      "unknown subcommand 'stauts' of prefs strings; did you mean 'prefs strings status'?"
    ),
    (
      ["defaults", "wirte", "com.example", "k", "v"],
      "unknown subcommand 'wirte' of prefs defaults; did you mean 'prefs defaults write'?"
    ),
    (
      ["generate", "App/Settings.bundle"],
      "prefs generate needs what to make first: prefs generate swift App/Settings.bundle"
    ),
  ])
  func aMistypedSubcommandGetsTheOneMeant(arguments: [String], message: String) {
    let run = DumpTests.run(arguments)
    #expect(run.code == 2)
    #expect(run.errors == "prefs: error: \(message)\n")
  }

  /// A word a command takes, or an option, is left to the parser as before.
  @Test(arguments: [["lint", "lnt"], ["--version"], ["help", "lnt"]])
  func aLineThatParsesIsNotSecondGuessed(arguments: [String]) {
    let run = DumpTests.run(arguments)
    #expect(!run.errors.contains("unknown subcommand"), "\(arguments): \(run.errors)")
    #expect(!run.errors.contains("needs what to make first"), "\(arguments): \(run.errors)")
  }

  /// Failed before: no suggestion for --disable, where an inline disable has one.
  @Test func disableOfAMistypedRuleGetsTheInlineSuggestion() throws {
    let run = DumpTests.run(["lint", "--disable", "unknwn-key", Self.example])
    #expect(run.code == 2)
    #expect(run.errors.contains("unknown rule \"unknwn-key\"; did you mean unknown-key?"))
  }

  /// Two swapped letters are one slip.
  @Test func aSwapIsOneEdit() {
    #expect(Suggestion.editDistance("wirte", "write") == 1)
    #expect(Suggestion.editDistance("stauts", "status") == 1)
    #expect(Suggestion.editDistance("lnt", "lint") == 1)
  }

  /// Failed before: 'the bundle has no page root', with no list.
  @Test func renderPageIgnoresLetterCaseAndListsThePages() throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write(
      "Root.plist",
      RuleExample.page(
        "<dict>\n  <key>Type</key>\n  <string>PSChildPaneSpecifier</string>\n  <key>Title</key>\n  <string>More</string>\n  <key>File</key>\n  <string>Advanced</string>\n</dict>"
      ))
    try bundle.write(
      "Advanced.plist",
      RuleExample.page(
        "<dict>\n  <key>Type</key>\n  <string>PSGroupSpecifier</string>\n  <key>Title</key>\n  <string>Deep</string>\n</dict>"
      ))
    let lower = DumpTests.run(["render", bundle.path, "--page", "advanced"])
    #expect(lower.code == 0, "\(lower.errors)")
    #expect(lower.output.contains("Deep"))
    let none = DumpTests.run(["render", bundle.path, "--page", "Nope"])
    #expect(none.code == 2)
    #expect(
      none.errors == "prefs: error: the bundle has no page Nope; its pages are Root, Advanced\n")
  }
}
