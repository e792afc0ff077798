import DefaultsStore
import Foundation
import Plist
import TestSupport
import Testing

/// Faults a tester found in `prefs defaults`: each a class of inputs, so
/// each test runs over several.
struct DefaultsFaultTests {
  let directory: String

  init() throws {
    directory =
      FileManager.default.temporaryDirectory.appendingPathComponent(
        "prefs-faults-\(UUID().uuidString)"
      ).path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  }

  func run(_ arguments: [String]) -> PrefsBinary.Run {
    PrefsBinary.run(["defaults"] + arguments + ["--defaults-dir", directory])
  }

  static let inApp = "Tests/Fixtures/Form/InApp/Settings.bundle"

  // MARK: - 4: read prints a string as stored into a pipe, unambiguously on a terminal

  @Test(arguments: [
    "line1\nline2\rX", "line1\\nline2\\rX", "tab\there", "back\\slash", "plain",
  ])
  func readPrintsTheStoredStringIntoAPipe(text: String) {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    #expect(run(["write", "com.example.app", "k", "-string", text]).code == 0)
    // The tests' standard output is no terminal: the string comes back whole.
    #expect(run(["read", "com.example.app", "k"]).output == text + "\n")
  }

  // MARK: - 5 and 18: a value or key XML cannot hold is named as the cause

  /// A binary domain holding a string with ESC (as a binary plist can) and `other`.
  func writeBinaryDomain(_ domain: String, key: String, value: PlistValue) throws {
    let data = try PropertyListSerialization.data(
      fromPropertyList: [key: Self.foundation(value), "other": "o"], format: .binary, options: 0)
    try data.write(to: URL(fileURLWithPath: directory + "/\(domain).plist"))
  }

  static func foundation(_ value: PlistValue) -> Any {
    switch value {
    case .string(let text): text
    case .array(let items): items.map(foundation)
    default: "?"
    }
  }

  @Test(arguments: [
    ["write", "t.bin", "other", "x"], ["rename", "t.bin", "other", "new"],
    ["delete", "t.bin", "other"], ["write", "t.bin", "more", "-int", "1"],
  ])
  func aBinaryDomainHoldingAControlCharacterStaysWritable(command: [String]) throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try writeBinaryDomain("t.bin", key: "arr", value: .array([.string("\u{1B}[5m")]))
    let result = run(command)
    #expect(result.code == 0, "\(result.errors)")
    // The domain stays binary, so the value XML could not hold is kept as it was.
    let bytes = FileManager.default.contents(atPath: directory + "/t.bin.plist") ?? Data()
    #expect(bytes.starts(with: Data("bplist00".utf8)))
    let stored = try PropertyListSerialization.propertyList(from: bytes, format: nil)
    #expect((stored as? [String: Any])?["arr"] as? [String] == ["\u{1B}[5m"])
  }

  @Test func exportOfAnUnstorableValueNamesItAndTheWayOut() throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try writeBinaryDomain("t.bin", key: "arr", value: .array([.string("\u{1B}[5m")]))
    let result = run(["export", "t.bin", "-"])
    #expect(result.code == 1)
    #expect(result.errors.contains("arr[0]"))
    #expect(result.errors.contains("--format json"))
    #expect(run(["export", "t.bin", "-", "--format", "json"]).code == 0)
  }

  @Test func deletingTheUnstorableKeyUnsticksTheDomain() throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try writeBinaryDomain("t.bin", key: "arr", value: .array([.string("\u{1B}[5m")]))
    #expect(run(["delete", "t.bin", "arr"]).code == 0)
    #expect(run(["write", "t.bin", "other", "x"]).code == 0)
  }

  /// `--force` moves a domain that does not parse aside, whether the delete
  /// names a key or not (it used to read the domain first and stop there).
  @Test(arguments: [["delete", "t.bad", "k", "--force"], ["delete", "t.bad", "--force"]])
  func deleteWithForceMovesADomainThatDoesNotParseAside(command: [String]) throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    try Data("garbage<".utf8).write(to: URL(fileURLWithPath: directory + "/t.bad.plist"))
    #expect(run(Array(command.dropLast())).code == 1)
    let result = run(command)
    #expect(result.code == 0, "\(result.errors)")
    #expect(result.errors.contains("what did not parse was moved to"), "\(result.errors)")
    #expect(run(["write", "t.bad", "k", "-int", "1"]).code == 0)
    let aside = try FileManager.default.contentsOfDirectory(atPath: directory).filter {
      $0.hasPrefix("t.bad") && $0 != "t.bad.plist"
    }
    #expect(!aside.isEmpty, "the bad file is kept aside")
  }

  @Test(arguments: ["k\u{1B}[31mred", "\u{7}", "a\u{1}b"])
  func aKeyWhoseNameXMLCannotHoldIsBlamedAsTheKey(key: String) {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let result = run(["write", "t.h", key, "plain"])
    #expect(result.code == 1)
    #expect(result.errors.contains("its name is at fault"), "\(result.errors)")
    #expect(!result.errors.contains("the value of"))
  }

  /// (A NUL cannot be an argument, argv being C strings: DefaultsFrontEndTests
  /// writes one through the library.)
  @Test(arguments: ["a\u{1B}b"])
  func aValueXMLCannotHoldIsBlamedAsTheValue(value: String) {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let result = run(["write", "t.h", "k", value])
    #expect(result.code == 1)
    #expect(result.errors.contains("the value of \"k\" cannot be stored"), "\(result.errors)")
  }

  // MARK: - 13: --dialect iask sees .inApp pages

  @Test(arguments: [
    ("reminder", "-date", "2026-11-22"), ("signature", "-string", "Bye"),
    ("fontSize", "-float", "12"), ("blockedWords", "-array", "spam"),
  ])
  func writeWithDialectIaskSeesInAppPages(key: String, flag: String, value: String) {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let bundle = ["--bundle", Self.inApp]
    let apple = run(["write", "t.i", key, flag, value] + bundle)
    #expect(apple.code == 1)
    #expect(apple.errors.contains("--dialect iask"), "the refusal says how to see .inApp pages")
    let iask = run(["write", "t.i", key, flag, value] + bundle + ["--dialect", "iask"])
    #expect(iask.code == 0, "\(iask.errors)")
    for command in ["describe", "range"] {
      let shown = PrefsBinary.run(
        ["defaults", command, key] + bundle + ["--dialect", "iask"])
      #expect(shown.code == 0, "\(command): \(shown.errors)")
    }
  }

  // MARK: - 18: messages name the right action

  @Test(arguments: ["describe", "range"])
  func describeAndRangeOfAMissingKeyDoNotSpeakOfWriting(command: String) {
    let result = PrefsBinary.run([
      "defaults", command, "nokey", "--bundle", DumpTests.showcase,
    ])
    #expect(result.code == 1)
    #expect(result.errors.contains("no element"))
    #expect(!result.errors.contains("written"), "\(result.errors)")
  }

  @Test(arguments: [
    ["read", "t.c", "k"], ["read", "t.c"], ["read-type", "t.c", "k"], ["find", "k"],
    ["export", "t.c", "-"], ["register", "t.c", "--bundle", DumpTests.showcase, "--apply"],
  ])
  func commandsWithoutForceDoNotOfferIt(command: [String]) throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try Data("not a plist <".utf8).write(to: URL(fileURLWithPath: directory + "/t.c.plist"))
    let result = run(command)
    #expect(result.code == 1)
    #expect(result.errors.contains("does not parse"), "\(result.errors)")
    #expect(!result.errors.contains("use --force"), "\(result.errors)")
    #expect(result.errors.contains("with --force moves it aside"))
  }

  @Test(arguments: [["find", "k"], ["read", "t.c", "k"], ["read", "t.c"]])
  func aDirectoryInPlaceOfTheDomainIsNotSaidToBeUnwritten(command: [String]) throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try FileManager.default.createDirectory(
      atPath: directory + "/t.c.plist", withIntermediateDirectories: false)
    let result = run(command)
    #expect(result.code == 1)
    #expect(!result.errors.contains("written"), "\(result.errors)")
  }

  // MARK: - 17: input that can only be JSON gets the JSON reader's message

  @Test(arguments: [
    (#"{"a":null}"#, "null"), (#"{"a": 1, "a": 2}"#, "a"), (#"{"a": "\ud800"}"#, "surrogate"),
    (#"{"a": 18446744073709551616}"#, "64"),
    (
      "{\"a\":" + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "}",
      "deep"
    ),
    ("\u{FEFF} \n{ \"k\\\"x\" :null}", "null"),
  ])
  func jsonLookingInputGetsTheJSONMessage(json: String, word: String) throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let file = directory + "/in.json"
    try Data(json.utf8).write(to: URL(fileURLWithPath: file))
    let plain = run(["import", "t.i", file])
    let typed = run(["import", "t.i", file, "--format", "json"])
    #expect(plain.code == 1)
    #expect(plain.errors == typed.errors, "the same message with and without --format json")
    #expect(!plain.errors.contains("expected '='"), "\(plain.errors)")
    #expect(plain.errors.lowercased().contains(word), "\(plain.errors)")
  }

  @Test(arguments: [#"{"a" = 1;}"#, "{a = (1, 2);}", "{}"])
  func openStepInputIsStillReadAsAPlist(text: String) throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let file = directory + "/in.plist"
    try Data(text.utf8).write(to: URL(fileURLWithPath: file))
    #expect(!JSONPlistReader.isSurelyJSON(Array(text.utf8)))
    let result = run(["import", "t.i", file])
    #expect(result.code == 0, "\(result.errors)")
  }

  // MARK: - 19: an array, an integer

  @Test(arguments: [
    (
      ["write", "t.g", "k", "-int", "1"], ["write", "t.g", "k", "-array-add", "x"], "is an integer"
    ),
    (
      ["write", "t.g", "k", "-array", "x"], ["write", "t.g", "k", "-dict-add", "a", "b"],
      "is an array"
    ),
  ])
  func typeNamesTakeTheRightArticle(setup: [String], command: [String], phrase: String) {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    #expect(run(setup).code == 0)
    let result = run(command)
    #expect(result.errors.contains(phrase), "\(result.errors)")
  }

  @Test(arguments: [
    (PlistValue.array([]), "an array"), (.integer(1), "an integer"), (.string(""), "a string"),
    (.dictionary([:]), "a dictionary"), (.real(1), "a real"), (.bool(true), "a boolean"),
  ])
  func typeNameWithArticle(value: PlistValue, phrase: String) {
    #expect(value.typeNameWithArticle == phrase)
  }

  // MARK: - 20 and 21: values spelled alike, numbers by value

  /// A multi value whose Values hold the integer 1 and the string "1", reals and a boolean.
  func ambiguousBundle() throws -> String {
    let bundle = directory + "/Amb.bundle"
    try FileManager.default.createDirectory(atPath: bundle, withIntermediateDirectories: true)
    let page: [String: Any] = [
      "PreferenceSpecifiers": [
        [
          "Type": "PSMultiValueSpecifier", "Key": "m", "Title": "Mode", "DefaultValue": 1,
          "Values": [1, "1", true, 2, "Fast"], "Titles": ["One", "Text one", "Yes", "Two", "F"],
        ],
        [
          "Type": "PSMultiValueSpecifier", "Key": "speed", "Title": "Speed",
          "DefaultValue": 1.0, "Values": [0.5, 1.0, 1.5, 2 as Int] as [Any],
          "Titles": ["a", "b", "c", "d"],
        ],
      ]
    ]
    let data = try PropertyListSerialization.data(fromPropertyList: page, format: .xml, options: 0)
    try data.write(to: URL(fileURLWithPath: bundle + "/Root.plist"))
    return bundle
  }

  @Test(arguments: [
    (["speed", "1.0"], "1.0", "float"), (["speed", "1"], "1.0", "float"),
    (["speed", ".5"], "0.5", "float"), (["speed", "0.50"], "0.5", "float"),
    (["speed", "-float", "2"], "2", "integer"), (["speed", "2.0"], "2", "integer"),
    (["speed", "-int", "1"], "1.0", "float"), (["m", "1.0"], "1", "integer"),
    (["m", "1"], "1", "integer"), (["m", "-string", "1"], "1", "string"),
    (["m", "-int", "1"], "1", "integer"),
  ])
  func numbersMatchValuesByValue(words: [String], stored: String, type: String) throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let bundle = try ambiguousBundle()
    let result = run(["write", "t.n"] + words + ["--bundle", bundle])
    #expect(result.code == 0, "\(result.errors)")
    #expect(run(["read", "t.n", words[0]]).output == stored + "\n")
    #expect(run(["read-type", "t.n", words[0]]).output == "Type is \(type)\n")
  }

  @Test(arguments: [["m", "9"], ["m", "-int", "9"], ["m", "-string", "x"]])
  func refusalsQuoteStringsAsDescribeDoes(words: [String]) throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let bundle = try ambiguousBundle()
    let result = run(["write", "t.n"] + words + ["--bundle", bundle])
    #expect(result.code == 1)
    #expect(result.errors.contains("takes one of 1, '1', true, 2, 'Fast'"), "\(result.errors)")
    let described = PrefsBinary.run(["defaults", "describe", "m", "--bundle", bundle])
    #expect(described.output.contains("    1       One"))
    #expect(described.output.contains("    '1'     Text one"))
  }

  @Test(arguments: [
    "<?xml version=\"1.0\"?><plist><dict><key>PreferenceSpecifiers</key><array><dict>",
    "{ PreferenceSpecifiers = ( { Key = m; ",
  ])
  func aPageThatDoesNotReadIsNamedWhenNoElementStoresTheKey(root: String) throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let bundle = directory + "/Broken.bundle"
    try FileManager.default.createDirectory(atPath: bundle, withIntermediateDirectories: true)
    try Data(root.utf8).write(to: URL(fileURLWithPath: bundle + "/Root.plist"))
    let result = run(["write", "t.x", "m", "v", "--bundle", bundle])
    #expect(result.code == 1)
    #expect(result.errors.contains("these pages did not read: Root.plist: "), "\(result.errors)")
    let described = PrefsBinary.run(["defaults", "describe", "m", "--bundle", bundle])
    #expect(described.errors.contains("Root.plist: "), "\(described.errors)")
  }
}
