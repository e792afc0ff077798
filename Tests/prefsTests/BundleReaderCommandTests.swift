import Foundation
import TestSupport
import Testing

/// Every command reads the bundles of every layout iOS and InAppSettingsKit
/// accept, with exit 0 or 1, never 2 ("not a Settings bundle"): real bundles
/// from `Tests/Fixtures/Unseen` (each folder's MANIFEST names its source) and
/// corpus bundles under their original InAppSettings.bundle name.
struct BundleReaderCommandTests {
  static let unseen = Paths.fixtures.appendingPathComponent("Unseen")

  /// Every bundle folder under Tests/Fixtures/Unseen.
  static var unseenBundles: [String] {
    let owners = (try? FileManager.default.contentsOfDirectory(atPath: unseen.path)) ?? []
    return owners.sorted().flatMap { owner -> [String] in
      let folder = unseen.appendingPathComponent(owner)
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
      return names.filter { $0.hasSuffix(".bundle") }.sorted().map {
        "\(unseen.path)/\(owner)/\($0)"
      }
    }
  }

  static let commands: [[String]] = [
    ["lint"], ["dump"], ["dump", "--format", "json"], ["render"], ["strings", "status"],
    ["strings", "missing", "--lang", "de"], ["generate", "swift"],
  ]

  @Test(arguments: unseenBundles)
  func everyCommandReadsIt(bundle: String) throws {
    #expect(!Self.unseenBundles.isEmpty)
    for command in Self.commands {
      var arguments = command + [bundle]
      if command == ["generate", "swift"] {
        arguments += [
          "--output",
          FileManager.default.temporaryDirectory.appendingPathComponent(
            "prefs-unseen-\(UUID().uuidString).swift"
          ).path,
        ]
      }
      let result = DumpTests.run(arguments)
      #expect(result.code == 0 || result.code == 1, "\(arguments): \(result.errors)")
      #expect(!result.errors.contains("not a Settings bundle"), "\(arguments)")
    }
  }

  /// iKopter's Main.plist: its child panes open the app's view controllers;
  /// render shows them (before, its first three rows were missing).
  @Test func renderShowsChildPanesThatOpenTheAppsScreens() {
    let result = DumpTests.run([
      "render",
      Self.unseen.appendingPathComponent("fblumenberg__iKopter/InAppSettings.bundle").path,
      "--lang", "en",
      "--width", "70",
    ])
    #expect(result.code == 0, "\(result.errors)")
    for row in ["LCD", "Debug", "Settings", "Routes"] {
      #expect(result.output.contains(row), "\(row) missing:\n\(result.output)")
    }
    #expect(result.output.contains("the app's screen LcdViewController"))
  }

  /// Corpus bundles that were InAppSettings.bundle in their repository, under
  /// that name again: InAppSettingsKit's reading alone, so none of Settings.app's
  /// complaints about what only InAppSettingsKit reads.
  @Test(
    .needsCorpus,
    arguments: [
      "BelledonneCommunications__linphone-iphone__inappsettings", "OnionBrowser__OnionBrowser",
    ])
  func aCorpusInAppSettingsBundleUnderItsOwnName(corpus: String) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-inapp-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let bundle = folder.appendingPathComponent("InAppSettings.bundle")
    try FileManager.default.copyItem(
      at: Paths.corpus.appendingPathComponent("\(corpus)/Settings.bundle"), to: bundle)
    let result = DumpTests.run(["lint", bundle.path, "--format", "json"])
    #expect(result.code == 0 || result.code == 1, "\(result.errors)")
    for phrase in [
      "in Settings.app", "Settings.app would show nothing", "has no File",
      "is an InAppSettingsKit type",
      "so Settings.app does not use",
    ] {
      #expect(!result.output.contains(phrase), "\(phrase)")
    }
  }

  /// `--root` and `root:` name the page the app opens; several pages and no
  /// Root without them is a usage error that offers --root.
  @Test func theRootPageFromTheOptionAndTheConfiguration() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-root-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let bundle = folder.appendingPathComponent("Settings.bundle")
    try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
    let main = Paths.fixtures.appendingPathComponent(
      "Unseen/fblumenberg__iKopter/InAppSettings.bundle/Main.plist")
    try FileManager.default.copyItem(at: main, to: bundle.appendingPathComponent("Main.plist"))
    try FileManager.default.copyItem(at: main, to: bundle.appendingPathComponent("Other.plist"))
    let refused = DumpTests.run(["dump", bundle.path])
    #expect(refused.code == 2)
    #expect(refused.errors.contains("--root Main"), "\(refused.errors)")
    for command in [["lint"], ["dump"], ["render"], ["generate", "swift"], ["strings", "status"]] {
      let result = DumpTests.run(command + [bundle.path, "--root", "Main"])
      #expect(result.code == 0 || result.code == 1, "\(command): \(result.errors)")
    }
    #expect(DumpTests.run(["dump", bundle.path, "--root", "../Main"]).code == 2)
    try Data("root: Other\n".utf8).write(to: folder.appendingPathComponent(".prefs.yml"))
    let configured = DumpTests.run(["dump", bundle.path])
    #expect(configured.code == 0, "\(configured.errors)")
    #expect(configured.output.contains("Other.plist"))
    #expect(DumpTests.run(["lint", bundle.path]).code != 2)
  }

  /// `dialect: apple` in .prefs.yml reads an InAppSettings.bundle as Settings.app would.
  @Test func theDialectFromTheConfiguration() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-dialect-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let bundle = folder.appendingPathComponent("InAppSettings.bundle")
    try FileManager.default.copyItem(
      at: Paths.fixtures.appendingPathComponent(
        "Unseen/todotxt__todo.txt-ios/InAppSettings.bundle"),
      to: bundle)
    #expect(
      !DumpTests.run(["dump", bundle.path]).errors.contains("Settings.app would show nothing"))
    try Data("dialect: apple\n".utf8).write(to: folder.appendingPathComponent(".prefs.yml"))
    #expect(
      DumpTests.run(["dump", bundle.path]).errors.contains("Settings.app would show nothing"))
  }

  /// `prefs lint` on a folder above the bundles lints every bundle inside and says which:
  /// the first ten by name, then how many more.
  @Test func lintOfAFolderAboveTheBundles() throws {
    let result = DumpTests.run(["lint", Self.unseen.path, "--format", "json"])
    #expect(result.code == 0 || result.code == 1, "\(result.errors)")
    // Every bundle at an owner's top, and those deeper in a repository's copy.
    let said = try #require(
      result.errors.components(separatedBy: "linting the ").dropFirst().first?
        .split(separator: " ").first.flatMap { Int($0) }, "\(result.errors)")
    #expect(said >= Self.unseenBundles.count, "\(result.errors)")
    for bundle in Self.unseenBundles.prefix(10) {
      #expect(result.errors.contains(bundle), "\(bundle) not named: \(result.errors)")
    }
    #expect(result.errors.contains("and \(said - 10) more"), "\(result.errors)")
    // A folder with no bundle inside is still refused.
    #expect(
      DumpTests.run([
        "lint", Paths.repository.appendingPathComponent("Sources/prefs/Support").path,
      ]).code == 2)
  }

  /// RIT AccessMath's Root.inApp.plist: a toggle with DefaultValue <false/> beside
  /// image-name TrueValue and FalseValue. InAppSettingsKit draws it by boolValue
  /// (defaultBoolValue): OFF, as meant, so no finding; Settings.app's reading of the
  /// same element written as Root.plist still says it shows OFF whatever was meant.
  @Test(.needsCorpus) func aBooleanDefaultThatInAppSettingsKitShowsAsMeant() throws {
    let path = Paths.corpus.appendingPathComponent("RITAccess__accessmath/Settings.bundle").path
    let result = DumpTests.run(["lint", path, "--dialect", "iask"])
    #expect(!result.output.contains("is neither TrueValue nor FalseValue"), "\(result.output)")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-toggle-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let bundle = folder.appendingPathComponent("Settings.bundle")
    try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: path + "/Root.inApp.plist", toPath: bundle.appendingPathComponent("Root.plist").path)
    let apple = DumpTests.run(["lint", bundle.path])
    #expect(apple.output.contains("Settings.app shows the switch OFF"), "\(apple.output)")
  }

  /// A bundle only InAppSettingsKit opens is read every way it is read when its
  /// InAppSettingsKit readings are done: an inline disable nothing uses is reported
  /// there too (before, lint counted Settings.app's readings it never makes and kept quiet).
  @Test func anUnusedDisableInAnInAppSettingsBundleIsReported() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-unused-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let bundle = folder.appendingPathComponent("InAppSettings.bundle")
    try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: Paths.fixtures.appendingPathComponent(
        "Lint/Rules/unused-disable/Settings.bundle/Root.plist"),
      to: bundle.appendingPathComponent("Root.inApp.plist"))
    let result = DumpTests.run(["lint", bundle.path])
    #expect(result.output.contains("[unused-disable]"), "\(result.output)")
  }
}
