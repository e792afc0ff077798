import Foundation
import Parallel
import Plist
import SettingsSchema
import SourceCheck

/// Runs every enabled rule over a bundle and applies the configuration:
/// disabled rules, changed severities, excluded paths.
///
/// ```swift
/// let linter = Linter(configuration: LintConfiguration(disabled: ["unknown-key"]))
/// let report = try linter.lint(bundleAt: "Settings.bundle")
/// report.count(.error)  // 0
/// ```
public struct Linter: Sendable {
  public var configuration: LintConfiguration
  public var loadOptions: LoadOptions
  /// The app's sources, for the `code-…` rules (nil: those rules find nothing).
  public var sources: SourceScan?
  /// The devices the run reads the bundle as; nil for every one it has pages for.
  public var idioms: Set<Idiom>?
  /// The dialects the run reads the bundle as; nil for every one it has pages for.
  public var dialects: Set<Dialect>?

  /// Whether a reading that differs from an earlier one only in its device
  /// takes that reading's findings of the rules that do not read the device
  /// (``LintRule/readsIdiom``) instead of running them again. The findings are
  /// the same either way; false runs every rule on every reading (tests hold
  /// the two to the same report).
  ///
  /// ```swift
  /// var linter = Linter()
  /// linter.reusesFindings = false
  /// ```
  public var reusesFindings = true

  /// Whether the run reads the bundle every way it has pages for.
  public var checksEveryVariant: Bool { idioms == nil && dialects == nil }

  public init(
    configuration: LintConfiguration = LintConfiguration(),
    loadOptions: LoadOptions = LoadOptions(),
    sources: SourceScan? = nil,
    checksEveryVariant: Bool = true
  ) {
    self.configuration = configuration
    self.loadOptions = loadOptions
    self.sources = sources
    if !checksEveryVariant {
      idioms = [loadOptions.idiom]
      dialects = [loadOptions.dialect]
    }
  }

  /// A run narrowed to some devices or dialects (`--idiom`, `--dialect`); the
  /// others the bundle has are still read. ``loadOptions`` gives the first reading.
  public init(
    configuration: LintConfiguration = LintConfiguration(), loadOptions: LoadOptions,
    sources: SourceScan? = nil, idioms: Set<Idiom>?, dialects: Set<Dialect>?
  ) {
    self.init(configuration: configuration, loadOptions: loadOptions, sources: sources)
    self.idioms = idioms
    self.dialects = dialects
  }

  /// Every page of every variant of the bundle, unreached pages included.
  public func lint(bundleAt path: String) throws -> LintReport {
    try lint(variants: try loadVariants(at: path))
  }

  /// The comments a bundle must be loaded with for its inline disables to
  /// count (``LoadOptions/keptComments``); ``loadVariants(at:)`` adds them itself.
  ///
  /// ```swift
  /// let bundle = try SettingsBundle.load(
  ///   at: path, options: LoadOptions(keepsComments: false, keptComments: Linter.keptComments))
  /// ```
  public static let keptComments = [InlineDisables.prefix]

  /// One reading of a bundle, as it was loaded.
  public func lint(_ bundle: SettingsBundle) throws -> LintReport {
    try lint(variants: [bundle])
  }

  /// The readings ``loadVariants(at:)`` made of one bundle, the first the base.
  public func lint(variants bundles: [SettingsBundle]) throws -> LintReport {
    guard let bundle = bundles.first else {
      return LintReport(bundlePath: "", files: [], diagnostics: [])
    }
    var policy = CoveragePolicy.standard
    // Readings are merged: an entry is unused when no reading uses it.
    if bundles.count > 1 { policy.needsEveryPageVariantForUnused = false }
    policy.excludedPages = Set(bundles.flatMap { configuration.stringsExcludedPages(of: $0) })
    let rules = RuleRegistry.all.filter { !configuration.disabled.contains($0.id) }
    var runs: [(variant: LintVariant, bundle: SettingsBundle, found: [Diagnostic])] = []
    // Each reading's context and findings by rule (in `rules` order), before `shown`.
    var readings: [(context: LintContext, found: [[Diagnostic]])] = []
    // Pages the app opens itself (unreachable-page's opened-by-app) are shown: their
    // strings need translations and use the tables' entries, as reached pages do.
    let opened = Set(
      (configuration.ruleOptions[UnreachablePage.id]?.list("opened-by-app") ?? []).map(
        Page.name(ofFile:)))
    // The texts of the copy of a localized page the source language (en, Base) is
    // shown: another language's copy that shows other text was written in that language.
    let sourceCopy = bundles.first { reading in
      reading.hasLocalizedPages
        && reading.languagesShowingThesePages.contains(where: policy.sourceLanguages.contains)
    }
    let sourceCopyTexts = try sourceCopy.map { reading in
      Set(
        reading.localizableStrings(catalog: try SchemaCatalog.load(reading.options.dialect))
          .values.joined().map(\.text))
    }
    for var reading in bundles {
      if !opened.isEmpty {
        for index in reading.pages.indices
        where opened.contains(Page.name(ofFile: reading.pages[index].file)) {
          reading.pages[index].isReached = true
        }
      }
      // A reading that differs from an earlier one only in its device finds
      // what that one found, but for the rules that read the device.
      let twin =
        reusesFindings
        ? runs.indices.first { Self.differsInIdiomOnly(reading, runs[$0].bundle) } : nil
      let context: LintContext
      if let twin {
        context = readings[twin].context.reading(reading)
      } else {
        let catalog = try SchemaCatalog.load(reading.options.dialect)
        // Each language's copy of a localized page is translated by that language alone.
        var readingPolicy = policy
        if reading.hasLocalizedPages {
          readingPolicy.languages = Set(reading.languagesShowingThesePages)
          if !reading.languagesShowingThesePages.contains(where: policy.sourceLanguages.contains) {
            readingPolicy.sourceCopyTexts = sourceCopyTexts
          }
        }
        context = LintContext(
          bundle: reading, catalog: catalog, sources: sources, policy: readingPolicy,
          options: configuration.ruleOptions)
      }
      // Rules only read the context: run them on every core, merge in registry order.
      let twinFound = twin.map { readings[$0].found }
      let found = rules.indices.concurrentMap { index in
        let rule = rules[index]
        if let twinFound, !rule.readsIdiom { return twinFound[index] }
        var report = RuleReport(rule: rule.id, defaultSeverity: rule.defaultSeverity)
        rule.check(context, &report)
        return report.diagnostics
      }
      readings.append((context, found))
      let variant = LintVariant(idiom: reading.options.idiom, dialect: reading.options.dialect)
      runs.append((variant, reading, Self.shown(found.flatMap { $0 }, in: reading)))
    }
    var diagnostics = Self.merge(runs)
    // A plist nothing opens without PreferenceSpecifiers is the app's data: the
    // note that says so is all there is to say about it.
    let dataFiles = bundles.reduce(into: Set<String>()) {
      $0.formUnion(LicencePages.dataFiles(of: $1))
    }
    diagnostics.removeAll { dataFiles.contains($0.file) && $0.rule != UnreachablePage.id }
    let excluded = { (file: String) in configuration.excludes(file, inBundle: bundle.path) }
    // A run narrowed to some readings cannot know what the others need a directive for.
    // A bundle only InAppSettingsKit opens has InAppSettingsKit's readings alone.
    let everyReading = LoadOptions(
      dialect: bundle.onlyInAppSettingsKitOpens && bundle.options.followsBundleReader
        ? .iask : .apple)
    let readsAll =
      bundles.count
      >= LintVariant.all(
        forFiles: bundle.files, base: everyReading, limitsElements: Self.limitsElements(bundle)
      ).count
    diagnostics = applyDisables(
      InlineDisables(readings: bundles), to: diagnostics, ran: rules, reportsUnused: readsAll)
    diagnostics.removeAll { excluded($0.file) }
    for index in diagnostics.indices {
      if let severity = configuration.severities[diagnostics[index].rule] {
        diagnostics[index].severity = severity
      }
    }
    let anchors = ElementAnchors(readings: bundles)
    for index in diagnostics.indices {
      if let keyPath = diagnostics[index].keyPath {
        diagnostics[index].anchoredKeyPath = anchors.anchored(
          keyPath, in: diagnostics[index].file)
      }
    }
    // Sorted by index, then moved once: sorting the findings themselves copied
    // each (a dozen references) at every step of the merge.
    let sorted = diagnostics.indices.sorted { Self.order(diagnostics[$0], diagnostics[$1]) }
    diagnostics = sorted.map { diagnostics[$0] }
    let checked = bundle.files.filter { Self.isChecked($0) && !excluded($0) }
    return LintReport(bundlePath: bundle.path, files: checked, diagnostics: diagnostics)
  }

  /// Whether two readings differ in nothing but the device they are read
  /// for: made from one read of the files, by the same dialect, with the
  /// same pages from the same documents, each child pane leading to the same
  /// file, and the same problems. Every rule that does not read the device
  /// then finds the same in both.
  static func differsInIdiomOnly(_ a: SettingsBundle, _ b: SettingsBundle) -> Bool {
    guard a.sharesFiles(with: b), a.options.dialect == b.options.dialect,
      a.pages.count == b.pages.count, a.searchOrder == b.searchOrder,
      a.unreachedFiles == b.unreachedFiles, a.problems == b.problems
    else { return false }
    for (x, y) in zip(a.pages, b.pages) {
      guard x.file == y.file, x.name == y.name, x.isReached == y.isReached,
        x.specifiers.count == y.specifiers.count, x.document?.source === y.document?.source,
        (x.document == nil) == (y.document == nil)
      else { return false }
      for (s, t) in zip(x.specifiers, y.specifiers) where s.childPage != t.childPage {
        return false
      }
    }
    return true
  }

  /// The findings without those that inline directives hide, and with a
  /// finding for each rule id of a directive that hid nothing (`unused-disable`).
  /// A directive of a rule that did not run (turned off, or a `code-…` rule
  /// without sources) is not unused: another run may need it.
  func applyDisables(
    _ disables: InlineDisables, to diagnostics: [Diagnostic], ran rules: [any LintRule.Type],
    reportsUnused: Bool = true
  ) -> [Diagnostic] {
    var result = diagnostics
    let used = disables.suppress(&result)
    guard reportsUnused, rules.contains(where: { $0.id == UnusedDisable.id }) else {
      return result
    }
    let ran = Set(rules.filter { sources != nil || !$0.readsSources }.map { $0.id })
    var report = RuleReport(rule: UnusedDisable.id, defaultSeverity: UnusedDisable.defaultSeverity)
    // A directive that names unused-disable keeps its own other names quiet: a disable
    // that another configuration or idiom needs.
    for (index, directive) in disables.directives.enumerated()
    where !directive.names.contains(where: { $0.id == UnusedDisable.id }) {
      for (nameIndex, name) in directive.names.enumerated()
      where ran.contains(name.id)
        && !used.contains(InlineDisables.Use(directive: index, name: nameIndex))
      {
        report.add(
          UnusedDisable.message(for: name.id, directive: directive), file: directive.file,
          place: name.place)
      }
    }
    // A disable-file of unused-disable keeps the whole file quiet.
    var unused = report.diagnostics
    _ = disables.suppress(&unused)
    return result + unused
  }

  /// Findings about elements the reading's device shows: an element limited to
  /// another idiom (SupportedUserInterfaceIdioms) is not there. Findings about
  /// the idiom list itself, or about an element no device shows, are kept.
  static func shown(_ diagnostics: [Diagnostic], in reading: SettingsBundle) -> [Diagnostic] {
    let idiom = reading.options.idiom
    var hidden: [String: [String]] = [:]
    for page in reading.pages {
      for specifier in page.specifiers
      where !specifier.isShown(on: idiom)
        && Idiom.allCases.contains(where: { specifier.isShown(on: $0) })
      {
        hidden[page.file, default: []].append(specifier.keyPath)
      }
    }
    guard !hidden.isEmpty else { return diagnostics }
    let aboutIdioms: Set<String> = [InvalidEnumValue.id, HiddenGroupRows.id]
    return diagnostics.filter { diagnostic in
      guard let paths = hidden[diagnostic.file], let keyPath = diagnostic.keyPath,
        !aboutIdioms.contains(diagnostic.rule)
      else { return true }
      return !paths.contains { path in
        keyPath == path || keyPath.hasPrefix(path + ".") || keyPath.hasPrefix(path + "[")
      }
    }
  }

  /// The files lint reads: pages and tables, and the formats it reports as unsupported.
  static func isChecked(_ file: String) -> Bool {
    file.hasSuffix(".plist") || file.hasSuffix(".strings") || file.hasSuffix(".stringsdict")
      || file.hasSuffix(".xcstrings")
  }

  static func order(_ a: Diagnostic, _ b: Diagnostic) -> Bool {
    if a.file != b.file { return a.file < b.file }
    let first = a.location ?? TextLocation(line: 0, column: 0)
    let second = b.location ?? TextLocation(line: 0, column: 0)
    if first != second { return first < second }
    // Binary plists have key paths, not lines: `[9]` comes before `[12]`.
    if let x = a.keyPath, let y = b.keyPath, x != y { return naturallyBefore(x, y) }
    if a.rule != b.rule { return a.rule < b.rule }
    if (a.language ?? "") != (b.language ?? "") { return (a.language ?? "") < (b.language ?? "") }
    return a.message < b.message
  }

  /// Text order in which runs of digits compare as numbers (`a[9]` before `a[12]`).
  static func naturallyBefore(_ a: String, _ b: String) -> Bool {
    var left = Array(a.unicodeScalars)[...]
    var right = Array(b.unicodeScalars)[...]
    func number(_ scalars: inout ArraySlice<Unicode.Scalar>) -> (Int, String) {
      var digits = ""
      while let first = scalars.first, ("0"..."9").contains(first) {
        digits.unicodeScalars.append(first)
        scalars.removeFirst()
      }
      return (Int(digits.prefix(18)) ?? 0, digits)
    }
    while let x = left.first, let y = right.first {
      if ("0"..."9").contains(x), ("0"..."9").contains(y) {
        let (m, mText) = number(&left)
        let (n, nText) = number(&right)
        if m != n { return m < n }
        if mText != nText { return mText < nText }
        continue
      }
      if x != y { return x.value < y.value }
      left.removeFirst()
      right.removeFirst()
    }
    return left.count < right.count
  }
}
