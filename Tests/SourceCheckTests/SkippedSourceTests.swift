import Foundation
import TestSupport
import Testing

@testable import SourceCheck

/// A source file the scan does not read is reported, with why and where,
/// never dropped in silence; the other files are still read.
struct SkippedSourceTests {
  static func folder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-skipped-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  static let fine = "let y = UserDefaults.standard.bool(forKey: \"kept\")\n"

  @Test(arguments: ["swift", "m"])
  func aFileOverTheSizeLimitIsReportedAsSkipped(pathExtension: String) throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let large = folder.appendingPathComponent("Large.\(pathExtension)").path
    let descriptor = open(large, O_WRONLY | O_CREAT, 0o600)
    #expect(ftruncate(descriptor, off_t(SourceScanner.maximumFileBytes + 1)) == 0)
    close(descriptor)
    try Data(Self.fine.utf8).write(to: folder.appendingPathComponent("Fine.swift"))
    let scan = try SourceScanner.scan([folder.path])
    #expect(
      scan.skipped == [
        SkippedSource(file: large, reason: .tooLarge(limit: SourceScanner.maximumFileBytes))
      ])
    #expect(scan.uses.map(\.key) == ["kept"])
  }

  @Test func aFIFOIsReportedAsUnreadableWithoutWaiting() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = folder.appendingPathComponent("Pipe.swift").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let scan = try SourceScanner.scan([folder.path])
    #expect(scan.skipped == [SkippedSource(file: fifo, reason: .unreadable)])
  }

  /// The line where the limit is crossed is named, with its text (the first
  /// 400 bytes of it); the
  /// file's other uses are not guessed, the other files' are found.
  @Test(arguments: [
    (
      String(repeating: "[", count: 7) + "0" + String(repeating: "]", count: 7), "run",
      12 + SwiftNesting.maximumTypeRun
    ),
    ("a" + String(repeating: ".b", count: 300), "depth", 13 + 2 * SwiftNesting.maximumDepth),
  ])
  func aFileNestedTooDeepIsSkippedAtItsLine(code: String, limit: String, column: Int) throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let deep = folder.appendingPathComponent("Deep.swift").path
    let text =
      "import Foundation\n" + Self.fine.replacingOccurrences(of: "kept", with: "lost")
      + "let grid = " + code + "\n"
    try Data(text.utf8).write(to: URL(fileURLWithPath: deep))
    try Data(Self.fine.utf8).write(to: folder.appendingPathComponent("Fine.swift"))
    let scan = try SourceScanner.scan([folder.path])
    let reason: SkippedSource.Reason =
      limit == "run"
      ? .bracketRunTooLong(limit: SwiftNesting.maximumTypeRun)
      : .nestedTooDeep(limit: SwiftNesting.maximumDepth)
    #expect(
      scan.skipped == [
        SkippedSource(
          file: deep, reason: reason, line: 3, column: column,
          lineText: String(("let grid = " + code).prefix(400)))
      ])
    #expect(scan.uses.map(\.key) == ["kept"])
  }
}
