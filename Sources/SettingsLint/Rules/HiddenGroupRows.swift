import Plist
import SettingsSchema

enum HiddenGroupRows: LintRule {
  static let summary = "A group limited to some idioms whose rows are not."
  static let rationale = """
    SupportedUserInterfaceIdioms on a group hides only the group's title and footer. Its \
    rows still show on the other idioms, under the previous section's header. Give the \
    rows the same idioms, or none to the group.
    """
  static let defaultSeverity = Severity.note
  static let failingExamples = [
    RuleExample.root(
      """
      <dict>
        <key>Type</key>
        <string>PSGroupSpecifier</string>
        <key>Title</key>
        <string>iPad</string>
        <key>SupportedUserInterfaceIdioms</key>
        <array>
          <string>Pad</string>
        </array>
      </dict>
      \(StringsExamples.toggle)
      """, table: nil)
  ]
  static let passingExamples = [
    RuleExample.root(
      """
      <dict>
        <key>Type</key>
        <string>PSGroupSpecifier</string>
        <key>Title</key>
        <string>iPad</string>
        <key>SupportedUserInterfaceIdioms</key>
        <array>
          <string>Pad</string>
        </array>
      </dict>
      <dict>
        <key>Type</key>
        <string>PSToggleSwitchSpecifier</string>
        <key>Title</key>
        <string>Split view</string>
        <key>Key</key>
        <string>split</string>
        <key>DefaultValue</key>
        <true/>
        <key>SupportedUserInterfaceIdioms</key>
        <array>
          <string>Pad</string>
        </array>
      </dict>
      """, table: nil)
  ]

  static func check(_ context: LintContext, _ report: inout RuleReport) {
    for page in context.bundle.pages {
      let specifiers = page.specifiers
      for (index, group) in specifiers.enumerated()
      where context.startsSection(group) && !group.idioms.isEmpty {
        let groupIdioms = Set(group.idioms)
        let rows = specifiers[(index + 1)...].prefix { !context.startsSection($0) }
        let wider = rows.filter {
          !$0.idioms.isEmpty ? !Set($0.idioms).isSubset(of: groupIdioms) : true
        }
        guard let first = wider.first else { continue }
        report.add(
          "the group shows only on \(group.idioms.joined(separator: ", ")), but \(wider.count == 1 ? "its row \(first.keyPath) shows" : "\(wider.count) of its rows show") elsewhere too, under the previous section",
          file: page.file,
          place: context.place(group, .supportedUserInterfaceIdioms, on: page),
          keyPath: group.keyPath)
      }
    }
  }
}
