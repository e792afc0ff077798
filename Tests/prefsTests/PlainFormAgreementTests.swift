import DefaultsStore
import Foundation
import Plist
import PrefsKit
import SettingsForm
import SettingsSchema
import TestSupport
import Testing

/// `edit --plain`, `render` and the form show and take values alike: one
/// display of stored values (never a Swift dump), the same elements, the same
/// parsing and refusals, the same refusal of a corrupt domain or a missing
/// `--defaults-dir`.
struct PlainFormAgreementTests {
  static let root = """
    { StringsTable = Root; PreferenceSpecifiers = (
      { Type = IASKListGroupSpecifier; Title = Levels; Key = levels;
        ItemSpecifier = { Type = PSMultiValueSpecifier; Key = level; Titles = (one, two); Values = (1, 2); }; },
      { Type = IASKListGroupSpecifier; Title = People; Key = people;
        ItemSpecifier = { Type = PSTextFieldSpecifier; Key = name; Title = Person; }; },
      { Type = PSGroupSpecifier; Title = Texts; },
      { Type = IASKTextViewSpecifier; Title = Notes; Key = notes; },
      { Type = IASKTextViewSpecifier; Title = Letter; Key = letter; },
      { Type = PSGroupSpecifier; Title = Plain; },
      { Type = PSTextFieldSpecifier; Title = PIN; Key = pin; KeyboardType = NumberPad; },
      { Type = PSMultiValueSpecifier; Title = Font; Key = font; Titles = (Serif, Sans, Monospaced);
        Values = (serif, sans, mono); DefaultValue = serif; },
      { Type = IASKDatePickerSpecifier; Title = When; Key = when; DatePickerMode = DateAndTime; },
      { Type = PSSliderSpecifier; Key = volume; },
      { Type = IASKCustomViewSpecifier; Title = Drawn; Key = drawn; },
      { Type = IASKOpenURLSpecifier; Title = Site; File = SITE_URL; },
    ); }
    """

  static let stored: [String: PlistValue] = [
    "levels": .array([.string("1"), .string("2"), .string("3")]),
    "people": .array([.dictionary(["name": .string("Ann")]), .dictionary(["age": .integer(3)])]),
    "notes": .array([.string("a"), .dictionary(["k": .bool(true)])]),
    "letter": .string("Dear Ann,\r\nhello\rbye"),
  ]

  struct Fixture {
    let bundle: TemporaryBundle
    let directory: String
    let domain = "com.example.agree"

    init() throws {
      bundle = try TemporaryBundle()
      try bundle.write("Root.plist", PlainFormAgreementTests.root)
      try bundle.write("de.lproj/Root.strings", "\"SITE_URL\" = \"https://example.com/de\";")
      try bundle.write("en.lproj/Root.strings", "\"SITE_URL\" = \"https://example.com/en\";")
      directory = bundle.folder.appendingPathComponent("d").path
      let store = try DefaultsStore(domain: domain, directory: directory, createsDirectory: true)
      for (key, value) in PlainFormAgreementTests.stored { try store.set(value, forKey: key) }
    }

    func render(_ extra: [String] = []) -> DumpTests.Run {
      DumpTests.run(
        [
          "render", bundle.path, "--dialect", "iask", "--width", "60", "--lang", "en",
          "--domain", domain, "--defaults-dir", directory,
        ] + extra)
    }

    /// What `edit --plain` prints for the answers, why it ended (EditCommandTests
    /// holds the exit status of each reason) and the store it wrote.
    func plain(_ answers: [String], dialect: Dialect = .iask) throws -> (
      QuitReason?, String, DefaultsStore
    ) {
      let loaded = try SettingsBundle.load(
        at: bundle.path,
        options: LoadOptions(dialect: dialect, preferredLanguages: ["en"]))
      let store = try DefaultsStore(domain: domain, directory: directory)
      var answers = answers
      let form = PlainFormSession(
        bundle: loaded, store: store, words: ToolStrings(preferredLanguages: ["en"]).formWords,
        idiom: .phone, readAnswer: { answers.isEmpty ? nil : answers.removeFirst() },
        stored: try store.persistentValues())
      var output = ""
      let quit = form.run(output: &output)
      return (quit, output, store)
    }
  }

  /// Fault 7/8: containers show compactly; list items by their ItemSpecifier, in both.
  @Test func storedContainersAndListItemsShowTheSameInRenderAndPlain() throws {
    let fixture = try Fixture()
    defer { fixture.bundle.remove() }
    let rendered = fixture.render()
    #expect(rendered.code == 0, "\(rendered.errors)")
    let (_, plain, _) = try fixture.plain([])
    for text in [rendered.output, plain] {
      #expect(!text.contains("PlistValue"), "\(text)")
      #expect(!text.contains("dictionary(") && !text.contains("array("), "\(text)")
      #expect(text.contains("a, {k: true}"), "\(text)")
    }
    for item in ["one", "two", "3", "Ann", "Person"] {
      #expect(rendered.output.contains("  \(item)"), "\(rendered.output)")
    }
    #expect(plain.contains("Levels: one, two, 3"), "\(plain)")
    #expect(plain.contains("People: Ann, Person"), "\(plain)")
  }

  /// Fault 16: a text view breaks its lines at CRLF and CR as at LF.
  @Test func textViewsBreakAtEveryKindOfLineBreak() throws {
    let fixture = try Fixture()
    defer { fixture.bundle.remove() }
    let output = fixture.render().output
    #expect(!output.contains("\\r"), "\(output)")
    for line in ["Dear Ann,", "hello", "bye"] {
      #expect(
        output.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == line })
    }
  }

  /// Fault 9: a type Settings.app does not know is shown neither by the form nor by --plain.
  @Test func settingsAppLeavesOutTypesItDoesNotKnowInBoth() throws {
    let fixture = try Fixture()
    defer { fixture.bundle.remove() }
    let rendered = DumpTests.run(["render", fixture.bundle.path, "--lang", "en"])
    #expect(!rendered.output.contains("Drawn") && !rendered.output.contains("Site"))
    #expect(!rendered.output.contains("Levels"))
    let (_, plain, _) = try fixture.plain([], dialect: .apple)
    #expect(!plain.contains("Drawn") && !plain.contains("Site") && !plain.contains("Levels"))
    let iask = fixture.render().output
    #expect(iask.contains("Drawn") && iask.contains("Site"))
  }

  /// Fault 12: the File of an open-URL row goes through the strings table.
  @Test(arguments: [("de", "https://example.com/de"), ("en", "https://example.com/en")])
  func openURLFilesAreLocalized(language: String, url: String) throws {
    let fixture = try Fixture()
    defer { fixture.bundle.remove() }
    let output = DumpTests.run([
      "render", fixture.bundle.path, "--dialect", "iask", "--width", "80", "--lang", language,
    ]).output
    #expect(output.contains(url), "\(output)")
    #expect(!output.contains("SITE_URL"))
  }

  /// Fault 10/11: a corrupt domain and a missing --defaults-dir are refused before anything shows.
  @Test func plainAndRenderRefuseACorruptDomainOrAMissingFolderAsTheFormDoes() throws {
    let fixture = try Fixture()
    defer { fixture.bundle.remove() }
    let missing = fixture.bundle.folder.appendingPathComponent("none").path
    for command in ["render", "edit"] {
      var arguments = [command, fixture.bundle.path, "--domain", fixture.domain]
      if command == "edit" { arguments.append("--plain") }
      let result = DumpTests.run(arguments + ["--defaults-dir", missing])
      #expect(result.code == 2, "\(command): \(result.output) \(result.errors)")
      #expect(result.errors.contains("does not exist"))
    }
    try Data("garbage".utf8).write(
      to: URL(fileURLWithPath: fixture.directory).appendingPathComponent(
        "\(fixture.domain).plist"))
    for command in ["render", "edit"] {
      var arguments = [command, fixture.bundle.path, "--domain", fixture.domain]
      if command == "edit" { arguments.append("--plain") }
      let result = DumpTests.run(arguments + ["--defaults-dir", fixture.directory])
      #expect(result.code == 1, "\(command): \(result.output) \(result.errors)")
      #expect(result.errors.contains("does not parse"))
      #expect(result.output.isEmpty)
    }
  }

  /// Fault 14: --plain takes and refuses what the form does.
  @Test func plainParsesAndRefusesAsTheFormDoes() throws {
    let fixture = try Fixture()
    defer { fixture.bundle.remove() }
    // Notes and Letter kept; PIN abc refused then 1234; font in the wrong case;
    // an impossible day, then a real one; the slider kept.
    let (quit, output, store) = try fixture.plain([
      "", "", "abc", "1234", "nope", "monospaced", "2026-02-30 10:00", "2026-02-28 10:00", "",
    ])
    #expect(quit == .requested, "\(output)")  // exit status 0
    #expect(output.contains("refused: This field does not take that character"), "\(output)")
    #expect(
      output.contains(
        "refused: give a number from 1 to 3 or a title (1 Serif, 2 Sans, 3 Monospaced)"),
      "\(output)")
    #expect(output.contains("refused: There is no such day: 2026-02-30 10:00"), "\(output)")
    let values = try store.persistentValues()
    #expect(values["pin"] == .string("1234"))
    #expect(values["font"] == .string("mono"))
    #expect(values["when"].map { if case .date = $0 { true } else { false } } == true)
  }

  /// Fault 15: wrongly typed stored values show the same in --plain and the form:
  /// a slider as iOS's floatValue reads it, a value not among Values blank.
  @Test(arguments: [
    (PlistValue.string("0.7"), "0.7"), (.bool(true), "1"), (.string("big"), "0"),
    (.integer(12), "1"),
  ])
  func wronglyTypedValuesShowAlike(value: PlistValue, shown: String) throws {
    let fixture = try Fixture()
    defer { fixture.bundle.remove() }
    let store = try DefaultsStore(domain: fixture.domain, directory: fixture.directory)
    try store.set(value, forKey: "volume")
    try store.set(.string("gothic"), forKey: "font")
    let rendered = fixture.render().output
    let slider = rendered.split(separator: "\n").first { $0.contains("●") }
    #expect(slider?.hasSuffix(" \(shown)") == true, "\(rendered)")
    #expect(rendered.contains("Font  ") && !rendered.contains("gothic"), "\(rendered)")
    let (_, plain, _) = try fixture.plain(Array(repeating: "", count: 10))
    #expect(plain.contains("volume: \(shown) ("), "\(plain)")
    #expect(plain.contains("Font:  ("), "\(plain)")
  }

  /// Fault 24: piped answers are not echoed, so --plain ends each answered line itself.
  @Test func pipedAnswersEndTheirLines() throws {
    let fixture = try Fixture()
    defer { fixture.bundle.remove() }
    let process = Process()
    process.executableURL = EndToEndTests.binary
    process.arguments = [
      "edit", fixture.bundle.path, "--plain", "--domain", fixture.domain, "--defaults-dir",
      fixture.directory, "--lang", "en",
    ]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    input.fileHandleForWriting.write(Data("\n\n\n".utf8))
    try input.fileHandleForWriting.close()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let lines = text.split(separator: "\n")
    #expect(
      lines.contains { $0.hasPrefix("PIN: ") && $0.hasSuffix("(Enter keeps it): ") }, "\(text)")
    #expect(lines.contains { $0.hasPrefix("Font: ") }, "\(text)")
  }
}
