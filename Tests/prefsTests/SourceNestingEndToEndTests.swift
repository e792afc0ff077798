import Foundation
import TestSupport
import Testing

/// `prefs lint --sources` on Swift files that nest past what swift-syntax's
/// parser and visitors survive: each is skipped with a finding at its line
/// and lint ends normally. Before, 1,000 nested `[` ran for hours (the
/// parser's lookahead doubles a level) and 20,000 chained members or `try`s
/// overflowed the stack; the binary runs as a child process under a time
/// limit, so a hang or a crash fails the test instead of the run.
struct SourceNestingEndToEndTests {
  static let shapes: [String: String] = [
    "brackets": String(repeating: "[", count: 1_000) + "1" + String(repeating: "]", count: 1_000),
    "parentheses": String(repeating: "(", count: 1_000) + "1"
      + String(repeating: ")", count: 1_000),
    "closures": String(repeating: "{ ", count: 1_000) + "1" + String(repeating: " }", count: 1_000),
    "members": "a" + String(repeating: ".b", count: 20_000),
    "tries": String(repeating: "try ", count: 20_000) + "f()",
  ]

  @Test(arguments: shapes.keys.sorted())
  func deepNestingIsSkippedWithAFinding(shape: String) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-nesting-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let code = try #require(Self.shapes[shape])
    let source = "import Foundation\nlet x = " + code + "\n"
    try Data(source.utf8).write(to: folder.appendingPathComponent("Deep.swift"))
    try Data("let y = UserDefaults.standard.bool(forKey: \"unitsPref\")\n".utf8).write(
      to: folder.appendingPathComponent("Fine.swift"))
    let bundle = Paths.examples.appendingPathComponent("Conversor/Settings.bundle").path
    let run = try ChildProcess.run(
      URL(fileURLWithPath: "/usr/bin/timeout"),
      ["-s", "KILL", "120", EndToEndTests.binary.path, "lint", bundle, "--sources", folder.path])
    #expect(run.status == 0 || run.status == 1, "\(run.status): \(run.errors.prefix(2_000))")
    let finding = run.output.split(separator: "\n").first { $0.contains("[source-skipped]") }
    #expect(finding?.contains("Deep.swift:2:") == true, "\(run.output.prefix(2_000))")
  }
}
