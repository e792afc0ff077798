import Foundation
import Plist
import SettingsSchema
import TestSupport
import Testing

/// Each policy of ``CoveragePolicy``, on and off, on a small bundle that needs it.
struct TranslationCoverageTests {
  /// A page with the given titles, table Root, and the given files beside it.
  static func bundle(titles: [String], files: [(String, String)]) throws -> TemporaryBundle {
    let bundle = try TemporaryBundle()
    let rows = titles.enumerated().map { index, title in
      """
          <dict>
            <key>Type</key>
            <string>PSToggleSwitchSpecifier</string>
            <key>Title</key>
            <string>\(title)</string>
            <key>Key</key>
            <string>key_\(index)</string>
            <key>DefaultValue</key>
            <false/>
          </dict>
      """
    }
    try bundle.write(
      "Root.plist",
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0">
      <dict>
        <key>StringsTable</key>
        <string>Root</string>
        <key>PreferenceSpecifiers</key>
        <array>
      \(rows.joined(separator: "\n"))
        </array>
      </dict>
      </plist>
      """)
    for (path, text) in files { try bundle.write(path, text) }
    return bundle
  }

  static func coverage(_ bundle: TemporaryBundle, _ policy: CoveragePolicy, keepsComments: Bool)
    throws -> TranslationCoverage
  {
    let loaded = try SettingsBundle.load(
      at: bundle.path, options: LoadOptions(keepsComments: keepsComments))
    return TranslationCoverage(
      bundle: loaded, catalog: try SchemaCatalog.load(.apple), policy: policy)
  }

  static func untranslated(_ coverage: TranslationCoverage, _ language: String) -> [String] {
    coverage.untranslated(in: language).map(\.string.text)
  }

  @Test(arguments: [true, false])
  func stringsWithoutWords(skips: Bool) throws {
    let bundle = try Self.bundle(
      titles: ["10", "0.25x", "https://example.com/help", "Volume"],
      files: [("de.lproj/Root.strings", "\"Volume\" = \"Lautstärke\";\n")])
    defer { bundle.remove() }
    var policy = CoveragePolicy.standard
    policy.skipsStringsWithoutWords = skips
    let coverage = try Self.coverage(bundle, policy, keepsComments: false)
    // German writes "0,25x": a number written with a mark is asked of it (of Japanese it is not).
    #expect(
      Self.untranslated(coverage, "de")
        == (skips ? ["0.25x"] : ["10", "0.25x", "https://example.com/help"]))
    #expect(coverage[table: "Root"]?.needsTranslation == [!skips, true, !skips, true])
    #expect(
      Self.untranslated(coverage, "ja")
        == (skips ? ["Volume"] : ["10", "0.25x", "https://example.com/help", "Volume"]))
  }

  @Test(arguments: [
    ("https://example.com/help", true), ("http://x", true), ("mailto:me@example.com", true),
    ("tel:+4930123", true), ("app-settings:", true), ("x-app+v1.2://open", true),
    ("facetime:+4930123", true), ("LOCALIZED_URL", false), ("Volume:", false),
    ("Note: read this", false), ("Time: 10:30", false), ("ftp:", false), (":80", false),
    ("1http://x", false), ("https://example.com/a b", false), ("é://x", false), ("", false),
    // Labels a tester wrote that only look like links (uppercase schemes, nothing after).
    ("Tel:", false), ("FaceTime:", false), ("sms:", false), ("SMS:Alerts", false),
    ("Mailto:Support", false), ("tel:Zuhause", false), ("Help://Topics", false),
    ("https://", false), ("Status:Enabled", false),
  ])
  func links(text: String, isLink: Bool) {
    #expect(CoveragePolicy.isLink(text) == isLink)
  }

  /// Marks are seen whether or not the loader keeps the other comments (lint does not).
  @Test(arguments: [(true, true), (true, false), (false, true), (false, false)])
  func markedEntries(counts: Bool, keepsComments: Bool) throws {
    let mark = UntranslatedMark.comment(
      page: "Root.plist", keyPath: "PreferenceSpecifiers[0].Title")
    let bundle = try Self.bundle(
      titles: ["Enabled", "Volume"],
      files: [
        (
          "de.lproj/Root.strings",
          "/*\(mark.text)*/\n\"Enabled\" = \"Enabled\";\n/* a note */\n\"Volume\" = \"Lautstärke\";\n"
        )
      ])
    defer { bundle.remove() }
    var policy = CoveragePolicy.standard
    policy.countsMarkedEntriesAsUntranslated = counts
    let coverage = try Self.coverage(bundle, policy, keepsComments: keepsComments)
    #expect(Self.untranslated(coverage, "de") == (counts ? ["Enabled"] : []))
    #expect(
      coverage[table: "Root"]?.language("de")?.states
        == [counts ? .markedUntranslated : .translated, .translated])
  }

  @Test(arguments: [true, false])
  func shadowedTables(skips: Bool) throws {
    let bundle = try Self.bundle(
      titles: ["Enabled"],
      files: [
        ("Root.strings", "\"Enabled\" = \"On\";\n"), ("de.lproj/Root.strings", "/* none */\n"),
      ])
    defer { bundle.remove() }
    var policy = CoveragePolicy.standard
    policy.skipsShadowedTables = skips
    let coverage = try Self.coverage(bundle, policy, keepsComments: false)
    #expect(coverage[table: "Root"]?.isShadowed == skips)
    #expect(Self.untranslated(coverage, "de") == (skips ? [] : ["Enabled"]))
  }

  @Test(arguments: [
    (Set(["en", "English", "Base", "en-US", "en_US"]), ["Base": true, "de": false, "en": true]),
    (Set(["de"]), ["Base": false, "de": true, "en": false]),
  ])
  func sourceLanguages(languages: Set<String>, expected: [String: Bool]) throws {
    let files = ["Base", "de", "en"].map { ("\($0).lproj/Root.strings", "\"Enabled\" = \"x\";\n") }
    let bundle = try Self.bundle(titles: ["Enabled"], files: files)
    defer { bundle.remove() }
    var policy = CoveragePolicy.standard
    policy.sourceLanguages = languages
    let coverage = try Self.coverage(bundle, policy, keepsComments: false)
    let table = try #require(coverage[table: "Root"])
    #expect(
      Dictionary(uniqueKeysWithValues: table.languages.map { ($0.language, $0.isSourceLanguage) })
        == expected)
  }

  @Test(arguments: [true, false])
  func blankEverywhereIsDeliberate(treats: Bool) throws {
    let bundle = try Self.bundle(
      titles: ["Blank", "Enabled"],
      files: [
        ("en.lproj/Root.strings", "\"Blank\" = \"\";\n\"Enabled\" = \"Enabled\";\n"),
        ("de.lproj/Root.strings", "\"Blank\" = \"\";\n\"Enabled\" = \"\";\n"),
      ])
    defer { bundle.remove() }
    var policy = CoveragePolicy.standard
    policy.treatsBlankEverywhereAsDeliberate = treats
    let coverage = try Self.coverage(bundle, policy, keepsComments: false)
    // "Enabled" is translated in English: its empty German translation is a mistake either way.
    #expect(coverage.files["de.lproj/Root.strings"]?.emptyEntries == (treats ? [1] : [0, 1]))
    #expect(
      coverage[table: "Root"]?.language("de")?.states == [treats ? .translated : .empty, .empty])
  }

  @Test(arguments: [true, false])
  func unusedNeedsEveryPageVariant(needs: Bool) throws {
    let bundle = try Self.bundle(
      titles: ["Enabled"],
      files: [
        ("de.lproj/Root.strings", "\"Enabled\" = \"An\";\n\"iPad only\" = \"Nur iPad\";\n"),
        ("de.lproj/Other.strings", "\"x\" = \"y\";\n"),
        ("Root~ipad.plist", "<plist version=\"1.0\"><dict/></plist>"),
      ])
    defer { bundle.remove() }
    var policy = CoveragePolicy.standard
    policy.needsEveryPageVariantForUnused = needs
    let coverage = try Self.coverage(bundle, policy, keepsComments: false)
    #expect(coverage.knowsUnusedEntries == !needs)
    #expect(coverage.files["de.lproj/Root.strings"]?.unusedEntries == (needs ? [] : [1]))
    #expect(coverage.files["de.lproj/Other.strings"]?.isTableUnused == !needs)
  }

  /// iOS keeps the last entry of a key: its value decides, and the earlier one is a duplicate.
  @Test func theLastEntryOfAKeyWins() throws {
    let bundle = try Self.bundle(
      titles: ["A", "Bb", "Cc"].map { $0 + "ee" },
      files: [
        (
          "de.lproj/Root.strings",
          "\"Aee\" = \"x\";\n\"Aee\" = (\"list\");\n\"Bbee\" = \"\";\n\"Bbee\" = \"y\";\n\"Ccee\" = \"z\";\n"
        )
      ])
    defer { bundle.remove() }
    let coverage = try Self.coverage(bundle, .standard, keepsComments: false)
    #expect(coverage[table: "Root"]?.language("de")?.states == [.absent, .translated, .translated])
    #expect(coverage.files["de.lproj/Root.strings"]?.duplicateEntries == [1, 3])
    #expect(Self.untranslated(coverage, "de") == ["Aee"])
    #expect(
      Self.untranslated(coverage, "fr") == ["Aee", "Bbee", "Ccee"], "no folder: every string")
  }
}
