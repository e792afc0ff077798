import BundleEdit
import Foundation
import Plist
import TestSupport
import Testing

/// `prefs bundle set/add/remove` as users run them: the words of each outcome
/// and refusal, exit statuses, and the file left as it was when refused.
struct BundleCommandTests {
  /// A folder holding a copy of Examples/Showcase's `Settings.bundle`.
  static func project() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-bundle-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: Paths.examples.appendingPathComponent("Showcase/Settings.bundle"),
      to: folder.appendingPathComponent("Settings.bundle"))
    return folder
  }

  struct Refusal: Sendable, CustomTestStringConvertible {
    var arguments: [String]
    var status: Int32
    var message: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let refusals: [Refusal] = [
    Refusal(
      arguments: ["set", "Settings.bundle", "dark_mode_preference.DefaultValue", "maybe"],
      status: 1,
      message:
        "Settings.bundle/Root.plist:71:3: DefaultValue cannot be \"maybe\": dark_mode_preference is a toggle: give on or off (or true / false), not \"maybe\""
    ),
    Refusal(
      arguments: ["set", "Settings.bundle", "volume_preference.DefaultValue", "3"], status: 1,
      message:
        "Settings.bundle/Root.plist:149:3: DefaultValue cannot be \"3\": volume_preference is a slider from 0 to 1; 3 is outside"
    ),
    Refusal(
      arguments: ["set", "Settings.bundle", "name_preference.KeyboardType", "Numbers"], status: 1,
      message:
        "Settings.bundle/Root.plist:17:3: KeyboardType cannot be \"Numbers\": it takes one of Alphabet, NumbersAndPunctuation, NumberPad, URL, EmailAddress"
    ),
    Refusal(
      arguments: ["set", "Settings.bundle", "version_preference.Minimum", "1"], status: 1,
      message:
        "Settings.bundle/Root.plist:55:3: PSTitleValueSpecifier has no attribute Minimum; it has DefaultValue, Key, SupportedUserInterfaceIdioms, Title, Titles, Type, Values"
    ),
    Refusal(
      arguments: ["set", "Settings.bundle", "version_prefrence.DefaultValue", "1"], status: 1,
      message:
        "Settings.bundle: no element of Root.plist, Advanced.plist has the Key or Title \"version_prefrence\"; nothing was written; did you mean \"version_preference\"?"
    ),
    Refusal(
      arguments: ["set", "Settings.bundle", "zzz.DefaultValue", "1"], status: 1,
      message:
        "Settings.bundle: no element of Root.plist, Advanced.plist has the Key or Title \"zzz\"; its Keys are name_preference, password_preference, pin_preference, version_preference, dark_mode_preference, units_preference, theme_preference, sync_status, volume_preference, quality_preference, …"
    ),
    Refusal(
      arguments: ["set", "Settings.bundle", "version_preference", "1"], status: 2,
      message:
        "\"version_preference\" names no attribute: give NAME.ATTRIBUTE (version_preference.DefaultValue)"
    ),
    Refusal(
      arguments: [
        "set", "Settings.bundle", "server_url.DefaultValue", "x", "--page", "../Root.plist",
      ],
      status: 1,
      message: "Settings.bundle: the page ../Root.plist is not edited: a path with '..'"),
    Refusal(
      arguments: ["set", "Settings.bundle", "server_url.DefaultValue", "x", "--page", "Missing"],
      status: 2,
      message:
        "Settings.bundle: it has no page Missing.plist; its pages are Advanced.plist, Root.plist"
    ),
    Refusal(
      arguments: [
        "add", "Settings.bundle", "--after", "version_preference", "Type=PSToggleSwitchSpecifier",
        "Key=sync",
      ], status: 2, message: "a new PSToggleSwitchSpecifier needs DefaultValue, Title"),
    Refusal(
      arguments: ["add", "Settings.bundle", "--after", "version_preference", "Key=sync"], status: 2,
      message: "\"Key=sync\": the element needs a Type"),
    Refusal(
      arguments: ["add", "Settings.bundle", "--after", "version_preference", "Type=PSToggle"],
      status: 1,
      message:
        "Type cannot be \"PSToggle\": the schema has no type PSToggle; it has PSChildPaneSpecifier, PSGroupSpecifier, PSMultiValueSpecifier, PSRadioGroupSpecifier, PSSliderSpecifier, PSTextFieldSpecifier, PSTitleValueSpecifier, PSToggleSwitchSpecifier"
    ),
    // A Key is renamed by rename-key, which checks it (issue 29, H-b).
    Refusal(
      arguments: ["set", "Settings.bundle", "name_preference.Key", "pin_preference"], status: 2,
      message:
        "Settings.bundle/Root.plist:17:3 name_preference (PSTextFieldSpecifier): its Key is not set; rename it with prefs bundle rename-key Settings.bundle name_preference NEW, which refuses an empty or used Key and renames its texts too"
    ),
    // A new element lint would call an error (H-e).
    Refusal(
      arguments: [
        "add", "Settings.bundle", "--after", "version_preference", "Type=PSToggleSwitchSpecifier",
        "Key=pin_preference", "Title=T", "DefaultValue=NO",
      ], status: 1,
      message:
        "Settings.bundle: the Key \"pin_preference\" is already used by Settings.bundle/Root.plist:45:3 pin_preference (PSTextFieldSpecifier); two rows of one Key show and write one stored value"
    ),
    Refusal(
      arguments: [
        "add", "Settings.bundle", "--after", "version_preference", "Type=PSChildPaneSpecifier",
        "Title=E", "File=/etc/passwd",
      ], status: 1, message: "File cannot be \"/etc/passwd\": an absolute path"),
    Refusal(
      arguments: ["remove", "Settings.bundle", "ADVANCED\u{1B}"], status: 1,
      message:
        "Settings.bundle: no element of Root.plist, Advanced.plist has the Key or Title \"ADVANCED\\u{1B}\"; nothing was written; did you mean \"ADVANCED\"?"
    ),
  ]

  @Test(arguments: refusals)
  func aRefusalSaysWhyAndWritesNothing(_ refusal: Refusal) throws {
    let folder = try Self.project()
    defer { try? FileManager.default.removeItem(at: folder) }
    let before = try Paths.bytes(folder.appendingPathComponent("Settings.bundle/Root.plist"))
    let run = PrefsBinary.run(["bundle"] + refusal.arguments, in: folder)
    let suffix = refusal.message.contains("nothing was written") ? "" : "; nothing was written"
    #expect(run.errors == "prefs: error: \(refusal.message)\(suffix)\n")
    #expect(run.code == refusal.status)
    #expect(run.output.isEmpty)
    #expect(try Paths.bytes(folder.appendingPathComponent("Settings.bundle/Root.plist")) == before)
  }

  @Test func setWritesTheValueAndSaysSo() throws {
    let folder = try Self.project()
    defer { try? FileManager.default.removeItem(at: folder) }
    let page = folder.appendingPathComponent("Settings.bundle/Root.plist")
    let before = String(decoding: try Paths.bytes(page), as: UTF8.self)
    let run = PrefsBinary.run(
      ["bundle", "set", "Settings.bundle", "version_preference.DefaultValue", "2.1 (57)"],
      in: folder)
    #expect(
      run.output
        == "set version_preference.DefaultValue in Settings.bundle/Root.plist: \"1.0 (42)\" -> \"2.1 (57)\"\n"
    )
    #expect(run.code == 0, "\(run.errors)")
    let after = String(decoding: try Paths.bytes(page), as: UTF8.self)
    #expect(
      after
        == before.replacingOccurrences(
          of: "<string>1.0 (42)</string>", with: "<string>2.1 (57)</string>"))
    let again = PrefsBinary.run(
      ["bundle", "set", "Settings.bundle", "VERSION.DefaultValue", "2.1 (57)"], in: folder)
    #expect(
      again.output
        == "Settings.bundle/Root.plist: VERSION.DefaultValue is already \"2.1 (57)\"; nothing was written\n"
    )
    #expect(again.code == 0)
  }

  @Test func aDryRunShowsTheDiffAndWritesNothing() throws {
    let folder = try Self.project()
    defer { try? FileManager.default.removeItem(at: folder) }
    let page = folder.appendingPathComponent("Settings.bundle/Root.plist")
    let before = try Paths.bytes(page)
    let run = PrefsBinary.run(
      ["bundle", "remove", "Settings.bundle", "sync_status", "--dry-run"], in: folder)
    #expect(run.code == 0)
    #expect(
      run.output.hasPrefix(
        "--- a/Settings.bundle/Root.plist\n+++ b/Settings.bundle/Root.plist\n@@ -122,26 +122,6 @@\n"
      ))
    #expect(
      run.output.hasSuffix(
        "would remove sync_status (PSTitleValueSpecifier) from Settings.bundle/Root.plist; nothing was written (--dry-run)\n"
      ))
    #expect(try Paths.bytes(page) == before)
  }

  /// A binary page stays binary; CoreFoundation reads the new value.
  @Test func aBinaryPageIsEditedInPlace() throws {
    let folder = try Self.project()
    defer { try? FileManager.default.removeItem(at: folder) }
    let page = folder.appendingPathComponent("Settings.bundle/Root.plist")
    let value = try PropertyListReader.read(try Paths.bytes(page)).root.value
    let binary = try BinaryPlistWriter.write(value)
    try Data(binary).write(to: page)
    let run = PrefsBinary.run(
      [
        "bundle", "add", "Settings.bundle", "--after", "DARK_MODE", "Type=PSToggleSwitchSpecifier",
        "Title=Sync", "Key=sync", "DefaultValue=on",
      ], in: folder)
    #expect(
      run.output
        == "added sync (PSToggleSwitchSpecifier) after DARK_MODE in Settings.bundle/Root.plist\n")
    #expect(run.code == 0, "\(run.errors)")
    let edited = try Paths.bytes(page)
    let table = Int(binary[(binary.count - 8)...].reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
    #expect(Array(edited.prefix(table)) == Array(binary.prefix(table)))
    let added = FoundationOracle.read(edited).flatMap {
      if case .dictionary(let root) = $0, case .array(let items)? = root["PreferenceSpecifiers"] {
        return items[7]
      }
      return nil
    }
    #expect(
      added
        == .dictionary([
          "Type": .string("PSToggleSwitchSpecifier"), "Title": .string("Sync"),
          "Key": .string("sync"), "DefaultValue": .bool(true),
        ]))
  }
}
