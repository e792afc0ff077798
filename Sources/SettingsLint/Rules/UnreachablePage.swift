import Plist
import SettingsSchema

enum UnreachablePage: LintRule {
  static let summary = "A page plist that no child pane opens."
  static let rationale = """
    Settings.app shows Root.plist and the pages its child panes open. Any other plist in \
    the bundle is never shown: usually a child pane was removed or its File misspelled. \
    Device variants (Page~ipad.plist) of pages that are reached count as reached. While a \
    reached page does not parse, nothing is called unreached (what it opens is unknown); \
    lint checks every unreached page as it checks the others. A plist whose extension is in \
    another letter case (Advanced.PLIST) is never a page either: iOS opens <File>.plist, and \
    file names keep their letter case on a device. A page that a child pane names as iOS \
    does not open it (File written with .plist, or the page saved as .PLIST) is reported \
    once, by child-pane-missing at the row, and not again here; nor are the pages it opens. \
    An app that shows the bundle with InAppSettingsKit may open any page itself \
    (IASKAppSettingsViewController's file): read that way, such a page is a note; list it \
    under opened-by-app.
    """
  static let defaultSeverity = Severity.warning
  static let options = [
    RuleOption(
      "opened-by-app", .pages,
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

  static let lesserSeverities: [(severity: Severity, when: String)] = [
    (
      .note,
      "the plist has no PreferenceSpecifiers (the app's own data, not a page), the page shows only licence text (CocoaPods', LicensePlist's or one written by hand), or the bundle is read as InAppSettingsKit's, whose app may open any page itself (IASKAppSettingsViewController's file)"
    )
  ]

  /// Whether a loaded plist is a page: a dictionary with PreferenceSpecifiers.
  static func isPage(_ page: Page) -> Bool {
    page.writtenSpecifierList != nil
  }

  static func check(_ context: LintContext, _ report: inout RuleReport) {
    // A child pane that names a page as iOS does not open it (`Child.plist`) is
    // child-pane-missing's finding; the page is not a second one.
    let meant = ChildPaneMissing.filesMeantByChildPanes(context)
    // iOS opens `Name.plist`, its letter case kept: `Name.PLIST` is never a page.
    for file in ChildPaneMissing.candidateFiles(context.bundle)
    where !file.hasSuffix(".plist") && !meant.contains(file)
      && file.lowercased() != "info.plist"
    {
      report.add(
        "the extension is .\(file.split(separator: ".").last ?? ""); iOS opens only .plist (names keep their letter case on a device), so Settings.app never shows this page",
        file: file)
    }
    // A page that does not load opens nothing that can be known: plist-syntax
    // reports it, and the pages it may open are checked as they are.
    let pages = context.bundle.pages
    guard !pages.contains(where: { $0.isReached && $0.document == nil }) else { return }
    let loaded = Dictionary(
      pages.map { ($0.file, $0) }, uniquingKeysWith: { first, _ in first })
    let options = context.options(of: self)
    let named = options.list("opened-by-app")
    // An entry that names no page is a typo, or a page since removed: say so where it is written.
    let pageNames = Set(
      context.bundle.files.filter { $0.hasSuffix(".plist") }.map(Page.name(ofFile:)))
    for entry in named where !pageNames.contains(Page.name(ofFile: entry)) {
      let place = options.places["opened-by-app"]?[entry]
      report.add(
        "opened-by-app names \(MessageText.quoted(entry)), which is no page plist of this bundle",
        file: place?.file ?? entry, place: place.map { .text($0.snippet) })
    }
    let opened = openedThrough(
      named.map(Page.name(ofFile:)) + meant.map(Page.name(ofFile:)), pages: pages,
      catalog: context.catalog)
    for file in context.bundle.unreachedFiles where !opened.contains(Page.name(ofFile: file)) {
      if let page = loaded[file], page.document != nil, !isPage(page) {
        report.add(
          "nothing opens this plist and it has no PreferenceSpecifiers: the app's data, not a page; Settings.app ignores it",
          file: file, severity: .note)
        continue
      }
      if context.licencePages.contains(file) {
        report.add(
          "no child pane opens this licence page; Settings.app never shows it (one a generator left behind?)",
          file: file, severity: .note)
        continue
      }
      // An InAppSettingsKit app opens any page by name (IASKAppSettingsViewController's
      // file), which the bundle cannot show: a note, unless the page is listed.
      guard context.catalog.dialect == .apple else {
        report.add(
          "no child pane opens this page; InAppSettingsKit shows it only if the app opens it itself (its view controller's file): list it under opened-by-app if so",
          file: file, severity: .note)
        continue
      }
      report.add("no child pane opens this page; Settings.app never shows it", file: file)
    }
  }

  /// The names of pages opened otherwise than by a reached child pane (by
  /// the app, or through a File iOS does not open) and of every page their
  /// child panes open in turn.
  static func openedThrough(_ names: [String], pages: [Page], catalog: SchemaCatalog) -> Set<
    String
  > {
    var opened = Set(names)
    var waiting = names
    while let name = waiting.popLast() {
      for page in pages where Page.name(ofFile: page.file) == name {
        for specifier in page.specifiers where catalog.opensPage(specifier) {
          if let file = specifier.file, opened.insert(Page.name(ofFile: file)).inserted {
            waiting.append(Page.name(ofFile: file))
          }
        }
      }
    }
    return opened
  }
}
