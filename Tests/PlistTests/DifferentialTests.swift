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
      #expect(value == expected, "\(path)")
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
