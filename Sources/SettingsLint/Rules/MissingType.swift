import Plist
import SettingsSchema

enum MissingType: LintRule {
  static let summary = "An element without a Type."
  static let rationale = """
    Settings.app decides how to show an element by its Type. An element without one (or \
    with a Type that is not a string) is skipped, so its setting never appears. \
    InAppSettingsKit asserts that every element has a Type ("specifier type missing" \
    stops a debug build; with assertions off the element is a row that does nothing), and \
    it compares a Type as text, so a Type that is not a string raises an exception when \
    its row is drawn.
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

  /// What the reader does with an element without a Type: Settings.app skips
  /// it; InAppSettingsKit's `IASKSpecifier` asserts it has one
  /// (`NSAssert(specifier[kIASKType], …)`), and with assertions off shows it as
  /// a plain row (its cell is the one for no known type).
  static func withoutType(_ dialect: Dialect) -> String {
    switch dialect {
    case .apple: "Settings.app skips it"
    case .iask:
      "InAppSettingsKit stops at its assertion \"specifier type missing\""
        + " (with assertions off, a row that does nothing)"
    }
  }

  /// What the reader does with a Type that is not a string: InAppSettingsKit
  /// sends it `isEqualToString:` when it draws the row, which only a string answers.
  static func typeNotText(_ dialect: Dialect) -> String {
    switch dialect {
    case .apple: "Settings.app skips the element"
    case .iask:
      "InAppSettingsKit raises an exception when it draws the row (it compares the Type as text)"
    }
  }

  static func check(_ context: LintContext, _ report: inout RuleReport) {
    let dialect = context.catalog.dialect
    for page in context.bundle.pages {
      for specifier in page.specifiers where specifier.node.entries != nil {
        guard let type = specifier.written(.type) else {
          let keys = specifier.node.entries?.map(\.key) ?? []
          // Xcode names the first key of a row added in its editor "New item".
          let isPlaceholder = !keys.isEmpty && keys.allSatisfy { $0.hasPrefix("New item") }
          let what =
            keys.isEmpty
            ? "the element is an empty dictionary"
            : isPlaceholder
              ? "the element holds only Xcode's placeholder \"New item\""
              : "the element has no Type"
          report.add(
            "\(what); \(withoutType(dialect))",
            file: page.file, place: context.place(specifier, on: page), keyPath: specifier.keyPath,
            severity: keys.isEmpty ? .warning : isPlaceholder ? .note : nil)
          continue
        }
        if type.string == nil {
          report.add(
            "Type is \(type.typeNameWithArticle), not a string; \(typeNotText(dialect))",
            file: page.file, place: context.place(specifier, .type, on: page),
            keyPath: specifier.keyPath)
        }
      }
    }
  }
}
