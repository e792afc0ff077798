import DefaultsStore
import Foundation
import Plist
import PrefsKit
import SettingsForm
import SettingsSchema
import TestSupport
import Testing

/// `prefs render --dialect iask` shows InAppSettingsKit's screen (its
/// `.inApp` pages and types: actions described, dates, multi-line texts,
/// lists); `--domain`/`--defaults-dir` show stored values as `edit` does;
/// `edit --plain` says what the screen shows. Goldens in `Tests/Golden/form/`.
struct RenderDialectTests {
  static let inApp = Paths.repository.appendingPathComponent(
    "Tests/Fixtures/Form/InApp/Settings.bundle"
  )
  .path

  @Test(arguments: ["apple", "iask"])
  func theFixtureInEachDialect(dialect: String) {
    let result = DumpTests.run([
      "render", Self.inApp, "--dialect", dialect, "--width", "60", "--lang", "en",
    ])
    #expect(result.code == 0, "\(result.errors)")
    #expect(result.errors.isEmpty)
    expectGolden(result.output, "form/inapp-\(dialect).txt")
  }

  /// Without --dialect the form is Settings.app's: Root.plist, not Root.inApp.plist.
  @Test func settingsAppIsTheDefault() {
    let plain = DumpTests.run(["render", Self.inApp, "--lang", "en"])
    let apple = DumpTests.run(["render", Self.inApp, "--lang", "en", "--dialect", "apple"])
    #expect(plain.output == apple.output)
    #expect(!plain.output.contains("Website"))
  }

  /// Real bundles made for InAppSettingsKit, each page with IASK elements.
  static let corpusPages: [(bundle: String, page: String?)] = [
    ("futuretap__InAppSettingsKit", nil), ("futuretap__InAppSettingsKit", "Advanced"),
    ("futuretap__InAppSettingsKit", "Listgroup"), ("futuretap__InAppSettingsKit", "Complete"),
    ("futuretap__InAppSettingsKit__tests", nil), ("videolan__vlc-ios", nil),
    ("videolan__vlc-ios__tvos", nil),
    ("BelledonneCommunications__linphone-iphone__inappsettings", nil),
    ("olivierguieu__ardoise", nil), ("davut5__datac-data-acquisition", nil),
  ]

  @Test(.needsCorpus, arguments: corpusPages)
  func corpusBundlesInTheIASKDialect(bundle: String, page: String?) {
    let path = Paths.corpus.appendingPathComponent("\(bundle)/Settings.bundle").path
    let result = DumpTests.run(
      ["render", path, "--dialect", "iask", "--width", "70", "--lang", "en"]
        + (page.map { ["--page", $0] } ?? []))
    #expect(result.code == 0, "\(result.errors)")
    expectGolden(result.output, "form/corpus-iask/\(bundle)-\(page ?? "Root").txt")
  }

  /// A temporary defaults folder holding the fixture's domain.
  static func folder(with values: [String: PlistValue]) throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-render-\(UUID().uuidString)"
    ).path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let store = try DefaultsStore(domain: "com.example.inapp", directory: directory)
    for (key, value) in values { try store.set(value, forKey: key) }
    return directory
  }

  static let storedValues: [String: PlistValue] = [
    "nightMode": .string("NO"), "font": .string("mono"), "fontSize": .real(22),
    "reminder": .date(Date(timeIntervalSince1970: 1_798_790_400)),
    "signature": .string("Tschüss!\nA."),
    "blockedWords": .array([.string("cliffhanger"), .string("twist"), .string("finale")]),
  ]

  @Test func renderShowsStoredValuesFromTheDefaultsFolder() throws {
    let directory = try Self.folder(with: Self.storedValues)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let result = DumpTests.run([
      "render", Self.inApp, "--dialect", "iask", "--width", "60", "--lang", "en",
      "--defaults-dir", directory,
    ])
    #expect(result.code == 0, "\(result.errors)")
    expectGolden(result.output, "form/inapp-iask-stored.txt")
    // --domain names the domain; another domain holds nothing.
    let named = DumpTests.run([
      "render", Self.inApp, "--dialect", "iask", "--width", "60", "--lang", "en",
      "--defaults-dir", directory, "--domain", "com.example.inapp",
    ])
    #expect(named.output == result.output)
    let other = DumpTests.run([
      "render", Self.inApp, "--dialect", "iask", "--width", "60", "--lang", "en",
      "--defaults-dir", directory, "--domain", "com.example.other",
    ])
    #expect(other.code == 0)
    #expect(other.output.contains("Serif"))
    #expect(!other.output.contains("Monospaced"))
  }

  @Test func renderRefusesADomainFileThatDoesNotParse() throws {
    let directory = try Self.folder(with: [:])
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try "not a plist".write(
      toFile: directory + "/com.example.inapp.plist", atomically: true, encoding: .utf8)
    let result = DumpTests.run(["render", Self.inApp, "--defaults-dir", directory])
    #expect(result.code == 1)
    #expect(result.errors.contains("com.example.inapp.plist"), "\(result.errors)")
  }
}

/// `edit --plain` transcripts: what is printed, with each answer after its
/// question as a person would see it on a terminal.
struct PlainTranscriptTests {
  /// A transcript both the form's output and the answers write into.
  final class Transcript: @unchecked Sendable {
    var text = ""
  }

  struct Writer: TextOutputStream {
    let transcript: Transcript
    mutating func write(_ string: String) { transcript.text += string }
  }

  func transcript(
    _ path: String, dialect: Dialect, language: String = "en", answers: [String],
    stored: [String: PlistValue] = [:]
  ) throws -> (text: String, quit: QuitReason?, store: DefaultsStore, directory: String) {
    let directory = try RenderDialectTests.folder(with: [:])
    // The bundle as `edit --plain` opens it, the path taken from the repository, not the process.
    let environment = PrefsEnvironment(workingDirectory: Paths.repository.path)
    var options = EditOptions(
      bundle: path, preferredLanguages: [language], dialect: dialect,
      store: StoreOptions(folder: directory))
    if (try? EditFrontEnd.open(options, environment: environment)) == nil {
      options.domain = "com.example.plain"
    }
    let store = try EditFrontEnd.open(options, environment: environment).store
    for (key, value) in stored { try store.set(value, forKey: key) }
    let setup = try EditFrontEnd.open(options, environment: environment)
    let transcript = Transcript()
    var queue = answers
    let plain = setup.plainSession(
      words: ToolStrings(preferredLanguages: [language]).formWords,
      readAnswer: {
        guard !queue.isEmpty else {
          transcript.text += "⟨end of input⟩\n"
          return nil
        }
        let answer = queue.removeFirst()
        transcript.text += answer + "\n"
        return answer
      })
    var writer = Writer(transcript: transcript)
    // Why the session ended; EditCommandTests holds the exit status each reason gives.
    let quit = plain.run(output: &writer)
    return (transcript.text, quit, store, directory)
  }

  @Test func theInAppFixtureInTheIASKDialect() throws {
    let run = try transcript(
      RenderDialectTests.inApp, dialect: .iask,
      answers: [
        "off", "3", "40", "22", "2026-13-01 10:00", "2026-12-24 18:00", "23:15", "", "",
      ])
    defer { try? FileManager.default.removeItem(atPath: run.directory) }
    #expect(run.quit == .requested)  // exit status 0
    expectGolden(run.text, "form/plain-inapp-iask.txt")
    let stored = try run.store.persistentValues()
    #expect(stored["nightMode"] == .bool(false))
    #expect(stored["font"] == .string("mono"))
    #expect(stored["fontSize"] == .real(22))
    #expect(
      stored["reminder"]
        == .date(DateText.parse("2026-12-24 18:00", .dateAndTime, keeping: nil) ?? Date()))
    #expect(
      stored["quietFrom"] == .date(DateText.parse("23:15", .time, keeping: nil) ?? Date()))
  }

  @Test(arguments: ["en", "pt-BR"])
  func theShowcaseSaysWhatItsScreenShows(language: String) throws {
    let run = try transcript(
      "Examples/Showcase/Settings.bundle", dialect: .apple, language: language,
      answers: Array(repeating: "", count: 30))
    defer { try? FileManager.default.removeItem(atPath: run.directory) }
    #expect(run.quit == .requested)  // exit status 0
    expectGolden(run.text, "form/plain-showcase-\(language).txt")
  }

  /// A secure field is masked, as the form masks it; a stored choice shows its title.
  @Test func aSecureValueIsMasked() throws {
    let run = try transcript(
      "Examples/Showcase/Settings.bundle", dialect: .apple, answers: ["", ""],
      stored: ["password_preference": .string("hunter2")])
    defer { try? FileManager.default.removeItem(atPath: run.directory) }
    #expect(run.text.contains("Password: ••••••• (Enter keeps it): "), "\(run.text)")
    #expect(!run.text.contains("hunter2"))
  }

  @Test func storedValuesAreShownByTheirTitles() throws {
    let run = try transcript(
      RenderDialectTests.inApp, dialect: .iask, answers: [],
      stored: ["nightMode": .bool(true), "font": .string("sans")])
    defer { try? FileManager.default.removeItem(atPath: run.directory) }
    #expect(run.text.hasPrefix("— Reading —\nNight Mode: on (on or off) (Enter keeps it): "))
    let font = try transcript(
      RenderDialectTests.inApp, dialect: .iask, answers: [""], stored: ["font": .string("sans")])
    defer { try? FileManager.default.removeItem(atPath: font.directory) }
    #expect(font.text.contains("Font: Sans Serif (choices: 1 Serif, 2 Sans Serif, 3 Monospaced)"))
  }
}
