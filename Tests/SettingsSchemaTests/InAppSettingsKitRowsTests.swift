import Foundation
import Plist
import SettingsSchema
import TestSupport
import Testing

/// InAppSettingsKit rows that open pages, subtitles written as dictionaries,
/// and what a list group's section holds, as its source does them
/// (futuretap/InAppSettingsKit 846b620):
/// - IASKAppSettingsViewController's `didSelectRowAtIndexPath:` pushes an
///   IASKCustomViewSpecifier with `File` as it pushes a child pane (F14);
/// - IASKSpecifier's `subtitleForValue:` looks the chosen value of a
///   dictionary `IASKSubtitle` up in the strings table (`titleForId:`) (F15);
/// - IASKSettingsReader's `numberOfRowsInSection:` gives a list group's
///   section the stored array's count (plus the add row), nothing else.
struct InAppSettingsKitRowsTests {
  static let unseen = Paths.fixtures.appendingPathComponent("Unseen")
  /// Psiphon's app bundle: its Feedback row is a custom view with File Feedback.
  static let psiphonApp = unseen.appendingPathComponent(
    "Psiphon-Inc__psiphon-ios-vpn/InAppSettings.bundle")
  /// The pod's bundle the app's build merges in: it holds Feedback.plist.
  static let psiphonPod = unseen.appendingPathComponent(
    "Psiphon-Inc__psiphon-ios-client-common-library/PsiphonClientCommonLibrary/Resources/InAppSettings.bundle"
  )

  /// The two real bundles merged as the app's build merges them (CocoaPods
  /// copies the pod's resources into the app's InAppSettings.bundle).
  static func mergedPsiphonBundle() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-test-\(UUID().uuidString)")
    let bundle = folder.appendingPathComponent("InAppSettings.bundle")
    try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
    for source in [psiphonPod, psiphonApp] {
      for file in try FileManager.default.contentsOfDirectory(atPath: source.path) {
        let target = bundle.appendingPathComponent(file)
        try? FileManager.default.removeItem(at: target)
        try FileManager.default.copyItem(at: source.appendingPathComponent(file), to: target)
      }
    }
    return bundle
  }

  /// The schema answers which rows open a page: a child pane, and under
  /// InAppSettingsKit a custom view, each with File and no key that opens
  /// the app's own view instead; Settings.app skips a custom view.
  @Test(arguments: [
    ("PSChildPaneSpecifier", ["File": "Sub"], true, true),
    ("PSChildPaneSpecifier", ["File": "Sub", "IASKViewControllerClass": "Web"], true, false),
    ("IASKCustomViewSpecifier", ["File": "Sub"], false, true),
    ("IASKCustomViewSpecifier", [:], false, false),
    ("IASKCustomViewSpecifier", ["File": "Sub", "IASKSegueIdentifier": "s"], false, false),
    (
      "IASKCustomViewSpecifier", ["File": "Sub", "IASKViewControllerStoryBoardId": "s"], false,
      false
    ),
    ("IASKButtonSpecifier", ["File": "Sub"], false, false),
  ])
  func whichRowsOpenAPage(type: String, entries: [String: String], apple: Bool, iask: Bool)
    throws
  {
    var all = entries
    all["Type"] = type
    all["Key"] = "k"
    let node = PlistNode(
      .dictionary(
        all.sorted { $0.key < $1.key }.map {
          PlistEntry(key: $0.key, value: PlistNode(.string($0.value)))
        }))
    let specifier = Specifier(index: 0, node: node)
    #expect(try SchemaCatalog.load(.apple).opensPage(specifier) == apple)
    #expect(try SchemaCatalog.load(.iask).opensPage(specifier) == iask)
  }

  /// Psiphon's Feedback row (a custom view with File Feedback) reaches
  /// Feedback.plist once the pod's pages are merged in: the page is read as
  /// reached, its settings with it. Before, the page was unreached.
  @Test func aCustomViewWithFileReachesItsPage() throws {
    let bundle = try Self.mergedPsiphonBundle()
    defer { try? FileManager.default.removeItem(at: bundle.deletingLastPathComponent()) }
    let loaded = try SettingsBundle.load(at: bundle.path)
    #expect(loaded.options.dialect == .iask)
    let root = try #require(loaded.pages.first)
    let feedbackRow = try #require(
      root.specifiers.first { $0.type == .customView && $0.file == "Feedback" })
    #expect(feedbackRow.childPage == "Feedback.plist")
    let feedback = try #require(loaded.pages.first { $0.file == "Feedback.plist" })
    #expect(feedback.isReached)
    #expect(!loaded.unreachedFiles.contains("Feedback.plist"))
  }

  /// A localizable key written as a dictionary (IASKSubtitle by value) gives
  /// each of its string values to translate, as written; numbers are formatted,
  /// not looked up, so they are not among them. InAppSettingsKit's own sample
  /// bundle (corpus) has two such subtitles on Complete.plist.
  @Test(.needsCorpus) func dictionarySubtitlesOfTheSampleAreTranslatable() throws {
    let path = Paths.corpus.appendingPathComponent("futuretap__InAppSettingsKit/Settings.bundle")
    var options = LoadOptions()
    options.dialect = .iask
    let bundle = try SettingsBundle.load(at: path.path, options: options)
    let texts = Set(
      bundle.localizableStrings(catalog: bundle.catalog).values.flatMap { $0 }.map(\.text))
    #expect(texts.contains("TOGGLE_SWITCH_SUBTITLE_YES"), "\(texts.sorted())")
    #expect(texts.contains("Yellow fruit"), "\(texts.sorted())")
  }

  @Test func everyStringValueOfADictionarySubtitleIsTranslatable() throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write(
      "Root.inApp.plist",
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>PreferenceSpecifiers</key><array>
      <dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Key</key><string>wifi</string>
      <key>Title</key><string>Nur WLAN</string>
      <key>IASKSubtitle</key><dict><key>YES</key><string>Nur über WLAN</string>
      <key>NO</key><string>Auch mobil</string><key>a */ b</key><string>Åpen</string>
      <key>__default__</key><string>Unbekannt</string><key>7</key><integer>7</integer></dict></dict>
      <dict><key>Type</key><string>IASKButtonSpecifier</string><key>Key</key><string>go</string>
      <key>Title</key><string>Los</string><key>IASKSubtitle</key><string>Tu es</string></dict>
      </array></dict></plist>
      """)
    try bundle.write("de.lproj/Root.strings", "\"Los\" = \"Los\";\n")
    let loaded = try SettingsBundle.load(at: bundle.path)
    let strings = loaded.localizableStrings(catalog: loaded.catalog)["Root"] ?? []
    #expect(
      strings.map(\.text) == [
        "Nur WLAN", "Nur über WLAN", "Auch mobil", "Åpen", "Unbekannt", "Los", "Tu es",
      ])
    // The path names a plain key; any other by its position, never its text.
    #expect(strings[1].keyPath == "PreferenceSpecifiers[0].IASKSubtitle.YES")
    #expect(strings[3].keyPath == "PreferenceSpecifiers[0].IASKSubtitle[2]")
    // What status, missing, exports and lint count is what the coverage holds.
    let coverage = TranslationCoverage(bundle: loaded, catalog: loaded.catalog)
    let offered = Set(coverage.tables.flatMap(\.strings).map(\.text))
    #expect(offered.isSuperset(of: ["Nur über WLAN", "Auch mobil", "Unbekannt", "Åpen"]))
  }
}
