import Plist
import SettingsSchema

enum UnreachablePage: LintRule {
  static let summary = "A page plist that no child pane opens."
  static let rationale = """
    Settings.app shows Root.plist and the pages its child panes open. Any other plist in \
    the bundle is never shown: usually a child pane was removed or its File misspelled. \
    Device variants (Page~ipad.plist) of pages that are reached count as reached.
    """
  static let defaultSeverity = Severity.warning
  static let options = [
    RuleOption(
      "opened-by-app", .list,
      summary:
        "Pages the app opens itself (InAppSettingsKit's view controller given a file), by file or name.",
      example: "opened-by-app: [Advanced.plist, Debug]")
  ]
  static let failingExamples = [
    RuleExample.root(
      ChildPaneMissing.groupElement, table: nil,
      files: [("Advanced.plist", RuleExample.page(ChildPaneMissing.groupElement))])
  ]
  static let passingExamples = ChildPaneMissing.passingExamples

  static func check(_ context: LintContext, _ report: inout RuleReport) {
    let opened = Set(context.options(of: self).list("opened-by-app").map(pageName))
    // A bundle's Info.plist describes the bundle; it is not a page.
    for file in context.bundle.unreachedFiles
    where file != "Info.plist" && !opened.contains(pageName(file)) {
      report.add("no child pane opens this page; Settings.app never shows it", file: file)
    }
  }

  /// `Advanced~ipad.inApp.plist` → `Advanced`: the name the app opens a page by, variants included.
  static func pageName(_ file: String) -> String {
    var name = file.hasSuffix(".plist") ? String(file.dropLast(".plist".count)) : file
    if name.hasSuffix(".inApp") { name.removeLast(".inApp".count) }
    for idiom in Idiom.allCases where name.hasSuffix(idiom.fileSuffix) {
      name.removeLast(idiom.fileSuffix.count)
    }
    return name
  }
}
