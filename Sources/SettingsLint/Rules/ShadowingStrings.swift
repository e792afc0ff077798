import Plist
import SettingsSchema

enum ShadowingStrings: LintRule {
  static let summary =
    "A .strings table in the bundle's top level, which hides every language's copy."
  static let rationale = """
    iOS finds a table in the bundle's top level before it looks in any .lproj folder, so a \
    stray Root.strings next to Root.plist makes every language show that file's text. It \
    usually lands there when a file is dragged into Xcode without localizing it. A \
    top-level table with no copy in any language is a bundle that is not localized, and is \
    not reported.
    """
  static let defaultSeverity = Severity.warning
  static let failingExamples = [
    StringsExamples.bundle(
      english: "\"Enabled\" = \"Enabled\";\n", german: "\"Enabled\" = \"Aktiviert\";\n",
      extra: [("Root.strings", "\"Enabled\" = \"Enabled\";\n")])
  ]
  static let passingExamples = [StringsExamples.translated]

  static func check(_ context: LintContext, _ report: inout RuleReport) {
    let inventory = context.bundle.inventory
    for table in inventory.topLevelTables.sorted() {
      let languages = inventory.folders.filter {
        inventory.tablesByFolder[$0]?.contains(table) == true
      }
      // Without copies in .lproj folders the table is simply not localized, which is fine.
      guard !languages.isEmpty else { continue }
      let hidden =
        "the copies in \(languages.prefix(3).map { "\($0).lproj" }.joined(separator: ", "))\(languages.count > 3 ? " and \(languages.count - 3) more" : "") are never used"
      report.add("iOS reads this table for every language; \(hidden)", file: "\(table).strings")
    }
  }
}
