import Foundation
import PrefsKit
import SettingsSchema
import TestSupport
import Testing

/// `prefs dump`'s workflow through PrefsKit's public API: a relative bundle
/// path is read from the environment's working directory, never the process's.
struct DumpFrontEndTests {
  /// The process runs in the repository; the environment names Examples/, so
  /// `Showcase/Settings.bundle` is found only through the environment. The
  /// JSON is the CLI's golden, but for the path as given.
  @Test(arguments: ["en", "pt-BR"])
  func aRelativeBundleIsReadFromTheEnvironmentsDirectory(language: String) throws {
    let environment = PrefsEnvironment(workingDirectory: Paths.examples.path)
    let outcome = try DumpFrontEnd.run(
      DumpOptions(bundle: "Showcase/Settings.bundle", preferredLanguages: [language]),
      environment: environment)
    #expect(outcome.shownPath == "Showcase/Settings.bundle")
    #expect(outcome.bundle.path == Paths.examples.path + "/Showcase/Settings.bundle")
    #expect(outcome.bundle.language == language)
    #expect(!outcome.hasErrors)
    let golden = try String(
      contentsOf: Paths.repository.appendingPathComponent(
        "Tests/Golden/dump/showcase-\(language).json"), encoding: .utf8)
    #expect(
      outcome.json.rendered() + "\n"
        == golden.replacingOccurrences(
          of: #""bundle": "Examples/Showcase/Settings.bundle""#,
          with: #""bundle": "Showcase/Settings.bundle""#))
  }

  /// A path that is no bundle is named as given, not as resolved.
  @Test func aMissingBundleIsNamedAsGiven() {
    let environment = PrefsEnvironment(workingDirectory: Paths.examples.path)
    let error = #expect(throws: DumpFailure.self) {
      try DumpFrontEnd.run(DumpOptions(bundle: "Nowhere/Settings.bundle"), environment: environment)
    }
    guard case .bundle(.notFound("Nowhere/Settings.bundle")) = error else {
      Issue.record("not named as given: \(String(describing: error))")
      return
    }
  }

  /// Without languages, the environment's locale variables choose, not the process's.
  @Test func theEnvironmentsLocaleChoosesTheLanguage() throws {
    let environment = PrefsEnvironment(
      workingDirectory: Paths.repository.path, variables: ["LANG": "cs_CZ.UTF-8"])
    let outcome = try DumpFrontEnd.run(
      DumpOptions(bundle: "Examples/Showcase/Settings.bundle"), environment: environment)
    #expect(outcome.bundle.language == "cs")
  }
}
