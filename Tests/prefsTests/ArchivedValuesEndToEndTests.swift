import Foundation
import Plist
import TestSupport
import Testing

/// `prefs defaults read/export` on a domain holding NSKeyedArchiver data
/// (Terminal.app's Solarized profile, byte for byte): the tree by default,
/// the bytes as before with --raw, and the domain file never changed.
struct ArchivedValuesEndToEndTests {
  let folder: URL
  let file: URL

  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-archived-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    file = folder.appendingPathComponent("com.apple.Terminal.plist")
    try FileManager.default.copyItem(
      at: Paths.fixtures.appendingPathComponent("Archives/Solarized Dark ansi.terminal"), to: file)
  }

  func prefs(_ arguments: [String]) -> PrefsBinary.Run {
    PrefsBinary.run(["defaults"] + arguments + ["--defaults-dir", folder.path])
  }

  @Test func readShowsTheTreeAndRawTheBytes() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let before = try Data(contentsOf: file)
    let tree = prefs(["read", "com.apple.Terminal", "Font"])
    #expect(tree.code == 0)
    #expect(
      tree.output
        == "archived NSFont : NSObject\n    NSName = \"Menlo-Regular\"\n    NSSize = 11.0\n    NSfFlags = 16\n"
    )
    let root = try PropertyListReader.read([UInt8](before)).root.value
    guard case .dictionary(let values) = root, let font = values["Font"] else {
      Issue.record("no Font")
      return
    }
    #expect(
      prefs(["read", "com.apple.Terminal", "Font", "--raw"]).output == font.readText(
        forTerminal: false) + "\n")
    #expect(
      prefs(["read", "com.apple.Terminal", "--raw"]).output == root.readText(forTerminal: false)
        + "\n")
    #expect(
      prefs(["read", "com.apple.Terminal", "--json", "--raw"]).output == JSONValue(root).rendered()
        + "\n")
    let json = prefs(["export", "com.apple.Terminal", "-", "--format", "json"]).output
    #expect(json.contains("\"$archive\": {\n      \"$class\": \"NSColor\""))
    #expect(
      !prefs(["export", "com.apple.Terminal", "-", "--format", "json", "--raw"]).output.contains(
        "$archive"))
    _ = prefs(["read", "com.apple.Terminal", "--json"])
    _ = prefs(["export", "com.apple.Terminal", "-"])
    #expect(try Data(contentsOf: file) == before)
  }
}
