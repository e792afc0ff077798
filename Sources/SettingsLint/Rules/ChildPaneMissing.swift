import Plist
import SettingsSchema

enum ChildPaneMissing: LintRule {
  static let summary = "A child pane whose File names no page plist in the bundle."
  static let rationale = """
    A child pane opens <File>.plist from the bundle (or its ~iphone/~ipad variant). When \
    there is no such file, or File is written with the .plist extension, Settings.app shows \
    the row and opens an empty page. Xcode offers no Child Pane in its menu, so these rows \
    are typed by hand and typos are common.
    """
  static let defaultSeverity = Severity.error
  static let lesserSeverities: [(severity: Severity, when: String)] = [
    (.note, "the page is one a build step writes (CocoaPods' Acknowledgements, LicensePlist's)")
  ]
  /// Pages that tools write into the bundle at build time, so a checkout lacks them.
  static let generatedPages: Set<String> = ["Acknowledgements", "com.mono0926.LicensePlist"]
  static let failingExamples = [
    RuleExample.root(
      """
      <dict>
        <key>Type</key>
        <string>PSChildPaneSpecifier</string>
        <key>Title</key>
        <string>Advanced</string>
        <key>File</key>
        <string>Advanced.plist</string>
      </dict>
      """, table: nil,
      files: [("Advanced.plist", RuleExample.page(groupElement))])
  ]
  static let passingExamples = [
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
      """, table: nil,
      files: [("Advanced.plist", RuleExample.page(groupElement))])
  ]

  static let groupElement = """
    <dict>
      <key>Type</key>
      <string>PSGroupSpecifier</string>
    </dict>
    """

  static func check(_ context: LintContext, _ report: inout RuleReport) {
    let pageFiles = context.bundle.files.filter {
      $0.hasSuffix(".plist") && !$0.contains(".lproj/")
    }
    for page in context.bundle.pages {
      for specifier in page.specifiers where specifier.type == .childPane {
        guard let file = specifier.file, specifier.childPage == nil,
          SettingsBundle.unsafeReason(ofPath: file) == nil,
          !context.catalog.opensOwnView(specifier)
        else { continue }
        let place = context.place(specifier, key: "File", on: page)
        if file.isEmpty {
          report.add(
            "File is empty; the row opens nothing", file: page.file, place: place,
            keyPath: specifier.keyPath)
          continue
        }
        if generatedPages.contains(file) {
          report.add(
            "no page \(file).plist in the bundle; a build step (CocoaPods, LicensePlist) usually writes it, else the row opens an empty page",
            file: page.file, place: place, keyPath: specifier.keyPath, severity: .note)
          continue
        }
        var message = "no page \(file).plist in the bundle; the row opens an empty page"
        if file.hasSuffix(".plist"), pageFiles.contains(file) {
          message += "; write File without the extension: \(file.dropLast(".plist".count))"
        } else if let suggestion = Suggestion.closest(
          to: file, among: pageFiles.map { String($0.dropLast(".plist".count)) })
        {
          message += "; did you mean \(suggestion)?"
        }
        report.add(message, file: page.file, place: place, keyPath: specifier.keyPath)
      }
    }
  }
}
