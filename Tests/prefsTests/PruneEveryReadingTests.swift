import Foundation
import Plist
import SettingsLint
import SettingsSchema
import StringsWorkflow
import Testing

/// `strings sync --prune` and lint's unused-translation share one answer to
/// what is used: an entry some reading shows. A page Settings.app and
/// InAppSettingsKit both reach (futuretap/InAppSettingsKit's Complete.plist,
/// opened from Root.plist and Root.inApp.plist) is read by each with its own
/// schema: only InAppSettingsKit looks a dictionary `IASKSubtitle`'s values up
/// in the table (IASKSpecifier `subtitleForValue:`), so their translations are
/// used, and prune must keep them.
struct PruneEveryReadingTests {
  /// The `IASKSubtitle` dictionaries of a toggle on the shared page (value -> text).
  static let subtitles: [[String: String]] = [
    ["YES": "Only on Wi-Fi"],
    ["YES": "Only on Wi-Fi", "NO": "Always"],
    ["__default__": "Some fruit", "Banana": "Yellow fruit", "Kiwi": "Green fruit"],
  ]

  @Test(arguments: subtitles)
  func pruneKeepsWhatOnlyInAppSettingsKitShows(subtitle: [String: String]) throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("prefs-prune-readings-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let bundle = folder.appendingPathComponent("Settings.bundle")
    try FileManager.default.createDirectory(
      at: bundle.appendingPathComponent("de.lproj"), withIntermediateDirectories: true)
    let opensShared = """
      <dict><key>Type</key><string>PSChildPaneSpecifier</string>\
      <key>Title</key><string>More</string><key>File</key><string>Shared</string></dict>
      """
    for root in ["Root.plist", "Root.inApp.plist"] {
      try Self.page(opensShared).write(
        to: bundle.appendingPathComponent(root), atomically: true, encoding: .utf8)
    }
    let entries = subtitle.keys.sorted().map {
      "<key>\($0)</key><string>\(subtitle[$0] ?? "")</string>"
    }.joined()
    try Self.page(
      """
      <dict><key>Type</key><string>PSToggleSwitchSpecifier</string>\
      <key>Title</key><string>Sync</string><key>Key</key><string>sync</string>\
      <key>DefaultValue</key><true/><key>IASKSubtitle</key><dict>\(entries)</dict></dict>
      """
    ).write(to: bundle.appendingPathComponent("Shared.plist"), atomically: true, encoding: .utf8)
    let table = (["More", "Sync"] + subtitle.values.sorted() + ["Gone"])
      .map { "\"\($0)\" = \"de \($0)\";\n" }.joined()
    try table.write(
      to: bundle.appendingPathComponent("de.lproj/Root.strings"), atomically: true,
      encoding: .utf8)

    let linter = Linter(loadOptions: LoadOptions(keepsComments: false))
    let variants = try linter.loadVariants(at: bundle.path)
    let unused = try linter.lint(variants: variants).diagnostics
      .filter { $0.rule == "unused-translation" }.map(\.message)
    #expect(unused.count == 1 && unused.allSatisfy { $0.contains("\"Gone\"") }, "\(unused)")
    let base = try #require(variants.first)
    let model = try TranslationModel(
      readings: TranslatedReadings(base: base, others: Array(variants.dropFirst())))
    let summary = try model.sync(prune: true).flatMap(\.summary)
    #expect(summary.contains("de.lproj/Root.strings: 1 stale removed"), "\(summary)")
  }

  static func page(_ elements: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0"><dict><key>StringsTable</key><string>Root</string>\
    <key>PreferenceSpecifiers</key><array>\(elements)</array></dict></plist>

    """
  }
}
