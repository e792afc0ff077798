import Foundation
import TestSupport
import Testing

/// `--baseline` and `--write-baseline`: what a baseline hides, from where it
/// works, and what it says when it cannot be used.
struct LintBaselineCommandTests {
  static let toggle = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
      <key>PreferenceSpecifiers</key>
      <array>
        <dict>
          <key>Type</key>
          <string>PSGroupSpecifier</string>
          <key>Title</key>
          <string>Son</string>
        </dict>
        <dict>
          <key>Type</key>
          <string>PSToggleSwitchSpecifier</string>
          <key>Key</key>
          <string>son</string>
          <key>DefaultValue</key>
          <true/>
        </dict>
      </array>
    </dict>
    </plist>

    """

  /// A folder holding `Settings.bundle` (with `toggle` as Root.plist) and the baseline's path.
  static func project() throws -> (folder: URL, root: URL, baseline: String) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-baseline-\(UUID().uuidString)")
    let bundle = folder.appendingPathComponent("Settings.bundle")
    try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
    let root = bundle.appendingPathComponent("Root.plist")
    try toggle.write(to: root, atomically: true, encoding: .utf8)
    return (folder, root, folder.appendingPathComponent("baseline.json").path)
  }

  /// The tester's case: a toggle without a Title is baselined; its Key is then
  /// removed. The new error is reported, the known warning stays hidden.
  @Test func twoFindingsOfOneRuleOnOneElementStayApart() throws {
    let (folder, root, baseline) = try Self.project()
    defer { try? FileManager.default.removeItem(at: folder) }
    let bundle = root.deletingLastPathComponent().path
    #expect(DiffCommandTests.prefs(["lint", bundle, "--write-baseline", baseline]).code == 0)
    try Self.toggle.replacingOccurrences(
      of: "      <key>Key</key>\n      <string>son</string>\n", with: ""
    )
    .write(to: root, atomically: true, encoding: .utf8)
    let run = DiffCommandTests.prefs(["lint", bundle, "--baseline", baseline])
    #expect(run.code == 1)
    #expect(run.output.contains("has no Key"), "\(run.output)")
    #expect(!run.output.contains("has no Title"), "\(run.output)")
    #expect(run.output.contains("1 error in 1 file."), "\(run.output)")
  }

  /// Unknown keys added to a baselined element are new; lines added above it are not.
  @Test(arguments: [
    ("<key>DefaultValue</key>", "<key>Titel</key><string>Son</string><key>DefaultValue</key>", 1),
    (
      "<key>DefaultValue</key>", "<key>Platform</key><string>ios</string><key>DefaultValue</key>", 1
    ),
    ("<dict>\n  <key>Preference", "<dict>\n\n\n<!-- moved -->\n  <key>Preference", 0),
    // An element added above moves the toggle from [1] to [2]; its Key still names it.
    (
      "<array>\n",
      "<array>\n<dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>New</string></dict>\n",
      0
    ),
  ])
  func editsOfABaselinedElement(of old: String, to new: String, newFindings: Int) throws {
    let (folder, root, baseline) = try Self.project()
    defer { try? FileManager.default.removeItem(at: folder) }
    let bundle = root.deletingLastPathComponent().path
    #expect(DiffCommandTests.prefs(["lint", bundle, "--write-baseline", baseline]).code == 0)
    try Self.toggle.replacingOccurrences(of: old, with: new)
      .write(to: root, atomically: true, encoding: .utf8)
    let run = DiffCommandTests.prefs(["lint", bundle, "--baseline", baseline])
    let reported = run.output.split(separator: "\n").count { $0.contains("[") && $0.contains(": ") }
    #expect(reported == newFindings, "\(run.output)")
  }

  /// Written with the bundle named one way from one folder, read with it named
  /// another way from another: the baseline still holds.
  @Test func aBaselineWorksFromAnyWorkingDirectory() throws {
    let (folder, _, baseline) = try Self.project()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.toggle.replacingOccurrences(of: "<key>Key</key>", with: "<key>Kee</key>")
      .write(
        to: folder.appendingPathComponent("Settings.bundle/Root.plist"), atomically: true,
        encoding: .utf8)
    let written = try ChildProcess.run(
      EndToEndTests.binary, ["lint", "Settings.bundle", "--write-baseline", "baseline.json"],
      in: folder)
    #expect(written.status == 1)
    let name = folder.lastPathComponent
    let above = folder.deletingLastPathComponent()
    for (arguments, directory) in [
      (["lint", "\(name)/Settings.bundle", "--baseline", "\(name)/baseline.json"], above),
      (["lint", "./Settings.bundle/", "--baseline", baseline], folder),
      (["lint", folder.path + "/Settings.bundle", "--baseline", "baseline.json"], folder),
    ] {
      let run = try ChildProcess.run(EndToEndTests.binary, arguments, in: directory)
      #expect(run.status == 0, "\(arguments): \(run.output)")
    }
  }

  /// A version 1 file (paths as shown from the working directory) still reads.
  @Test func aFirstVersionBaselineStillReads() throws {
    let (folder, root, baseline) = try Self.project()
    defer { try? FileManager.default.removeItem(at: folder) }
    let bundle = root.deletingLastPathComponent().path
    try """
    {"version": 1, "findings": [{"rule": "missing-required-key", "file": "\(bundle)/Root.plist",
      "keyPath": "PreferenceSpecifiers[1]"}]}
    """.write(toFile: baseline, atomically: true, encoding: .utf8)
    let run = DiffCommandTests.prefs(["lint", bundle, "--baseline", baseline])
    #expect(run.code == 0, "\(run.errors)")
    #expect(run.output.hasPrefix("No problems"), "\(run.output)")
  }

  /// A baseline that cannot be used says why, in our words, with the place.
  @Test(arguments: [
    ("{\n  \"version\": 2,\n  x\n}\n", ":3:3: error: not a prefs baseline (not valid JSON)"),
    ("", ": error: not a prefs baseline (the file is empty)"),
    ("{\"version\": 2}", ": error: not a prefs baseline (it has no \"findings\")"),
    (
      "{\"version\": 2, \"findings\": [{\"rule\": 1, \"file\": \"a\"}]}",
      ": error: not a prefs baseline (findings[0].rule is not what a baseline holds there)"
    ),
    ("{\"version\": 9, \"findings\": []}", ": error: baseline version 9; prefs reads 1 to 2"),
  ])
  func aBrokenBaselineIsNamed(text: String, expected: String) throws {
    let (folder, root, baseline) = try Self.project()
    defer { try? FileManager.default.removeItem(at: folder) }
    try text.write(toFile: baseline, atomically: true, encoding: .utf8)
    let run = DiffCommandTests.prefs([
      "lint", root.deletingLastPathComponent().path, "--baseline", baseline,
    ])
    #expect(run.code == 2)
    #expect(run.errors == baseline + expected + "\n", "\(run.errors)")
    #expect(!run.errors.contains("DecodingError"))
  }

  @Test func aMissingBaselineSaysWhy() {
    let run = DiffCommandTests.prefs([
      "lint", "Tests/Fixtures/Lint/Rules/empty-key/Settings.bundle", "--baseline",
      "/nonexistent.json",
    ])
    #expect(run.code == 2)
    #expect(
      run.errors == "/nonexistent.json: error: the baseline cannot be read: it does not exist\n")
  }

  @Test func anUnwritableBaselineSaysWhy() {
    let run = DiffCommandTests.prefs([
      "lint", "Tests/Fixtures/Lint/Rules/empty-key/Settings.bundle", "--write-baseline",
      "/nonexistent/folder/baseline.json",
    ])
    #expect(run.code == 1)
    #expect(
      run.errors
        == "prefs: error: cannot write /nonexistent/folder/baseline.json: no such file or directory\n"
    )
  }

  /// `--quiet` is `--min-severity warning`: giving both is a usage error, not a silent choice.
  @Test func quietAndMinSeverityConflict() {
    let run = DiffCommandTests.prefs([
      "lint", "Tests/Fixtures/Lint/Rules/hidden-group-rows/Settings.bundle", "--quiet",
      "--min-severity",
      "note",
    ])
    #expect(run.code == 2)
    #expect(run.errors.contains("--quiet is --min-severity warning"))
  }
}

/// `--enclosing` as a pre-commit hook calls it, and one bundle named twice.
struct LintEnclosingCommandTests {
  static let conversor = "Examples/Conversor/Settings.bundle"

  /// A deleted bundle and a bundle of images are skipped; the others are linted, each once.
  @Test func deletedAndNonSettingsBundlesAreSkipped() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-enclosing-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let images = folder.appendingPathComponent("Res.bundle")
    try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
    try Data([0x89]).write(to: images.appendingPathComponent("img.png"))
    let paths = [
      folder.appendingPathComponent("Gone.bundle/Root.plist").path,
      images.appendingPathComponent("img.png").path,
      "\(Self.conversor)/Root.plist",
      "./\(Self.conversor)/en.lproj/../Root.plist",
    ]
    let run = DiffCommandTests.prefs(["lint", "--enclosing"] + paths)
    let alone = DiffCommandTests.prefs(["lint", Self.conversor])
    #expect(run.code == alone.code, "\(run.errors)")
    #expect(run.output == alone.output)
    #expect(run.errors.isEmpty)

    let nothing = DiffCommandTests.prefs(["lint", "--enclosing"] + paths.prefix(2))
    #expect(nothing.code == 0)
    #expect(nothing.errors.contains("Gone.bundle: no such file or directory"), "\(nothing.errors)")
    #expect(nothing.errors.contains("Res.bundle: not a Settings bundle"))
    #expect(nothing.errors.contains("no Settings bundle left to lint"))
  }

  /// Outside --enclosing a missing bundle is still a usage error.
  @Test func aMissingBundleNamedDirectlyIsAnError() {
    #expect(DiffCommandTests.prefs(["lint", "/nonexistent/Settings.bundle"]).code == 2)
  }

  @Test(arguments: [[conversor, "./\(conversor)/"], [conversor, "Examples/../\(conversor)"]])
  func oneBundleSpelledTwoWaysIsLintedOnce(paths: [String]) {
    let run = DiffCommandTests.prefs(["lint"] + paths)
    let alone = DiffCommandTests.prefs(["lint", Self.conversor])
    #expect(run.output == alone.output)
  }
}
