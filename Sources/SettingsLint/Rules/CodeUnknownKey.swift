import Foundation
import Plist
import SettingsSchema
import SourceCheck

enum CodeUnknownKey: LintRule {
  static let summary =
    "The code reads a key no element of the bundle has and the code never writes: likely a typo."
  static let rationale = """
    A key read but never written and close to one of the bundle's keys is almost always a \
    typo (celsiusPerf for celsiusPref): the read always sees the default, and the setting \
    the person changes in Settings never reaches the app. Keys the app writes itself, and \
    keys far from every bundle key, are the app's own and are left alone. (Checked when lint \
    is given the app's sources with --sources.)
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
          "Sources/Temperature.swift",
          """
          import Foundation

          let celsius = UserDefaults.standard.bool(forKey: "celsiusPerf")
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
          "Sources/Temperature.swift",
          """
          import Foundation

          let celsius = UserDefaults.standard.bool(forKey: "celsiusPref")
          let launches = UserDefaults.standard.integer(forKey: "launchCount")
          func launched() { UserDefaults.standard.set(launches + 1, forKey: "launchCount") }
          """
        )
      ])
  ]

  static func check(_ context: LintContext, _ report: inout RuleReport) {
    guard let facts = context.sources, !facts.settings.isEmpty else { return }
    var written = Set<String>()
    for use in facts.uses {
      switch use.action {
      case .read, .cast: continue
      default: written.insert(use.key)
      }
    }
    var reported = Set<String>()
    for use in facts.uses {
      guard use.action.isRead, facts.settings[use.key] == nil, !written.contains(use.key),
        let nearest = Suggestion.closest(to: use.key, among: facts.settings.keys.sorted()),
        reported.insert("\(use.key)@\(use.place.file):\(use.place.line)").inserted
      else { continue }
      report.add(
        "\(MessageText.quoted(use.key)) is read here but no element of the bundle has it and the code never writes it; did you mean \(MessageText.quoted(nearest))?",
        file: SourceFacts.file(use), place: SourceFacts.place(use))
    }
  }
}
