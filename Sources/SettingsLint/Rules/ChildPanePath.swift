import Plist
import SettingsSchema

enum ChildPanePath: LintRule {
  static let summary =
    "A child pane File that is absolute, has '..', or otherwise leaves the bundle."
  static let rationale = """
    Settings.app looks pages up inside the bundle. A File such as /etc/passwd or \
    ../Other.bundle/Root never names a page there, and a tool that followed it would read \
    files outside the bundle: prefs never does. A File in a sub-folder (Licenses/MIT) works \
    on iOS and is only noted.
    """
  static let defaultSeverity = Severity.error
  static let lesserSeverities: [(severity: Severity, when: String)] = [
    (.note, "the page is in a sub-folder, which iOS finds but Apple does not document")
  ]
  static let failingExamples = [
    RuleExample.root(
      """
      <dict>
        <key>Type</key>
        <string>PSChildPaneSpecifier</string>
        <key>Title</key>
        <string>Licenses</string>
        <key>File</key>
        <string>../Licenses</string>
      </dict>
      """, table: nil)
  ]
  static let passingExamples = ChildPaneMissing.passingExamples

  static func check(_ context: LintContext, _ report: inout RuleReport) {
    for problem in context.bundle.problems where problem.origin == .childPanePath {
      report.add(problem)
    }
    for page in context.bundle.pages {
      for specifier in page.specifiers where context.catalog.opensPage(specifier) {
        // LicensePlist puts its pages in a folder: a generator's layout, which works.
        guard let file = specifier.file, file.contains("/"), let child = specifier.childPage,
          !context.licencePages.contains(child)
        else { continue }
        report.add(
          "File \(MessageText.quoted(file)) is in a sub-folder; iOS finds it, but Apple documents only pages at the top level",
          file: page.file, place: context.place(specifier, .file, on: page),
          keyPath: specifier.keyPath, severity: .note)
      }
    }
  }
}
