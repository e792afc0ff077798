import Foundation
import Plist
import SettingsSchema
import SourceCheck

/// What every rule reads: the loaded bundle, the schema of its dialect, and
/// facts several rules share, worked out once.
public struct LintContext: Sendable {
  public let bundle: SettingsBundle
  public let catalog: SchemaCatalog

  /// How each language's tables cover the pages' strings, as `prefs strings` sees it too.
  public let coverage: TranslationCoverage
  private let known: [(page: Page, specifier: Specifier, spec: TypeSpec)]
  /// The app's uses of the bundle's keys, when lint was given its sources.
  let sources: SourceFacts?
  /// Each rule's options from the configuration, by rule id.
  let options: [String: RuleOptions]
  /// The bundle's `prefs:disable` comments.
  let disables: InlineDisables
  /// The pages that only show licence text (CocoaPods', LicensePlist's, hand-written).
  let licencePages: LicencePages

  public init(
    bundle: SettingsBundle, catalog: SchemaCatalog, sources: SourceScan? = nil,
    policy: CoveragePolicy = .standard, options: [String: RuleOptions] = [:]
  ) {
    self.bundle = bundle
    self.catalog = catalog
    self.options = options
    disables = InlineDisables(bundle: bundle)
    licencePages = LicencePages(bundle: bundle, catalog: catalog)
    let known = bundle.pages.flatMap { page in
      page.specifiers.compactMap { specifier in
        specifier.type.flatMap { catalog.types[$0] }.map { (page, specifier, $0) }
      }
    }
    self.known = known
    coverage = TranslationCoverage(bundle: bundle, catalog: catalog, policy: policy)
    self.sources = sources.map { SourceFacts(bundle: bundle, known: known, scan: $0) }
  }

  /// The same context for another reading of the bundle that differs from
  /// this one only in its device (``Linter/differsInIdiomOnly(_:_:)``): what
  /// it works out up front does not depend on the device, so it is kept.
  func reading(_ other: SettingsBundle) -> LintContext {
    LintContext(
      bundle: other, catalog: catalog, coverage: coverage, known: known, sources: sources,
      options: options, disables: disables, licencePages: licencePages)
  }

  private init(
    bundle: SettingsBundle, catalog: SchemaCatalog, coverage: TranslationCoverage,
    known: [(page: Page, specifier: Specifier, spec: TypeSpec)], sources: SourceFacts?,
    options: [String: RuleOptions], disables: InlineDisables, licencePages: LicencePages
  ) {
    self.bundle = bundle
    self.catalog = catalog
    self.coverage = coverage
    self.known = known
    self.sources = sources
    self.options = options
    self.disables = disables
    self.licencePages = licencePages
  }

  /// The options the configuration gives a rule.
  public func options(of rule: any LintRule.Type) -> RuleOptions {
    options[rule.id] ?? RuleOptions()
  }

  /// Whether an inline directive turns `rule` off at this place: a rule that
  /// folds one cause's places into one finding reports such a place apart.
  /// The place is worked out only when a directive of the file names the rule.
  func isDisabled(
    _ rule: any LintRule.Type, file: String, place: @autoclosure () -> IssuePlace?
  ) -> Bool {
    let id = rule.id
    guard disables.names(rule: id, in: file) else { return false }
    return disables.hides(rule: id, file: file, place: place())
  }

  /// The page a localized string is on.
  public func page(of string: LocalizableString) -> Page { bundle.pages[string.pageIndex] }

  /// Where a localized string is written.
  public func place(of string: LocalizableString) -> IssuePlace {
    page(of: string).document?.place(offset: string.offset, keyPath: string.keyPath)
      ?? .keyPath(string.keyPath)
  }

  /// The element that was written as a dictionary, with the spec of its type
  /// when the catalog knows it.
  public func typeSpec(of specifier: Specifier) -> TypeSpec? {
    specifier.type.flatMap { catalog.types[$0] }
  }

  /// The place of one of a specifier's attributes, or of the specifier itself when it is not written.
  ///
  /// ```swift
  /// context.place(specifier, .defaultValue, on: page)
  /// ```
  public func place(_ specifier: Specifier, _ attribute: SpecifierAttribute, on page: Page)
    -> IssuePlace
  {
    place(specifier, key: attribute.rawValue, on: page)
  }

  /// The place of one of a specifier's keys, or of the specifier itself when the key is absent.
  public func place(_ specifier: Specifier, key: String? = nil, on page: Page) -> IssuePlace {
    if let key, let node = specifier[key] {
      return page.place(of: node, keyPath: specifier.keyPath + "." + key)
    }
    return page.place(of: specifier.node, keyPath: specifier.keyPath)
  }

  /// The place of an entry's key in a strings table.
  public func place(ofEntry entry: StringsEntry, in table: LoadedStrings) -> IssuePlace {
    if let source = table.source, let offset = entry.keyOffset {
      return .text(source.snippet(atOffset: offset))
    }
    return .keyPath(entry.key)
  }

  /// Every loaded strings table with its translation coverage, in file order.
  public var coveredTables: [(table: LoadedStrings, coverage: FileCoverage)] {
    bundle.strings.values.sorted(by: { $0.file < $1.file }).compactMap { loaded in
      coverage.files[loaded.file].map { (loaded, $0) }
    }
  }

  /// One finding at the key of each of a table's entries.
  func report(
    entries indices: some Sequence<Int>, of table: LoadedStrings, coverage: FileCoverage,
    into report: inout RuleReport, message: (StringsEntry) -> String
  ) {
    let entries = table.strings.entries
    for index in indices {
      let entry = entries[index]
      report.add(
        message(entry), file: table.file, place: place(ofEntry: entry, in: table),
        language: coverage.language)
    }
  }

  /// The `.lproj` folder a table file lies in, or nil at the top level.
  public static func language(ofTable file: String) -> String? {
    guard let slash = file.firstIndex(of: "/") else { return nil }
    let folder = file[..<slash]
    return folder.hasSuffix(".lproj") ? String(folder.dropLast(".lproj".count)) : nil
  }
}

extension PlistNode {
  /// A short rendering of a value for messages: `"1"` for a string, `1` for an integer.
  var shortDescription: String {
    switch content {
    case .string(let text): "\"\(text.count > 40 ? String(text.prefix(40)) + "…" : text)\""
    case .integer(let value): String(value)
    case .real(let value): String(value)
    case .bool(let value): value ? "true" : "false"
    case .date(let date): ProlepticGregorian.iso8601(date)
    case .data(let data): "<\(data.count) bytes>"
    case .array(let items): "an array of \(items.count)"
    case .dictionary(let entries): "a dictionary of \(entries.count)"
    }
  }
}

extension LintContext {
  /// The elements of a page that show on the idiom being linted, with their specs.
  public func shownSpecifiers(on page: Page) -> [Specifier] {
    page.specifiers.filter { $0.isShown(on: bundle.options.idiom) }
  }

  /// Whether a specifier starts a section (a group or a radio group), as the schema says.
  public func startsSection(_ specifier: Specifier) -> Bool {
    catalog.startsSection(specifier.type)
  }

  /// Every specifier whose `Type` the catalog knows, with its page and spec.
  public var knownSpecifiers: [(page: Page, specifier: Specifier, spec: TypeSpec)] {
    known
  }

  /// Whether a bundle problem was found by a reader in a strings table.
  public static func isStringsFile(_ file: String) -> Bool { file.hasSuffix(".strings") }
}
