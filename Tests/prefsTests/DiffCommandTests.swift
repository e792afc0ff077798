import BundleDiff
import DefaultsStore
import Foundation
import Plist
import PrefsKit
import SettingsSchema
import TestSupport
import Testing

/// `prefs diff` and `prefs defaults migrate` as users run them: the words,
/// formats and exit statuses of what `DiffFrontEnd` found (its workflow is
/// tested in PrefsKitTests' DiffFrontEndTests).
struct DiffCommandTests {
  static let fixtures = "Tests/Fixtures/Diff"
  static func bundle(_ name: String) -> String { "\(fixtures)/\(name)/Settings.bundle" }

  /// Runs the built binary in the repository (the fixtures' paths are
  /// relative to it): this process's working directory is never changed.
  static func prefs(_ arguments: [String]) -> DumpTests.Run {
    PrefsBinary.run(arguments)
  }

  @Test(arguments: [
    ("base", 0), ("key-removed", 1), ("key-renamed", 1), ("default-changed", 0),
    ("strings-added", 0), ("range-changed", 1),
  ])
  func exitStatusSaysWhetherSomethingBreaks(fixture: String, status: Int32) {
    let run = DiffCommandTests.prefs(["diff", Self.bundle("base"), Self.bundle(fixture)])
    #expect(run.code == status, "\(run.output)\(run.errors)")
  }

  /// A page that does not parse would read as all its keys removed (or
  /// added): the diff says which file does not read and compares nothing.
  @Test(arguments: [false, true])
  func aPageThatDoesNotReadStopsTheComparison(brokenIsNew: Bool) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-diff-broken-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let broken = folder.appendingPathComponent("Settings.bundle")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: Paths.repository.appendingPathComponent(Self.bundle("base")), to: broken)
    let root = broken.appendingPathComponent("Root.plist")
    try (String(contentsOf: root, encoding: .utf8) + "x\n").write(
      to: root, atomically: true, encoding: .utf8)
    let sides =
      brokenIsNew ? [Self.bundle("base"), broken.path] : [broken.path, Self.bundle("base")]
    let run = DiffCommandTests.prefs(["diff"] + sides)
    #expect(run.code == 1, "\(run.output)\(run.errors)")
    #expect(run.output.isEmpty, "\(run.output)")
    #expect(run.errors.contains(broken.path + "/Root.plist:"), "\(run.errors)")
    #expect(run.errors.contains("cannot be compared"), "\(run.errors)")
    #expect(!run.errors.contains("removed") && !run.errors.contains("added"), "\(run.errors)")
  }

  @Test(arguments: DiffFormat.allCases)
  func goldenOutput(format: DiffFormat) {
    let run = DiffCommandTests.prefs([
      "diff", Self.bundle("base"), Self.bundle("toggle-values-changed"), "--format",
      format.rawValue,
    ])
    #expect(run.code == 1)
    expectGolden(run.output, "diff/toggle-values-changed.\(format.rawValue)")
  }

  /// Every pair of Tests/Fixtures/Diff: base and each change kind's folder,
  /// and the old and new version of each History/ folder (real apps' releases).
  static var pairs: [String] {
    let folder = Paths.fixtures.appendingPathComponent("Diff")
    func folders(_ url: URL) -> [String] {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
      return names.filter {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(
          atPath: url.appendingPathComponent($0).path, isDirectory: &isFolder)
          && isFolder.boolValue
      }
      .sorted()
    }
    return folders(folder).filter { $0 != "base" && $0 != "History" }
      + folders(folder.appendingPathComponent("History")).map { "History/\($0)" }
  }

  static func sides(_ pair: String) -> (old: String, new: String) {
    pair.hasPrefix("History/")
      ? ("\(fixtures)/\(pair)/old/Settings.bundle", "\(fixtures)/\(pair)/new/Settings.bundle")
      : (bundle("base"), bundle(pair))
  }

  @Test func everyFixturePairIsFound() {
    #expect(Self.pairs.count >= 29 && Self.pairs.filter { $0.hasPrefix("History/") }.count >= 9)
  }

  @Test(arguments: pairs)
  func goldenTextForEveryFixturePair(pair: String) {
    let (old, new) = Self.sides(pair)
    let run = DiffCommandTests.prefs(["diff", old, new])
    #expect(run.errors.isEmpty && run.code != 2, "\(run.errors)")
    expectGolden(
      run.output, "diff/\(pair.replacingOccurrences(of: "History/", with: "history/")).text")
  }

  @Test func jsonHasTheDocumentedShape() throws {
    let run = DiffCommandTests.prefs([
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
    // The line of the new Key, not of the element's <dict>.
    #expect((change["newLocation"] as? [String: Any])?["line"] as? Int == 17)
  }

  /// A likely rename says how to confirm it; confirmed, it no longer breaks.
  @Test func aRenameIsConfirmedOnTheCommandLine() {
    let likely = DiffCommandTests.prefs(["diff", Self.bundle("base"), Self.bundle("key-renamed")])
    #expect(likely.code == 1)
    #expect(
      likely.output.contains("confirm it with --rename sound=soundEnabled"), "\(likely.output)")
    let confirmed = DiffCommandTests.prefs([
      "diff", Self.bundle("base"), Self.bundle("key-renamed"), "--rename", "sound=soundEnabled",
    ])
    #expect(confirmed.code == 0, "\(confirmed.output)\(confirmed.errors)")
    #expect(confirmed.output.contains("\"sound\" is renamed \"soundEnabled\" (confirmed)"))
    #expect(!confirmed.output.contains("--rename"))
    let bad = DiffCommandTests.prefs([
      "diff", Self.bundle("base"), Self.bundle("key-renamed"), "--rename", "sound",
    ])
    #expect(bad.code == 2)
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
    #expect(DiffCommandTests.prefs(args).code == 1)
    try "diff:\n  fail-on: [everything]\n".write(toFile: config, atomically: true, encoding: .utf8)
    let bad = DiffCommandTests.prefs(args)
    #expect(bad.code == 2)
    #expect(bad.errors.contains("unknown severity \"everything\""))
  }

  @Test(arguments: [
    ["diff", "Examples/Showcase/Settings.bundle"], ["diff", "a", "b", "--format", "xml"],
    ["diff", "/nonexistent/Settings.bundle", "Examples/Showcase/Settings.bundle"],
  ])
  func usageErrorsExitWith2(arguments: [String]) {
    #expect(DiffCommandTests.prefs(arguments).code == 2)
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
      DiffCommandTests.prefs(["defaults"] + arguments + ["--defaults-dir", folder.path])
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

  /// A domain folder of its own, and `prefs defaults` run on it.
  struct Domain {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-migrate-\(UUID().uuidString)")
    var file: String { folder.appendingPathComponent("app.plist").path }

    init(_ values: [[String]]) throws {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      for pair in values { #expect(run(["write", "app"] + pair).code == 0) }
    }

    func run(_ arguments: [String]) -> DumpTests.Run {
      DiffCommandTests.prefs(["defaults"] + arguments + ["--defaults-dir", folder.path])
    }

    func migrate(to fixture: String, from old: String = bundle("base"), _ more: [String] = [])
      -> DumpTests.Run
    {
      run(["migrate", "app", "--from", old, "--to", fixture] + more)
    }

    func stored() throws -> [PlistKey: PlistValue] {
      try DefaultsStore(domain: "app", directory: folder.path).persistentValues()
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
  }

  /// A value for every key of the base bundle, none of them its default.
  static let everyKey = [
    ["sound", "-bool", "false"], ["theme", "dark"], ["volume", "-float", "0.25"], ["name", "Ana"],
    ["units", "imperial"], ["debug", "-bool", "true"],
  ]

  /// Changes that leave every stored value as it was: migrate writes nothing and says so.
  @Test(arguments: [
    "default-changed", "key-added", "value-added", "title-changed", "page-added", "strings-added",
    "translation-removed", "order-changed", "footer-changed", "group-title-changed",
    "pad-page-changed",
  ])
  func migrateChangesNothingWhereNoStoredValueIsAffected(fixture: String) throws {
    let domain = try Domain(Self.everyKey)
    defer { domain.remove() }
    let original = FileManager.default.contents(atPath: domain.file)
    let run = domain.migrate(to: Self.bundle(fixture))
    #expect(run.code == 0, "\(run.errors)")
    #expect(run.output == "no stored value needs to change; nothing was written\n")
    #expect(FileManager.default.contents(atPath: domain.file) == original)
  }

  @Test func migrateConvertsATypeChangeWithoutLossThroughAFixture() throws {
    // The slider "volume" became a text field: 0.25 is stored as the text "0.25".
    let domain = try Domain(Self.everyKey)
    defer { domain.remove() }
    let dry = domain.migrate(to: Self.bundle("type-changed-lossless"), ["--dry-run"])
    #expect(dry.output == "would convert \"volume\": 0.25 → 0.25 (stored as text)\n")
    #expect(try domain.stored()["volume"] == .real(0.25))
    let run = domain.migrate(to: Self.bundle("type-changed-lossless"))
    #expect(run.code == 0, "\(run.errors)")
    #expect(run.output == "convert \"volume\": 0.25 → 0.25 (stored as text)\n")
    let stored = try domain.stored()
    #expect(stored["volume"] == .string("0.25"))
    #expect(stored["name"] == .string("Ana") && stored["sound"] == .bool(false))
  }

  @Test func dropRemovedThroughTheCommandLine() throws {
    let domain = try Domain(Self.everyKey)
    defer { domain.remove() }
    let kept = domain.migrate(to: Self.bundle("page-removed"))
    #expect(
      kept.output
        == "keep \"debug\": the bundle no longer has it (--drop-removed removes it)\nno stored value needs to change; nothing was written\n"
    )
    #expect(try domain.stored()["debug"] == .bool(true))
    let dropped = domain.migrate(to: Self.bundle("page-removed"), ["--drop-removed"])
    #expect(dropped.code == 0, "\(dropped.errors)")
    #expect(dropped.output == "drop \"debug\": true (the bundle no longer has it)\n")
    let stored = try domain.stored()
    #expect(stored["debug"] == nil && stored["theme"] == .string("dark"))
  }

  /// Without a confirmed rename the old key's value stays, and migrate says
  /// which rename prefs diff finds and how to confirm it.
  @Test func migrateNamesTheRenameDiffFinds() throws {
    let domain = try Domain([["sound", "-bool", "false"]])
    defer { domain.remove() }
    let run = domain.migrate(to: Self.bundle("key-renamed"))
    #expect(run.code == 0, "\(run.errors)")
    #expect(
      run.output == """
        keep "sound": the bundle no longer has it; prefs diff finds it likely renamed "soundEnabled": --rename sound=soundEnabled moves its value (--drop-removed removes it)
        no stored value needs to change; nothing was written

        """)
    let dropped = domain.migrate(to: Self.bundle("key-renamed"), ["--drop-removed", "--dry-run"])
    #expect(
      dropped.output.contains(
        "would drop \"sound\": false (the bundle no longer has it; prefs diff finds it likely renamed"
      ))
  }

  @Test func renamesConfirmedInPrefsYmlAreHonoured() throws {
    let domain = try Domain([["sound", "-bool", "false"]])
    defer { domain.remove() }
    // The new bundle in a project whose .prefs.yml confirms the rename (found above NEW).
    let project = domain.folder.appendingPathComponent("project")
    let newBundle = project.appendingPathComponent("App/Settings.bundle")
    try FileManager.default.createDirectory(
      at: newBundle.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: Paths.repository.appendingPathComponent(Self.bundle("key-renamed")), to: newBundle)
    try "diff:\n  renames:\n    sound: soundEnabled\n".write(
      to: project.appendingPathComponent(".prefs.yml"), atomically: true, encoding: .utf8)

    let run = domain.migrate(to: newBundle.path)
    #expect(run.code == 0, "\(run.errors)")
    #expect(run.output == "move \"sound\" to \"soundEnabled\": false\n")
    let stored = try domain.stored()
    #expect(stored["sound"] == nil && stored["soundEnabled"] == .bool(false))
  }

  @Test func aBadRenameIsAUsageError() {
    let run = DiffCommandTests.prefs([
      "defaults", "migrate", "app", "--from", Self.bundle("base"), "--to", Self.bundle("base"),
      "--rename", "nonsense", "--defaults-dir", NSTemporaryDirectory(),
    ])
    #expect(run.code == 2)
  }
}

/// `prefs diff --root` and `root:` in `.prefs.yml`: a bundle whose app opens
/// another page first is compared from that page, as every other command reads it.
struct DiffRootPageTests {
  static func bundle(key: String) throws -> TemporaryBundle {
    let bundle = try TemporaryBundle()
    try bundle.write(
      "Main.plist",
      """
      { PreferenceSpecifiers = ( { Type = PSTextFieldSpecifier; Title = Sound; Key = \(key); } ); }
      """)
    try bundle.write(
      "Other.plist",
      "{ PreferenceSpecifiers = ( { Type = PSTextFieldSpecifier; Title = Name; Key = name; } ); }")
    return bundle
  }

  @Test func theRootPageComesFromTheFlagOrTheConfiguration() throws {
    let old = try Self.bundle(key: "sound")
    let new = try Self.bundle(key: "soundEnabled")
    defer {
      old.remove()
      new.remove()
    }
    // Two pages and no Root.plist: which one the app opens is the user's to say.
    let unsaid = DiffCommandTests.prefs(["diff", old.url.path, new.url.path])
    #expect(unsaid.code == 2)
    #expect(unsaid.errors.contains("--root"), "\(unsaid.errors)")
    let flagged = DiffCommandTests.prefs(["diff", old.url.path, new.url.path, "--root", "Main"])
    #expect(flagged.code == 1, "\(flagged.output)\(flagged.errors)")
    #expect(flagged.output.contains("soundEnabled"))
    try Data("root: Main\n".utf8).write(to: new.folder.appendingPathComponent(".prefs.yml"))
    let configured = DiffCommandTests.prefs(["diff", old.url.path, new.url.path])
    #expect(configured.code == 1, "\(configured.output)\(configured.errors)")
    #expect(configured.output == flagged.output)
  }

  @Test func migrateOpensTheSameRootPage() throws {
    let old = try Self.bundle(key: "sound")
    let new = try Self.bundle(key: "soundEnabled")
    defer {
      old.remove()
      new.remove()
    }
    let arguments = [
      "defaults", "migrate", "com.example.root", "--from", old.url.path, "--to", new.url.path,
      "--rename", "sound=soundEnabled", "--dry-run", "--defaults-dir", old.folder.path,
    ]
    #expect(DiffCommandTests.prefs(arguments).code == 2, "two pages and no Root.plist")
    let run = DiffCommandTests.prefs(arguments + ["--root", "Main"])
    #expect(run.code == 0, "\(run.output)\(run.errors)")
  }
}
