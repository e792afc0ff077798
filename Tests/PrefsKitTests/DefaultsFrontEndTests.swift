import DefaultsStore
import Foundation
import Plist
import PrefsKit
import SettingsSchema
import TestSupport
import Testing

/// The defaults verbs that read a key's element from a bundle, through
/// PrefsKit's public API: the bundle is found from the environment's working
/// directory, named as given, and what is stored is the element's value.
struct DefaultsFrontEndTests {
  static let showcase = "Examples/Showcase/Settings.bundle"
  let folder: String
  let defaults: DefaultsFrontEnd

  init() throws {
    folder = NSTemporaryDirectory() + "prefs-defaults-front-end-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let environment = PrefsEnvironment(workingDirectory: Paths.repository.path)
    defaults = DefaultsFrontEnd(
      location: try StoreLocation(StoreOptions(folder: folder), environment: environment),
      environment: environment)
  }

  /// A title (in the development language or one asked for) stores its value;
  /// a slider's `1` stores a real.
  @Test(arguments: [
    ("theme_preference", "Always light", [String](), PlistValue.integer(1)),
    ("theme_preference", "Sempre escuro", ["pt-BR"], .integer(2)),
    ("volume_preference", "1", [], .real(1)),
  ])
  func aValueCheckedByTheBundleIsStoredAsTheElementTakesIt(
    key: String, words: String, languages: [String], stored: PlistValue
  ) throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let bundle = KeyBundle(Self.showcase, preferredLanguages: languages)
    _ = try defaults.write(domain: "com.example.app", key: key, words: [words], checkedBy: bundle)
    #expect(try defaults.read(domain: "com.example.app", key: key) == stored)
  }

  @Test func whatTheBundleRefusesIsATypedFailureAndNothingIsWritten() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let bundle = KeyBundle(Self.showcase)
    let missing = #expect(throws: DefaultsFailure.self) {
      try defaults.write(domain: "com.example.app", key: "nothing", words: ["1"], checkedBy: bundle)
    }
    guard case .valueRefused(let refusal) = missing else {
      Issue.record("\(String(describing: missing))")
      return
    }
    #expect(refusal.reason.hasPrefix("no element of \(Self.showcase) stores the key \"nothing\""))
    let addition = #expect(throws: DefaultsFailure.self) {
      try defaults.write(
        domain: "com.example.app", key: "name_preference", words: ["-array-add", "x"],
        checkedBy: bundle)
    }
    guard case .additionCheckedByBundle = addition else {
      Issue.record("\(String(describing: addition))")
      return
    }
    let words = #expect(throws: DefaultsFailure.self) {
      try defaults.write(domain: "com.example.app", key: "k", words: ["-int", "3.5"])
    }
    guard case .invalidValue = words else {
      Issue.record("\(String(describing: words))")
      return
    }
    #expect(try defaults.domains().isEmpty)
  }

  @Test func aMissingBundleIsNamedAsGiven() {
    let error = #expect(throws: DefaultsFailure.self) {
      try DefaultsFrontEnd.describe(
        key: "k", in: KeyBundle("Nowhere/Settings.bundle"),
        environment: PrefsEnvironment(workingDirectory: Paths.repository.path))
    }
    guard case .bundle(.notFound("Nowhere/Settings.bundle")) = error else {
      Issue.record("\(String(describing: error))")
      return
    }
  }

  @Test func describeAndRegisterReadTheBundleFromTheWorkingDirectory() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let environment = PrefsEnvironment(workingDirectory: Paths.repository.path)
    let described = try DefaultsFrontEnd.describe(
      key: "volume_preference", in: KeyBundle(Self.showcase), environment: environment)
    #expect(described.rangeText == "range d 0 1")
    let none = #expect(throws: DefaultsFailure.self) {
      try DefaultsFrontEnd.describe(
        key: "nothing", in: KeyBundle(Self.showcase), environment: environment)
    }
    guard case .noElement(let reason) = none else {
      Issue.record("\(String(describing: none))")
      return
    }
    #expect(reason.reason.contains("no element of \(Self.showcase)"))
    let shown = try defaults.register(
      domain: "com.example.app", bundle: KeyBundle(Self.showcase), apply: false)
    #expect(shown.missing["volume_preference"] == .real(0.5))
    #expect(shown.write == nil)
    let applied = try defaults.register(
      domain: "com.example.app", bundle: KeyBundle(Self.showcase), apply: true)
    #expect(applied.write?.changes.count == shown.missing.count)
    #expect(try defaults.read(domain: "com.example.app", key: "volume_preference") == .real(0.5))
  }

  /// A value XML cannot hold is blamed as the value, whether a command line
  /// can carry it (ESC) or not (NUL, which no argument holds).
  @Test(arguments: ["a\u{1B}b", "\u{0}"])
  func aValueXMLCannotHoldIsBlamedAsTheValue(value: String) {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let error = #expect(throws: DefaultsFailure.self) {
      try defaults.write(domain: "t.h", key: "k", words: [value])
    }
    guard case .store(let reason) = error else {
      Issue.record("\(String(describing: error))")
      return
    }
    #expect(reason.description.contains("the value of \"k\" cannot be stored"), "\(reason)")
  }
}

extension DefaultsFrontEndTests {
  /// An export to a file is written relative to the working directory, and a
  /// file that cannot be written is named as given.
  @Test func anExportIsWrittenToTheFileNamedAndRefusedNamingIt() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let environment = PrefsEnvironment(workingDirectory: folder)
    let defaults = DefaultsFrontEnd(
      location: try StoreLocation(StoreOptions(folder: "."), environment: environment),
      environment: environment)
    _ = try defaults.write(domain: "com.example.app", key: "k", words: ["-int", "3"])
    #expect(try defaults.export(domain: "com.example.app", format: .json, toFile: "out.json") == 1)
    let written = FileManager.default.contents(atPath: folder + "/out.json")
    #expect(written.map { String(decoding: $0, as: UTF8.self) } == "{\n  \"k\": 3\n}\n")
    let error = #expect(throws: DefaultsFailure.self) {
      try defaults.export(domain: "com.example.app", format: .plist, toFile: "missing/out.plist")
    }
    guard case .unwritableExport(let reason) = error else {
      Issue.record("\(String(describing: error))")
      return
    }
    #expect(reason == .failed(path: "missing/out.plist", code: ENOENT), "\(reason)")
  }
}

/// A watch's change as the one JSON object a program reads per line.
struct DefaultsChangeJSONTests {
  @Test(arguments: [
    (
      DefaultsChange(key: "speed", old: .integer(1), new: .integer(2)),
      #"{"key":"speed","old":1,"new":2}"#
    ),
    (
      DefaultsChange(key: "speed", old: .integer(2), new: nil),
      #"{"key":"speed","old":2,"new":null}"#
    ),
    (
      DefaultsChange(key: "thème\u{1B}", old: nil, new: .array([.string("a\nb"), .bool(true)])),
      #"{"key":"thème\u001B","old":null,"new":["a\nb",true]}"#
    ),
  ])
  func aChangeIsOneJSONObject(change: DefaultsChange, line: String) {
    #expect(change.json.renderedCompact() == line)
  }
}
