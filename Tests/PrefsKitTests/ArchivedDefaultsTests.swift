import DefaultsStore
import Foundation
import Plist
import PrefsKit
import SettingsForm
import TestSupport
import Testing

/// Archived values in a defaults domain: read, read --json and export show
/// the tree, `.raw` shows what was shown before, reading never changes the
/// stored bytes, and values that are no archive show as before.
struct ArchivedDefaultsTests {
  static let terminal = Paths.fixtures.appendingPathComponent(
    "Archives/Solarized Dark ansi.terminal")

  static func archive(_ object: Any) -> Data {
    let archiver = NSKeyedArchiver(requiringSecureCoding: false)
    archiver.encode(object, forKey: NSKeyedArchiveRootObjectKey)
    archiver.finishEncoding()
    return archiver.encodedData
  }

  let folder: String
  let defaults: DefaultsFrontEnd

  init() throws {
    folder = NSTemporaryDirectory() + "prefs-archived-defaults-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let environment = PrefsEnvironment(workingDirectory: Paths.repository.path)
    defaults = DefaultsFrontEnd(
      location: try StoreLocation(StoreOptions(folder: folder), environment: environment),
      environment: environment)
    // Terminal.app's profile as a domain file, byte for byte; and one of corelibs' archives.
    try FileManager.default.copyItem(
      atPath: Self.terminal.path, toPath: folder + "/com.apple.Terminal.plist")
    let app: PlistValue = .dictionary([
      "recent": .data(
        Self.archive(NSArray(array: ["a", NSDate(timeIntervalSinceReferenceDate: 0)]))),
      "name": .string("Ann"), "plain": .data(Data([1, 2, 3])), "count": .integer(3),
    ])
    try Data(try BinaryPlistWriter.write(app)).write(
      to: URL(fileURLWithPath: folder + "/com.example.app.plist"))
  }

  func bytes(_ domain: String) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: folder + "/\(domain).plist"))
  }

  @Test(arguments: ["com.apple.Terminal", "com.example.app"])
  func readingNeverChangesTheStoredBytes(domain: String) throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let before = try bytes(domain)
    let values = try defaults.read(domain: domain)
    for display in [ArchiveDisplay.tree, .raw] {
      _ = values.readText(forTerminal: true, archives: display)
      _ = values.readJSON(archives: display).rendered()
      _ = try defaults.export(domain: domain, format: .json, archives: display)
      _ = try defaults.export(domain: domain, format: .plist, archives: display)
    }
    guard case .dictionary(let entries) = values else { return }
    for (key, _) in entries { _ = try defaults.read(domain: domain, key: key.string) }
    for value in entries.values { _ = ArchivedValueText.line(of: value) }
    #expect(try bytes(domain) == before)
  }

  @Test func anArchiveReadsAsItsTreeAndRawAsBefore() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let colour = try defaults.read(domain: "com.apple.Terminal", key: "BackgroundColor")
    #expect(
      colour.readText(forTerminal: true, archives: .tree)
        == "archived NSColor red 0.01592440531 green 0.1265209168 blue 0.1596960127 alpha 0.96 (NSColorSpace 1)"
    )
    #expect(colour.readText(forTerminal: true, archives: .raw) == colour.readText)
    let domain = try defaults.read(domain: "com.apple.Terminal")
    #expect(domain.readText(forTerminal: true, archives: .raw) == domain.readText)
    #expect(JSONValue(domain).rendered() == domain.readJSON(archives: .raw).rendered())
    let shown = domain.readText(forTerminal: true, archives: .tree)
    #expect(
      shown.contains("    Font = archived NSFont : NSObject\n        NSName = \"Menlo-Regular\"\n"))
    #expect(ArchivedValueText.line(of: colour)?.hasPrefix("archived NSColor red 0.0159") == true)
  }

  /// Values that are no archive show exactly as before, whatever the display.
  @Test func otherValuesShowAsBefore() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    for key in ["name", "plain", "count"] {
      let value = try defaults.read(domain: "com.example.app", key: key)
      #expect(value.readText(forTerminal: true, archives: .tree) == value.readText)
      #expect(value.readJSON(archives: .tree).rendered() == JSONValue(value).rendered())
      #expect(ArchivedValueText.line(of: value) == nil)
    }
  }

  /// export --format json carries the tree beside the bytes; import reads the bytes back.
  @Test(arguments: ["com.apple.Terminal", "com.example.app"])
  func exportedTreesImportAsTheBytes(domain: String) throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let (json, _) = try defaults.export(domain: domain, format: .json)
    let text = String(decoding: json, as: UTF8.self)
    #expect(text.contains("\"$archive\": {"))
    let (raw, _) = try defaults.export(domain: domain, format: .json, archives: .raw)
    #expect(!String(decoding: raw, as: UTF8.self).contains("$archive"))
    let back = try DefaultsFrontEnd.values(in: json, named: "export.json", format: .json)
    #expect(PlistValue.dictionary(back) == (try defaults.read(domain: domain)))
  }

  /// An archive holding nil (`$null`: every absolute NSURL's NS.base, as
  /// corelibs' NSKeyedArchiver writes it) or NSNull exports as JSON, and the
  /// export imports as the same bytes (tester 2026-11-27d H-g).
  @Test func archivesHoldingNilExportAsJSONAndImportAsTheBytes() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let values: [PlistKey: PlistValue] = [
      "lastURL": .data(Self.archive(NSURL(string: "https://example.com/")!)),
      "nothing": .data(Self.archive(NSNull())),
      "list": .data(Self.archive(NSArray(array: [NSNull(), "a"]))),
      "name": .string("x"),
    ]
    try Data(try BinaryPlistWriter.write(.dictionary(values))).write(
      to: URL(fileURLWithPath: folder + "/com.example.url.plist"))
    let (json, count) = try defaults.export(domain: "com.example.url", format: .json)
    #expect(count == 4)
    let text = String(decoding: json, as: UTF8.self)
    #expect(text.contains("\"$archive\": {"))
    #expect(text.contains("\"$null\": true"))
    let back = try DefaultsFrontEnd.values(in: json, named: "export.json", format: .json)
    #expect(back == values)
  }

  /// An archive over the reader's limits (here its property list nested
  /// deeper than the reader goes; KeyedArchiveTests' OverReadLimitsTests has
  /// the tester's million values) is named as one, with the reason, after
  /// its bytes (tester 2026-11-27d H-h).
  @Test func anArchiveTooLargeToShowSaysSo() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var nested = PlistValue.string("s")
    for _ in 0..<250 { nested = .array([nested]) }
    let data = Data(
      try BinaryPlistWriter.write(
        .dictionary([
          "$archiver": .string("NSKeyedArchiver"), "$version": .integer(100000),
          "$top": .dictionary(["root": .dictionary(["CF$UID": .integer(1)])]),
          "$objects": .array([.string("$null"), nested]),
        ]), limits: ReadLimits(maximumDepth: 300)))
    let shown = try #require(ArchiveDisplay.tree.text(of: data, indent: 0))
    #expect(
      shown == PlistValue.data(data).scalarText
        + " (an NSKeyedArchiver archive too large to show: nesting deeper than 200 levels)")
    #expect(ArchiveDisplay.raw.text(of: data, indent: 0) == nil)
    #expect(ArchiveDisplay.tree.text(of: Data(repeating: 0x78, count: 100), indent: 0) == nil)
  }
}
