import Foundation
import TestSupport
import Testing

/// Every command that reads a bundle reads the nearest `.prefs.yml` the one
/// way lint does: one that does not read stops it with lint's words and exit
/// 2 (a typo in `lint:` must not make `generate swift` read Settings.app's
/// page instead of the app's own), and a valid one is obeyed by all.
/// Run through the built binary on a real bundle with both readings
/// (bradhowes/NotificationHubTest: Root.plist and Root.inApp.plist).
struct ConfigurationEveryCommandTests {
  /// A configuration that does not read, and where its bad value is.
  struct BadConfiguration: Sendable, CustomStringConvertible {
    var description: String
    var text: String
    var place: String
  }

  static let badConfigurations = [
    BadConfiguration(
      description: "a typo in the lint section",
      text: "dialect: iask\nlint:\n  disable: [nonexistent-rule]\n", place: ":3:13: error: "),
    BadConfiguration(
      description: "an invalid dialect", text: "dialect: iOS\n", place: ":1:10: error: "),
    BadConfiguration(
      description: "an invalid root", text: "root: ../../secret\n", place: ":1:7: error: "),
  ]

  /// Every command that reads the bundle, `B` standing for its path and `D` for a defaults folder.
  static let commands: [[String]] = [
    ["dump", "B"],
    ["dump", "B", "--format", "json"],
    ["render", "B"],
    ["edit", "B", "--plain", "--domain", "com.example.nhtest", "--defaults-dir", "D"],
    ["generate", "swift", "B"],
    ["lint", "B"],
    ["strings", "status", "B"],
    ["strings", "missing", "B", "--lang", "de"],
    ["strings", "export", "B", "--lang", "de"],
    ["diff", "B", "B"],
    [
      "defaults", "write", "com.example.nhtest", "notificationDriver", "sim", "--bundle", "B",
      "--defaults-dir", "D",
    ],
    ["defaults", "describe", "notificationDriver", "--bundle", "B"],
    ["defaults", "range", "notificationDriver", "--bundle", "B"],
    ["defaults", "register", "com.example.nhtest", "--bundle", "B", "--defaults-dir", "D"],
  ]

  /// The real bundle copied into a fresh folder with `configuration` beside
  /// it, and an empty defaults folder.
  static func copy(configuration: String) throws -> (folder: URL, bundle: String, defaults: String)
  {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-configuration-\(UUID().uuidString)")
    let bundle = folder.appendingPathComponent("Settings.bundle")
    let defaults = folder.appendingPathComponent("Defaults")
    try FileManager.default.createDirectory(at: defaults, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: Paths.fixtures.appendingPathComponent(
        "Configuration/bradhowes__NotificationHubTest/NHTest/Settings.bundle"),
      to: bundle)
    try Data(configuration.utf8).write(to: folder.appendingPathComponent(".prefs.yml"))
    return (folder, bundle.path, defaults.path)
  }

  static func arguments(_ command: [String], bundle: String, defaults: String) -> [String] {
    command.map { $0 == "B" ? bundle : $0 == "D" ? defaults : $0 }
  }

  @Test(arguments: commands, badConfigurations)
  func aConfigurationThatDoesNotReadStopsEveryCommand(
    command: [String], configuration: BadConfiguration
  ) throws {
    let copy = try Self.copy(configuration: configuration.text)
    defer { try? FileManager.default.removeItem(at: copy.folder) }
    let result = PrefsBinary.run(
      Self.arguments(command, bundle: copy.bundle, defaults: copy.defaults))
    #expect(result.code == 2, "\(command): \(result.errors)")
    #expect(
      result.errors.contains(".prefs.yml" + configuration.place), "\(command): \(result.errors)")
    #expect(result.output.isEmpty, "\(command) read the bundle anyway: \(result.output)")
    // Nothing was written into the domain.
    let written = try FileManager.default.contentsOfDirectory(atPath: copy.defaults)
    #expect(written.isEmpty, "\(command) wrote \(written)")
  }

  /// `dialect: iask` makes the readers read the app's own page
  /// (Root.inApp.plist: a Link button, not Root.plist's Use Dropbox toggle), as lint does.
  @Test(arguments: [["dump", "B"], ["render", "B"], ["generate", "swift", "B"]])
  func aValidDialectIsObeyedByEveryReader(command: [String]) throws {
    let copy = try Self.copy(configuration: "dialect: iask\n")
    defer { try? FileManager.default.removeItem(at: copy.folder) }
    let result = PrefsBinary.run(
      Self.arguments(command, bundle: copy.bundle, defaults: copy.defaults))
    #expect(result.code == 0, "\(command): \(result.errors)")
    #expect(!result.output.isEmpty)
    #expect(!result.output.contains("Use Dropbox"), "\(command): \(result.output)")
    #expect(!result.output.contains("useDropbox"), "\(command): \(result.output)")
    if command == ["dump", "B"] { #expect(result.output.contains("Root.inApp.plist")) }
  }
}
