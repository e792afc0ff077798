import Foundation
import SettingsLint
import SettingsSchema
import TestSupport
import Testing

/// Who reads a bundle and in which language, as lint checks it: a folder not
/// named `Settings.bundle` is InAppSettingsKit's alone (Settings.app opens the
/// app's Settings.bundle and nothing else); a bundle whose Root.plist lies in
/// each `.lproj` folder is checked in every language's copy, each copy
/// translated by its own language; and missing-type says what the reader does.
struct ReadingPerFolderAndLanguageTests {
  /// A page with one row that opens the app's own view controller (no File).
  static let ownViewRow = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
      <key>PreferenceSpecifiers</key>
      <array>
        <dict>
          <key>Type</key>
          <string>PSGroupSpecifier</string>
          <key>Title</key>
          <string>Über</string>
        </dict>
        <dict>
          <key>Type</key>
          <string>PSChildPaneSpecifier</string>
          <key>Title</key>
          <string>Lizenzen</string>
          <key>IASKViewControllerClass</key>
          <string>LicencesViewController</string>
          <key>IASKViewControllerSelector</key>
          <string>initWithFile:specifier:</string>
        </dict>
      </array>
    </dict>
    </plist>
    """

  static func page(_ rows: String, table: String? = nil) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
    \(table.map { "  <key>StringsTable</key>\n  <string>\($0)</string>\n" } ?? "")\
      <key>PreferenceSpecifiers</key>
      <array>
        <dict>
          <key>Type</key>
          <string>PSGroupSpecifier</string>
        </dict>
    \(rows)
      </array>
    </dict>
    </plist>
    """
  }

  static func toggle(_ title: String, key: String) -> String {
    """
        <dict>
          <key>Type</key>
          <string>PSToggleSwitchSpecifier</string>
          <key>Title</key>
          <string>\(title)</string>
          <key>Key</key>
          <string>\(key)</string>
          <key>DefaultValue</key>
          <true/>
        </dict>
    """
  }

  static func lint(folder: String, files: [(String, String)]) throws -> LintReport {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    let url = bundle.folder.appendingPathComponent(folder)
    for (path, text) in files {
      let file = url.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: file)
    }
    return try Linter().lint(bundleAt: url.path)
  }

  /// Settings.app never opens a folder by another name, so a row that opens
  /// the app's view controller is InAppSettingsKit's and needs no File; in
  /// Settings.bundle the same row is an error (Settings.app opens nothing).
  /// Failed before for every name but InAppSettings.bundle (missing-required-key).
  @Test(arguments: [
    ("Settings.bundle", true), ("InAppSettings.bundle", false), ("Preferences.bundle", false),
    ("AppSettings.bundle", false),
  ])
  func aFolderNotNamedSettingsBundleIsReadByInAppSettingsKit(folder: String, reported: Bool)
    throws
  {
    let report = try Self.lint(folder: folder, files: [("Root.plist", Self.ownViewRow)])
    let missing = report.diagnostics.filter { $0.rule == "missing-required-key" }
    #expect(missing.isEmpty != reported, "\(folder): \(missing.map(\.message))")
  }

  /// missing-type says what the reader that opens the bundle does: Settings.app
  /// skips the element; InAppSettingsKit asserts "specifier type missing" and
  /// compares a Type as text. Failed before: "Settings.app skips it" under both.
  @Test(arguments: ["Settings.bundle", "InAppSettings.bundle"])
  func missingTypeNamesTheReader(folder: String) throws {
    let rows = """
          <dict>
            <key>Title</key>
            <string>Größe</string>
            <key>Key</key>
            <string>size</string>
          </dict>
          <dict>
            <key>Type</key>
            <integer>3</integer>
            <key>Title</key>
            <string>Farbe</string>
          </dict>
      """
    let report = try Self.lint(folder: folder, files: [("Root.plist", Self.page(rows))])
    let messages = report.diagnostics.filter { $0.rule == "missing-type" }.map(\.message)
    #expect(messages.count == 2)
    if folder == "Settings.bundle" {
      #expect(messages.allSatisfy { $0.contains("Settings.app skips") })
    } else {
      #expect(
        messages.allSatisfy { !$0.contains("Settings.app") && $0.contains("InAppSettingsKit") })
      #expect(messages.contains { $0.contains("specifier type missing") })
    }
  }

  static let hpMpos = Paths.fixtures.appendingPathComponent(
    "Unseen/Jornason__hp-mpos-ios/Settings.bundle")

  /// hp-mpos (copied byte for byte) has a Root.plist in en.lproj and es.lproj and
  /// none at the top: iOS shows each language its own copy, so each is checked,
  /// and every finding names the copy it is in. Failed before: nothing in es.lproj.
  @Test func everyLanguagesCopyOfALocalizedRootIsLinted() throws {
    let report = try Linter().lint(bundleAt: Self.hpMpos.path)
    let files = Set(report.diagnostics.map(\.file))
    #expect(files.contains("es.lproj/Root.plist"))
    #expect(files.contains("es.lproj/hpConfig.plist"))
    #expect(files.contains("en.lproj/Root.plist"))
    // The Spanish copy's untranslated placeholders are named where its table is missing.
    let spanish = report.diagnostics.filter {
      $0.file == "es.lproj/Root.plist" && $0.rule == "strings-table-missing"
    }
    #expect(spanish.count == 1)
    #expect(
      spanish.first?.message.hasSuffix(
        "the placeholders \"ENABLE_SUPPORT_MODE_TEXT\" and \"APPLICATION_INFO_TITLE\" show as written"
      )
        == true, "\(spanish.map(\.message))")
    // The copies differ where es.lproj still holds placeholders; both are checked
    // where they agree, each finding once.
    let keys = report.diagnostics.map {
      "\($0.file):\($0.location?.line ?? 0) \($0.rule) \($0.message)"
    }
    #expect(Set(keys).count == keys.count, "a finding repeated: \(keys)")
    #expect(report.diagnostics.allSatisfy { !$0.message.hasPrefix("in ") }, "no reading label")
  }

  /// A page at the top that both languages' roots open is one file: its
  /// finding is reported once, not once per language.
  @Test func aSharedPageOfLocalizedRootsIsReportedOnce() throws {
    let child = """
          <dict>
            <key>Type</key>
            <string>PSChildPaneSpecifier</string>
            <key>Title</key>
            <string>More</string>
            <key>File</key>
            <string>More</string>
          </dict>
      """
    let untyped = """
          <dict>
            <key>Title</key>
            <string>Orphan</string>
            <key>Key</key>
            <string>orphan</string>
          </dict>
      """
    let report = try Self.lint(
      folder: "Settings.bundle",
      files: [
        ("en.lproj/Root.plist", Self.page(child)), ("de.lproj/Root.plist", Self.page(child)),
        ("fr.lproj/Root.plist", Self.page(child + Self.toggle("Activé", key: "on"))),
        ("More.plist", Self.page(untyped)),
      ])
    let missing = report.diagnostics.filter { $0.rule == "missing-type" }
    #expect(missing.map(\.file) == ["More.plist"])
  }

  /// Each language's copy is translated by that language: the English root's
  /// "Enabled" is not asked of es.lproj/Root.strings, which translates the
  /// Spanish root's own "Activado". Failed before: "Enabled" has no translation
  /// in es.lproj/Root.strings (and the Spanish copy was never read).
  @Test func eachCopyIsTranslatedByItsOwnLanguage() throws {
    let report = try Self.lint(
      folder: "Settings.bundle",
      files: [
        ("en.lproj/Root.plist", Self.page(Self.toggle("Enabled", key: "on"), table: "Root")),
        ("es.lproj/Root.plist", Self.page(Self.toggle("Activado", key: "on"), table: "Root")),
        ("en.lproj/Root.strings", "\"Enabled\" = \"Enabled\";\n"),
        ("es.lproj/Root.strings", "\"Activado\" = \"Activado\";\n"),
      ])
    let translation = report.diagnostics.filter {
      ["missing-translation", "unused-translation"].contains($0.rule)
    }
    #expect(translation.isEmpty, "\(translation.map { "\($0.file): \($0.message)" })")
  }

  /// The Spanish copy that lacks its table entry is found in Spanish only.
  @Test func aCopysMissingTranslationIsItsLanguages() throws {
    let report = try Self.lint(
      folder: "Settings.bundle",
      files: [
        ("en.lproj/Root.plist", Self.page(Self.toggle("Enabled", key: "on"), table: "Root")),
        (
          "es.lproj/Root.plist",
          Self.page(
            Self.toggle("Activado", key: "on") + Self.toggle("SOUND_TITLE", key: "sound"),
            table: "Root")
        ),
        ("en.lproj/Root.strings", "\"Enabled\" = \"Enabled\";\n"),
        ("es.lproj/Root.strings", "\"Activado\" = \"Activado\";\n"),
      ])
    let missing = report.diagnostics.filter { $0.rule == "missing-translation" }
    #expect(missing.map(\.file) == ["es.lproj/Root.plist"])
    #expect(missing.first?.message.contains("SOUND_TITLE") == true)
  }
}
