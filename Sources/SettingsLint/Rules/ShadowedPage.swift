import Plist
import SettingsSchema

enum ShadowedPage: LintRule {
  static let summary =
    "A page in a .lproj folder that the page of the same name at the bundle's top hides."
  static let rationale = """
    Settings.app asks CFBundle for a page, which looks at the bundle's top before any \
    .lproj folder: with Root.plist at the top, en.lproj/Root.plist is never read, whatever \
    the language. It is usually an older copy left behind when the page was moved or \
    localized. InAppSettingsKit looks in the first preferred language's folder before the \
    top, so in an app that shows the bundle with it that copy is read there: the two \
    readers then show different pages. Delete one, or keep the page in one place.
    """
  static let defaultSeverity = Severity.note
  static let failingExamples = [
    RuleExample.root(
      ChildPaneMissing.groupElement, table: nil,
      files: [("en.lproj/Root.plist", RuleExample.page(ChildPaneMissing.groupElement))])
  ]
  static let passingExamples = [
    RuleExample(files: [("en.lproj/Root.plist", RuleExample.page(ChildPaneMissing.groupElement))])
  ]

  static func check(_ context: LintContext, _ report: inout RuleReport) {
    // InAppSettingsKit reads the localized copy first: for it, nothing is hidden.
    guard context.catalog.dialect == .apple else { return }
    let topPages = Set(context.bundle.pages.map(\.file).filter { !$0.contains("/") })
    guard !topPages.isEmpty else { return }
    for file in context.bundle.files {
      let parts = file.split(separator: "/")
      guard parts.count == 2, parts[0].hasSuffix(".lproj"), topPages.contains(String(parts[1]))
      else { continue }
      let language = parts[0].dropLast(".lproj".count)
      report.add(
        "\(file) is never read by Settings.app: \(parts[1]) at the bundle's top is found first (InAppSettingsKit reads \(file) before it when \(language) is the first preferred language)",
        file: file)
    }
  }
}
