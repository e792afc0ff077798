import Plist
import SettingsSchema

enum StringsTableMissing: LintRule {
  static let summary = "A StringsTable that no .lproj folder (and no top-level file) holds."
  static let rationale = """
    Settings.app looks a page's strings up in <StringsTable>.strings of the chosen language. \
    When no language has that table, every title of the page shows as written in the plist, \
    in every language: usually the table was renamed or StringsTable has a typo. Titles \
    written as a table's keys (APPLICATION_INFO_TITLE) are named: nothing replaces them.
    """
  static let defaultSeverity = Severity.warning
  static let lesserSeverities: [(severity: Severity, when: String)] = [
    (
      .note,
      "the bundle is not localized, or the page has no setting (a licence or acknowledgement page)"
    )
  ]
  static let failingExamples = [
    RuleExample.root(
      StringsExamples.toggle, table: "Settings",
      files: [("en.lproj/Root.strings", "\"Enabled\" = \"Enabled\";\n")])
  ]
  static let passingExamples = [StringsExamples.translated]

  static func check(_ context: LintContext, _ report: inout RuleReport) {
    let inventory = context.bundle.inventory
    // A bundle with no localization at all shows the same text either way: one note
    // for the bundle, at the first page that names a table, not one per page.
    let localized = !inventory.folders.isEmpty || !inventory.topLevelTables.isEmpty
    var notedUnlocalized = false
    // A page nothing opens is never shown: its table is not looked up. A page
    // left out of the strings workflow (`strings: exclude:`) needs no table.
    let excluded = context.coverage.policy.excludedPages
    for page in context.bundle.pages where page.isReached && !excluded.contains(page.file) {
      guard let node = page.writtenStringsTable, let table = node.string else { continue }
      guard inventory.source(ofTable: table, searchOrder: inventory.folders) == nil else {
        continue
      }
      let known = Set(inventory.tablesByFolder.values.flatMap { $0 }).union(
        inventory.topLevelTables)
      // A name that climbs out ("../../secret") names no table inside a language's
      // folder: said as what it is, as a child pane's File is (child-pane-path).
      let leaves = table.hasPrefix("/") || table.split(separator: "/").contains("..")
      var message =
        table.isEmpty
        ? "StringsTable is empty; the page is shown untranslated"
        : leaves
          ? "StringsTable \(MessageText.quoted(table)) leaves the .lproj folders; iOS looks a table up by name inside each one (prefs never reads outside the bundle), so the page is shown untranslated in every language"
          : "no .lproj folder has \(table).strings; the page is shown untranslated in every language"
      if table.hasSuffix(".strings"), known.contains(String(table.dropLast(".strings".count))) {
        message += "; write StringsTable without the extension"
      } else if let suggestion = Suggestion.closest(to: table, among: known) {
        message += "; did you mean \(suggestion)?"
      }
      if !localized {
        guard !notedUnlocalized else { continue }
        notedUnlocalized = true
        let others = context.bundle.pages.filter {
          $0.isReached && $0.file != page.file && $0.stringsTable != nil
            && !$0.stringsTableIsImplicit
        }.count
        message =
          "no table \(table).strings exists; the bundle is not localized, so StringsTable has no effect"
          + (others == 1 ? " (nor on the other page that names one)" : "")
          + (others > 1 ? " (nor on the \(others) other pages that name one)" : "")
      }
      // Strings written as a table's keys (ENABLE_SUPPORT_MODE_TEXT) are what the user reads.
      let keys = keyShapedStrings(on: page)
      if !keys.isEmpty {
        let quoted = keys.prefix(3).map(MessageText.quoted)
        let shown =
          keys.count > 3
          ? quoted.joined(separator: ", ") + " and \(keys.count - 3) more"
          : quoted.dropLast().joined(separator: ", ") + (quoted.count > 1 ? " and " : "")
            + (quoted.last ?? "")
        message +=
          "; the placeholder\(keys.count > 1 ? "s" : "") \(shown) show\(keys.count > 1 ? "" : "s") as written"
      }
      // Licence pages (CocoaPods' and LicensePlist's) hold text, no setting: nobody
      // translates them, and the page reads the same either way.
      let holdsSettings = page.specifiers.contains { context.typeSpec(of: $0)?.storesValue == true }
      if localized, !holdsSettings {
        message += "; the page holds no setting (a licence page?), so it is only noted"
      }
      // Pages that name one missing table alike (an acknowledgement generator's twenty
      // licence pages) are one cause in text output; each keeps its finding.
      let cause = FindingCause(
        id: message, item: page.file, template: message + " ({count} pages alike: {items})")
      report.add(
        message, file: page.file, place: page.place(of: node, keyPath: "StringsTable"),
        severity: localized && holdsSettings ? nil : .note, cause: cause)
    }
  }

  /// The distinct titles and footers of a page written as a strings table's
  /// keys are (`APPLICATION_INFO_TITLE`: capitals and digits joined by
  /// underscores), which only a table turns into words.
  static func keyShapedStrings(on page: Page) -> [String] {
    var seen = Set<String>()
    var result: [String] = []
    for specifier in page.specifiers {
      let texts =
        [specifier.title, specifier.written(.footerText)?.string]
        + (specifier.written(.titles)?.array ?? []).map(\.string)
      for case let text? in texts
      where CoveragePolicy.isWrittenAsKey(text) && seen.insert(text).inserted {
        result.append(text)
      }
    }
    return result
  }
}
