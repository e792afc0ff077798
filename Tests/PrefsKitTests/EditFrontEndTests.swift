import DefaultsStore
import Foundation
import Plist
import PrefsKit
import SettingsForm
import SettingsSchema
import TestSupport
import Testing

/// `prefs edit` and `prefs render` through PrefsKit's public API: the bundle is
/// found from the environment's working directory, never the process's.
struct EditFrontEndTests {
  /// A temporary defaults folder, removed by the caller.
  static func folder() throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-edit-\(UUID().uuidString)"
    ).path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    return directory
  }

  /// The environment names Examples/, so `Conversor/Settings.bundle` is found
  /// (and its Info.plist read, for the domain) only through it.
  @Test func aRelativeBundleOpensWithItsDomainAndValues() throws {
    let directory = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let stored = try DefaultsStore(domain: "com.example.conversor", directory: directory)
    try stored.set(.bool(true), forKey: "celsiusPref")
    let setup = try EditFrontEnd.open(
      EditOptions(
        bundle: "Conversor/Settings.bundle", preferredLanguages: ["en"],
        store: StoreOptions(folder: directory)),
      environment: PrefsEnvironment(workingDirectory: Paths.examples.path))
    #expect(setup.bundle.pages.map(\.name) == ["Root"])
    #expect(setup.domain == "com.example.conversor")
    #expect(setup.values["celsiusPref"] == .bool(true))
  }

  /// The plain session writes an answer to the domain and says it ended as asked.
  @Test func thePlainSessionStoresAnAnswer() throws {
    let directory = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let setup = try EditFrontEnd.open(
      EditOptions(
        bundle: "Conversor/Settings.bundle", preferredLanguages: ["en"],
        store: StoreOptions(folder: directory)),
      environment: PrefsEnvironment(workingDirectory: Paths.examples.path))
    var answers = ["on"]
    var output = ""
    let end = setup.plainSession(
      words: .keys, readAnswer: { answers.isEmpty ? nil : answers.removeFirst() }
    ).run(output: &output)
    #expect(end == .requested)
    #expect(try setup.store.persistentValues()["celsiusPref"] == .bool(true), "\(output)")
  }

  /// An identifier only a build fills in is no domain; the failure carries it.
  @Test func aBuildSettingIdentifierIsNoDomain() throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write("Root.plist", "{ PreferenceSpecifiers = (); }")
    try bundle.write(
      "../Info.plist",
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>CFBundleIdentifier</key>\
      <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string></dict></plist>
      """)
    let environment = PrefsEnvironment(workingDirectory: bundle.folder.path)
    do {
      _ = try EditFrontEnd.open(EditOptions(bundle: "Settings.bundle"), environment: environment)
      Issue.record("opened without a domain")
    } catch {
      guard case .noDomain(let identifier) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(identifier == "$(PRODUCT_BUNDLE_IDENTIFIER)")
    }
    // With a domain named, the bundle opens.
    let directory = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let setup = try EditFrontEnd.open(
      EditOptions(
        bundle: "Settings.bundle", domain: "com.example.named",
        store: StoreOptions(folder: directory)), environment: environment)
    #expect(setup.domain == "com.example.named")
  }

  /// render: a page by its name in any letter case; a page the bundle lacks is
  /// a failure naming the pages it has. The screen is the CLI's golden.
  @Test func renderFindsPagesAndRefusesUnknownOnes() throws {
    let environment = PrefsEnvironment(workingDirectory: Paths.examples.path)
    let options = EditOptions(bundle: "Showcase/Settings.bundle", preferredLanguages: ["en"])
    let screen = try EditFrontEnd.render(
      options, page: "advanced", width: 60, words: .keys, environment: environment)
    #expect(screen.hasPrefix("com.example.showcase"), "\(screen)")
    do {
      _ = try EditFrontEnd.render(
        options, page: "Nope", width: 60, words: .keys, environment: environment)
      Issue.record("rendered a missing page")
    } catch {
      guard case .noPage(let page, let pages) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(page == "Nope")
      #expect(pages.contains("Root"))
    }
  }
}
