import Plist
import SettingsSchema

enum StringsTableUnset: LintRule {
  static let summary =
    "A page without StringsTable although .lproj folders hold a table named after it."
  static let rationale = """
    Settings.app localizes a page only through its StringsTable key; InAppSettingsKit falls \
    back to the page's file name, Settings.app does not. A page without the key shows \
    untranslated on the device even though en.lproj/<Page>.strings exists.
    """
  static let defaultSeverity = Severity.warning
  static let failingExamples = [
    RuleExample.root(
      StringsExamples.toggle, table: nil,
      files: [("de.lproj/Root.strings", "\"Enabled\" = \"Aktiviert\";\n")])
  ]
  static let passingExamples = [StringsExamples.translated]

  static func check(_ context: LintContext, _ report: inout RuleReport) {
    let inventory = context.bundle.inventory
    // InAppSettingsKit shows such a page from the table named after it (an implicit table).
    for page in context.bundle.pages where page.isReached && !page.stringsTableIsImplicit {
      guard let root = page.document?.root, root.entries != nil, page.writtenStringsTable == nil
      else {
        continue
      }
      let folders = inventory.folders.filter {
        inventory.tablesByFolder[$0]?.contains(page.name) == true
      }
      guard let first = folders.first else { continue }
      report.add(
        "the page has no StringsTable, so Settings.app does not use \(first).lproj/\(page.name).strings\(folders.count > 1 ? " and \(folders.count - 1) more" : ""); add <key>StringsTable</key><string>\(page.name)</string>",
        file: page.file, place: page.place(of: root, keyPath: ""))
    }
  }
}
