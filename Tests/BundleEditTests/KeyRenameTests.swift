import BundleEdit
import Foundation
import Plist
import SettingsSchema
import TestSupport
import Testing

/// Every reading of a bundle a rename must reach: the phone reading with the
/// pages nothing reaches, the pad reading, and InAppSettingsKit's when the
/// bundle has `.inApp` pages (lint's readings, without lint).
enum TestReadings {
  static func of(_ path: String, dialect: Dialect? = nil) throws -> [SettingsBundle] {
    var options = LoadOptions(keepsComments: false)
    if let dialect {
      options.dialect = dialect
      options.followsBundleReader = false
    }
    options.includesUnreachedPages = true
    let base = try SettingsBundle.load(at: path, options: options)
    var readings = [base]
    var pad = options
    pad.idiom = .pad
    readings.append(try SettingsBundle.load(at: path, options: pad, readingAgain: base))
    if base.options.dialect == .apple, base.files.contains(where: { $0.hasSuffix(".inApp.plist") })
    {
      var iask = options
      iask.dialect = .iask
      iask.followsBundleReader = false
      readings.append(try SettingsBundle.load(at: path, options: iask, readingAgain: base))
    }
    return readings
  }

  /// The distinct `Key`s of a bundle's pages, in file order.
  static func keys(of readings: [SettingsBundle]) -> [String] {
    var seen = Set<String>()
    var result: [String] = []
    for reading in readings {
      for page in reading.pages {
        for specifier in page.specifiers {
          if let key = specifier.key, !key.isEmpty, seen.insert(key).inserted { result.append(key) }
        }
      }
    }
    return result
  }
}

/// Text lines of a file's bytes (decoded), nil for a binary file.
func textLines(_ bytes: [UInt8]) -> [String]? {
  if bytes.starts(with: Array("bplist".utf8)) { return nil }
  guard let decoded = try? TextDecoding.decode(bytes) else { return nil }
  return String(decoding: decoded.utf8, as: UTF8.self).components(separatedBy: "\n")
}

/// What Foundation's reader makes of a file.
func foundationReading(_ bytes: [UInt8]) -> Any? {
  try? PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
}

/// The spellings of a key a changed line may hold: as written, XML-escaped, quoted.
func spellings(_ key: String) -> [String] {
  [
    key, XMLPlistWriter.escapedText(key) ?? key, StringsWriter.quoted(key),
    PlistValue.openStepToken(key),
  ]
}

@Suite struct KeyRenameCorpusTests {
  static var bundles: [String] {
    Paths.corpusBundles.map(\.path)
  }

  /// Renames a few keys of every corpus bundle: only lines that named the old
  /// key change (each then names the new one), and Foundation reads every file
  /// written with the new key where the old one was.
  @Test(
    .enabled(if: !Paths.corpusBundles.isEmpty, "the corpus at ../shared/corpus is absent"),
    arguments: bundles)
  func renamingChangesOnlyTheLinesThatNameTheKey(bundle: String) throws {
    let readings = try TestReadings.of(bundle)
    let keys = TestReadings.keys(of: readings)
    // First, middle and last: the property holds for each; three keep the run short.
    let chosen = Array(
      Set([keys.first, keys.dropFirst(keys.count / 2).first, keys.last].compactMap { $0 }))
    for old in chosen.sorted() {
      let new = old + "_renamé"
      let rename: KeyRename
      do {
        rename = try KeyRename.plan(readings: readings, from: old, to: new)
      } catch .fileNotEditable(let file, let reason) {
        Issue.record("\(bundle): \(old): \(file) not editable: \(reason)")
        continue
      } catch {
        Issue.record("\(bundle): \(old): \(error)")
        continue
      }
      #expect(!rename.files.isEmpty)
      for file in rename.files {
        let copies = rename.changes.filter { $0.file == file.path && $0.kind == .tableKeyCopied }
        if let before = textLines(file.previous), let after = textLines(file.bytes) {
          if copies.isEmpty {
            #expect(before.count == after.count, "\(bundle)/\(file.path): line count changed")
            for (was, now) in zip(before, after) where was != now {
              #expect(
                spellings(old).contains(where: was.contains)
                  && spellings(new).contains(where: now.contains),
                "\(bundle)/\(file.path): a line that does not name \(old) changed: \(was) -> \(now)"
              )
            }
          } else {
            // The old lines are all still there, in order; what is added names the new key.
            var iterator = after.makeIterator()
            for line in before {
              var found = false
              while let next = iterator.next() {
                if next == line {
                  found = true
                  break
                }
              }
              #expect(found, "\(bundle)/\(file.path): a line went: \(line)")
            }
          }
        }
        let read = foundationReading(file.bytes)
        #expect(read != nil, "\(bundle)/\(file.path): Foundation does not read the result")
        if let root = read as? [String: Any], let elements = root["PreferenceSpecifiers"] as? [Any]
        {
          let keys = elements.compactMap { ($0 as? [String: Any])?["Key"] as? String }
          #expect(keys.contains(new), "\(bundle)/\(file.path): no element has \(new)")
          #expect(!keys.contains(old), "\(bundle)/\(file.path): an element still has \(old)")
        } else if let table = read as? [String: Any] {
          #expect(table[new] != nil, "\(bundle)/\(file.path): the table has no \(new)")
          if copies.isEmpty {
            #expect(table[old] == nil, "\(bundle)/\(file.path): the table still has \(old)")
          }
        }
      }
    }
  }
}

@Suite struct KeyRenameTests {
  static let ccip = Paths.corpus.appendingPathComponent("CCIP-App__CCIP-iOS/Settings.bundle").path
  static var hasCCIP: Bool { FileManager.default.fileExists(atPath: ccip) }

  /// CCIP-App/CCIP-iOS writes `ClearScheduleContentCache` as both the Key and
  /// the Title of a toggle, and translates it in UTF-16 tables.
  @Test(.enabled(if: hasCCIP, "the corpus bundle CCIP-App__CCIP-iOS is absent"))
  func aKeyUsedAsItsTitleIsRenamedInTheTitleAndInEveryTable() throws {
    let readings = try TestReadings.of(Self.ccip)
    let rename = try KeyRename.plan(
      readings: readings, from: "ClearScheduleContentCache", to: "clearScheduleCache")
    #expect(
      rename.changes == [
        .init(file: "Root.plist", line: 39, kind: .text(keyPath: "PreferenceSpecifiers[3].Title")),
        .init(file: "Root.plist", line: 41, kind: .key(keyPath: "PreferenceSpecifiers[3]")),
        .init(file: "en.lproj/Root.strings", line: 6, kind: .tableKey),
        .init(file: "zh-Hant.lproj/Root.strings", line: 6, kind: .tableKey),
      ])
    for file in rename.files where file.path.hasSuffix(".strings") {
      #expect(file.bytes.starts(with: [0xFF, 0xFE]), "\(file.path) is no longer UTF-16")
      #expect(file.bytes.count == file.previous.count - 2 * 7)
      let table = foundationReading(file.bytes) as? [String: String]
      #expect(table?["clearScheduleCache"] != nil)
      #expect(table?["ClearScheduleContentCache"] == nil)
    }
  }

  @Test(.enabled(if: hasCCIP, "the corpus bundle CCIP-App__CCIP-iOS is absent"))
  func refusesANewKeyAnElementHas() throws {
    let readings = try TestReadings.of(Self.ccip)
    #expect(
      throws: KeyRenameError.keyExists(
        "build_timestamp",
        places: [
          PagePlace(
            file: "Root.plist",
            place: .text(
              SourceSnippet(
                location: TextLocation(line: 29, column: 4),
                lineText: "\t\t\t<string>build_timestamp</string>")))
        ])
    ) {
      try KeyRename.plan(readings: readings, from: "version_preference", to: "build_timestamp")
    }
    #expect(throws: KeyRenameError.keyNotFound("nope")) {
      try KeyRename.plan(readings: readings, from: "nope", to: "other")
    }
    #expect(throws: KeyRenameError.sameKey("COSCUP")) {
      try KeyRename.plan(readings: readings, from: "COSCUP", to: "COSCUP")
    }
    #expect(throws: KeyRenameError.emptyKey) {
      try KeyRename.plan(readings: readings, from: "COSCUP", to: "")
    }
  }
}

@Suite struct KeyRenameSharedTextTests {
  /// A bundle where a toggle's Key and Title are `sound` and a group's Title
  /// is `sound` too: the group still shows `sound`, so each table keeps its
  /// entry and gains one under the new key on the next line, comments and the
  /// shorthand `"sound";` kept.
  static func bundle() throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-rename-shared-\(UUID().uuidString)/Settings.bundle")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("de.lproj"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("fr.lproj"), withIntermediateDirectories: true)
    let root = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0">
      <dict>
      \t<key>PreferenceSpecifiers</key>
      \t<array>
      \t\t<dict>
      \t\t\t<key>Type</key>
      \t\t\t<string>PSGroupSpecifier</string>
      \t\t\t<key>Title</key>
      \t\t\t<string>sound</string>
      \t\t</dict>
      \t\t<dict>
      \t\t\t<key>Type</key>
      \t\t\t<string>PSToggleSwitchSpecifier</string>
      \t\t\t<key>Title</key>
      \t\t\t<string>sound</string>
      \t\t\t<key>Key</key>
      \t\t\t<string>sound</string>
      \t\t\t<key>DefaultValue</key>
      \t\t\t<true/>
      \t\t</dict>
      \t</array>
      \t<key>StringsTable</key>
      \t<string>Root</string>
      </dict>
      </plist>

      """
    try Data(root.utf8).write(to: folder.appendingPathComponent("Root.plist"))
    try Data("/* Ton */\n\"sound\" = \"Ton\";\n".utf8).write(
      to: folder.appendingPathComponent("de.lproj/Root.strings"))
    try Data(
      [0xFF, 0xFE] + Array("  \"sound\";\r\n".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    )
    .write(to: folder.appendingPathComponent("fr.lproj/Root.strings"))
    return folder.path
  }

  @Test func anEntryStillShownIsCopiedUnderTheNewKey() throws {
    let path = try Self.bundle()
    defer {
      try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent)
    }
    let rename = try KeyRename.plan(
      readings: try TestReadings.of(path), from: "sound", to: "sound_on")
    #expect(
      rename.changes == [
        .init(file: "Root.plist", line: 16, kind: .text(keyPath: "PreferenceSpecifiers[1].Title")),
        .init(file: "Root.plist", line: 18, kind: .key(keyPath: "PreferenceSpecifiers[1]")),
        .init(file: "de.lproj/Root.strings", line: 2, kind: .tableKeyCopied),
        .init(file: "fr.lproj/Root.strings", line: 1, kind: .tableKeyCopied),
      ])
    let german = try #require(rename.files.first { $0.path == "de.lproj/Root.strings" })
    #expect(
      String(decoding: german.bytes, as: UTF8.self)
        == "/* Ton */\n\"sound\" = \"Ton\";\n\"sound_on\" = \"Ton\";\n")
    let french = try #require(rename.files.first { $0.path == "fr.lproj/Root.strings" })
    let text = try TextDecoding.decode(french.bytes)
    #expect(text.encoding == .utf16LittleEndianWithBOM)
    #expect(
      String(decoding: text.utf8, as: UTF8.self)
        == "  \"sound\";\r\n  \"sound_on\" = \"sound\";\r\n")
    #expect(
      (foundationReading(french.bytes) as? [String: String]) == [
        "sound": "sound", "sound_on": "sound",
      ])
  }
}
