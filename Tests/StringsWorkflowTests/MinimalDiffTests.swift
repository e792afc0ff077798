import Foundation
import Plist
import SettingsSchema
import TestSupport
import Testing

@testable import StringsWorkflow

/// `sync`, `import` and `add-language` touch only the lines of the entries
/// that change: comments stay with their entries, blank lines and the header stay.
struct MinimalDiffTests {
  static let table = """
    /* Übersetzungen der Einstellungen.
       Bitte die Kommentare stehen lassen. */


    // Der Titel der Gruppe
    "Allgemein" = "Allgemein";

    /* Untranslated: Root.plist PreferenceSpecifiers[1].Title */
    "Lautstärke" = "Lautstärke";
    "Alt" = "Veraltet"; // gehört zu Alt

    /* Fußnote */
    "Hinweis"; 
    """

  static func loaded(_ text: String, encoding: TextEncoding = .utf8) throws -> LoadedStrings {
    let bytes = TablePatch.encode(Array(text.utf8), as: encoding)
    let read = try StringsReader.read(bytes)
    return LoadedStrings(file: "de.lproj/Root.strings", strings: read.file, source: read.source)
  }

  @Test(arguments: [TextEncoding.utf8, .utf8WithBOM, .utf16LittleEndianWithBOM])
  func fillingAMarkedEntryChangesItsLinesOnly(encoding: TextEncoding) throws {
    let loaded = try Self.loaded(Self.table, encoding: encoding)
    var patch = TablePatch(loaded)
    #expect(patch.editsInPlace)
    patch.setValue(ofEntry: 1, to: "Lautstärke „laut“")
    let bytes = patch.bytes()
    #expect(bytes.starts(with: TablePatch.encode([], as: encoding)))
    let text = String(decoding: try StringsReader.read(bytes).source?.utf8 ?? [], as: UTF8.self)
    #expect(
      text
        == Self.table.replacingOccurrences(
          of:
            "/* Untranslated: Root.plist PreferenceSpecifiers[1].Title */\n\"Lautstärke\" = \"Lautstärke\";",
          with: "\"Lautstärke\" = \"Lautstärke „laut“\";"))
  }

  @Test func aShorthandIsWrittenOutWhenItsValueChanges() throws {
    var patch = TablePatch(try Self.loaded(Self.table))
    patch.setValue(ofEntry: 3, to: "Beachten")
    let text = String(decoding: patch.bytes(), as: UTF8.self)
    #expect(text.hasSuffix("/* Fußnote */\n\"Hinweis\" = \"Beachten\"; "))
  }

  @Test func removingAnEntryTakesItsCommentsAndKeepsOneBlankLine() throws {
    var patch = TablePatch(try Self.loaded(Self.table))
    patch.removeEntry(0)
    patch.removeEntry(2)
    let text = String(decoding: patch.bytes(), as: UTF8.self)
    #expect(
      text == """
        /* Übersetzungen der Einstellungen.
           Bitte die Kommentare stehen lassen. */


        /* Untranslated: Root.plist PreferenceSpecifiers[1].Title */
        "Lautstärke" = "Lautstärke";

        /* Fußnote */
        "Hinweis"; 
        """)
  }

  @Test func appendedEntriesFollowABlankLineInTheFilesLineBreaks() throws {
    var patch = TablePatch(try Self.loaded("\"a\" = \"b\";\r\n"))
    patch.append([StringsEntry(key: "c", value: PlistNode(.string("d")))])
    #expect(
      String(decoding: patch.bytes(), as: UTF8.self) == "\"a\" = \"b\";\r\n\r\n\"c\" = \"d\";\r\n")
  }

  @Test func aTableInBracesIsWrittenWhole() throws {
    var patch = TablePatch(try Self.loaded("{ \"a\" = \"b\"; }\n"))
    #expect(!patch.editsInPlace)
    patch.append([StringsEntry(key: "c", value: PlistNode(.string("d")))])
    #expect(try StringsReader.read(patch.bytes()).file.lookup.count == 2)
  }

  static var tables: [String] {
    let examples = ["Conversor", "Showcase"].map {
      Paths.examples.appendingPathComponent("\($0)/Settings.bundle")
    }
    let corpus = ProcessInfo.processInfo.environment["CI"] == "true" ? Paths.corpusBundles : []
    return (examples + corpus).map(\.path)
  }

  /// Random edits of every table: the line diff removes only lines of the
  /// entries changed or removed (and a blank line beside them), and adds only
  /// lines of the entries changed or added; the pairs read back are the ones meant.
  @Test(arguments: tables)
  func randomEditsTouchOnlyTheirEntriesLines(bundlePath: String) throws {
    guard let bundle = try? SettingsBundle.load(at: bundlePath) else { return }
    // Seeded by the bundle's own name, so every checkout makes the same edits.
    var random = SplitMix64(
      seed: URL(fileURLWithPath: bundlePath).deletingLastPathComponent().lastPathComponent)
    for (file, loaded) in bundle.strings.sorted(by: { $0.key < $1.key }) {
      var patch = TablePatch(loaded)
      let entries = loaded.strings.entries
      guard patch.editsInPlace, !entries.isEmpty,
        Set(entries.map { PlistKey($0.key) }).count == entries.count
      else { continue }
      for _ in 0..<3 {
        var changed = Set<Int>()
        var removed = Set<Int>()
        patch = TablePatch(loaded)
        for index in entries.indices {
          switch Int.random(in: 0..<10, using: &random) {
          case 0:
            changed.insert(index)
            patch.setValue(ofEntry: index, to: "neu \(index) \"ü\"\n")
          case 1:
            removed.insert(index)
            patch.removeEntry(index)
          default: continue
          }
        }
        let added = [StringsEntry(key: "prefs.neu.\(file)", value: PlistNode(.string("ß")))]
        patch.append(added)
        let bytes = patch.bytes()
        let reread = try StringsReader.read(bytes)
        // The pairs are the ones meant.
        var expected = loaded.strings.lookup
        for index in removed { expected[PlistKey(entries[index].key)] = nil }
        for index in changed { expected[PlistKey(entries[index].key)] = "neu \(index) \"ü\"\n" }
        expected[PlistKey(added[0].key)] = "ß"
        #expect(reread.file.lookup == expected, "\(bundlePath)/\(file)")

        // The lines that may differ.
        let old = loaded.source?.utf8 ?? []
        let new = reread.source?.utf8 ?? []
        let oldAllowed = Self.lines(
          of: entries.indices.filter { changed.contains($0) || removed.contains($0) },
          in: entries, text: old)
        let newEntries = reread.file.entries
        let newKeys = Set(
          changed.map { PlistKey(entries[$0].key) } + added.map { PlistKey($0.key) })
        let newAllowed = Self.lines(
          of: newEntries.indices.filter { newKeys.contains(PlistKey(newEntries[$0].key)) },
          in: newEntries, text: new)
        // Outside the changed entries' lines, the same lines in the same order. Blank
        // lines are left out of the comparison: one beside a removed entry may go, and
        // a diff could pair identical blank lines either way.
        func kept(_ lines: [ArraySlice<UInt8>], allowed: Set<Int>) -> [ArraySlice<UInt8>] {
          lines.enumerated().filter { offset, line in
            !allowed.contains(offset) && line.contains { ![0x20, 0x09, 0x0D].contains($0) }
          }.map(\.element)
        }
        let keptOld = kept(Self.split(old), allowed: oldAllowed)
        let keptNew = kept(Self.split(new), allowed: newAllowed)
        #expect(
          keptOld == keptNew,
          "\(bundlePath)/\(file): lines outside the edited entries differ"
        )
      }
    }
  }

  static func split(_ text: [UInt8]) -> [ArraySlice<UInt8>] {
    text.split(separator: 0x0A, omittingEmptySubsequences: false)
  }

  static func line(of offset: Int, in text: [UInt8]) -> Int {
    text[..<min(offset, text.count)].count { $0 == 0x0A }
  }

  /// The lines of the entries, from their first comment (after the last blank
  /// line above the key) to their `;`.
  static func lines(of indices: [Int], in entries: [StringsEntry], text: [UInt8]) -> Set<Int> {
    var result = Set<Int>()
    for index in indices {
      let entry = entries[index]
      // A comment after another entry on its line (`"a" = "b";  // FIXME`) stays with that line.
      let ownLine = entry.comments.map(\.offset).filter { offset in
        let before = text[..<min(offset, text.count)]
        let lineStart = (before.lastIndex(of: 0x0A).map { $0 + 1 }) ?? 0
        return text[lineStart..<min(offset, text.count)].allSatisfy { [0x20, 0x09].contains($0) }
      }
      let starts = ownLine + [entry.keyOffset ?? 0]
      let keyLine = line(of: entry.keyOffset ?? 0, in: text)
      var first = line(of: starts.min() ?? 0, in: text)
      // A comment above a blank line is the file's header: it stays when the entry goes.
      let lines = split(text)
      if let blank = (first..<keyLine).last(where: { index in
        lines.indices.contains(index)
          && lines[index].allSatisfy { [0x20, 0x09, 0x0D].contains($0) }
      }) {
        first = blank + 1
      }
      let last = line(of: entry.endOffset ?? text.count, in: text)
      result.formUnion(min(first, keyLine)...last)
    }
    return result
  }
}
