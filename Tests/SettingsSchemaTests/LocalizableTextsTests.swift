import Foundation
import Plist
import SettingsSchema
import TestSupport
import Testing

/// Which texts of a page are looked up in its strings table, as the readers
/// look them up: the schema's localizable keys and no other. Read from real
/// bundles (`Tests/Fixtures/Unseen`, a MANIFEST beside each, and
/// `../shared/corpus`).
struct LocalizableTextsTests {
  static let unseen = Paths.fixtures.appendingPathComponent("Unseen")

  /// Real bundles whose page dictionary has a `Title` beside
  /// `PreferenceSpecifiers`, with that title.
  static let pagesWithTitles: [(bundle: String, title: String)] = [
    ("luccadev__iRoc/Settings.bundle", "iRoc"),
    ("olivierguieu__verif-tva/Settings.bundle", "WhereTo"),
    ("vkucera__task-coach/Settings.bundle", "TaskCoach"),
    ("am78__myTimes/InAppSettings.bundle", "myTimes"),
  ]

  /// Neither Settings.app nor InAppSettingsKit shows a page's own `Title`
  /// (IASKSettingsReader never reads it; a child page is titled with its
  /// parent's PSChildPaneSpecifier Title, `targetViewController.title =
  /// specifier.title`), and Schemas/apple.json does not mark it localizable:
  /// no language is asked to translate it. Before, it was the first string
  /// of the page in coverage, `strings missing` and the exports.
  @Test(arguments: pagesWithTitles)
  func aPagesOwnTitleIsNoTextToTranslate(bundle: String, title: String) throws {
    let loaded = try SettingsBundle.load(
      at: Self.unseen.appendingPathComponent(bundle).path,
      options: LoadOptions(preferredLanguages: ["en"]))
    #expect(loaded.pages.contains { $0.document?.root["Title"]?.string == title })
    let strings = loaded.localizableStrings(catalog: loaded.catalog).values.joined()
    #expect(!strings.contains { $0.keyPath == "Title" })
    let coverage = TranslationCoverage(bundle: loaded, catalog: loaded.catalog)
    for language in loaded.languages {
      #expect(!coverage.untranslated(in: language).contains { $0.string.keyPath == "Title" })
    }
  }

  /// The property over every real bundle: each text to translate is a row's
  /// (a key path into `PreferenceSpecifiers`), in both dialects.
  @Test(.needsCorpus, arguments: [Dialect.apple, .iask])
  func everyTextToTranslateIsARowsText(dialect: Dialect) throws {
    let unseen = (try FileManager.default.contentsOfDirectory(atPath: Self.unseen.path)).sorted()
      .flatMap { folder in
        ((try? FileManager.default.contentsOfDirectory(
          atPath: Self.unseen.appendingPathComponent(folder).path)) ?? [])
          .filter { $0.hasSuffix(".bundle") }
          .map { Self.unseen.appendingPathComponent(folder).appendingPathComponent($0) }
      }
    var options = LoadOptions(dialect: dialect)
    options.followsBundleReader = false
    for path in Paths.corpusBundles + unseen {
      guard let bundle = try? SettingsBundle.load(at: path.path, options: options) else {
        continue
      }
      for string in bundle.localizableStrings(catalog: bundle.catalog).values.joined() {
        #expect(
          string.keyPath.hasPrefix("PreferenceSpecifiers["),
          "\(path.path): \(string.keyPath) \"\(string.text)\"")
      }
    }
  }

  /// InAppSettingsKit looks a mail row's subject and body up in the page's
  /// table (IASKAppSettingsViewController: `[specifier
  /// localizedObjectForKey:kIASKMailComposeSubject]`, and the same for
  /// `kIASKMailComposeBody`), so they are texts to translate; Settings.app
  /// does not know the row. Before, neither was asked of any language.
  @Test func aMailRowsSubjectAndBodyAreTranslatedUnderInAppSettingsKit() throws {
    let loaded = try SettingsBundle.load(
      at: Self.unseen.appendingPathComponent("am78__myTimes/InAppSettings.bundle").path,
      options: LoadOptions(preferredLanguages: ["de"]))
    #expect(loaded.options.dialect == .iask)
    let strings = loaded.localizableStrings(catalog: loaded.catalog)["Root"] ?? []
    let mail = strings.filter { $0.keyPath.hasPrefix("PreferenceSpecifiers[2].") }
    #expect(
      mail.map(\.text) == ["Fedback", "Feedback", "myTimes Feedback"],
      "the row's Title, then its body and subject")
    let coverage = TranslationCoverage(bundle: loaded, catalog: loaded.catalog)
    let missing = Set(coverage.untranslated(in: "de").map(\.string.text))
    #expect(missing.isSuperset(of: ["Feedback", "myTimes Feedback"]))
  }

  /// The same on the corpus's mail rows (the InAppSettingsKit sample, and
  /// olivierguieu/ardoise, whose body is HTML): every subject and body is a
  /// text of its page's table.
  @Test(
    .needsCorpus,
    arguments: ["futuretap__InAppSettingsKit", "olivierguieu__ardoise"])
  func everyMailRowOfTheCorpusIsTranslated(folder: String) throws {
    let path = Paths.corpus.appendingPathComponent(folder).appendingPathComponent(
      "Settings.bundle")
    var options = LoadOptions(dialect: .iask)
    options.followsBundleReader = false
    let loaded = try SettingsBundle.load(at: path.path, options: options)
    let texts = Set(
      loaded.localizableStrings(catalog: loaded.catalog).values.joined().map {
        "\($0.pageIndex) \($0.keyPath)"
      })
    var rows = 0
    for (index, page) in loaded.pages.enumerated() where page.isReached && page.stringsTable != nil
    {
      for specifier in page.specifiers where specifier.type == .mailCompose {
        for key in ["IASKMailComposeSubject", "IASKMailComposeBody"]
        where specifier[key]?.string?.isEmpty == false {
          rows += 1
          #expect(texts.contains("\(index) \(specifier.keyPath).\(key)"), "\(page.file) \(key)")
        }
      }
    }
    #expect(rows > 0)
  }
}
