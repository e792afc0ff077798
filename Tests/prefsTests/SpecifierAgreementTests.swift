import DefaultsStore
import Foundation
import Plist
import PrefsKit
import SettingsLint
import SettingsSchema
import TestSupport
import Testing

@testable import SettingsForm
/// Every consumer gives one answer, the schema's, to "does a person edit it?" and
/// "is its value stored under its Key?", for every type Settings.app reads: the
/// form's rows, `edit --plain`, `defaults write --bundle`, `defaults register` and
/// lint's duplicate-key. A title value is the case they used to disagree on: it
/// shows the value stored under its Key, read-only; the app writes it.
struct SpecifierAgreementTests {
  /// An element of each type, with a Key and whatever its type requires, and a
  /// value that fits it, as typed.
  struct Case: Sendable, CustomTestStringConvertible {
    var type: SpecifierType
    var keys: String
    var typed: String
    var stored: String
    var testDescription: String { type.rawValue }
  }

  static let cases: [Case] = [
    Case(
      type: .group, keys: "<key>Title</key><string>G</string>", typed: "x", stored: "x"),
    Case(
      type: .textField,
      keys: "<key>Title</key><string>T</string><key>DefaultValue</key><string>a</string>",
      typed: "b", stored: "b"),
    Case(
      type: .titleValue,
      keys: "<key>Title</key><string>T</string><key>DefaultValue</key><string>1.0</string>",
      typed: "2.0", stored: "2.0"),
    Case(
      type: .toggleSwitch,
      keys: "<key>Title</key><string>T</string><key>DefaultValue</key><true/>", typed: "off",
      stored: "false"),
    Case(
      type: .slider,
      keys:
        "<key>DefaultValue</key><real>0.5</real><key>MinimumValue</key><integer>0</integer><key>MaximumValue</key><integer>1</integer>",
      typed: "0.7", stored: "0.7"),
    Case(
      type: .multiValue,
      keys:
        "<key>Title</key><string>T</string><key>DefaultValue</key><string>a</string><key>Values</key><array><string>a</string><string>b</string></array><key>Titles</key><array><string>A</string><string>B</string></array>",
      typed: "b", stored: "b"),
    Case(
      type: .radioGroup,
      keys:
        "<key>DefaultValue</key><string>a</string><key>Values</key><array><string>a</string><string>b</string></array><key>Titles</key><array><string>A</string><string>B</string></array>",
      typed: "B", stored: "b"),
    Case(
      type: .childPane,
      keys: "<key>Title</key><string>T</string><key>File</key><string>Child</string>",
      typed: "x", stored: "x"),
  ]

  @Test func everyAppleTypeHasACase() {
    #expect(Self.cases.map(\.type).sorted() == SpecifierType.apple.sorted())
  }

  @Test(arguments: cases)
  func consumersAgreeWithTheSchema(_ example: Case) throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    let element =
      "<dict><key>Type</key><string>\(example.type.rawValue)</string><key>Key</key><string>k</string>\(example.keys)</dict>"
    // The element twice, with one Key: lint reports it exactly when a value is stored there.
    try bundle.write(
      "Root.plist",
      "<plist><dict><key>PreferenceSpecifiers</key><array>\(element)\(element)</array></dict></plist>"
    )
    try bundle.write(
      "Child.plist", "<plist><dict><key>PreferenceSpecifiers</key><array/></dict></plist>")
    // A fresh defaults folder for each consumer.
    var step = 0
    var directory = ""
    func freshDirectory() throws {
      step += 1
      directory = bundle.folder.appendingPathComponent("defaults-\(step)").path
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }
    try freshDirectory()
    let catalog = try SchemaCatalog.load(.apple)
    let editable = catalog.isEditable(example.type)
    let stores = catalog.storesValue(example.type)
    #expect(!editable || stores, "what a person edits is stored")

    // The form: a row that edits the value exactly when the type is editable.
    let loaded = try SettingsBundle.load(at: bundle.path)
    let state = FormState(bundle: loaded, values: [:], width: 60, height: 20)
    let rows = state.page.rows.filter { $0.specifier.type == example.type }
    #expect(!rows.isEmpty, "the form draws every type")
    #expect(rows.contains(where: \.isEditable) == editable, "form rows")

    // `edit --plain`: asks exactly for what is editable, shows what is only stored.
    let store = try DefaultsStore(domain: "com.example.agree", directory: directory)
    var answers = [example.typed]
    let plain = PlainFormSession(
      bundle: loaded, store: store, words: ToolStrings(preferredLanguages: ["en"]).formWords,
      idiom: .phone, readAnswer: { answers.isEmpty ? nil : answers.removeFirst() })
    var output = ""
    #expect(plain.run(output: &output) == .requested)
    #expect(output.contains("(Enter keeps it)") == editable, "edit --plain asks: \(output)")
    // A value only shown is a line `T: value` that asks nothing.
    let shownOnly = output.split(separator: "\n").contains {
      $0.hasPrefix("T: ") && !$0.contains("(Enter keeps it)")
    }
    #expect(shownOnly == (stores && !editable), "edit --plain shows: \(output)")
    #expect(
      ((try? store.persistentValues()) ?? [:])["k"].map(SpecifierValue.text(of:))
        == (editable ? example.stored : nil), "edit --plain stores")
    try freshDirectory()

    // `defaults write --bundle`: accepts a fitting value exactly when one is stored.
    let write = DumpTests.run([
      "defaults", "write", "com.example.agree", "k", example.typed, "--bundle", bundle.path,
      "--defaults-dir", directory,
    ])
    #expect((write.code == 0) == stores, "defaults write --bundle: \(write.errors)")
    if stores {
      let read = DumpTests.run([
        "defaults", "read", "com.example.agree", "k", "--defaults-dir", directory,
      ])
      #expect(read.output == example.stored + "\n")
    }
    try freshDirectory()

    // `defaults register`: registers the DefaultValue exactly when a value is stored.
    try bundle.write(
      "Root.plist",
      "<plist><dict><key>PreferenceSpecifiers</key><array>\(element.replacingOccurrences(of: "</dict>", with: "<key>DefaultValue</key><string>d</string></dict>"))</array></dict></plist>"
    )
    let register = DumpTests.run([
      "defaults", "register", "com.example.agree", "--bundle", bundle.path, "--defaults-dir",
      directory,
    ])
    #expect(register.code == 0)
    #expect(register.output.contains("k = ") == stores, "defaults register: \(register.output)")

    // lint: one Key on two elements is two rows changing one stored value exactly when a
    // person edits it; two rows only showing one value (title values) change nothing.
    try bundle.write(
      "Root.plist",
      "<plist><dict><key>PreferenceSpecifiers</key><array>\(element)\(element)</array></dict></plist>"
    )
    let lint = DumpTests.run(["lint", bundle.path])
    #expect(lint.output.contains("[duplicate-key]") == editable, "lint: \(lint.output)")
  }
}

/// InAppSettingsKit's types, read with `--dialect iask`: what the app registers,
/// what a value check takes and lint's duplicate-key give the iask schema's answer.
struct InAppSettingsKitAgreementTests {
  static let values: [SpecifierType: PlistValue] = [
    .button: .string("x"), .openURL: .string("x"), .mailCompose: .string("x"),
    .customView: .string("x"), .textView: .string("x"),
    .datePicker: .date(Date(timeIntervalSince1970: 0)), .listGroup: .array([.string("x")]),
  ]

  @Test func everyTypeHasAValue() {
    #expect(Set(Self.values.keys) == Set(SpecifierType.inAppSettingsKit))
  }

  @Test(arguments: SpecifierType.inAppSettingsKit)
  func consumersAgreeWithTheSchema(_ type: SpecifierType) throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    let element =
      "<dict><key>Type</key><string>\(type.rawValue)</string><key>Key</key><string>k</string><key>File</key><string>https://example.com</string><key>DefaultValue</key><string>d</string></dict>"
    try bundle.write(
      "Root.plist",
      "<plist><dict><key>PreferenceSpecifiers</key><array>\(element)\(element)</array></dict></plist>"
    )
    let loaded = try SettingsBundle.load(at: bundle.path, options: LoadOptions(dialect: .iask))
    let stores = loaded.catalog.storesValue(type)
    #expect((loaded.defaultValues["k"] != nil) == stores, "registered")
    #expect((loaded.specifier(forKey: "k") != nil) == stores, "found by its Key")
    if let (_, specifier) = loaded.specifier(forKey: "k"), let value = Self.values[type] {
      #expect(throws: Never.self) {
        try SpecifierValue.check(value, for: specifier, in: loaded.catalog)
      }
    }
    let lint = DumpTests.run(["lint", bundle.path, "--dialect", "iask"])
    #expect(lint.output.contains("[duplicate-key]") == stores, "lint: \(lint.output)")
  }
}

/// The same agreement on every real bundle: for each element of every page, the
/// form's row, `edit --plain`, the registered defaults, the element `defaults
/// write --bundle` checks a key against and lint's duplicate-key give the
/// schema's answer to "edited?" and "stored?".
struct CorpusAgreementTests {
  @Test(.needsCorpus, arguments: Paths.corpusBundles)
  func consumersAgreeOnARealBundle(_ url: URL) throws {
    for dialect in [Dialect.apple, .iask] {
      let bundle = try SettingsBundle.load(
        at: url.path, options: LoadOptions(dialect: dialect, keepsComments: false))
      let catalog = bundle.catalog
      var storedKeys = Set<PlistKey>()
      var registered = Set<PlistKey>()
      for page in bundle.pages {
        let rows = RowBuilder.rows(of: page, in: bundle, idiom: .phone, width: 80)
        for row in rows {
          #expect(
            !row.isEditable || catalog.isEditable(row.specifier.type),
            "\(page.file): the form edits a \(row.specifier.type?.rawValue ?? "?")")
        }
        for specifier in page.specifiers {
          let stores = catalog.storesValue(specifier.type)
          let editable = catalog.isEditable(specifier.type)
          let hasKey = specifier.key.map { !$0.isEmpty } ?? false
          let plain = PlainFormSession.treatment(of: specifier, in: catalog)
          #expect(
            plain == (hasKey && stores ? (editable ? .ask : .show) : .skip),
            "\(page.file) \(specifier.keyPath): edit --plain")
          if editable, dialect == .apple {
            #expect(
              rows.contains { $0.specifier.keyPath == specifier.keyPath && $0.isEditable }
                || !specifier.isShown(on: .phone),
              "\(page.file) \(specifier.keyPath): the form has no row that edits it")
          }
          guard let key = specifier.key, !key.isEmpty, stores else { continue }
          storedKeys.insert(PlistKey(key))
          if specifier.defaultValue != nil { registered.insert(PlistKey(key)) }
          #expect(
            bundle.specifier(forKey: key).map { catalog.storesValue($0.specifier.type) } == true,
            "\(page.file) \(specifier.keyPath): defaults write --bundle finds no stored element")
        }
      }
      #expect(Set(bundle.defaultValues.keys) == registered, "\(url.lastPathComponent): registered")
      let report = try Linter().lint(bundle)
      for finding in report.diagnostics where finding.rule == "duplicate-key" {
        #expect(
          storedKeys.contains { finding.message.contains("\"\($0.string)\"") },
          "\(finding.file): duplicate-key on a key nothing stores: \(finding.message)")
      }
    }
  }
}
