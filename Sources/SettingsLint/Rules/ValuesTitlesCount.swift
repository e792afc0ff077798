import Plist
import SettingsSchema

enum ValuesTitlesCount: LintRule {
  static let summary = "Values, Titles and ShortTitles of different lengths."
  static let rationale = """
    A multi value, radio group or title value pairs Values[i] with Titles[i] (and \
    ShortTitles[i]). When the counts differ, Settings.app and InAppSettingsKit show the \
    wrong title for a value, drop choices, or stop on an out-of-range index.
    """
  static let defaultSeverity = Severity.error
  static let failingExamples = [
    RuleExample.root(
      """
      <dict>
        <key>Type</key>
        <string>PSMultiValueSpecifier</string>
        <key>Title</key>
        <string>Units</string>
        <key>Key</key>
        <string>units</string>
        <key>DefaultValue</key>
        <string>metric</string>
        <key>Values</key>
        <array>
          <string>metric</string>
          <string>imperial</string>
        </array>
        <key>Titles</key>
        <array>
          <string>Metric</string>
        </array>
      </dict>
      """, table: nil)
  ]
  static let passingExamples = [
    RuleExample.root(
      """
      <dict>
        <key>Type</key>
        <string>PSMultiValueSpecifier</string>
        <key>Title</key>
        <string>Units</string>
        <key>Key</key>
        <string>units</string>
        <key>DefaultValue</key>
        <string>metric</string>
        <key>Values</key>
        <array>
          <string>metric</string>
          <string>imperial</string>
        </array>
        <key>Titles</key>
        <array>
          <string>Metric</string>
          <string>Imperial</string>
        </array>
      </dict>
      """, table: nil)
  ]

  static func check(_ context: LintContext, _ report: inout RuleReport) {
    for (page, specifier, spec) in context.knownSpecifiers
    where spec.keys[SpecifierAttribute.values.rawValue] != nil {
      guard let values = specifier.written(.values)?.array else { continue }
      for attribute in [SpecifierAttribute.titles, .shortTitles] {
        let name = attribute.rawValue
        guard let titles = specifier.written(attribute)?.array, titles.count != values.count else {
          continue
        }
        report.add(
          "\(name) has \(titles.count) \(titles.count == 1 ? "entry" : "entries") but Values has \(values.count); each value needs one title",
          file: page.file, place: context.place(specifier, attribute, on: page),
          keyPath: specifier.keyPath)
      }
    }
  }
}
