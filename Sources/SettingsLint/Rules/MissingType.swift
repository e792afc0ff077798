import Plist
import SettingsSchema

enum MissingType: LintRule {
  static let summary = "An element without a Type."
  static let rationale = """
    Settings.app decides how to show an element by its Type. An element without one (or \
    with a Type that is not a string) is skipped, so its setting never appears.
    """
  static let defaultSeverity = Severity.error
  static let lesserSeverities: [(severity: Severity, when: String)] = [
    (.warning, "the element is an empty dictionary (it meant no row)"),
    (.note, "the element holds only Xcode's placeholder key \"New item\""),
  ]
  static let failingExamples = [
    RuleExample.root(
      """
      <dict>
        <key>Title</key>
        <string>Enabled</string>
        <key>Key</key>
        <string>enabled</string>
      </dict>
      """, table: nil)
  ]
  static let passingExamples = [
    RuleExample.root(
      """
      <dict>
        <key>Type</key>
        <string>PSToggleSwitchSpecifier</string>
        <key>Title</key>
        <string>Enabled</string>
        <key>Key</key>
        <string>enabled</string>
        <key>DefaultValue</key>
        <true/>
      </dict>
      """, table: nil)
  ]

  static func check(_ context: LintContext, _ report: inout RuleReport) {
    for page in context.bundle.pages {
      for specifier in page.specifiers where specifier.node.entries != nil {
        guard let type = specifier["Type"] else {
          let keys = specifier.node.entries?.map(\.key) ?? []
          // Xcode names the first key of a row added in its editor "New item".
          let isPlaceholder = !keys.isEmpty && keys.allSatisfy { $0.hasPrefix("New item") }
          report.add(
            keys.isEmpty
              ? "the element is an empty dictionary; Settings.app skips it"
              : isPlaceholder
                ? "the element holds only Xcode's placeholder \"New item\"; Settings.app skips it"
                : "the element has no Type; Settings.app skips it",
            file: page.file, place: context.place(specifier, on: page), keyPath: specifier.keyPath,
            severity: keys.isEmpty ? .warning : isPlaceholder ? .note : nil)
          continue
        }
        if type.string == nil {
          report.add(
            "Type is \(type.typeNameWithArticle), not a string; Settings.app skips the element",
            file: page.file, place: context.place(specifier, key: "Type", on: page),
            keyPath: specifier.keyPath)
        }
      }
    }
  }
}
