import Foundation
import TestSupport
import Testing

/// A translation under a key that differs from the page's string only in
/// white space or Unicode normalization is a miss on the device (CFBundle
/// finds keys by exact scalars), hinted like a letter-case miss (tester F19).
/// Made from a real bundle (OneBusAway's fr table, UTF-16LE) by rewriting
/// one key; before, only the letter case got a hint.
struct NearMissKeyHintTests {
  static let bundle = Paths.fixtures.appendingPathComponent(
    "Unseen/OneBusAway__onebusaway-iphone/Settings.bundle")

  @Test(arguments: [
    ("\"Recent Stops\"", "\"Recent Stops \"", "white space"),
    ("\"Recent Stops\"", "\"Recent\u{A0}Stops\"", "white space"),
    ("\"Recent Stops\"", "\"recent stops\"", "letter case"),
  ])
  func aNearMissKeyGetsTheHint(key: String, written: String, reason: String) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-nearmiss-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let copy = folder.appendingPathComponent("Settings.bundle")
    try FileManager.default.copyItem(at: Self.bundle, to: copy)
    let table = copy.appendingPathComponent("fr.lproj/Root.strings")
    let text = try String(contentsOf: table, encoding: .utf16)
    #expect(text.contains(key + " ="))
    let rewritten = text.replacingOccurrences(of: key + " =", with: written + " =")
    try ("\u{FEFF}" + rewritten.drop { $0 == "\u{FEFF}" }).write(
      to: table, atomically: true, encoding: .utf16LittleEndian)
    let lint = DumpTests.run(["lint", copy.path])
    let page = String(key.dropFirst().dropLast())
    let line = lint.output.split(separator: "\n").first {
      $0.contains("\"\(page)\" has no translation in fr.lproj/Root.strings")
    }
    #expect(line?.contains("did you mean") == true, "\(lint.output)")
    #expect(line?.contains(reason) == true, "\(line ?? "")")
  }
}
