import Foundation
import Plist
import SettingsSchema
import SourceCheck

enum SourceSkipped: LintRule {
  static let summary =
    "A source file lint was given is not read: too large, nested too deep to parse safely, or unreadable."
  static let rationale = """
    The code rules know only the uses they read. A file over 8 MiB, one whose brackets and \
    chains (a.b.c…, try try …) nest past what the parser is given, or one with a long run of \
    nested [ and < (which the parser's lookahead takes twice as long for at each level) is \
    skipped before it is parsed, so that a hostile or generated file cannot crash or stall \
    lint; its reads and writes are then unknown, and a key it writes may be reported as \
    unknown elsewhere. The finding names the file and the line where the limit is crossed. \
    (Checked when lint is given the app's sources with --sources.)
    """
  static let defaultSeverity = Severity.warning
  static let readsSources = true
  static let failingExamples = [
    RuleExample.root(
      """
      <dict>
        <key>Type</key><string>PSToggleSwitchSpecifier</string>
        <key>Title</key><string>Celsius</string>
        <key>Key</key><string>celsiusPref</string>
        <key>DefaultValue</key><false/>
      </dict>
      """, table: nil,
      files: [
        (
          "Sources/Grid.swift",
          """
          import Foundation

          let grid = [[[[[[[0]]]]]]]
          let celsius = UserDefaults.standard.bool(forKey: "celsiusPref")
          """
        )
      ])
  ]
  static let passingExamples = [
    RuleExample.root(
      """
      <dict>
        <key>Type</key><string>PSToggleSwitchSpecifier</string>
        <key>Title</key><string>Celsius</string>
        <key>Key</key><string>celsiusPref</string>
        <key>DefaultValue</key><false/>
      </dict>
      """, table: nil,
      files: [
        (
          "Sources/Grid.swift",
          """
          import Foundation

          let grid = [[[0, 1], [2, 3]], [[4, 5], [6, 7]]]
          let celsius = UserDefaults.standard.bool(forKey: "celsiusPref")
          """
        )
      ])
  ]

  static func check(_ context: LintContext, _ report: inout RuleReport) {
    guard let facts = context.sources else { return }
    for skipped in facts.scan.skipped {
      let why =
        switch skipped.reason {
        case .tooLarge(let limit): "it is larger than the \(limit) bytes read"
        case .nestedTooDeep(let limit):
          "its brackets and chains nest deeper than \(limit) levels here"
        case .bracketRunTooLong(let limit):
          "more than \(limit) [ and < nest one inside another here"
        case .conditionalsTooDeep(let limit):
          "its #if blocks nest deeper than \(limit) levels here"
        case .unreadable: "it is not a regular file that can be read"
        }
      let place = skipped.snippet.map(IssuePlace.text)
      report.add(
        "this source file is skipped, so its uses of keys are unknown: \(why)",
        file: URL(fileURLWithPath: skipped.file).standardizedFileURL.path, place: place)
    }
  }
}
