import BundleEdit
import Foundation
import Plist
import SettingsSchema
import TestSupport
import Testing

/// What a tester's hostile `bundle set` runs found (issue 29, H-a, H-b, H-c,
/// H-f): a Key changed round rename-key's checks, a carriage return that read
/// back as a line feed, a group that could not be named, and a page linked
/// out of the bundle reported as a page with no elements.
struct SetRefusalTests {
  /// Every Key text, a used one, an empty one, a multi-line one and a fresh
  /// one: `set` never changes a Key (rename-key does, with its checks).
  @Test(arguments: ["pin_preference", "", "new\nline", "fresh_key"])
  func aKeyIsNotSet(_ text: String) throws {
    let bundle = try BundleEditorTests.showcase()
    defer { bundle.remove() }
    let refusal = try #require(throws: BundleEditError.self) {
      try BundleEditorTests.editor(bundle).set("name_preference.Key", to: text)
    }
    guard case .keyNotSet(let element) = refusal else {
      Issue.record("\(refusal)")
      return
    }
    #expect(element.key == "name_preference")
  }

  /// Texts with carriage returns: each reads back from the edited XML page
  /// exactly (XML reads a raw CR as LF, so it is written `&#13;`).
  @Test(arguments: ["a\r\nb\rc", "\r", "end\r", "\r\n\r\n"])
  func aCarriageReturnReadsBack(_ text: String) throws {
    let bundle = try BundleEditorTests.showcase()
    defer { bundle.remove() }
    let change = try BundleEditorTests.editor(bundle).set(
      "name_preference.DefaultValue", to: text)
    #expect(!change.edited.contains(0x0D))
    #expect(String(decoding: change.edited, as: UTF8.self).contains("&#13;"))
    let index = change.element.index
    #expect(try BundleEditorTests.value(change, index, "DefaultValue") == .string(text))
    // Foundation's reader (CoreFoundation's on Apple platforms) agrees.
    let read =
      try PropertyListSerialization.propertyList(
        from: Data(change.edited), format: nil) as? [String: Any]
    let element = (read?["PreferenceSpecifiers"] as? [[String: Any]])?[index]
    #expect(element?["DefaultValue"] as? String == text)
  }

  /// A group titled as a row of its page (5 of 47 real bundles, e.g.
  /// kHattersly/Touch11i's "Visual feedback"): the Title names the group,
  /// which has no Key; the row keeps its Key.
  @Test func aGroupSharingARowsTitleIsNamedByIt() throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write(
      "Root.plist",
      """
      <plist version="1.0"><dict><key>PreferenceSpecifiers</key><array>
      <dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>Visual feedback</string></dict>
      <dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Title</key><string>Visual feedback</string><key>Key</key><string>fb</string><key>DefaultValue</key><true/></dict>
      <dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Title</key><string>Sound</string><key>Key</key><string>s1</string><key>DefaultValue</key><true/></dict>
      <dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Title</key><string>Sound</string><key>Key</key><string>s2</string><key>DefaultValue</key><true/></dict>
      </array></dict></plist>
      """)
    let editor = try BundleEditorTests.editor(bundle)
    for attribute in ["Title", "FooterText"] {
      let change = try editor.set("Visual feedback.\(attribute)", to: "Feedback")
      #expect(change.element.index == 0)
      #expect(change.element.type == "PSGroupSpecifier")
    }
    #expect(try editor.set("fb.Title", to: "Haptics").element.index == 1)
    // Two keyed rows of one Title: still refused, never guessed.
    #expect(throws: BundleEditError.self) { try editor.set("Sound.Title", to: "x") }
  }

  /// Root.plist as a link to a file outside: the page is named, with the
  /// reason, and the outside file is untouched.
  @Test func aRootLinkedOutOfTheBundleIsNamed() throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    let outside = bundle.folder.appendingPathComponent("Outside.plist")
    try Data(
      """
      <plist version="1.0"><dict><key>PreferenceSpecifiers</key><array>
      <dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Key</key><string>k</string><key>Title</key><string>K</string><key>DefaultValue</key><true/></dict>
      </array></dict></plist>
      """.utf8
    ).write(to: outside)
    try FileManager.default.createSymbolicLink(
      atPath: bundle.url.appendingPathComponent("Root.plist").path,
      withDestinationPath: outside.path)
    let before = try Data(contentsOf: outside)
    for run in [
      { try BundleEditorTests.editor(bundle).set("k.DefaultValue", to: "NO") },
      { try BundleEditorTests.editor(bundle).remove("k") },
    ] as [() throws -> FileChange] {
      let refusal = try #require(throws: BundleEditError.self) { try run() }
      guard case .pageOutsideBundle("Root.plist", let reason) = refusal else {
        Issue.record("\(refusal)")
        continue
      }
      #expect(reason.contains("link"))
    }
    #expect(try Data(contentsOf: outside) == before)
  }
}
