import Foundation
import PrefsKit
import TestSupport
import Testing

/// What PrefsKit renders for a library user is what `prefs` prints: a dump's
/// text, a diff report in each format and a dry run's patch, through the public
/// API, against the command tests' golden files.
struct RenderedOutcomeTests {
  static let environment = PrefsEnvironment(workingDirectory: Paths.repository.path)

  @Test(arguments: ["en", "pt", "pt-BR", "cs", "ru"])
  func aDumpsTextIsTheCommands(language: String) throws {
    let outcome = try DumpFrontEnd.run(
      DumpOptions(bundle: "Examples/Showcase/Settings.bundle", preferredLanguages: [language]),
      environment: Self.environment)
    // The labels are the tool's words (English here); the titles the bundle's, in `language`.
    let text = outcome.text(words: ToolStrings(preferredLanguages: ["en"]))
    expectGolden(text, "dump/showcase-\(language).txt")
  }

  @Test func aDumpsLabelsAreInTheWordsLanguage() throws {
    let outcome = try DumpFrontEnd.run(
      DumpOptions(bundle: "Examples/Conversor/Settings.bundle", preferredLanguages: ["pt"]),
      environment: Self.environment)
    let text = outcome.text(words: ToolStrings(preferredLanguages: ["pt-BR"]))
    #expect(text.contains("\nIdioma: pt\n"), "\(text)")
    #expect(text.contains("title=\"Celsius Primeiro\""), "\(text)")
  }

  @Test(arguments: DiffFormat.allCases)
  func aDiffReportIsTheCommands(format: DiffFormat) throws {
    let outcome = try DiffFrontEnd.run(
      DiffOptions(
        old: "Tests/Fixtures/Diff/base/Settings.bundle",
        new: "Tests/Fixtures/Diff/toggle-values-changed/Settings.bundle"),
      environment: Self.environment)
    #expect(outcome.fails)
    expectGolden(
      DiffReport(outcome).render(format), "diff/toggle-values-changed.\(format.rawValue)")
  }

  /// The patch of a dry run names each table in the bundle as given and adds
  /// what the table lacks; nothing is written.
  @Test func aDryRunsPatchShowsWhatWouldChange() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-patch-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: Paths.examples.appendingPathComponent("Showcase/Settings.bundle"),
      to: folder.appendingPathComponent("Settings.bundle"))
    let root = folder.appendingPathComponent("Settings.bundle/pt-BR.lproj/Root.strings")
    let text = try String(contentsOf: root, encoding: .utf8)
    let entry = try #require(text.split(separator: "\n").first { $0.hasPrefix("\"") })
    try Data(text.replacingOccurrences(of: entry + "\n", with: "").utf8).write(to: root)
    let shortened = try Data(contentsOf: root)
    let strings = try StringsFrontEnd(
      StringsOptions(bundle: "Settings.bundle"),
      environment: PrefsEnvironment(workingDirectory: folder.path))
    let patch = try strings.sync(prune: false, dryRun: true).patch
    #expect(
      patch.contains(
        "--- a/Settings.bundle/pt-BR.lproj/Root.strings\n+++ b/Settings.bundle/pt-BR.lproj/Root.strings\n"
      ), "\(patch)")
    // The key comes back, marked untranslated.
    let key = try #require(entry.split(separator: " = ").first)
    #expect(
      patch.split(separator: "\n").contains { $0.hasPrefix("+") && $0.contains(key) }, "\(patch)")
    #expect(try Data(contentsOf: root) == shortened)
  }

  /// A caller's own table is read in the language chosen for the tool's
  /// words, over them, and English fills what the language lacks.
  @Test func aCallersTablesAreReadInTheSameLanguage() {
    let files = [
      "Localizations/en.lproj/Extra.strings": #""extra.hello" = "hello"; "value.on" = "ON";"#,
      "Localizations/cs.lproj/Extra.strings": #""extra.hello" = "ahoj";"#,
    ]
    let czech = ToolStrings(preferredLanguages: ["cs"], adding: files)
    #expect(czech["extra.hello"] == "ahoj")
    #expect(czech["value.on"] == "zap.")
    #expect(czech["no.such.key"] == "no.such.key")
    let english = ToolStrings(preferredLanguages: ["de", "en"], adding: files)
    #expect(english["extra.hello"] == "hello")
    #expect(english["value.on"] == "ON")
    #expect(english.formWords["help.quit"] == "quit")
  }

  /// A preference list names the languages; without one (or with one the
  /// caller refused) the locale variables do.
  @Test(arguments: [
    (String?.none, "cs_CZ.UTF-8", "zap."), ("pt-BR,en", "cs_CZ.UTF-8", "sim"),
    ("../etc", "ru_RU.UTF-8", "вкл."),
  ])
  func thePreferenceListComesBeforeTheLocale(list: String?, lang: String, on: String) {
    let words = ToolStrings(preferenceList: list, variables: ["LANG": lang])
    #expect(words["value.on"] == on)
  }
}
