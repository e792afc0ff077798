import Foundation
import Plist
import PrefsKit
import SettingsLint
import SettingsSchema
import StringsWorkflow
import TestSupport
import Testing

/// The `prefs strings` workflows on bundles whose pages lie in their `.lproj`
/// folders (a localized `Root.plist`, no Root.plist at the top): CFBundle
/// finds each language's page in that language's folder, so the strings a
/// language must translate are those of its own copy, looked up in its own
/// table, as lint's missing-translation reads them. Real bundles from
/// `Tests/Fixtures/Unseen` (a MANIFEST beside each).
struct LocalizedRootStringsTests {
  static let unseen = Paths.fixtures.appendingPathComponent("Unseen")

  /// hp-mpos (English and Spanish copies, the Spanish one with two key-shaped
  /// placeholders, no tables), task-coach (seven identical copies, each with
  /// its table), Drawords (one English copy), podchess (an English and a
  /// Chinese copy, no tables), AdvMediaLab (a top-level Root.plist that
  /// hides en.lproj's).
  static let bundles = [
    "Jornason__hp-mpos-ios", "vkucera__task-coach", "miyagihe__Drawords1.0", "janevu__podchess",
    "digitaltvguy__AdvMediaLabVideoPlayerMobile",
  ]

  static func strings(_ folder: String, source: String = "en") throws -> StringsFrontEnd {
    try StringsFrontEnd(
      StringsOptions(bundle: "\(folder)/Settings.bundle", sourceLanguage: source),
      environment: PrefsEnvironment(workingDirectory: unseen.path))
  }

  /// The page files iOS opens for a language: the root as CFBundle finds it
  /// when that language is preferred, and the pages it reaches.
  static func pagesShown(in folder: String, language: String) throws -> Set<String> {
    let bundle = try SettingsBundle.load(
      at: unseen.appendingPathComponent("\(folder)/Settings.bundle").path,
      options: LoadOptions(preferredLanguages: [language]))
    return Set(bundle.pages.filter(\.isReached).map(\.file))
  }

  /// `status` has a row for each language and each page that language is
  /// shown, and `missing` names only those pages. Before, every language had
  /// a row for every copy (cs for de.lproj/Root.plist), and es was asked
  /// en.lproj/Root.plist's strings.
  @Test(arguments: bundles)
  func eachLanguageIsAskedThePagesItIsShown(folder: String) throws {
    let model = try Self.strings(folder).model
    for language in model.languages {
      let shown = try Self.pagesShown(in: folder, language: language)
      let rows = model.status().filter { $0.language == language }
      #expect(!rows.isEmpty, "\(folder): \(language)")
      #expect(Set(rows.map(\.page)).isSubset(of: shown), "\(folder): \(language)")
      #expect(
        Set(model.missing(in: language).map(\.page)).isSubset(of: shown), "\(folder): \(language)")
    }
  }

  /// A translator exporting Spanish gets the units of the page Spanish users
  /// see, es.lproj/Root.plist, whose placeholders are the keys
  /// es.lproj/Root.strings is looked up with; English gets en.lproj's. Before,
  /// both exports carried both copies' strings.
  @Test func theXLIFFOfALanguageCarriesItsOwnCopy() throws {
    let strings = try Self.strings("Jornason__hp-mpos-ios")
    func units(_ language: String) throws -> Set<String> {
      guard
        case .bytes(let data) = try strings.export(
          .xliff, language: language, outputFile: nil, toolVersion: "test")
      else { return [] }
      return Set(try XLIFF.read(data, name: "\(language).xliff").flatMap(\.units).map(\.id))
    }
    let spanish = try units("es")
    let english = try units("en")
    #expect(spanish.isSuperset(of: ["ENABLE_SUPPORT_MODE_TEXT", "APPLICATION_INFO_TITLE"]))
    #expect(!spanish.contains("Enable support mode"))
    #expect(english.contains("Enable support mode"))
    #expect(!english.contains("ENABLE_SUPPORT_MODE_TEXT"))
    // Each export asks exactly what `missing` lists for its language (no table has any).
    #expect(spanish == Set(strings.model.missing(in: "es").map(\.key)))
  }

  /// An import of the Spanish export writes es.lproj/Root.strings, which is
  /// what the Spanish copy is looked up in; the placeholders are translated
  /// then, and nothing is left missing in Spanish.
  @Test func importingALanguageFillsTheTableItsCopyIsLookedUpIn() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-localized-root-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: Self.unseen.appendingPathComponent("Jornason__hp-mpos-ios/Settings.bundle"),
      to: folder.appendingPathComponent("Settings.bundle"))
    let environment = PrefsEnvironment(workingDirectory: folder.path)
    let strings = try StringsFrontEnd(
      StringsOptions(bundle: "Settings.bundle"), environment: environment)
    let missing = strings.model.missing(in: "es")
    var xliff = """
      <?xml version="1.0" encoding="UTF-8"?>
      <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
      <file original="Settings.bundle/es.lproj/Root.strings" source-language="en" target-language="es" datatype="plaintext"><body>

      """
    for entry in missing {
      xliff +=
        "<trans-unit id=\"\(entry.key)\"><source>\(entry.key)</source><target>ES \(entry.key)</target></trans-unit>\n"
    }
    xliff += "</body></file></xliff>\n"
    try xliff.write(
      to: folder.appendingPathComponent("es.xliff"), atomically: true, encoding: .utf8)
    let outcome = try strings.importing("es.xliff", language: "es", dryRun: false)
    #expect(outcome.changes.files.map(\.path) == ["es.lproj/Root.strings"])
    let again = try StringsFrontEnd(
      StringsOptions(bundle: "Settings.bundle"), environment: environment)
    #expect(again.model.missing(in: "es").isEmpty)
    #expect(
      again.model.loaded(table: "Root", language: "es")?.translations[
        PlistKey("ENABLE_SUPPORT_MODE_TEXT")] == "ES ENABLE_SUPPORT_MODE_TEXT")
  }

  /// podchess's zh.lproj/Root.plist is written in Chinese: what it shows that
  /// the English copy does not is Chinese already, and only the engine names
  /// it shares with the English copy are asked. Before, all nine strings
  /// (and the English copy's nine) were missing in zh.
  @Test func aCopyWrittenInItsLanguageNeedsNoTranslation() throws {
    let model = try Self.strings("janevu__podchess").model
    #expect(model.missing(in: "zh").map(\.key) == ["AI", "XQWLight", "HaQiKiD"])
    let row = try #require(model.status().first { $0.language == "zh" })
    #expect((row.translated, row.missing) == (6, 3))
  }

  /// Lint and `strings missing` give one answer on a copy written in its
  /// language: podchess with a zh.lproj/Root.strings that translates one
  /// engine name asks zh for the other two in both (lint's missing-translation
  /// reads the copies as the strings workflows do). Before, lint asked zh
  /// for its own Chinese titles too.
  @Test func lintAndMissingAgreeOnACopyWrittenInItsLanguage() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-podchess-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent("Settings.bundle")
    try FileManager.default.copyItem(
      at: Self.unseen.appendingPathComponent("janevu__podchess/Settings.bundle"), to: path)
    try Data("\"AI\" = \"电脑\";\n".utf8).write(
      to: path.appendingPathComponent("zh.lproj/Root.strings"))
    let strings = try StringsFrontEnd(
      StringsOptions(bundle: "Settings.bundle"),
      environment: PrefsEnvironment(workingDirectory: folder.path))
    #expect(strings.model.missing(in: "zh").map(\.key) == ["XQWLight", "HaQiKiD"])
    let report = try Linter().lint(bundleAt: path.path)
    let lint = report.diagnostics.filter {
      $0.rule == "missing-translation" && $0.file.hasPrefix("zh.lproj/")
    }
    #expect(lint.count == 1, "\(lint.map(\.message))")
    #expect(lint.allSatisfy { $0.message.contains("XQWLight") && !$0.message.contains("难度") })
  }

  /// The source language is shown the pages as they are written: a string
  /// its table lacks shows its own words, and `status` marks the row as the
  /// source instead of a translation 0 % (hp-mpos, no table) or 18 %
  /// (Drawords, 2 of 11 in en.lproj/Root.strings) done.
  @Test(arguments: [("Jornason__hp-mpos-ios", "en"), ("miyagihe__Drawords1.0", "en")])
  func theSourceLanguageIsNoTranslationToFinish(folder: String, source: String) throws {
    let rows = try Self.strings(folder, source: source).model.status().filter {
      $0.language == source
    }
    #expect(!rows.isEmpty)
    for row in rows {
      #expect(row.isSource)
      #expect(row.missing == 0, "\(row.page)")
      #expect(row.percentDone == 100)
    }
  }

  /// A source text written as a key (ENABLE_SUPPORT_MODE_TEXT) reads right in
  /// no language, the source's included: with Spanish as the source, hp-mpos's
  /// Spanish copy still misses its two placeholders.
  @Test func aSourceTextWrittenAsAKeyIsStillMissing() throws {
    let rows = try Self.strings("Jornason__hp-mpos-ios", source: "es").model.status().filter {
      $0.language == "es"
    }
    #expect(rows.allSatisfy { $0.isSource })
    #expect(rows.map(\.missing).reduce(0, +) == 2)
  }
}
