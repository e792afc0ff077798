import Foundation
import Plist
import TestSupport
import Testing

@testable import prefs

/// `prefs diff` and `prefs defaults migrate` as users run them.
struct DiffCommandTests {
  static let fixtures = "Tests/Fixtures/Diff"
  static func bundle(_ name: String) -> String { "\(fixtures)/\(name)/Settings.bundle" }

  init() {
    _ = FileManager.default.changeCurrentDirectoryPath(Paths.repository.path)
  }

  @Test(arguments: [
    ("base", 0), ("key-removed", 1), ("key-renamed", 1), ("default-changed", 0),
    ("strings-added", 0), ("range-changed", 1),
  ])
  func exitStatusSaysWhetherSomethingBreaks(fixture: String, status: Int32) {
    let run = DumpTests.run(["diff", Self.bundle("base"), Self.bundle(fixture)])
    #expect(run.code == status, "\(run.output)\(run.errors)")
  }

  @Test(arguments: DiffFormat.allCases)
  func goldenOutput(format: DiffFormat) {
    let run = DumpTests.run([
      "diff", Self.bundle("base"), Self.bundle("toggle-values-changed"), "--format",
      format.rawValue,
    ])
    #expect(run.code == 1)
    expectGolden(run.output, "diff/toggle-values-changed.\(format.rawValue)")
  }

  @Test func jsonHasTheDocumentedShape() throws {
    let run = DumpTests.run([
      "diff", Self.bundle("base"), Self.bundle("key-renamed"), "--format", "json",
    ])
    let object = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any]
    #expect(object?["version"] as? Int == 1)
    let change = try #require((object?["changes"] as? [[String: Any]])?.first)
    #expect(
      Set(change.keys) == [
        "kind", "severity", "key", "page", "old", "new", "oldLocation", "newLocation", "message",
        "idiom",
      ])
    #expect(change["kind"] as? String == "key-renamed")
    #expect((change["newLocation"] as? [String: Any])?["line"] as? Int == 13)
  }

  @Test func failOnIsConfigurable() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-diff-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let config = folder.appendingPathComponent(".prefs.yml").path
    try "diff:\n  fail-on: [breaking, behaviour]\n".write(
      toFile: config, atomically: true, encoding: .utf8)
    let args = ["diff", Self.bundle("base"), Self.bundle("default-changed"), "--config", config]
    #expect(DumpTests.run(args).code == 1)
    try "diff:\n  fail-on: [everything]\n".write(toFile: config, atomically: true, encoding: .utf8)
    let bad = DumpTests.run(args)
    #expect(bad.code == 2)
    #expect(bad.errors.contains("unknown severity \"everything\""))
  }

  @Test(arguments: [
    ["diff", "Examples/Showcase/Settings.bundle"], ["diff", "a", "b", "--format", "xml"],
    ["diff", "/nonexistent/Settings.bundle", "Examples/Showcase/Settings.bundle"],
  ])
  func usageErrorsExitWith2(arguments: [String]) {
    #expect(DumpTests.run(arguments).code == 2)
  }

  // MARK: - A bundle from a git revision

  static func run(_ arguments: [String], in folder: URL) throws -> (Int32, String, String) {
    let result = try ChildProcess.run(
      EndToEndTests.binary, arguments, environment: ["PATH": "/usr/bin:/bin", "HOME": folder.path],
      in: folder)
    return (result.status, result.output, result.errors)
  }

  static func git(_ arguments: [String], in folder: URL) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
      ["git", "-c", "user.name=prefs", "-c", "user.email=prefs@example.com"] + arguments
    process.currentDirectoryURL = folder
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "git \(arguments)")
  }

  @Test func aBundleIsReadFromAGitRevisionWithoutCheckingItOut() throws {
    let repository = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-git-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: repository) }
    let app = repository.appendingPathComponent("App")
    try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
    let bundle = app.appendingPathComponent("Settings.bundle")
    try Self.git(["init", "-q"], in: repository)
    try FileManager.default.copyItem(
      at: Paths.repository.appendingPathComponent(Self.bundle("base")), to: bundle)
    // A link in the tree is never followed out of the bundle.
    try FileManager.default.createSymbolicLink(
      atPath: bundle.appendingPathComponent("Leak.plist").path, withDestinationPath: "/etc/passwd")
    try Self.git(["add", "-A"], in: repository)
    try Self.git(["commit", "-q", "-m", "base"], in: repository)
    try FileManager.default.removeItem(at: bundle)
    try FileManager.default.copyItem(
      at: Paths.repository.appendingPathComponent(Self.bundle("key-removed")), to: bundle)
    try Self.git(["add", "-A"], in: repository)
    try Self.git(["commit", "-q", "-m", "remove name"], in: repository)

    let (status, output, errors) = try Self.run(
      ["diff", "HEAD~1:App/Settings.bundle", "App/Settings.bundle"], in: repository)
    #expect(status == 1, "\(errors)")
    #expect(
      output.hasPrefix(
        "HEAD~1:App/Settings.bundle/Root.plist:57:3: error: breaking: the key \"name\""),
      "\(output)")
    let (same, _, _) = try Self.run(
      ["diff", "HEAD:App/Settings.bundle", "App/Settings.bundle"], in: repository)
    #expect(same == 0)
    let (missing, _, why) = try Self.run(
      ["diff", "HEAD:Nope.bundle", "App/Settings.bundle"], in: repository)
    #expect(missing == 2, "\(why)")
    let (escape, _, _) = try Self.run(["diff", "HEAD:../x", "App/Settings.bundle"], in: repository)
    #expect(escape == 2)
    // Nothing was checked out or left behind.
    try Self.git(["diff", "--quiet", "HEAD"], in: repository)
  }

  // MARK: - defaults migrate

  @Test func migrateWritesOnceAndRefusalsLeaveTheFileByteForByte() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-migrate-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    func defaults(_ arguments: [String]) -> DumpTests.Run {
      DumpTests.run(["defaults"] + arguments + ["--defaults-dir", folder.path])
    }
    for pair in [["sound", "-bool", "false"], ["theme", "light"], ["name", "Ana"]] {
      #expect(defaults(["write", "app"] + pair).code == 0)
    }
    let file = folder.appendingPathComponent("app.plist").path
    let original = FileManager.default.contents(atPath: file)

    // A lossy change is refused: nothing written.
    let refused = defaults([
      "migrate", "app", "--from", Self.bundle("base"), "--to", Self.bundle("type-changed"),
    ])
    #expect(refused.code == 1)
    #expect(refused.output.contains("refused \"name\""))
    #expect(FileManager.default.contents(atPath: file) == original)

    // A dry run prints and writes nothing.
    let dry = defaults([
      "migrate", "app", "--from", Self.bundle("base"), "--to", Self.bundle("key-renamed"),
      "--rename", "sound=soundEnabled", "--dry-run",
    ])
    #expect(dry.code == 0)
    #expect(dry.output == "would move \"sound\" to \"soundEnabled\": false\n")
    #expect(FileManager.default.contents(atPath: file) == original)

    // The rename for real, then a removed value reset to the new default.
    #expect(
      defaults([
        "migrate", "app", "--from", Self.bundle("base"), "--to", Self.bundle("key-renamed"),
        "--rename", "sound=soundEnabled",
      ]).code == 0)
    #expect(defaults(["read", "app", "soundEnabled"]).output == "false\n")
    #expect(defaults(["read", "app", "sound"]).code == 1)
    let reset = defaults([
      "migrate", "app", "--from", Self.bundle("base"), "--to", Self.bundle("value-removed"),
    ])
    #expect(reset.output.contains("reset \"theme\": light → the new default system"))
    #expect(defaults(["read", "app", "theme"]).output == "system\n")

    // Forced, the lossy value is reset too.
    #expect(
      defaults([
        "migrate", "app", "--from", Self.bundle("base"), "--to", Self.bundle("type-changed"),
        "--force",
      ]).code == 0)
    #expect(defaults(["read", "app", "name"]).output == "false\n")
  }

  @Test func aBadRenameIsAUsageError() {
    let run = DumpTests.run([
      "defaults", "migrate", "app", "--from", Self.bundle("base"), "--to", Self.bundle("base"),
      "--rename", "nonsense", "--defaults-dir", NSTemporaryDirectory(),
    ])
    #expect(run.code == 2)
  }
}
