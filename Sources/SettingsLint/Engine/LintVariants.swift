import Foundation
import Plist
import SettingsSchema

/// One way a bundle is read: on a device, by a dialect's reader. A bundle
/// with `~ipad` or `.inApp` pages is read each way it has, so that a typo in
/// `Root~ipad.plist` fails the run as one in `Root.plist` does.
///
/// ```swift
/// LintVariant.all(forFiles: ["Root.plist", "Root~ipad.plist"], base: LoadOptions())
/// // phone/apple, then pad/apple
/// ```
public struct LintVariant: Sendable, Hashable {
  public var idiom: Idiom
  public var dialect: Dialect

  public init(idiom: Idiom, dialect: Dialect) {
    self.idiom = idiom
    self.dialect = dialect
  }

  /// The variants a bundle of these files has: the base first, then the other
  /// idiom when a page has a device suffix (with `Root~iphone.plist`, only a
  /// pad reads `Root.plist`), and InAppSettingsKit's reading of a bundle
  /// with `.inApp` pages.
  public static func all(
    forFiles files: [String], base: LoadOptions, limitsElements: Bool = false
  ) -> [LintVariant] {
    let pages = files.filter { $0.hasSuffix(".plist") && !$0.contains(".lproj/") }
    // Elements limited by SupportedUserInterfaceIdioms differ between devices too.
    let hasDevicePages =
      limitsElements
      || pages.contains { page in
        Idiom.allCases.contains { page.contains($0.fileSuffix + ".") }
      }
    var idioms = [base.idiom]
    if hasDevicePages { idioms += Idiom.allCases.filter { $0 != base.idiom } }
    var dialects = [base.dialect]
    if base.dialect == .apple, pages.contains(where: { $0.hasSuffix(".inApp.plist") }) {
      dialects.append(.iask)
    }
    return dialects.flatMap { dialect in idioms.map { LintVariant(idiom: $0, dialect: dialect) } }
  }

  /// How a finding seen only by some variants says so: "on pad",
  /// "in InAppSettingsKit", "on pad in InAppSettingsKit"; nil when the
  /// variants that found it are all those that read its file.
  public static func label(found: [LintVariant], reading: [LintVariant]) -> String? {
    let missed = Set(reading).subtracting(found)
    guard !missed.isEmpty else { return nil }
    let idioms = Set(found.map(\.idiom))
    let dialects = Set(found.map(\.dialect))
    var parts: [String] = []
    // The idiom matters when a reading of the same dialect on another device missed it.
    if idioms.count == 1, let idiom = idioms.first,
      missed.contains(where: { dialects.contains($0.dialect) })
    {
      parts.append("on \(idiom.rawValue)")
    }
    if dialects.count == 1, let dialect = dialects.first,
      missed.contains(where: { idioms.contains($0.idiom) })
    {
      parts.append(dialect == .iask ? "in InAppSettingsKit" : "in Settings.app")
    }
    if parts.isEmpty {
      return found.map {
        "on \($0.idiom.rawValue) in \($0.dialect == .iask ? "InAppSettingsKit" : "Settings.app")"
      }
      .joined(separator: " and ")
    }
    return parts.joined(separator: " ")
  }
}

extension Linter {
  /// The bundle read each way lint checks it: the variant the load options
  /// name, with the pages nothing reaches, then (unless narrowed by
  /// ``checksEveryVariant``) every other variant the bundle has.
  public func loadVariants(at path: String) throws(SettingsBundleError) -> [SettingsBundle] {
    var options = loadOptions
    options.includesUnreachedPages = true
    options.keptComments += Self.keptComments
    var base = try SettingsBundle.load(at: path, options: options)
    // A bundle only InAppSettingsKit opens is read its way alone: Settings.app never shows it.
    var first = loadOptions
    first.dialect = base.options.dialect
    let variants = LintVariant.all(
      forFiles: base.files, base: first, limitsElements: Self.limitsElements(base)
    ).filter {
      (idioms?.contains($0.idiom) ?? true) && (dialects?.contains($0.dialect) ?? true)
    }
    var others: [SettingsBundle] = []
    for variant in variants.dropFirst() {
      var variantOptions = loadOptions
      variantOptions.keptComments += Self.keptComments
      variantOptions.idiom = variant.idiom
      variantOptions.dialect = variant.dialect
      others.append(try SettingsBundle.load(at: path, options: variantOptions, readingAgain: base))
    }
    // A page no reading opens, and that is no unreached page either (Root.plist
    // beside Root~iphone and Root~ipad), is checked as an unreached page of the
    // first reading; variants of a device or dialect the run leaves out are not.
    let loaded = Set(([base] + others).flatMap { $0.pages.map(\.file) })
    let leftOut =
      Idiom.allCases.filter { idioms?.contains($0) == false }.map { $0.fileSuffix + "." }
      + (dialects?.contains(.iask) == false ? [".inApp."] : [])
    let leftOver = base.files.filter { file in
      file.hasSuffix(".plist") && !file.contains(".lproj/") && file != "Info.plist"
        && !loaded.contains(file) && !leftOut.contains(where: { file.contains($0) })
    }
    // InAppSettingsKit's own pages are checked by its reading, when the run has one.
    let iaskIndex = others.firstIndex { $0.options.dialect == .iask }
    let forIASK = iaskIndex == nil ? [] : leftOver.filter { $0.contains(".inApp.") }
    let forBase = leftOver.filter { !forIASK.contains($0) }
    if !forBase.isEmpty {
      options.extraPages = forBase
      base = try SettingsBundle.load(at: path, options: options, readingAgain: base)
    }
    if let iaskIndex, !forIASK.isEmpty {
      var iaskOptions = others[iaskIndex].options
      iaskOptions.extraPages = forIASK
      others[iaskIndex] = try SettingsBundle.load(
        at: path, options: iaskOptions, readingAgain: base)
    }
    return try Self.withEachLanguagesPages([base] + others)
  }

  /// The readings, each followed by a reading for every other set of pages a
  /// language is shown (a localized `Root.plist` in each `.lproj` folder: iOS
  /// shows each language its own copy), so that every copy is checked. A
  /// language shown the pages of a reading already made adds none.
  static func withEachLanguagesPages(_ readings: [SettingsBundle]) throws(SettingsBundleError)
    -> [SettingsBundle]
  {
    guard let base = readings.first, base.hasLocalizedPages else { return readings }
    var result: [SettingsBundle] = []
    for reading in readings {
      var made = [reading]
      for folder in reading.inventory.folders
      where !made.contains(where: { $0.showsSamePages(inLanguage: folder) }) {
        var options = reading.options
        options.preferredLanguages = [folder]
        made.append(try SettingsBundle.load(at: base.path, options: options, readingAgain: base))
      }
      result += made
    }
    return result
  }

  /// Whether an element of the bundle shows on some devices only.
  static func limitsElements(_ bundle: SettingsBundle) -> Bool {
    bundle.pages.contains { page in page.specifiers.contains { !$0.idioms.isEmpty } }
  }

  /// Findings of several readings of one bundle, each once: a finding that
  /// not every reading of its file shares names the variants that found it;
  /// rules that report an absence (an unused entry, an unreached page) keep
  /// only what every reading of the file found.
  static func merge(_ runs: [(variant: LintVariant, bundle: SettingsBundle, found: [Diagnostic])])
    -> [Diagnostic]
  {
    guard runs.count > 1 else { return runs.first?.found ?? [] }
    // A page one reading reaches is checked by that reading only, not also as an
    // unreached page of another (InAppSettingsKit's pages are not Settings.app's).
    let reachedAnywhere = Set(runs.flatMap { $0.bundle.pages.filter(\.isReached).map(\.file) })
    let pageFiles = runs.map { run in
      Set(
        run.bundle.pages.filter { $0.isReached || !reachedAnywhere.contains($0.file) }.map(\.file))
    }
    let allPages = Set(runs.flatMap { $0.bundle.pages.map(\.file) })
    // One cause is one finding whichever reader's name its message carries
    // ("Settings.app skips the element", "InAppSettingsKit skips …"): the first reading's words.
    var order: [(diagnostic: Diagnostic, cause: Diagnostic)] = []
    var foundBy: [Diagnostic: [LintVariant]] = [:]
    // Readings of one variant in several languages (a localized Root.plist) share
    // their variant: an absence counts only when each reading, not each variant, found it.
    var foundByRun: [Diagnostic: Set<Int>] = [:]
    for (index, run) in runs.enumerated() {
      for diagnostic in run.found
      where !allPages.contains(diagnostic.file) || pageFiles[index].contains(diagnostic.file) {
        let cause = Self.cause(of: diagnostic)
        if foundBy[cause] == nil { order.append((diagnostic, cause)) }
        if foundBy[cause]?.contains(run.variant) != true {
          foundBy[cause, default: []].append(run.variant)
        }
        foundByRun[cause, default: []].insert(index)
      }
    }
    var merged: [Diagnostic] = []
    for (diagnostic, cause) in order {
      let found = foundBy[cause] ?? []
      // A page file is read by the variants that load it; any other file by all.
      let readingRuns = runs.indices.filter {
        !allPages.contains(diagnostic.file) || pageFiles[$0].contains(diagnostic.file)
      }
      let reading = readingRuns.map { runs[$0].variant }
      if absenceRules.contains(diagnostic.rule) {
        // A reading whose pages use none of a table's entries says so once, for the
        // table ("no page has StringsTable Root"): it finds each entry unused too.
        let unusedTable = runs.indices.filter { !uses(runs[$0].bundle, tableOf: diagnostic) }
        if Set(readingRuns).isSubset(of: (foundByRun[cause] ?? []).union(unusedTable)) {
          merged.append(diagnostic)
        }
        continue
      }
      var labelled = diagnostic
      if let label = LintVariant.label(found: found, reading: reading) {
        labelled.message = "\(label): \(diagnostic.message)"
        labelled.variant = label
      }
      merged.append(labelled)
    }
    return merged
  }

  /// Whether a reading's pages use the strings table a finding of
  /// unused-translation is in (true for a finding of another rule or file).
  static func uses(_ bundle: SettingsBundle, tableOf diagnostic: Diagnostic) -> Bool {
    guard diagnostic.rule == UnusedTranslation.id,
      let table = TranslationCoverage.location(ofTable: diagnostic.file)?.table
    else { return true }
    return bundle.pages.contains { $0.isReached && $0.stringsTable == table }
  }

  /// A finding with the readers' names taken out of its words.
  static func cause(of diagnostic: Diagnostic) -> Diagnostic {
    var cause = diagnostic
    for reader in ["InAppSettingsKit", "Settings.app"] where mentions(cause.message, reader) {
      cause.message = cause.message.replacing(reader, with: "the reader")
    }
    // A line of the app's code checked against each device's page is one finding
    // when the pages agree: the page's device suffix is not part of its cause.
    if sourceRules.contains(cause.rule) {
      for idiom in Idiom.allCases where mentions(cause.message, idiom.fileSuffix + ".plist)") {
        cause.message = cause.message.replacing(idiom.fileSuffix + ".plist)", with: ".plist)")
      }
    }
    return cause
  }

  /// The rules that report on the app's code (`code-…`).
  static let sourceRules = Set(RuleRegistry.all.filter { $0.readsSources }.map { $0.id })

  /// Whether `text` holds `word`, byte for byte (most messages name no
  /// reader: this is asked of every finding of every reading).
  private static func mentions(_ text: String, _ word: String) -> Bool {
    var text = text
    var word = word
    return text.withUTF8 { haystack in
      word.withUTF8 { needle in
        guard let first = needle.first, haystack.count >= needle.count else {
          return needle.isEmpty
        }
        for start in 0...(haystack.count - needle.count) where haystack[start] == first {
          if UnsafeBufferPointer(rebasing: haystack[start..<start + needle.count])
            .elementsEqual(needle)
          {
            return true
          }
        }
        return false
      }
    }
  }

  /// Rules whose finding is that nothing uses a thing: true only if no reading uses it.
  static let absenceRules: Set<String> = [UnusedTranslation.id, UnreachablePage.id]
}
