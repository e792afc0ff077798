import Foundation
import Localization
import Plist
import SettingsSchema
import StringsWorkflow
import TestSupport
import Testing

/// Bundles whose folders are named the old way (`English.lproj`,
/// `German.lproj`) or that iOS never selects (`Greek.lproj`): a tag names the
/// folder iOS reads as that language, exports name languages by BCP 47 tags,
/// and imports write back into the folder that is there.
struct LegacyFolderTests {
  /// sebastian/Flux's bundle (Tests/Fixtures/Unseen), copied to a temporary folder.
  static func flux() throws -> TemporaryBundle {
    let bundle = try TemporaryBundle()
    try FileManager.default.removeItem(at: bundle.url)
    try FileManager.default.copyItem(
      at: Paths.fixtures.appendingPathComponent("Unseen/sebastian__Flux/Settings.bundle"),
      to: bundle.url)
    return bundle
  }

  static func model(_ bundle: TemporaryBundle) throws -> TranslationModel {
    try TranslationModel(bundle: try SettingsBundle.load(at: bundle.path))
  }

  @Test func aTagNamesTheOldFolder() throws {
    let bundle = try Self.flux()
    defer { bundle.remove() }
    let model = try Self.model(bundle)
    #expect(model.languages == ["English", "German", "Greek", "Norwegian", "Russian"])
    #expect(model.folder(for: "de") == "German")
    #expect(model.folder(for: "nb") == "Norwegian")
    #expect(model.folder(for: "el") == "Greek")
    #expect(model.sourceFolder == "English")
    #expect(model.tag(of: "German") == "de")
    #expect(model.tag(of: "Greek") == "el")
    // German.lproj translates the page: `de` misses what German misses, not everything.
    #expect(model.missing(in: "de") == model.missing(in: "German"))
    #expect(model.missing(in: "de").count < model.missing(in: "fr").count)
    // The source text is English.lproj's ("Use local currency"), not the plist's key.
    #expect(model.sourceText(of: "Use local currencies", table: "Root") == "Use local currency")
  }

  /// The XLIFF of `de` carries German.lproj's translations, names languages by
  /// tag and the real source file, and imports back into German.lproj.
  @Test func exportAndImportGoThroughTheOldFolder() throws {
    let bundle = try Self.flux()
    defer { bundle.remove() }
    let model = try Self.model(bundle)
    for language in ["de", "German"] {
      let xliff = try XLIFF.export(model, language: language)
      #expect(xliff.contains("target-language=\"de\""))
      #expect(xliff.contains("source-language=\"en\""))
      #expect(xliff.contains("original=\"Settings.bundle/English.lproj/Root.strings\""))
      #expect(xliff.contains("<target>Meine Währung</target>"))
    }
    let greek = try XLIFF.export(model, language: "Greek")
    #expect(greek.contains("target-language=\"el\""))

    // A translator's change to the de file goes into German.lproj, never a new de.lproj.
    let edited = try XLIFF.export(model, language: "de").replacingOccurrences(
      of: "<target>Meine Währung</target>", with: "<target>Meine Hauswährung</target>")
    for asked in [nil, "de", "German"] as [String?] {
      let translations = try TranslationImport.xliff(
        Data(edited.utf8), name: "de.xliff", model: model, language: asked)
      #expect(translations.language == "German")
      let (changes, _) = try translations.changes(for: model)
      #expect(changes.map(\.path) == ["German.lproj/Root.strings"])
    }
    #expect(throws: WorkflowError.self) {
      try TranslationImport.xliff(Data(edited.utf8), name: "de.xliff", model: model, language: "fr")
    }
  }

  @Test func addingALanguageTheBundleHasUnderAnotherNameIsRefused() throws {
    let bundle = try Self.flux()
    defer { bundle.remove() }
    let model = try Self.model(bundle)
    #expect(throws: WorkflowError.languageExists(language: "German")) {
      try model.addLanguage("de")
    }
    #expect(try model.addLanguage("fr").map(\.path) == ["fr.lproj/Root.strings"])
    // A language argument never becomes a path out of the bundle.
    for hostile in ["../x", "de/../../x", "..", "German/..", "x\u{1B}"] {
      #expect(throws: (any Error).self) { try model.addLanguage(hostile) }
      #expect(throws: (any Error).self) { try XLIFF.export(model, language: hostile) }
    }
  }

  /// Status marks the folder no device selects instead of a percentage.
  @Test func statusMarksTheFolderNoDeviceSelects() throws {
    let bundle = try Self.flux()
    defer { bundle.remove() }
    let rows = try Self.model(bundle).status()
    #expect(rows.filter { $0.unselected != nil }.map(\.language) == ["Greek"])
    #expect(rows.first { $0.language == "Greek" }?.unselected?.intendedTag == "el")
  }

  /// Every language of the bundle but the source's, each with what it lacks.
  @Test func missingCoversEveryLanguage() throws {
    let bundle = try Self.flux()
    defer { bundle.remove() }
    let model = try Self.model(bundle)
    let all = model.missingByLanguage()
    #expect(all.map(\.language) == ["German", "Greek", "Norwegian", "Russian"])
    for (language, missing) in all { #expect(missing == model.missing(in: language)) }
  }

  static func numberBundle(_ folders: [(String, String)]) throws -> TemporaryBundle {
    let bundle = try TemporaryBundle()
    try bundle.write(
      "Root.plist",
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>StringsTable</key><string>Root</string>
      <key>PreferenceSpecifiers</key><array>
      <dict><key>Type</key><string>PSMultiValueSpecifier</string><key>Title</key><string>Amount</string>
      <key>Key</key><string>amount</string><key>DefaultValue</key><string>0</string>
      <key>Values</key><array><string>0</string><string>1</string><string>2</string></array>
      <key>Titles</key><array><string>0.00</string><string>10</string><string>1,000.50</string></array></dict>
      </array></dict></plist>
      """)
    for (folder, text) in folders { try bundle.write("\(folder).lproj/Root.strings", text) }
    return bundle
  }

  /// A number written with marks ("0.00") is asked of the languages that
  /// write numbers otherwise (pt-BR writes "0,00"), the same in missing,
  /// status, lint's coverage and the XLIFF export; "10" of none.
  @Test func numbersWithMarksHaveOneAnswer() throws {
    let bundle = try Self.numberBundle([
      ("en", "\"Amount\" = \"Amount\";\n"),
      ("pt-BR", "\"Amount\" = \"Valor\";\n\"0.00\" = \"0,00\";\n\"1,000.50\" = \"1.000,50\";\n"),
      ("ja", "\"Amount\" = \"金額\";\n"),
    ])
    defer { bundle.remove() }
    let model = try Self.model(bundle)
    let keys = { (language: String) in model.missing(in: language).map(\.key) }
    #expect(keys("pt-BR") == [])
    #expect(keys("ja") == [])
    // A fresh German is asked the numbers it writes otherwise, and the word; never "10".
    #expect(keys("de") == ["Amount", "0.00", "1,000.50"])
    #expect(keys("fr") == ["Amount", "0.00", "1,000.50"])
    #expect(keys("ko") == ["Amount"])
    // The export asks the same: translate="no" exactly where missing does not ask.
    for language in ["de", "ja", "pt-BR", "ko"] {
      let xliff = try XLIFF.export(model, language: language)
      for key in ["0.00", "10", "1,000.50"] {
        let asked = !xliff.contains("id=\"\(key)\" xml:space=\"preserve\" translate=\"no\"")
        let missingOrDone =
          keys(language).contains(key)
          || (model.translatedEntries(table: "Root", language: language)[key] != nil)
        #expect(asked == missingOrDone, "\(language) \(key)")
      }
    }
    // Status counts what missing lists.
    for row in model.status() {
      #expect(row.missing == model.missing(in: row.language).count, "\(row.language)")
    }
  }

  /// The property behind it: a number is asked of a language exactly when
  /// CLDR's marks for it differ from English's.
  @Test(arguments: [
    "de", "pt-BR", "fr", "ru", "es", "it", "ja", "zh-Hans", "ko", "he", "th", "en-GB",
  ])
  func numbersFollowCLDRMarks(language: String) {
    let differs = NumberMarks(tag: language) != NumberMarks(tag: "en")
    #expect(CoveragePolicy.standard.needsTranslation("0.00", in: language) == differs)
    #expect(!CoveragePolicy.standard.needsTranslation("10", in: language))
    #expect(!CoveragePolicy.standard.needsTranslation("1.2.3", in: language))
    #expect(CoveragePolicy.standard.needsTranslation("Amount", in: language))
  }

  /// xhf1234/omediaIPad: English.lproj is the source, zh_CN.lproj is named by its tag.
  @Test(arguments: ["zh-CN", "zh_CN"])
  func omediaIPad(language: String) throws {
    let path = Paths.fixtures.appendingPathComponent("Unseen/xhf1234__omediaIPad/Settings.bundle")
      .path
    let model = try TranslationModel(bundle: try SettingsBundle.load(at: path))
    #expect(model.sourceFolder == "English")
    #expect(model.folder(for: language) == "zh_CN")
    let xliff = try XLIFF.export(model, language: language)
    #expect(xliff.contains("original=\"Settings.bundle/English.lproj/Root.strings\""))
    #expect(xliff.contains("source-language=\"en\" target-language=\"zh-CN\""))
    #expect(xliff.contains("<target>"))
    #expect(model.missingByLanguage().map(\.language) == ["zh_CN"])
  }
}
