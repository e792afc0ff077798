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

  @Test func theCorpusIsThere() {
    #expect(Self.plistFiles.count > 150)
    #expect(Self.stringsFiles.count > 600)
  }

  @Test(arguments: plistFiles)
  func plistMatchesFoundation(path: String) throws {
    let bytes = try Paths.bytes(URL(fileURLWithPath: path))
    let expected = FoundationOracle.read(bytes)
    let ours = Result { try PropertyListReader.read(bytes) }
    switch (expected, ours) {
    case (let expected?, .success(let document)):
      #expect(document.root.value == expected, "\(path)")
      #expect(!document.issues.contains { $0.severity == .error }, "\(path)")
    case (nil, .failure):
      break
    case (nil, .success(let document)):
      #expect(
        document.issues.contains { $0.severity == .error },
        "Foundation rejects \(path) but prefs reads it cleanly")
    case (_?, .failure(let error)):
      Issue.record("Foundation reads \(path) but prefs fails: \(error)")
    }
  }

  @Test(arguments: stringsFiles)
  func stringsMatchFoundation(path: String) throws {
    let bytes = try Paths.bytes(URL(fileURLWithPath: path))
    let expected = FoundationOracle.read(bytes)
    let ours = Result { try StringsReader.read(bytes) }
    switch (expected, ours) {
    case (let expected?, .success(let result)):
      var table: [String: PlistValue] = [:]
      for entry in result.file.entries { table[entry.key] = entry.value.value }
      #expect(PlistValue.dictionary(table) == expected, "\(path)")
      #expect(!result.issues.contains { $0.severity == .error }, "\(path): \(result.issues)")
    case (nil, .failure):
      break
    case (nil, .success(let result)):
      #expect(
        result.issues.contains { $0.severity == .error },
        "Foundation rejects \(path) but prefs reads it cleanly")
    case (_?, .failure(let error)):
      Issue.record("Foundation reads \(path) but prefs fails: \(error)")
    }
  }
}
