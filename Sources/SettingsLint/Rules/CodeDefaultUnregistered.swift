import Foundation
import Plist
import SettingsSchema
import SourceCheck

enum CodeDefaultUnregistered: LintRule {
  static let summary =
    "The code reads a key whose DefaultValue nothing registers: it sees false, 0 or 0.0 instead."
  static let rationale = """
    iOS does not register a Settings bundle's DefaultValues: until the person opens the \
    Settings app, bool(forKey:) returns false, integer(forKey:) 0 and double(forKey:) 0.0, \
    whatever the bundle says. The Settings app never opens a bundle only InAppSettingsKit \
    reads (InAppSettings.bundle): InAppSettingsKit shows its DefaultValues and stores a value \
    only when someone changes a row on the app's own screen. Register the bundle's defaults at launch (prefs generate swift \
    writes registerDefaults(in:)), or read Root.plist and register every DefaultValue. \
    (Checked when lint is given the app's sources with --sources.)
    """
  static let defaultSeverity = Severity.error
  static let readsSources = true
  static let failingExamples = [
    RuleExample.root(
      """
      <dict>
        <key>Type</key><string>PSToggleSwitchSpecifier</string>
        <key>Title</key><string>Sounds</string>
        <key>Key</key><string>sounds</string>
        <key>DefaultValue</key><true/>
      </dict>
      """, table: nil,
      files: [
        (
          "Sources/Player.swift",
          """
          import Foundation

          struct Player {
            var playsSounds: Bool { UserDefaults.standard.bool(forKey: "sounds") }
          }
          """
        )
      ])
  ]
  static let passingExamples = [
    RuleExample.root(
      """
      <dict>
        <key>Type</key><string>PSToggleSwitchSpecifier</string>
        <key>Title</key><string>Sounds</string>
        <key>Key</key><string>sounds</string>
        <key>DefaultValue</key><true/>
      </dict>
      """, table: nil,
      files: [
        (
          "Sources/Player.swift",
          """
          import Foundation

          func registerBundleDefaults() {
            guard let url = Bundle.main.url(forResource: "Root", withExtension: "plist", subdirectory: "Settings.bundle"),
              let root = NSDictionary(contentsOf: url),
              let preferences = root["PreferenceSpecifiers"] as? [[String: Any]]
            else { return }
            var defaults: [String: Any] = [:]
            for preference in preferences {
              if let key = preference["Key"] as? String, let value = preference["DefaultValue"] {
                defaults[key] = value
              }
            }
            UserDefaults.standard.register(defaults: defaults)
          }

          struct Player {
            var playsSounds: Bool { UserDefaults.standard.bool(forKey: "sounds") }
          }
          """
        )
      ])
  ]

  static func check(_ context: LintContext, _ report: inout RuleReport) {
    guard let facts = context.sources else { return }
    for use in facts.uses {
      guard case .read(let getter, nil) = use.action, getter.returnsZeroWhenAbsent,
        let setting = facts.settings[use.key], let bundleDefault = setting.defaultValue,
        !SourceFacts.isZero(bundleDefault),
        CodeTypeMismatch.misreading(by: FoundationReading(getter), of: setting) == nil,
        !facts.isRegistered(use.key, default: bundleDefault)
      else { continue }
      // Settings.app never opens a bundle only InAppSettingsKit reads; InAppSettingsKit
      // shows the DefaultValue but stores a value only when someone changes the row.
      let until =
        context.bundle.onlyInAppSettingsKitOpens
        ? "until someone changes it on the app's own settings screen (InAppSettingsKit shows the DefaultValue without storing it)"
        : "until the Settings app has been opened"
      report.add(
        "\(getter.swiftName) reads \"\(use.key)\" as \(getter == .bool ? "false" : "0") \(until): its DefaultValue \(SpecifierValue.text(of: bundleDefault)) (\(setting.page.file)) is never registered; register the bundle's defaults at launch (prefs generate swift writes registerDefaults)",
        file: SourceFacts.file(use), place: SourceFacts.place(use))
    }
  }
}
