import Localization
import Plist
import SettingsSchema

/// One set of pages and the languages shown it, with what their tables
/// cover of it. A bundle whose pages are all at its top has one, shown in
/// every language; one whose pages lie in its `.lproj` folders (a localized
/// `Root.plist`) has one per copy, since CFBundle finds each language's page
/// in that language's folder and the page's strings are then looked up in
/// that language's table.
///
/// ```swift
/// let spanish = model.pages(for: "es")
/// spanish.coverage.untranslated(in: "es")  // es.lproj/Root.plist's strings es.lproj lacks
/// ```
public struct ShownPages: Sendable {
  /// The `.lproj` folders shown these pages; nil for every folder.
  public let languages: Set<String>?
  /// The pages (every reading merged, see ``TranslatedReadings``).
  public let bundle: SettingsBundle
  /// How the tables of ``languages`` cover these pages' strings.
  public let coverage: TranslationCoverage
  /// Table → the distinct strings of these pages to translate, in page order.
  public let keys: [String: [LocalizableString]]

  /// `sourceCopy`: the source language's pages, when these are another
  /// language's copy of them (what they show otherwise was written in that language).
  init(
    readings: TranslatedReadings, languages: Set<String>?, sourceLanguage: String,
    policy: CoveragePolicy, sourceCopy: ShownPages? = nil
  ) {
    var policy = policy
    // The pages are written in the source language: its number marks are the pages'.
    policy.pagesLanguage = sourceLanguage
    // Pages written in another language than English: English is a translation like any other.
    if !CoveragePolicy.standard.isSourceLanguage(sourceLanguage) {
      policy.sourceLanguages = Set(
        ["Base"]
          + [LanguageFolder.folder(for: sourceLanguage, in: readings.bundle.languages)]
          .compactMap { $0 })
    }
    if let languages { policy.languages = languages }
    if let sourceCopy {
      policy.sourceCopyTexts = Set(sourceCopy.keys.values.joined().map(\.text))
    }
    self.languages = languages
    bundle = readings.bundle
    coverage = TranslationCoverage(readings: readings, policy: policy)
    keys = Dictionary(uniqueKeysWithValues: coverage.tables.map { ($0.name, $0.strings) })
  }

  /// The tables these pages use, in the order their pages are reached from Root.
  public var tables: [String] { coverage.tables.map(\.name) }

  /// Whether the language of the `.lproj` folder `folder` is shown these pages.
  public func shows(_ folder: String) -> Bool { languages?.contains(folder) ?? true }

  /// The tables of these pages that use a key.
  public func tables(ofKey key: String) -> [String] {
    tables.filter { table in keys[table]?.contains { $0.text.isSameKey(as: key) } ?? false }
  }

  /// The page file a string of these pages is first used on.
  public func page(of string: LocalizableString) -> String { bundle.pages[string.pageIndex].file }
}
