import BundleEdit
import Foundation
import Plist
import SettingsSchema
import TestSupport
import Testing

/// `set`, `add` and `remove` on the Showcase example (a copy): values typed by
/// the schema, elements found by Key or Title, refusals as typed values.
struct BundleEditorTests {
  /// A copy of Examples/Showcase's bundle, removed at the end.
  static func showcase() throws -> TemporaryBundle {
    let bundle = try TemporaryBundle()
    try FileManager.default.removeItem(at: bundle.url)
    try FileManager.default.copyItem(
      at: Paths.examples.appendingPathComponent("Showcase/Settings.bundle"), to: bundle.url)
    return bundle
  }

  static func editor(_ bundle: TemporaryBundle) throws -> BundleEditor {
    BundleEditor(bundle: try SettingsBundle.load(at: bundle.path))
  }

  /// The value of `attribute` of the element keyed or titled `name` in the edited file.
  static func value(_ change: FileChange, _ index: Int, _ attribute: String) throws -> PlistValue? {
    try PropertyListReader.read(change.edited).root["PreferenceSpecifiers"]?[index]?[attribute]?
      .value
  }

  struct Typed: Sendable, CustomTestStringConvertible {
    var keyPath: String
    var text: String
    var expected: PlistValue
    var testDescription: String { "\(keyPath) \(text)" }
  }

  @Test(arguments: [
    // A toggle's DefaultValue is a boolean, whatever the words.
    Typed(keyPath: "dark_mode_preference.DefaultValue", text: "NO", expected: .bool(false)),
    // One with TrueValue/FalseValue takes one of them.
    Typed(keyPath: "units_preference.DefaultValue", text: "off", expected: .string("imperial")),
    // A multi value's one of its Values, with their type.
    Typed(keyPath: "theme_preference.DefaultValue", text: "2", expected: .integer(2)),
    // A slider's a real inside its range.
    Typed(keyPath: "volume_preference.DefaultValue", text: "0.25", expected: .real(0.25)),
    // A title value's the text, as the PlistBuddy phase wrote it.
    Typed(
      keyPath: "version_preference.DefaultValue", text: "2.1 (57)", expected: .string("2.1 (57)")),
    Typed(keyPath: "name_preference.IsSecure", text: "yes", expected: .bool(true)),
    Typed(
      keyPath: "name_preference.KeyboardType", text: "EmailAddress",
      expected: .string("EmailAddress")),
    // By Title, as written before translation.
    Typed(keyPath: "DARK_MODE.Title", text: "Dunkel", expected: .string("Dunkel")),
    // An attribute the element lacks is added.
    Typed(keyPath: "DISPLAY.FooterText", text: "Shown below", expected: .string("Shown below")),
  ])
  func setTypesTheValueByTheSchema(_ typed: Typed) throws {
    let bundle = try Self.showcase()
    defer { bundle.remove() }
    let change = try Self.editor(bundle).set(typed.keyPath, to: typed.text)
    let (name, attribute) = try BundleEditor.splitKeyPath(typed.keyPath)
    let found = try ElementLocator.locate(name, in: try SettingsBundle.load(at: bundle.path))
    #expect(try Self.value(change, found.specifier.index, attribute) == typed.expected)
    #expect(change.file == "Root.plist")
    #expect(change.value == typed.expected)
    #expect(FoundationOracle.read(change.edited) != nil)
  }

  @Test func setWritesAtomicallyAndKeepsTheMode() throws {
    let bundle = try Self.showcase()
    defer { bundle.remove() }
    let root = bundle.url.appendingPathComponent("Root.plist").path
    chmod(root, 0o640)
    let change = try Self.editor(bundle).set("version_preference.DefaultValue", to: "3.0")
    try BundleFileWriter.write(change, inBundle: bundle.path)
    #expect(Array(try Data(contentsOf: URL(fileURLWithPath: root))) == change.edited)
    var info = stat()
    stat(root, &info)
    #expect(info.st_mode & 0o777 == 0o640)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: bundle.path).filter {
      $0.hasPrefix(".")
    }
    #expect(leftovers.isEmpty)
    // The file changed since: the old change is not written over it.
    #expect(
      throws: BundleEditError.unwritable(
        file: "Root.plist", reason: "the file changed since it was read")
    ) {
      try BundleFileWriter.write(change, inBundle: bundle.path)
    }
  }

  @Test func addChecksTheNewElementAgainstTheSchema() throws {
    let bundle = try Self.showcase()
    defer { bundle.remove() }
    let editor = try Self.editor(bundle)
    let change = try editor.add(
      after: "version_preference",
      attributes: ["Type=PSToggleSwitchSpecifier", "Title=SYNC", "Key=sync", "DefaultValue=YES"])
    let items = try #require(
      try PropertyListReader.read(change.edited).root["PreferenceSpecifiers"]?.array)
    let added = items[5]
    #expect(added.entries?.map(\.key) == ["Type", "Title", "Key", "DefaultValue"])
    #expect(added["DefaultValue"]?.value == .bool(true))
    #expect(items[4]["Key"]?.string == "version_preference")

    #expect(
      throws: BundleEditError.missingAttributes(
        ["DefaultValue", "Title"], type: "PSToggleSwitchSpecifier")
    ) {
      try editor.add(
        after: "version_preference", attributes: ["Type=PSToggleSwitchSpecifier", "Key=k"])
    }
    #expect(throws: BundleEditError.badSpecification("Key=k", reason: "the element needs a Type")) {
      try editor.add(after: "version_preference", attributes: ["Key=k"])
    }
    let unknown = try #require(throws: BundleEditError.self) {
      try editor.add(
        after: "version_preference", attributes: ["Type=PSSliderSpecifier", "Title=x"])
    }
    guard case .unknownAttribute("Title", "PSSliderSpecifier", nil, let known) = unknown else {
      Issue.record("\(unknown)")
      return
    }
    #expect(known.contains("MinimumValue") && !known.contains("Title"))
    let slider = try #require(throws: BundleEditError.self) {
      try editor.add(
        after: "version_preference",
        attributes: [
          "Type=PSSliderSpecifier", "Key=s", "MinimumValue=0", "MaximumValue=1", "DefaultValue=2",
        ])
    }
    guard case .valueRefused("2", "DefaultValue", nil, _) = slider else {
      Issue.record("\(slider)")
      return
    }
    let multi = try editor.add(
      after: "DARK_MODE",
      attributes: [
        "Type=PSMultiValueSpecifier", "Title=Speed", "Key=speed", "Values=1", "Values=2",
        "Titles=Slow", "Titles=Fast", "DefaultValue=2",
      ])
    let speed = try #require(
      try PropertyListReader.read(multi.edited).root["PreferenceSpecifiers"]?[7])
    #expect(speed["Values"]?.value == .array([.integer(1), .integer(2)]))
    #expect(speed["DefaultValue"]?.value == .integer(2))
  }

  @Test func removeTakesTheElementOnly() throws {
    let bundle = try Self.showcase()
    defer { bundle.remove() }
    let before = try SettingsBundle.load(at: bundle.path)
    let change = try BundleEditor(bundle: before).remove("sync_status")
    let after = try PropertyListReader.read(change.edited).root["PreferenceSpecifiers"]?.array
    let keys = before.pages[0].specifiers.map(\.key).filter { $0 != "sync_status" }
    #expect(after?.map { $0["Key"]?.string } == keys)
  }

  @Test func anElementIsFoundByKeyThenTitleAndNeverGuessed() throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write(
      "Root.plist",
      """
      <plist version="1.0"><dict><key>PreferenceSpecifiers</key><array>
      <dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>sound</string></dict>
      <dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Title</key><string>Sound</string><key>Key</key><string>sound</string><key>DefaultValue</key><true/></dict>
      <dict><key>Type</key><string>PSChildPaneSpecifier</string><key>Title</key><string>More</string><key>File</key><string>More</string></dict>
      </array></dict></plist>
      """)
    try bundle.write(
      "More.plist",
      """
      <plist version="1.0"><dict><key>PreferenceSpecifiers</key><array>
      <dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>More</string></dict>
      </array></dict></plist>
      """)
    let loaded = try SettingsBundle.load(at: bundle.path)
    // A Key wins over a Title that spells it.
    #expect(try ElementLocator.locate("sound", in: loaded).specifier.index == 1)
    #expect(try ElementLocator.locate("sound", in: loaded).match == .key)
    let ambiguous = try #require(throws: BundleEditError.self) {
      try ElementLocator.locate("More", in: loaded)
    }
    guard case .ambiguous("More", let matches) = ambiguous else {
      Issue.record("\(ambiguous)")
      return
    }
    #expect(matches.map(\.place.description) == ["Root.plist:4:1", "More.plist:2:1"])
    // One page settles it.
    #expect(try ElementLocator.locate("More", in: loaded, page: "More").page.file == "More.plist")
    let none = try #require(throws: BundleEditError.self) {
      try ElementLocator.locate("volume", in: loaded)
    }
    guard case .noElement("volume", ["Root.plist", "More.plist"], let candidates) = none else {
      Issue.record("\(none)")
      return
    }
    #expect(candidates.count == 4)
    #expect(throws: BundleEditError.noAttribute(keyPath: "sound")) {
      try BundleEditor(bundle: loaded).set("sound", to: "x")
    }
  }

  /// A child pane whose File climbs out of the bundle opens nothing: its
  /// elements are not found, so not edited.
  @Test func aChildPaneOutOfTheBundleIsNotFollowed() throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write(
      "Root.plist",
      """
      <plist version="1.0"><dict><key>PreferenceSpecifiers</key><array>
      <dict><key>Type</key><string>PSChildPaneSpecifier</string><key>Title</key><string>Out</string><key>File</key><string>../Outside</string></dict>
      </array></dict></plist>
      """)
    let outside = bundle.folder.appendingPathComponent("Outside.plist")
    try Data(
      """
      <plist version="1.0"><dict><key>PreferenceSpecifiers</key><array>
      <dict><key>Type</key><string>PSTitleValueSpecifier</string><key>Key</key><string>evil</string><key>DefaultValue</key><string>1</string></dict>
      </array></dict></plist>
      """.utf8
    ).write(to: outside)
    let before = try Data(contentsOf: outside)
    let refusal = try #require(throws: BundleEditError.self) {
      try Self.editor(bundle).set("evil.DefaultValue", to: "2")
    }
    guard case .noElement("evil", ["Root.plist"], _) = refusal else {
      Issue.record("\(refusal)")
      return
    }
    #expect(try Data(contentsOf: outside) == before)
  }

  @Test func nothingLeavesTheBundle() throws {
    let bundle = try Self.showcase()
    defer { bundle.remove() }
    let outside = bundle.folder.appendingPathComponent("Outside.plist")
    try FileManager.default.copyItem(
      at: bundle.url.appendingPathComponent("Advanced.plist"), to: outside)
    try FileManager.default.createSymbolicLink(
      atPath: bundle.url.appendingPathComponent("Linked.plist").path,
      withDestinationPath: outside.path)
    let editor = try Self.editor(bundle)
    #expect(
      throws: BundleEditError.pageOutsideBundle("../Outside.plist", reason: "a path with '..'")
    ) {
      try editor.set("server_url.DefaultValue", to: "x", page: "../Outside.plist")
    }
    let linked = try #require(throws: BundleEditError.self) {
      try editor.set("server_url.DefaultValue", to: "x", page: "Linked.plist")
    }
    guard case .pageOutsideBundle("Linked.plist", _) = linked else {
      Issue.record("\(linked)")
      return
    }
    // A page replaced by a link out after it was read is not written through.
    let change = try editor.set("server_url.DefaultValue", to: "x")
    let page = bundle.url.appendingPathComponent("Advanced.plist")
    try FileManager.default.removeItem(at: page)
    try FileManager.default.createSymbolicLink(atPath: page.path, withDestinationPath: outside.path)
    #expect(throws: BundleEditError.self) {
      try BundleFileWriter.write(change, inBundle: bundle.path)
    }
    #expect(try Data(contentsOf: outside) == Data(change.original))
  }
}
