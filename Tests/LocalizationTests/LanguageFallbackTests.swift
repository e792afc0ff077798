import Foundation
import Testing

@testable import Localization

/// One test per parent-locale and alias rule: what iOS picks from a bundle's
/// folders for a preferred-language list (AppleLanguages), after Apple ICU's
/// `ualoc_localizationsToUse` with CLDR's tables.
struct LanguageFallbackTests {
  struct Rule: CustomTestStringConvertible, Sendable {
    var rule: String
    var available: [String]
    var preferred: [String]
    /// The folders to use, best first (the chosen one and its fallbacks).
    var expected: [String]
    var testDescription: String { "\(rule): \(preferred) in \(available) → \(expected)" }
  }

  static let rules: [Rule] = [
    // Apple's parent en_IN → en_GB (CLDR's is en_001, its sibling's parent).
    Rule(
      rule: "en-IN takes en-GB", available: ["en", "en-GB", "fr"], preferred: ["en-IN"],
      expected: ["en-GB", "en"]),
    Rule(
      rule: "en-AU takes en-GB", available: ["en", "en-GB"], preferred: ["en-AU"],
      expected: ["en-GB", "en"]),
    Rule(
      rule: "en-AU takes its own folder first", available: ["en", "en_AU", "en_GB"],
      preferred: ["en-AU"], expected: ["en_AU", "en_GB", "en"]),
    Rule(
      rule: "en-IN takes en-001 below en-GB", available: ["en", "en-001"], preferred: ["en-IN"],
      expected: ["en-001", "en"]),
    Rule(
      rule: "en-NZ takes en-AU (Apple)", available: ["en", "en-AU", "en-GB"],
      preferred: ["en-NZ"], expected: ["en-AU", "en-GB", "en"]),
    Rule(
      rule: "en-DE takes en-150 (CLDR)", available: ["en", "en-150", "en-GB"],
      preferred: ["en-DE"], expected: ["en-150", "en-GB", "en"]),
    Rule(
      rule: "en-US does not take en-GB", available: ["en", "en-GB"], preferred: ["en-US"],
      expected: ["en"]),
    Rule(
      rule: "en-GB alone serves en (near miss)", available: ["en-GB", "fr"], preferred: ["en"],
      expected: ["en-GB"]),
    Rule(
      rule: "pt-AO takes pt-PT", available: ["pt", "pt-BR", "pt-PT"], preferred: ["pt-AO"],
      expected: ["pt-PT", "pt"]),
    Rule(
      rule: "pt-MO takes pt-PT", available: ["pt-BR", "pt-PT"], preferred: ["pt-MO"],
      expected: ["pt-PT"]),
    Rule(
      rule: "pt-BR takes pt before pt-PT", available: ["pt", "pt-PT"], preferred: ["pt-BR"],
      expected: ["pt"]),
    Rule(
      rule: "es-MX takes es-419", available: ["es", "es-419", "es-ES"], preferred: ["es-MX"],
      expected: ["es-419", "es"]),
    Rule(
      rule: "es-AR takes es-419", available: ["es-419", "fr"], preferred: ["es-AR"],
      expected: ["es-419"]),
    Rule(
      rule: "zh takes zh-Hans", available: ["zh-Hans", "zh-Hant"], preferred: ["zh"],
      expected: ["zh-Hans"]),
    Rule(
      rule: "zh takes zh_CN (near miss)", available: ["zh_CN", "zh_TW"], preferred: ["zh"],
      expected: ["zh_CN"]),
    Rule(
      rule: "zh-TW takes zh-Hant", available: ["zh-Hans", "zh-Hant"], preferred: ["zh-TW"],
      expected: ["zh-Hant"]),
    Rule(
      rule: "zh-MO takes zh-HK before zh-Hant", available: ["zh-HK", "zh-Hans", "zh-Hant"],
      preferred: ["zh-MO"], expected: ["zh-HK", "zh-Hant"]),
    Rule(
      rule: "zh-HK takes zh_TW after zh_HK without zh-Hant",
      available: ["zh_CN", "zh_HK", "zh_TW"],
      preferred: ["zh-HK"], expected: ["zh_HK", "zh_TW"]),
    Rule(
      rule: "zh-Hant never falls to zh", available: ["zh", "en"], preferred: ["zh-Hant-TW", "en"],
      expected: ["en"]),
    Rule(
      rule: "sr-Latn never falls to sr", available: ["sr", "en"], preferred: ["sr-Latn-RS", "en"],
      expected: ["en"]),
    Rule(
      rule: "sr-Latn takes sr-Latn", available: ["sr", "sr-Latn"], preferred: ["sr-Latn-RS"],
      expected: ["sr-Latn"]),
    Rule(rule: "nb takes no", available: ["no", "en"], preferred: ["nb"], expected: ["no"]),
    Rule(rule: "nn takes no", available: ["no", "en"], preferred: ["nn-NO"], expected: ["no"]),
    Rule(
      rule: "no takes nb (near miss)", available: ["nb", "en"], preferred: ["no"], expected: ["nb"]),
    Rule(
      rule: "Norwegian is nb", available: ["Norwegian", "English"], preferred: ["nb-NO"],
      expected: ["Norwegian"]),
    Rule(rule: "iw is he", available: ["iw", "en"], preferred: ["he"], expected: ["iw"]),
    Rule(rule: "in is id", available: ["in", "en"], preferred: ["id"], expected: ["in"]),
    Rule(rule: "tl is fil", available: ["tl", "en"], preferred: ["fil"], expected: ["tl"]),
    Rule(
      rule: "English is en", available: ["English", "French"], preferred: ["en-GB"],
      expected: ["English"]),
    Rule(
      rule: "ht takes fr-HT", available: ["fr", "fr-HT"], preferred: ["ht"],
      expected: ["fr-HT", "fr"]),
    Rule(
      rule: "zh-Hans never takes zh_TW",
      available: ["zh_TW", "en"], preferred: ["zh-Hans", "en"], expected: ["en"]),
    Rule(
      rule: "an earlier near miss of another language beats a later match",
      available: ["pt-PT", "de"], preferred: ["pt-BR", "de"], expected: ["pt-PT"]),
  ]

  @Test(arguments: rules)
  func choosesAsIOS(_ rule: Rule) {
    #expect(
      LanguageNegotiation.localizationsToUse(available: rule.available, preferred: rule.preferred)
        == rule.expected)
  }

  /// The behaviour examples in Apple ICU's `ualoc.h` (lproj sets → what each
  /// preferred language gets). Left out: rows that follow an older CLDR (en-CA's
  /// parent is no longer en-001) and zh-HK/zh-MO rows written before zh_TW was
  /// appended after zh_HK.
  static let appleExamples: [Rule] = [
    Rule(
      rule: "ualoc.h zh list1", available: ["zh_CN", "zh_TW"], preferred: ["zh"],
      expected: ["zh_CN"]),
    Rule(
      rule: "ualoc.h zh list1", available: ["zh_CN", "zh_TW"], preferred: ["zh-Hant-HK"],
      expected: ["zh_TW"]),
    Rule(
      rule: "ualoc.h zh list1", available: ["zh_CN", "zh_TW"], preferred: ["zh-Hans-SG"],
      expected: ["zh_CN"]),
    Rule(
      rule: "ualoc.h zh list2", available: ["zh_CN", "zh_TW", "zh_HK"], preferred: ["zh-Hant-HK"],
      expected: ["zh_HK", "zh_TW"]),
    Rule(
      rule: "ualoc.h zh list3", available: ["zh_CN", "zh_TW", "zh_HK", "zh_MO"],
      preferred: ["zh-MO"],
      expected: ["zh_MO", "zh_HK", "zh_TW"]),
    Rule(
      rule: "ualoc.h zh list4", available: ["zh_Hans", "zh_Hant", "zh_Hant_HK"],
      preferred: ["zh-MO"],
      expected: ["zh_Hant_HK", "zh_Hant"]),
    Rule(
      rule: "ualoc.h zh list5", available: ["zh_CN", "zh_TW", "zh_Hans", "zh_Hant"],
      preferred: ["zh-Hans-CN"], expected: ["zh_CN", "zh_Hans"]),
    Rule(
      rule: "ualoc.h zh list5", available: ["zh_CN", "zh_TW", "zh_Hans", "zh_Hant"],
      preferred: ["zh-HK"], expected: ["zh_Hant"]),
    Rule(
      rule: "ualoc.h zh list6",
      available: ["zh_CN", "zh_TW", "zh_HK", "zh_Hans", "zh_Hant", "zh_Hant_HK"],
      preferred: ["zh-HK"], expected: ["zh_HK", "zh_Hant_HK", "zh_Hant"]),
    Rule(
      rule: "ualoc.h en list1", available: ["English"], preferred: ["en-AU"], expected: ["English"]),
    Rule(
      rule: "ualoc.h en list2", available: ["en", "en_AU", "en_GB"], preferred: ["en-150"],
      expected: ["en_GB", "en"]),
    Rule(
      rule: "ualoc.h en list4", available: ["en", "en_AU", "en_GB", "en_CA", "en_IN", "en_US"],
      preferred: ["en-IN"], expected: ["en_IN", "en_GB", "en"]),
    Rule(
      rule: "ualoc.h en list4", available: ["en", "en_AU", "en_GB", "en_CA", "en_IN", "en_US"],
      preferred: ["en-US"], expected: ["en_US", "en"]),
    Rule(
      rule: "ualoc.h en list5", available: ["en", "en_AU", "en_GB", "en_001"], preferred: ["en-IL"],
      expected: ["en_001", "en"]),
    Rule(
      rule: "ualoc.h en list5", available: ["en", "en_AU", "en_GB", "en_001"], preferred: ["en-AU"],
      expected: ["en_AU", "en_GB", "en_001", "en"]),
    Rule(
      rule: "ualoc.h en list6", available: ["en", "en_AU", "en_GB", "en_001", "en_150"],
      preferred: ["en-FR"], expected: ["en_150", "en_GB", "en_001", "en"]),
    Rule(
      rule: "ualoc.h en list6", available: ["en", "en_AU", "en_GB", "en_001", "en_150"],
      preferred: ["en-Latn"], expected: ["en"]),
    Rule(
      rule: "ualoc.h es list2", available: ["es", "es_MX"], preferred: ["es-AR"], expected: ["es"]),
    Rule(
      rule: "ualoc.h es list4", available: ["es", "es_419", "es_MX"], preferred: ["es-MX"],
      expected: ["es_MX", "es_419", "es"]),
    Rule(
      rule: "ualoc.h es list5", available: ["es", "es_ES", "es_MX"], preferred: ["es-419"],
      expected: ["es"]),
    Rule(
      rule: "ualoc.h pt list2", available: ["pt", "pt_PT"], preferred: ["pt-MO"],
      expected: ["pt_PT", "pt"]),
    Rule(
      rule: "ualoc.h pt list2", available: ["pt", "pt_PT"], preferred: ["pt-BR"], expected: ["pt"]),
    Rule(
      rule: "ualoc.h pt list4", available: ["pt", "pt_BR"], preferred: ["pt-PT"], expected: ["pt"]),
  ]

  @Test(arguments: appleExamples)
  func followsApplesExamples(_ rule: Rule) {
    #expect(
      LanguageNegotiation.localizationsToUse(available: rule.available, preferred: rule.preferred)
        == rule.expected)
  }

  @Test func theDataFileParsesAndNamesItsCLDRVersion() throws {
    let text = try String(contentsOf: Self.dataFile, encoding: .utf8)
    let data = try LanguageFallbackData.decode(text)
    #expect(data.cldrVersion == "47")
    #expect(data.cldrParentLocales["pt_AO"] == "pt_PT")
    #expect(data.cldrParentLocales["zh_Hant_MO"] == "zh_Hant_HK")
    #expect(data.cldrParentLocales["nb"] == "no")
    #expect(data.appleParentLocales["en_IN"] == "en_GB")
    #expect(data.likelySubtags["zh_TW"] == "zh_Hant_TW")
    #expect(data.cldrParentLocaleRules == ["nonlikelyScript"])
    #expect(LanguageFallbackData.embedded == data)
  }

  /// The binary embeds the data through scripts/embed-data; this fails when it was not rerun.
  @Test func theEmbeddedDataIsCurrent() throws {
    let text = try String(contentsOf: Self.dataFile, encoding: .utf8)
    #expect(LanguageFallbackData.embeddedText == text.trimmingCharacters(in: .newlines))
  }

  /// Every table entry names locales the matcher can read, and no parent chain loops.
  @Test(arguments: ["cldr", "apple"])
  func everyParentChainEndsAtRoot(_ source: String) {
    let data = LanguageFallbackData.embedded
    let matcher = LocalizationMatcher(data: data)
    let table = source == "cldr" ? data.cldrParentLocales : data.appleParentLocales
    #expect(!table.isEmpty)
    for (child, parent) in table {
      guard let locale = LocaleName(name: child) else {
        Issue.record("\(child) is not a locale name")
        continue
      }
      #expect(LocaleName(name: parent) != nil, "\(child) → \(parent)")
      let chain = matcher.ancestors(locale)
      #expect(chain.count < 16, "\(child)")
    }
  }

  @Test(arguments: [
    ("zh_Hant_TW", "zh_TW"), ("en_Latn_US", "en"), ("sr_Latn_ME", "sr_ME"), ("pt_Latn_BR", "pt"),
    ("zh_Hans_CN", "zh"), ("xx_Latn_AA", "xx_Latn_AA"),
  ])
  func minimizesAsICU(_ full: String, _ minimal: String) throws {
    let likely = LikelySubtags(table: LanguageFallbackData.embedded.likelySubtags)
    let locale = try #require(LocaleName(name: full))
    #expect(likely.minimized(locale).name == minimal)
  }

  static let dataFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent(LanguageFallbackData.path)
}
