import BundleDiff
import Foundation
import PrefsKit
import SettingsSchema
import TestSupport
import Testing

/// `prefs diff` reads both versions with the dialect the project configures
/// (`dialect:` of `.prefs.yml`, or the option), as lint does: a Settings.bundle
/// the app shows with InAppSettingsKit has rows Settings.app never reads, and a
/// change to them was invisible (tester F20: `0 changes` for two
/// IASKOpenURLSpecifier links going from http to https, even with `dialect: iask`).
struct DiffDialectTests {
  static func page(_ scheme: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict><key>PreferenceSpecifiers</key><array>
    <dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>À propos</string></dict>
    <dict><key>Type</key><string>IASKOpenURLSpecifier</string><key>Title</key><string>Site</string>
    <key>File</key><string>\(scheme)://example.com</string></dict>
    </array></dict></plist>
    """
  }

  @Test(arguments: [
    ("dialect: iask\n", nil as Dialect?, 1), ("", .iask, 1), ("", nil, 0),
    ("dialect: iask\n", .apple, 0),
  ])
  func theConfiguredDialectIsTheOneRead(configuration: String, option: Dialect?, changes: Int)
    throws
  {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-test-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    for (side, scheme) in [("old", "http"), ("new", "https")] {
      let bundle = folder.appendingPathComponent("\(side)/Settings.bundle")
      try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
      try Data(Self.page(scheme).utf8).write(to: bundle.appendingPathComponent("Root.plist"))
    }
    if !configuration.isEmpty {
      try Data(configuration.utf8).write(to: folder.appendingPathComponent(".prefs.yml"))
    }
    let outcome = try DiffFrontEnd.run(
      DiffOptions(old: "old/Settings.bundle", new: "new/Settings.bundle", dialect: option),
      environment: PrefsEnvironment(workingDirectory: folder.path))
    #expect(outcome.changes.count == changes, "\(outcome.changes.map(\.message))")
    if changes > 0 {
      #expect(outcome.changes.first?.message.contains("https://example.com") == true)
    }
  }
}
