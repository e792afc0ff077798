import Foundation
import Plist
import SettingsSchema
import TestSupport
import Testing

@testable import SettingsLint

/// How lint names the files of a bundle it finds fault with: a key where the
/// key is written, a page iOS cannot open by its name, a table cut short.
struct PageFileTests {
  static func childPane(_ file: String) -> String {
    """
    <dict>
      <key>Type</key>
      <string>PSChildPaneSpecifier</string>
      <key>Title</key>
      <string>More</string>
      <key>File</key>
      <string>\(file)</string>
    </dict>
    """
  }

  static let group = RuleExample.page(ChildPaneMissing.groupElement)

  static func lint(_ files: [(path: String, text: String)]) throws -> [String] {
    let bundle = try LintTestSupport.materialize(RuleExample(files: files))
    defer { bundle.remove() }
    return try LintTestSupport.lint(bundle.path).diagnostics.map {
      "\($0.file): \($0.rule): \($0.message)"
    }
  }

  /// A finding about a key points at `<key>`, on the page and on an element.
  @Test func unknownKeysPointAtTheKey() throws {
    let page = RuleExample.page(
      """
      <dict>
        <key>Type</key>
        <string>PSToggleSwitchSpecifier</string>
        <key>Titel</key>
        <string>Sound</string>
        <key>Key</key>
        <string>sound</string>
        <key>DefaultValue</key>
        <true/>
      </dict>
      """, rootKeys: "<key>Colour</key>\n<string>red</string>")
    let bundle = try LintTestSupport.materialize(RuleExample(files: [("Root.plist", page)]))
    defer { bundle.remove() }
    let found = try LintTestSupport.lint(bundle.path).diagnostics.filter {
      $0.rule == UnknownKey.id
    }
    #expect(found.count == 2)
    for diagnostic in found {
      guard case .text(let snippet)? = diagnostic.place else {
        Issue.record("no line for \(diagnostic)")
        continue
      }
      let key = diagnostic.message.contains("Titel") ? "Titel" : "Colour"
      #expect(snippet.lineText.trimmingCharacters(in: .whitespaces) == "<key>\(key)</key>")
      #expect(snippet.lineText.dropFirst(snippet.location.column - 1).hasPrefix("<key>"))
    }
  }

  /// `Child.plist` as File names the page by its file: one cause, so one
  /// finding (child-pane-missing, with its fix), not unreachable-page on the
  /// page and the pages it opens as well.
  @Test(arguments: ["Child.plist", "Child"])
  func aPageNamedWithItsExtensionIsOneFinding(file: String) throws {
    let found = try Self.lint([
      ("Root.plist", RuleExample.page(Self.childPane(file))),
      ("Child.plist", RuleExample.page(ChildPaneMissing.groupElement + Self.childPane("Grand"))),
      ("Grand.plist", Self.group),
    ])
    #expect(
      found
        == (file == "Child"
          ? []
          : [
            "Root.plist: child-pane-missing: no page Child.plist.plist in the bundle; the row opens an empty page; write File without the extension: Child"
          ]))
  }

  /// iOS opens `Name.plist`, letter case kept: `Name.PLIST` is never a page.
  @Test func aPageWithTheExtensionInAnotherCaseIsReported() throws {
    let alone = try Self.lint([
      ("Root.plist", Self.group), ("orphan.PLIST", Self.group), ("Info.PLIST", Self.group),
    ])
    #expect(
      alone == [
        "orphan.PLIST: unreachable-page: the extension is .PLIST; iOS opens only .plist (names keep their letter case on a device), so Settings.app never shows this page"
      ])
    // Named by a child pane: the row is the one finding, and it says why.
    let named = try Self.lint([
      ("Root.plist", RuleExample.page(Self.childPane("Orphan"))), ("Orphan.Plist", Self.group),
    ])
    #expect(
      named == [
        "Root.plist: child-pane-missing: no page Orphan.plist in the bundle; the row opens an empty page; the file is Orphan.Plist: iOS opens only .plist (names keep their letter case on a device), rename it"
      ])
  }

  /// A UTF-16 table with an odd number of bytes loses its last: strings-encoding says so.
  @Test func aUTF16TableCutShortIsReported() throws {
    let bundle = try LintTestSupport.materialize(StringsExamples.translated)
    defer { bundle.remove() }
    let table = bundle.url.appendingPathComponent("de.lproj/Root.strings")
    let bytes: [UInt8] =
      [0xFF, 0xFE]
      + "\"Enabled\" = \"Aktiviert\";\n".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
      + [0x0A]
    try Data(bytes).write(to: table)
    let found = try LintTestSupport.lint(bundle.path).diagnostics
    #expect(found.map(\.rule) == [StringsEncoding.id])
    #expect(found.first?.severity == .warning)
    #expect(found.first?.file == "de.lproj/Root.strings")
  }
}
