import Foundation
import Plist
import TestSupport
import Testing

/// The verbs users know from macOS `defaults` and `gsettings`: read-type,
/// rename, find, -array-add/-dict-add, JSON export and import, describe,
/// range, titles as values; and the lock folder and raw arguments.
struct DefaultsVerbsTests {
  let directory: String

  init() throws {
    directory =
      FileManager.default.temporaryDirectory.appendingPathComponent(
        "prefs-verbs-\(UUID().uuidString)"
      ).path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  }

  func run(_ arguments: [String]) -> PrefsBinary.Run {
    PrefsBinary.run(["defaults"] + arguments + ["--defaults-dir", directory])
  }

  func bytes(_ domain: String = "com.example.app") -> Data? {
    FileManager.default.contents(atPath: directory + "/\(domain).plist")
  }

  static let showcase = "Examples/Showcase/Settings.bundle"

  // MARK: - read-type

  @Test(arguments: [
    (["-bool", "yes"], "boolean"), (["-int", "3"], "integer"), (["-float", "0.5"], "float"),
    (["text"], "string"), (["-date", "2026-11-22"], "date"), (["-data", "0f"], "data"),
    (["-array", "a"], "array"), (["-dict", "k", "v"], "dictionary"),
  ])
  func readTypeNamesTheTypeAsMacOSDoes(value: [String], type: String) {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    #expect(run(["write", "com.example.app", "key"] + value).code == 0)
    let result = run(["read-type", "com.example.app", "key"])
    #expect(result.code == 0)
    #expect(result.output == "Type is \(type)\n")
  }

  @Test func readTypeOfAMissingKeyFails() {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let result = run(["read-type", "com.example.app", "nothing"])
    #expect(result.code == 1)
    #expect(result.errors == "prefs: error: the domain com.example.app has no key \"nothing\"\n")
  }

  // MARK: - rename

  @Test func renameMovesTheValueInOneWrite() {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    #expect(run(["write", "com.example.app", "old", "-int", "7"]).code == 0)
    #expect(run(["rename", "com.example.app", "old", "new"]).code == 0)
    #expect(run(["read", "com.example.app", "new"]).output == "7\n")
    #expect(run(["read", "com.example.app", "old"]).code == 1)
  }

  @Test(arguments: [
    ("missing", "new", "the domain com.example.app has no key \"missing\""),
    ("old", "taken", "already has a key \"taken\"; delete it first"),
  ])
  func renameRefusesAndChangesNothing(old: String, new: String, message: String) {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    #expect(run(["write", "com.example.app", "old", "-int", "7"]).code == 0)
    #expect(run(["write", "com.example.app", "taken", "x"]).code == 0)
    let before = bytes()
    let result = run(["rename", "com.example.app", old, new])
    #expect(result.code == 1)
    #expect(result.errors.contains(message), "\(result.errors)")
    #expect(bytes() == before)
  }

  // MARK: - -array-add, -dict-add

  @Test(arguments: [
    ([["-array-add", "a"], ["-array-add", "b", "c"]], "(\n    a,\n    b,\n    c\n)"),
    (
      [["-array", "a"], ["-array-add", "-int", "2", "-bool", "yes"]],
      "(\n    a,\n    2,\n    true\n)"
    ),
    ([["-dict-add", "k", "v"]], "{\n    k = v;\n}"),
    (
      [["-dict", "a", "1", "b", "2"], ["-dict-add", "b", "-int", "3", "c", "-float", "0.5"]],
      "{\n    a = 1;\n    b = 3;\n    c = 0.5;\n}"
    ),
  ])
  func additionsAppendAndMergeAsMacOS(writes: [[String]], shown: String) {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    for write in writes {
      let result = run(["write", "com.example.app", "key"] + write)
      #expect(result.code == 0, "\(result.errors)")
    }
    #expect(run(["read", "com.example.app", "key"]).output == shown + "\n")
  }

  @Test(arguments: [
    (["-array-add", "x"], "is a string, not an array; nothing was appended"),
    (["-dict-add", "k", "v"], "is a string, not a dictionary; nothing was added"),
  ])
  func anAdditionToAnotherTypeIsRefused(write: [String], message: String) {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    #expect(run(["write", "com.example.app", "key", "text"]).code == 0)
    let before = bytes()
    let result = run(["write", "com.example.app", "key"] + write)
    #expect(result.code == 1)
    #expect(result.errors.contains(message), "\(result.errors)")
    #expect(bytes() == before)
  }

  @Test(arguments: [
    (["-array", "-array", "a"], "cannot be nested"), (["-dict", "k"], "has no value"),
    (["-array", "-int"], "at the end has no value"),
    (["-array-add", "-int", "x"], "not an integer"),
    (["a", "-int"], "comes after the value"), (["a", "b"], "give one value"),
    (["-dict-add", "-int", "1"], "a key comes before -int"),
  ])
  func badContainerWordsAreUsageErrors(write: [String], message: String) {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let result = run(["write", "com.example.app", "key"] + write)
    #expect(result.code == 2)
    #expect(result.errors.contains(message), "\(result.errors)")
    #expect(bytes() == nil)
  }

  // MARK: - find

  @Test func findSearchesNamesKeysAndValuesIgnoringCase() {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    #expect(run(["write", "com.example.app", "Theme", "dark"]).code == 0)
    #expect(run(["write", "com.example.app", "speed", "-int", "3"]).code == 0)
    #expect(run(["write", "com.example.app", "list", "-array", "a", "DARKER"]).code == 0)
    #expect(run(["write", "com.example.other", "mode", "Dark room"]).code == 0)
    #expect(run(["write", "com.example.other", "size", "-int", "1"]).code == 0)
    #expect(run(["write", "org.dark.tool", "n", "-int", "1"]).code == 0)
    #expect(run(["write", "org.quiet", "n", "-int", "1"]).code == 0)
    let result = run(["find", "DaRk"])
    #expect(result.code == 0)
    expectGolden(result.output, "Defaults/find.txt")
    #expect(run(["find", "nowhere"]).output == "")
  }

  // MARK: - export and import

  @Test func exportingAMissingDomainFailsNamingIt() {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    for format in ["plist", "json"] {
      let result = run(["export", "com.example.none", "-", "--format", format])
      #expect(result.code == 1)
      #expect(
        result.errors == "prefs: error: there is no domain com.example.none in \(directory)\n")
    }
  }

  @Test func jsonExportRoundTripsEveryType() throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let writes: [[String]] = [
      ["s", "Zoë \"quoted\" \u{1F600}"], ["i", "-int", "-9223372036854775808"],
      ["r", "-float", "1"], ["r2", "-float", "0.1"], ["b", "-bool", "no"],
      ["d", "-date", "1600-02-29T23:59:59Z"], ["x", "-data", "00ff10"],
      ["a", "-array", "-int", "1", "-float", "2", "z"], ["m", "-dict", "k", "-date", "2026-11-22"],
      ["empty", "-dict"],
    ]
    for write in writes {
      #expect(run(["write", "com.example.app"] + write).code == 0)
    }
    let exported = run(["export", "com.example.app", "-", "--format", "json"])
    #expect(exported.code == 0, "\(exported.errors)")
    expectGolden(exported.output, "Defaults/export.json")
    let file = directory + "/in.json"
    try Data(exported.output.utf8).write(to: URL(fileURLWithPath: file))
    let imported = run(["import", "com.example.copy", file])
    #expect(imported.code == 0, "\(imported.errors)")
    let original = try PropertyListReader.read(Array(bytes() ?? Data())).root.value
    let copy = try PropertyListReader.read(Array(bytes("com.example.copy") ?? Data())).root.value
    #expect(original == copy)
    // Byte for byte what the original's writer wrote.
    #expect(bytes() == bytes("com.example.copy"))
  }

  @Test(arguments: [
    (["-dict", "$date", "2026"], "has the one key \"$date\""),
    (["-dict", "$data", "00"], "has the one key \"$data\""),
  ])
  func whatJSONCannotCarryBackIsRefused(write: [String], message: String) {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    #expect(run(["write", "com.example.app", "key"] + write).code == 0)
    let result = run(["export", "com.example.app", "-", "--format", "json"])
    #expect(result.code == 1)
    #expect(result.output == "")
    #expect(result.errors.contains(message), "\(result.errors)")
  }

  @Test(arguments: [
    (#"{"a": null}"#, "line 1, column 7: null has no property-list form"),
    (#"{"a": 1, "a": 2}"#, "line 1, column 10: the key \"a\" is given twice"),
    (#"{"a": "\uD800"}"#, "a lone surrogate"),
    (#"{"a": 99999999999999999999}"#, "does not fit in 64 bits"),
    (#"{"a": {"$date": "2026-02-30"}}"#, "is not a date"),
    (#"{"a": {"$data": "!!"}}"#, "is not base64 data"),
    (#"{"a": 1,}"#, "expected a key in quotes"),
    ("[1]", "the JSON is an array, not an object"),
  ])
  func badJSONIsRefusedWithItsPlace(json: String, message: String) throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    #expect(run(["write", "com.example.app", "keep", "-int", "1"]).code == 0)
    let before = bytes()
    let file = directory + "/in.json"
    try Data(json.utf8).write(to: URL(fileURLWithPath: file))
    let result = run(["import", "com.example.app", file, "--format", "json"])
    #expect(result.code == 1)
    #expect(result.errors.contains(message), "\(result.errors)")
    #expect(bytes() == before)
  }

  @Test func anOpenStepPlistIsStillImportedWithoutAFormat() throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let file = directory + "/in.plist"
    try Data("{ speed = 3; name = \"Zoë\"; }".utf8).write(to: URL(fileURLWithPath: file))
    #expect(run(["import", "com.example.app", file]).code == 0)
    #expect(run(["read", "com.example.app", "name"]).output == "Zoë\n")
  }

  // MARK: - describe, range, titles

  @Test(arguments: [
    ("theme_preference", "en"), ("theme_preference", "pt-BR"), ("volume_preference", "en"),
    ("units_preference", "en"), ("dark_mode_preference", "ru"), ("name_preference", "cs"),
    ("quality_preference", "pt-BR"), ("version_preference", "en"),
  ])
  func describeAndRangeAsGSettings(key: String, language: String) {
    let described = PrefsBinary.run([
      "defaults", "describe", key, "--bundle", Self.showcase, "--lang", language,
    ])
    #expect(described.code == 0, "\(described.errors)")
    let range = PrefsBinary.run(["defaults", "range", key, "--bundle", Self.showcase])
    #expect(range.code == 0, "\(range.errors)")
    expectGolden(
      described.output + "--- range\n" + range.output, "Defaults/describe-\(key)-\(language).txt")
  }

  @Test func describeOfAKeyNoElementStoresFails() {
    let result = PrefsBinary.run([
      "defaults", "describe", "nothing", "--bundle", Self.showcase,
    ])
    #expect(result.code == 1)
    #expect(result.errors.contains("no element of \(Self.showcase) stores the key \"nothing\""))
  }

  @Test(arguments: [
    ("Always light", [String](), "1"), ("Light", [], "1"), ("light", [], "1"), ("2", [], "2"),
    ("THEME_DARK", [], "2"), ("Sempre escuro", ["--lang", "pt-BR"], "2"),
    ("Claro", ["--lang", "pt-BR"], "1"), ("Same as the system", ["--lang", "pt-BR"], "0"),
  ])
  func aTitleStoresItsValue(text: String, language: [String], stored: String) {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let result = run(
      ["write", "com.example.app", "theme_preference", text, "--bundle", Self.showcase] + language)
    #expect(result.code == 0, "\(result.errors)")
    #expect(run(["read", "com.example.app", "theme_preference"]).output == stored + "\n")
  }

  @Test func aTitleOfSeveralValuesIsRefusedWithTheCandidates() throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write(
      "Root.plist",
      """
      <plist version="1.0"><dict><key>StringsTable</key><string>Root</string>
      <key>PreferenceSpecifiers</key><array><dict>
      <key>Type</key><string>PSMultiValueSpecifier</string><key>Title</key><string>SIZE</string>
      <key>Key</key><string>size</string><key>DefaultValue</key><string>s</string>
      <key>Values</key><array><string>s</string><string>m</string><string>l</string></array>
      <key>Titles</key><array><string>SMALL</string><string>MEDIUM</string><string>LARGE</string></array>
      </dict></array></dict></plist>
      """)
    try bundle.write("en.lproj/Root.strings", "\"SMALL\" = \"Small\"; \"MEDIUM\" = \"Medium\";")
    try bundle.write("de.lproj/Root.strings", "\"SMALL\" = \"Klein\"; \"MEDIUM\" = \"Klein\";")
    let result = run([
      "write", "com.example.app", "size", "Klein", "--bundle", bundle.path, "--lang", "de",
    ])
    #expect(result.code == 1)
    #expect(
      result.errors
        == "prefs: error: \"Klein\" names 2 values of size: 's' (SMALL, Small, Klein); 'm' (MEDIUM, Medium, Klein); give the value; nothing was written\n"
    )
    #expect(bytes() == nil)
    #expect(
      run(["write", "com.example.app", "size", "Medium", "--bundle", bundle.path, "--lang", "de"])
        .code == 0)
    #expect(run(["read", "com.example.app", "size"]).output == "m\n")
  }

  // MARK: - locks, raw arguments

  @Test func locksLiveInOneHiddenFolder() throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    #expect(run(["write", "com.example.app", "k", "v"]).code == 0)
    #expect(run(["write", "com.example.other", "k", "v"]).code == 0)
    let names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    #expect(names == [".prefs-locks", "com.example.app.plist", "com.example.other.plist"])
    let locks = try FileManager.default.contentsOfDirectory(atPath: directory + "/.prefs-locks")
    #expect(locks.sorted() == ["com.example.app.plist.lock", "com.example.other.plist.lock"])
    #expect(run(["domains"]).output == "com.example.app\ncom.example.other\n")
  }

  @Test func theBinaryRefusesAnArgumentThatIsNotUTF8() throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let result = try ChildProcess.run(
      URL(fileURLWithPath: "/bin/sh"),
      [
        "-c",
        #"exec "$0" defaults write com.example.app key "$(printf 'caf\351')" --defaults-dir "$1""#,
        PrefsBinary.url.path, directory,
      ])
    #expect(result.status == 2)
    #expect(
      result.errors
        == "prefs: error: argument 5 is not valid UTF-8 (byte 0xE9 at offset 3); give text in UTF-8\n"
    )
    #expect(bytes() == nil)
  }
}

extension DefaultsVerbsTests {
  /// What the new verbs write, Foundation reads to the same values.
  @Test func foundationReadsWhatTheVerbsWrite() throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    #expect(run(["write", "com.example.app", "list", "-array-add", "a", "-int", "2"]).code == 0)
    #expect(
      run(["write", "com.example.app", "map", "-dict-add", "k", "-date", "2026-11-22"]).code == 0)
    #expect(run(["rename", "com.example.app", "map", "dates"]).code == 0)
    let file = directory + "/in.json"
    try Data(#"{"r": 1.0, "x": {"$data": "AP8Q"}, "s": "é"}"#.utf8).write(
      to: URL(fileURLWithPath: file))
    #expect(run(["import", "com.example.json", file]).code == 0)
    for domain in ["com.example.app", "com.example.json"] {
      let stored = try #require(bytes(domain))
      let ours = try PropertyListReader.read(Array(stored)).root.value
      #expect(FoundationOracle.read(Array(stored)) == ours)
    }
    #expect(
      FoundationOracle.read(Array(try #require(bytes("com.example.json"))))
        == .dictionary(["r": .real(1), "x": .data(Data([0, 0xFF, 0x10])), "s": .string("é")]))
  }
}
