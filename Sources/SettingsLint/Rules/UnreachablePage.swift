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
  static let failingExamples = [
    RuleExample.root(
      ChildPaneMissing.groupElement, table: nil,
      files: [("Advanced.plist", RuleExample.page(ChildPaneMissing.groupElement))])
  ]
  static let passingExamples = ChildPaneMissing.passingExamples

  static func check(_ context: LintContext, _ report: inout RuleReport) {
    // A bundle's Info.plist describes the bundle; it is not a page.
    for file in context.bundle.unreachedFiles where file != "Info.plist" {
      report.add("no child pane opens this page; Settings.app never shows it", file: file)
    }
  }
}
