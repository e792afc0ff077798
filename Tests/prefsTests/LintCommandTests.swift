import Foundation
import TestSupport
import Testing

/// `prefs lint` and `prefs rules` run in-process: exit codes and streams.
struct LintCommandTests {
  static let clean = "Examples/Showcase/Settings.bundle"
  static let broken = "Tests/Fixtures/Lint/Binary/Settings.bundle"
  static let warningsOnly = "Tests/Fixtures/Lint/Rules/unreachable-page/Settings.bundle"

  static let exitCases: [(arguments: [String], code: Int32)] = [
    ([clean], 0), ([broken], 1), ([clean, broken], 1), ([warningsOnly], 0),
    ([warningsOnly, "--strict"], 1), ([clean, "--strict"], 0),
    (
      [
        broken, "--disable", "slider-range,values-titles-count", "--disable",
        "default-not-in-values",
      ],
      0
    ),
    (["Examples/Nope.bundle"], 2), (["README.md"], 2),
    // A folder that is no bundle is searched: Examples holds two clean ones; Sources none.
    (["Examples"], 0), (["Sources/prefs"], 2),
    ([clean, "--disable", "no-such-rule"], 2), ([clean, "--format", "xml"], 2),
    ([clean, "--no-such-flag"], 2), ([], 2),
    ([clean, "--config", "Tests/Fixtures/Lint/no-such.yml"], 2),
  ]

  @Test(arguments: exitCases)
  func exitCodes(arguments: [String], code: Int32) {
    let result = DiffCommandTests.prefs(["lint"] + arguments)
    #expect(result.code == code, "\(arguments): \(result.errors)")
  }

  @Test func aPathThatIsNotABundleIsNamed() {
    let result = DiffCommandTests.prefs(["lint", "Examples/Nope.bundle"])
    #expect(result.errors.contains("Examples/Nope.bundle: no such file or directory"))
    #expect(result.output.isEmpty)
  }

  /// As pre-commit passes them: files, several of one bundle, and some in no bundle.
  @Test(arguments: ["text", "json", "sarif"])
  func filesLintTheirEnclosingBundlesOnce(format: String) {
    let files = [
      Self.broken + "/Root.plist", "README.md", Self.clean + "/en.lproj/Root.strings",
      Self.broken + "/Root.plist", Self.broken, Self.clean + "/Child.plist",
    ]
    let enclosing = DiffCommandTests.prefs(["lint", "--enclosing", "--format", format] + files)
    let direct = DiffCommandTests.prefs(["lint", "--format", format, Self.broken, Self.clean])
    #expect(enclosing.code == 1)
    #expect(enclosing.output == direct.output)
    #expect(enclosing.errors.isEmpty)
  }

  @Test func filesInNoBundleLintNothing() {
    let result = DiffCommandTests.prefs([
      "lint", "--enclosing", "README.md", "Sources/prefs/Prefs.swift",
    ])
    #expect(result.code == 0)
    #expect(result.output == "No problems in 0 files.\n")
    // A bundle that no longer exists was deleted by the change being committed: skipped.
    let deleted = DiffCommandTests.prefs(["lint", "--enclosing", "Examples/Nope.bundle/Root.plist"])
    #expect(deleted.code == 0)
    #expect(deleted.errors.contains("no Settings bundle left to lint"))
  }

  @Test(arguments: ["text", "json", "github", "sarif", "junit"])
  func everyFormatRuns(format: String) {
    let result = DiffCommandTests.prefs(["lint", Self.broken, "--format", format])
    #expect(result.code == 1)
    #expect(!result.output.isEmpty && result.errors.isEmpty)
  }

  @Test func rulesListsEveryRule() {
    let text = DiffCommandTests.prefs(["rules"])
    #expect(text.code == 0)
    #expect(text.output.split(separator: "\n").count == 45)
    let json = DiffCommandTests.prefs(["rules", "--format", "json"])
    let list =
      try? JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]]
    #expect(list?.count == 45)
    #expect(list?.first?["id"] as? String == "plist-syntax")
    // Every severity a finding of the rule can get, the default first.
    #expect(list?.first?["severities"] as? [String] == ["error", "warning"])
    let unknownKey = list?.first { $0["id"] as? String == "unknown-key" }
    #expect(unknownKey?["options"] as? [String] == ["allowed-keys"])
    #expect(list?.first?["options"] as? [String] == [])
  }

  @Test func explainPrintsTheRuleOwnText() {
    let result = DiffCommandTests.prefs(["rules", "explain", "default-not-in-values"])
    #expect(result.code == 0)
    expectGolden(result.output, "lint/explain-default-not-in-values.txt")
    let unknown = DiffCommandTests.prefs(["rules", "explain", "default-not-in-value"])
    #expect(unknown.code == 2)
    #expect(unknown.errors.contains("did you mean default-not-in-values?"))
  }
}

/// `prefs lint --sources` and `sources:` in `.prefs.yml`.
struct LintSourcesCommandTests {
  static let bundle = "Tests/Fixtures/Apps/Settings.bundle"

  @Test(arguments: [("Clean", Int32(0)), ("Broken", 1), ("FilteredRegistration", 1)])
  func exitStatusFollowsTheFindings(app: String, status: Int32) {
    let run = DiffCommandTests.prefs([
      "lint", Self.bundle, "--sources", "Tests/Fixtures/Apps/\(app)",
    ])
    #expect(run.code == status, "\(run.output)")
  }

  @Test func findingsInAppFilesAreNamedFromTheWorkingDirectory() {
    let run = DiffCommandTests.prefs([
      "lint", Self.bundle, "--sources", "Tests/Fixtures/Apps/Broken", "--format", "github",
    ])
    #expect(run.output.contains("::error file=Tests/Fixtures/Apps/Broken/Reader.swift,line=11,"))
  }

  @Test func sourcesComeFromTheConfigurationToo() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-sources-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let config = folder.appendingPathComponent(".prefs.yml").path
    // sources: names folders inside the repository that holds the configuration.
    try FileManager.default.copyItem(
      at: Paths.repository.appendingPathComponent("Tests/Fixtures/Apps/Broken"),
      to: folder.appendingPathComponent("App"))
    try "sources: [App]\n".write(toFile: config, atomically: true, encoding: .utf8)
    let run = DiffCommandTests.prefs(["lint", Self.bundle, "--config", config])
    #expect(run.code == 1)
    #expect(run.output.contains("[code-unknown-key]"))
  }

  @Test func aMissingSourceFolderIsAUsageError() {
    let run = DiffCommandTests.prefs(["lint", Self.bundle, "--sources", "/nonexistent/App"])
    #expect(run.code == 2)
    #expect(run.errors.contains("/nonexistent/App: no such file or directory"))
  }
}

/// `--quiet`, `--min-severity`, `--write-baseline` and `--baseline`, as SwiftLint users know them.
struct LintHabitsCommandTests {
  static let noted = "Tests/Fixtures/Lint/Rules/hidden-group-rows/Settings.bundle"

  @Test func quietAndMinSeverityLeaveOutTheLesserFindings() {
    let all = DiffCommandTests.prefs(["lint", Self.noted])
    #expect(all.output.contains("note:"))
    for arguments in [["--quiet"], ["--min-severity", "warning"]] {
      let run = DiffCommandTests.prefs(["lint", Self.noted] + arguments)
      #expect(!run.output.contains("note:"), "\(arguments)")
      #expect(run.code == all.code)
    }
    #expect(DiffCommandTests.prefs(["lint", Self.noted, "--min-severity", "loud"]).code == 2)
  }

  @Test func aBaselineHidesKnownFindingsEvenWhenTheyMove() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-baseline-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let bundle = folder.appendingPathComponent("Settings.bundle")
    try FileManager.default.copyItem(
      at: Paths.repository.appendingPathComponent(
        "Tests/Fixtures/Lint/Rules/empty-key/Settings.bundle"),
      to: bundle)
    let baseline = folder.appendingPathComponent("baseline.json").path
    let first = DiffCommandTests.prefs(["lint", bundle.path, "--write-baseline", baseline])
    #expect(first.code == 1)

    // Lines added above the finding: it moves, and stays known.
    let root = bundle.appendingPathComponent("Root.plist")
    var text = try String(contentsOf: root, encoding: .utf8)
    text = text.replacingOccurrences(of: "<dict>", with: "<dict>\n\n\n", options: [], range: nil)
    try text.write(to: root, atomically: true, encoding: .utf8)
    let known = DiffCommandTests.prefs(["lint", bundle.path, "--baseline", baseline])
    #expect(known.code == 0, "\(known.output)")

    // A new finding is reported.
    text = text.replacingOccurrences(
      of: "</array>",
      with:
        "<dict><key>Type</key><string>PSTextFieldSpecifier</string><key>Key</key><string> </string></dict></array>"
    )
    try text.write(to: root, atomically: true, encoding: .utf8)
    let fresh = DiffCommandTests.prefs(["lint", bundle.path, "--baseline", baseline])
    #expect(fresh.code == 1)
    #expect(fresh.output.contains("1 error"), "\(fresh.output)")
    #expect(
      DiffCommandTests.prefs(["lint", bundle.path, "--baseline", "/nonexistent.json"]).code == 2)
  }
}
