import Plist
import SettingsSchema

enum PageStructure: LintRule {
  static let summary =
    "A page that is not a dictionary with a PreferenceSpecifiers array of dictionaries."
  static let rationale = """
    Settings.app shows the elements of a page's PreferenceSpecifiers array. Without that \
    array, or when the page is not a dictionary, the page is empty; an element that is not \
    a dictionary is skipped. This rule also reports the bundle's own layout: a Root.plist \
    only present as a device or InAppSettingsKit variant, links that leave the bundle, \
    links to a folder read already (each folder is read once), and folders past the \
    walk's limits (1,000 folders, 20,000 files, 16 levels).
    """
  static let defaultSeverity = Severity.error
  static let lesserSeverities: [(severity: Severity, when: String)] = [
    (.warning, "PreferenceSpecifiers is empty")
  ]
  static let failingExamples = [
    RuleExample(files: [
      (
        "Root.plist",
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
          <key>StringsTable</key>
          <string>Root</string>
        </dict>
        </plist>
        """
      )
    ]),
    RuleExample.root("<string>PSGroupSpecifier</string>", table: nil),
  ]
  static let passingExamples = [
    RuleExample.root(
      """
      <dict>
        <key>Type</key>
        <string>PSGroupSpecifier</string>
      </dict>
      """, table: nil)
  ]

  static func check(_ context: LintContext, _ report: inout RuleReport) {
    for problem in context.bundle.problems
    where problem.origin == .layout || problem.origin == .rootFallback {
      report.add(problem)
    }
    // A plist nothing opens and that is no page (the app's own data) is not checked as one;
    // a device or dialect variant of a page (Root.plist beside Root~iphone.plist) is a page.
    let unreached = Set(context.bundle.unreachedFiles)
    for page in context.bundle.pages
    where page.isReached || UnreachablePage.isPage(page) || !unreached.contains(page.file) {
      guard let document = page.document else { continue }
      let root = document.root
      guard root.entries != nil else {
        report.add(
          "the page is \(root.typeNameWithArticle), not a dictionary; Settings.app shows nothing",
          file: page.file, place: page.place(of: root, keyPath: ""))
        continue
      }
      guard let list = page.writtenSpecifierList else {
        report.add(
          "the page has no PreferenceSpecifiers; Settings.app shows it empty",
          file: page.file, place: page.place(of: root, keyPath: ""))
        continue
      }
      guard let elements = list.array else {
        report.add(
          "PreferenceSpecifiers is \(list.typeNameWithArticle), not an array; Settings.app shows the page empty",
          file: page.file, place: page.place(of: list, keyPath: "PreferenceSpecifiers"))
        continue
      }
      if elements.isEmpty {
        report.add(
          "PreferenceSpecifiers is empty; the page shows nothing", file: page.file,
          place: page.place(of: list, keyPath: "PreferenceSpecifiers"), severity: .warning)
      }
      for (index, element) in elements.enumerated() where element.entries == nil {
        report.add(
          "the element is \(element.typeNameWithArticle), not a dictionary; Settings.app skips it",
          file: page.file,
          place: page.place(of: element, keyPath: "PreferenceSpecifiers[\(index)]"))
      }
    }
  }
}
