import Foundation
import Plist
import TestSupport
import Testing

/// Every plist and `.strings` file in the corpus and the fixtures reads to
/// the same values as Foundation's `PropertyListSerialization` where Foundation
/// accepts the file, and fails (or reports an error iOS would hit) where it fails.
struct DifferentialTests {
  static let roots = [Paths.corpus, Paths.fixtures]

  static let plistFiles: [String] = roots.flatMap { root in
    Paths.files(under: root, extensions: ["plist"]).map { root.appendingPathComponent($0).path }
  }

  static let stringsFiles: [String] = roots.flatMap { root in
    Paths.files(under: root, extensions: ["strings"]).map { root.appendingPathComponent($0).path }
  }

  @Test(.needsCorpus) func theCorpusIsThere() {
    #expect(Self.plistFiles.count > 150)
    #expect(Self.stringsFiles.count > 600)
  }

  @Test(arguments: plistFiles)
  func plistMatchesFoundation(path: String) throws {
    let bytes = try Paths.bytes(URL(fileURLWithPath: path))
    compare(path, bytes, Result { try PropertyListReader.read(bytes) }) {
      ($0.root.value, $0.issues)
    }
  }

  /// The XML plists of the corpus and fixtures, each as its text.
  static let xmlPlists: [(path: String, text: String)] = plistFiles.compactMap { path in
    guard let bytes = try? Paths.bytes(URL(fileURLWithPath: path)),
      bytes.starts(with: Array("<?xml".utf8)),
      let text = String(validating: bytes, as: UTF8.self)
    else { return nil }
    return (path, text)
  }

  /// Layouts of one XML plist that iOS reads alike: all CR LF, all on one
  /// line (tags side by side), and both (one line with CR LF inside values).
  enum Layout: String, CaseIterable, Sendable { case crlf, oneLine, both }

  static func relaid(_ text: String, as layout: Layout) -> String {
    let unix = text.replacingOccurrences(of: "\r\n", with: "\n")
    let oneLine = unix.replacingOccurrences(
      of: ">[ \t]*\n[ \t\n]*<", with: "><", options: .regularExpression)
    switch layout {
    case .crlf: return unix.replacingOccurrences(of: "\n", with: "\r\n")
    case .oneLine: return oneLine
    case .both: return oneLine.replacingOccurrences(of: "\n", with: "\r\n") + "\r\n"
    }
  }

  @Test(.needsCorpus) func everyLayoutIsTried() {
    #expect(Self.xmlPlists.count > 100)
    let sample = "<?xml version=\"1.0\"?>\n<plist>\n<dict>\n\t<key>a</key>\n</dict>\n</plist>\n"
    #expect(Self.relaid(sample, as: .oneLine).contains("<dict><key>a</key></dict>"))
    #expect(Self.relaid(sample, as: .both).contains("\r\n"))
  }

  /// Regression: a CR anywhere in the file with several tags on one line made
  /// `<key>a</key><string>b</string>` read as the key `a</key>`.
  @Test(arguments: Layout.allCases)
  func relaidCorpusPlistsMatchFoundation(layout: Layout) {
    for (path, text) in Self.xmlPlists {
      let bytes = Array(Self.relaid(text, as: layout).utf8)
      compare("\(path) (\(layout))", bytes, Result { try PropertyListReader.read(bytes) }) {
        ($0.root.value, $0.issues)
      }
    }
  }

  @Test func keysAndValuesOnOneLineWithACarriageReturn() throws {
    let text =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\r\n<plist version=\"1.0\"><dict><key>a</key><string>b\r\nc</string><key>n</key><integer>1</integer></dict></plist>"
    let value = try PropertyListReader.read(Array(text.utf8)).root.value
    #expect(value == .dictionary(["a": .string("b\r\nc"), "n": .integer(1)]))
    #expect(FoundationOracle.read(Array(text.utf8)) == value)
  }

  @Test(arguments: stringsFiles)
  func stringsMatchFoundation(path: String) throws {
    let bytes = try Paths.bytes(URL(fileURLWithPath: path))
    compare(path, bytes, Result { try StringsReader.read(bytes) }) { result in
      var table: [PlistKey: PlistValue] = [:]
      for entry in result.file.entries { table[PlistKey(entry.key)] = entry.value.value }
      return (.dictionary(table), result.issues)
    }
  }

  /// Same values where Foundation reads the file; where it fails, prefs fails
  /// too or reports an error that iOS would hit.
  func compare<Read>(
    _ path: String, _ bytes: [UInt8], _ ours: Result<Read, any Error>,
    _ values: (Read) -> (PlistValue, [ReadIssue])
  ) {
    let expected = FoundationOracle.read(bytes)
    switch (expected, ours) {
    case (let expected?, .success(let read)):
      let (value, issues) = values(read)
      #expect(value.isIdentical(to: expected), "\(path)")
      #expect(!issues.contains { $0.severity == .error }, "\(path): \(issues)")
    case (nil, .failure):
      break
    case (nil, .success(let read)):
      #expect(
        values(read).1.contains { $0.severity == .error },
        "Foundation rejects \(path) but prefs reads it cleanly")
    case (_?, .failure(let error)):
      Issue.record("Foundation reads \(path) but prefs fails: \(error)")
    }
  }
}
