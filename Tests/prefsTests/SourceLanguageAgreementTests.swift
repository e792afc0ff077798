import Foundation
import SettingsLint
import SettingsSchema
import StringsWorkflow
import TestSupport
import Testing

/// The source language (the one the pages are written in) gets one answer
/// to "what needs translating" from `strings status`, `strings missing`,
/// lint and `strings sync` (tester F5): a string its table lacks shows as
/// written, in its own words, so only text written as a key is asked.
struct SourceLanguageAgreementTests {
  static let unseen = Paths.fixtures.appendingPathComponent("Unseen")
  /// en-only (ARIS) and en + fr (OneBusAway), real bundles whose en table
  /// lacks strings of the page.
  static let bundles = ["ARISGames__iOSClient", "OneBusAway__onebusaway-iphone"].map {
    unseen.appendingPathComponent($0).appendingPathComponent("Settings.bundle").path
  }

  /// Every real bundle of Tests/Fixtures/Unseen and the corpus.
  static var everyBundle: [String] {
    let folders = (try? FileManager.default.contentsOfDirectory(atPath: unseen.path)) ?? []
    let unseenBundles = folders.sorted().map {
      unseen.appendingPathComponent($0).appendingPathComponent("Settings.bundle").path
    }.filter { FileManager.default.fileExists(atPath: $0 + "/Root.plist") }
    return unseenBundles + Paths.corpusBundles.map(\.path)
  }

  /// Status's missing count of each language is what `missing` lists for it.
  @Test(arguments: everyBundle)
  func statusCountsWhatMissingLists(path: String) throws {
    let variants = try Linter(loadOptions: LoadOptions(keepsComments: false)).loadVariants(
      at: path)
    let model = try TranslationModel(variants: variants)
    let rows = model.status()
    for language in model.languages {
      let counted = rows.filter { $0.language == language }.reduce(0) { $0 + $1.missing }
      // `missing` lists a string once, on the page it is first reached: so does status.
      #expect(
        counted == model.missing(in: language).count,
        "\(path): \(language): status \(counted), missing \(model.missing(in: language).map(\.key))"
      )
    }
  }

  /// The command line: the source language misses nothing in status, in
  /// `missing --lang en`, in lint, and sync writes nothing into its table.
  /// Before: missing listed 3 (ARIS) and 11 (OneBusAway) strings, lint noted
  /// them, sync added them marked untranslated to en.lproj/Root.strings.
  @Test(arguments: bundles)
  func theSourceLanguageMissesNothingItsWordsShow(path: String) throws {
    let missing = DumpTests.run(["strings", "missing", path, "--lang", "en"])
    #expect(missing.code == 0 && missing.output.isEmpty, "\(missing.output)")
    let status = DumpTests.run(["strings", "status", path]).output.split(separator: "\n")
    let row = try #require(status.first { $0.hasPrefix("en ") })
    #expect(row.split(separator: " ")[3] == "0" && row.hasSuffix("source"), "\(row)")
    let lint = DumpTests.run(["lint", path, "--format", "json"])
    #expect(!lint.output.contains("\"missing-translation\""), "\(lint.output)")
    let sync = DumpTests.run(["strings", "sync", path, "--dry-run"])
    #expect(!sync.output.contains("en.lproj/Root.strings: "), "\(sync.output)")
  }

  /// bradhowes/NotificationHubTest: Root.inApp.plist read by InAppSettingsKit
  /// with a top-level Root.strings (an Xcode template) and no .lproj. The
  /// table shows the pages as written; before, lint gave 22 warnings.
  /// Its XLIFF names that table as the source (before: en.lproj/Root.strings,
  /// a folder the bundle does not have).
  @Test func anUnlocalizedTemplateTableAsksNothing() throws {
    let path = Paths.fixtures.appendingPathComponent(
      "Configuration/bradhowes__NotificationHubTest/NHTest/Settings.bundle"
    ).path
    let lint = DumpTests.run(["lint", path, "--format", "json"])
    #expect(!lint.output.contains("\"missing-translation\""), "\(lint.output)")
    let xliff = DumpTests.run(["strings", "export", path, "--lang", "de"])
    #expect(xliff.output.contains("original=\"Settings.bundle/Root.strings\""), "\(xliff.output)")
  }

  /// A real bundle with no table at all: each file's original names the
  /// file the source table would be written to, in a folder of the source
  /// language's tag, also when --source names it otherwise.
  @Test(arguments: [("en", "en"), ("English", "en"), ("en.lproj", "en"), ("de-AT", "de-AT")])
  func originalNamesTheFileTheSourceTableGoesTo(source: String, folder: String) throws {
    let path = Paths.fixtures.appendingPathComponent(
      "Unseen/caronae__caronae-ios/Settings.bundle"
    ).path
    let xliff = DumpTests.run(["strings", "export", path, "--lang", "fr", "--source", source])
    for line in xliff.output.split(separator: "\n") where line.contains("<file ") {
      #expect(line.contains("original=\"Settings.bundle/\(folder).lproj/"), "\(line)")
    }
  }
}
