import DefaultsStore
import Foundation
import Plist
import PrefsKit
import SettingsRender
import SettingsSchema
import TestSupport
import Testing

/// `prefs render --format html` through PrefsKit: the bundle read as `edit`
/// reads it (found from the environment's working directory, in the
/// environment's languages), values from a domain, the app's name from its
/// Info.plist, the file written where the environment says.
struct RenderFrontEndTests {
  static let environment = PrefsEnvironment(workingDirectory: Paths.examples.path)

  @Test func theFirstPageIsTitledWithTheAppsName() throws {
    let rendered = try RenderFrontEnd.layout(
      EditOptions(bundle: "Showcase/Settings.bundle", preferredLanguages: ["en"]),
      environment: Self.environment)
    // Examples/Showcase/Info.plist: CFBundleName.
    #expect(rendered.layout.appTitle == "Showcase")
    #expect(rendered.layout.pages.first?.title == "Showcase")
    #expect(rendered.unreadTables.isEmpty)
  }

  /// Without --lang the locale variables choose, as `prefs edit` and `dump` read them.
  @Test func theLanguageIsTheEnvironmentsAsEditReadsIt() throws {
    let environment = PrefsEnvironment(
      workingDirectory: Paths.examples.path, variables: ["LANG": "pt_BR.UTF-8"])
    let rendered = try RenderFrontEnd.layout(
      EditOptions(bundle: "Showcase/Settings.bundle"), environment: environment)
    #expect(rendered.layout.language == "pt-BR")
    #expect(rendered.layout.pages.first?.sections.first?.title == "Conta")
  }

  /// A domain's values stand over the DefaultValues, and values given over both.
  @Test func storedAndGivenValuesAreShown() throws {
    let directory = try EditFrontEndTests.folder()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let store = try DefaultsStore(domain: "com.example.showcase", directory: directory)
    try store.set(.bool(false), forKey: "dark_mode_preference")
    try store.set(.string("high"), forKey: "quality_preference")
    let rendered = try RenderFrontEnd.layout(
      EditOptions(
        bundle: "Showcase/Settings.bundle", preferredLanguages: ["en"],
        store: StoreOptions(folder: directory)),
      values: ["quality_preference": .string("low")], environment: Self.environment)
    let rows = try #require(rendered.layout.pages.first).rows
    #expect(rows.first { $0.id.key == "dark_mode_preference" }?.control == .toggle(isOn: false))
    let quality = rows.filter { $0.id.key == "quality_preference" }.map(\.control)
    #expect(quality.first == .radioOption(isChosen: true))
  }

  @Test func theHTMLIsWrittenWhereTheEnvironmentSays() throws {
    let directory = try EditFrontEndTests.folder()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let environment = PrefsEnvironment(workingDirectory: directory)
    let rendered = try RenderFrontEnd.html(
      EditOptions(
        bundle: Paths.examples.appendingPathComponent("Conversor/Settings.bundle").path,
        preferredLanguages: ["pt"]),
      appearance: .dark, environment: environment)
    try RenderFrontEnd.write(rendered.html, to: "conversor.html", environment: environment)
    let written = try String(contentsOfFile: directory + "/conversor.html", encoding: .utf8)
    #expect(written == rendered.html)
    #expect(written.hasPrefix("<!DOCTYPE html>\n<html lang=\"pt\" dir=\"ltr\""))
    #expect(written.contains("<meta name=\"color-scheme\" content=\"dark\">"))
  }

  @Test func aBundleThatIsNotThereIsAnEditFailure() {
    #expect(throws: EditFailure.self) {
      try RenderFrontEnd.layout(
        EditOptions(bundle: "Nowhere/Settings.bundle"), environment: Self.environment)
    }
  }
}
