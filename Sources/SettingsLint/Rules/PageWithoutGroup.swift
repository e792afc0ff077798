import Plist
import SettingsSchema

enum PageWithoutGroup: LintRule {
  static let summary = "A child page whose first element is not a group."
  static let rationale = """
    On a child page, rows before the first group were reported missing on iOS 13, and \
    wrapping them in a PSGroupSpecifier fixed it. Starting every child page with a group \
    also gives its first section the spacing the rest of Settings has. Root may start \
    with a row. InAppSettingsKit gives rows before the first group an untitled section of \
    their own (IASKSettingsReader), so its pages are not checked.
    """
  static let defaultSeverity = Severity.warning
  static let readsIdiom = true
  static let failingExamples = [
    RuleExample.root(
      """
      <dict>
        <key>Type</key>
        <string>PSChildPaneSpecifier</string>
        <key>Title</key>
        <string>Advanced</string>
        <key>File</key>
        <string>Advanced</string>
      </dict>
      """, table: nil, files: [("Advanced.plist", RuleExample.page(StringsExamples.toggle))])
  ]
  static let passingExamples = ChildPaneMissing.passingExamples

  static func check(_ context: LintContext, _ report: inout RuleReport) {
    // The iOS 13 fault is Settings.app's: InAppSettingsKit opens an untitled section for leading rows.
    guard context.catalog.dialect == .apple else { return }
    // A licence page (LicensePlist's list of libraries) is a list: no group to name.
    for page in context.bundle.pages.dropFirst() where !context.licencePages.contains(page.file) {
      guard let first = context.shownSpecifiers(on: page).first, first.type != nil,
        !context.startsSection(first)
      else { continue }
      report.add(
        "the page starts with \(SpecifierType.withArticle(first.type?.rawValue ?? "")), not a group; add \(SpecifierType.group.withArticle) before it",
        file: page.file, place: context.place(first, .type, on: page),
        keyPath: first.keyPath)
    }
  }
}
