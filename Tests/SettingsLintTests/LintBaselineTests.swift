import Foundation
import Plist
import Testing

@testable import SettingsLint

/// How a baseline matches findings, without the file system's part.
struct LintBaselineTests {
  static func finding(_ message: String, line: Int = 3) -> Diagnostic {
    Diagnostic(
      rule: "unknown-key", severity: .warning, file: "Root.plist",
      place: .text(SourceSnippet(location: TextLocation(line: line, column: 1), lineText: "")),
      keyPath: "PreferenceSpecifiers[1]", message: message)
  }

  static func output(_ diagnostics: [Diagnostic]) -> LintOutput {
    LintOutput(reports: [
      LintReport(bundlePath: "/nonexistent/Settings.bundle", files: [], diagnostics: diagnostics)
    ])
  }

  /// Two identical entries hide two findings, not three.
  @Test func eachEntryHidesOneFinding() {
    let same = Self.finding("does not take the key \"Titel\"")
    let baseline = LintBaseline(output: Self.output([same, same]), directory: "/nonexistent")
    let left = baseline.removingKnown(from: Self.output([same, same, same]))
    #expect(left.reports[0].diagnostics.count == 1)
  }

  /// Findings on one element are told apart by message; moving lines changes nothing.
  @Test func findingsOnOneElementAreToldApart() {
    let baseline = LintBaseline(
      output: Self.output([Self.finding("does not take the key \"Titel\"")]),
      directory: "/nonexistent")
    let left = baseline.removingKnown(
      from: Self.output([
        Self.finding("does not take the key \"Titel\"", line: 40),
        Self.finding("does not take the key \"Platform\"", line: 41),
      ]))
    #expect(left.reports[0].diagnostics.map(\.message) == ["does not take the key \"Platform\""])
  }

  /// A finding matches by its key path as written or by its element's name,
  /// whichever still holds; one that matches both is taken first.
  @Test func keyPathsMatchByIndexOrByName() {
    var known = Self.finding("does not take the key \"Titel\"")
    known.anchoredKeyPath = "PreferenceSpecifiers[Key=son]"
    let baseline = LintBaseline(output: Self.output([known]), directory: "/nonexistent")
    var moved = known
    moved.keyPath = "PreferenceSpecifiers[2]"
    var renamed = known
    renamed.anchoredKeyPath = "PreferenceSpecifiers[Key=sound]"
    var elsewhere = moved
    elsewhere.anchoredKeyPath = "PreferenceSpecifiers[Key=volume]"
    for (found, hidden) in [(moved, true), (renamed, true), (elsewhere, false)] {
      let left = baseline.removingKnown(from: Self.output([found]))
      #expect(left.reports[0].diagnostics.isEmpty == hidden, "\(found)")
    }
  }

  @Test func elementsAreNamedByKeyElseTypeAndTitle() {
    let elements: [PlistNode] = [
      ["Type": "PSGroupSpecifier", "Title": "General"],
      ["Type": "PSToggleSwitchSpecifier", "Key": "sound"],
      ["Type": "PSGroupSpecifier", "Title": "General"],
      ["Type": "PSGroupSpecifier"],
    ].map { fields in
      PlistNode(
        .dictionary(
          fields.sorted { $0.key < $1.key }.map {
            PlistEntry(key: $0.key, value: PlistNode(.string($0.value)))
          }))
    }
    #expect(
      ElementAnchors.names(of: elements) == [
        "PSGroupSpecifier:General", "Key=sound", "PSGroupSpecifier:General#2", "PSGroupSpecifier",
      ])
  }

  @Test(arguments: [
    ("the same as on line 12", "the same as on line #"),
    ("(first on line 3)", "(first on line #)"),
    ("also used at Root.plist:14; both rows", "also used at Root.plist:#; both rows"),
    ("also used at Child~ipad.plist:7:3", "also used at Child~ipad.plist:#"),
    ("Titles[2] should be a string", "Titles[2] should be a string"),
    ("DefaultValue is the string \"1\"", "DefaultValue is the string \"1\""),
  ])
  func messagesLoseOnlyWhatMoves(message: String, stable: String) {
    #expect(LintBaseline.stableMessage(message) == stable)
  }
}
