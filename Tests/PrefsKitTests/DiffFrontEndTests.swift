import BundleDiff
import Foundation
import PrefsKit
import ProjectConfiguration
import SettingsSchema
import TestSupport
import Testing

/// `DiffFrontEnd`: two versions in, the changes and whether they fail out,
/// with relative paths taken from the environment's working directory (this
/// process's is never changed, nor read).
struct DiffFrontEndTests {
  static let fixtures = "Tests/Fixtures/Diff"
  static func bundle(_ name: String) -> String { "\(fixtures)/\(name)/Settings.bundle" }
  /// The repository as the working directory: the fixtures' paths are relative to it.
  static let environment = PrefsEnvironment(workingDirectory: Paths.repository.path)

  static func run(_ options: DiffOptions, in environment: PrefsEnvironment = environment)
    throws(DiffError) -> DiffOutcome
  {
    try DiffFrontEnd.run(options, environment: environment)
  }

  @Test(arguments: [
    ("base", false), ("key-removed", true), ("key-renamed", true), ("default-changed", false),
    ("strings-added", false), ("range-changed", true),
  ])
  func aComparisonFailsWhenSomethingBreaks(fixture: String, fails: Bool) throws {
    let outcome = try Self.run(DiffOptions(old: Self.bundle("base"), new: Self.bundle(fixture)))
    #expect(outcome.fails == fails, "\(outcome.changes.map(\.message))")
    #expect(outcome.failingSeverities == [.breaking])
  }

  /// Paths are resolved against the environment's working directory and
  /// named as given; the process's own directory plays no part.
  @Test func relativePathsAreTakenFromTheEnvironment() throws {
    let elsewhere = PrefsEnvironment(workingDirectory: "/nonexistent")
    #expect(throws: DiffError.self) {
      try Self.run(
        DiffOptions(old: Self.bundle("base"), new: Self.bundle("key-removed")), in: elsewhere)
    }
    let outcome = try Self.run(
      DiffOptions(old: Self.bundle("base"), new: Self.bundle("key-removed")))
    #expect(outcome.old.name("Root.plist") == Self.bundle("base") + "/Root.plist")
    #expect(outcome.new.repositoryName("Root.plist") == Self.bundle("key-removed") + "/Root.plist")
    let removed = try #require(outcome.changes.first { $0.kind == .keyRemoved })
    #expect(removed.key == "name" && removed.oldPlace?.file == "Root.plist")
  }

  /// A bundle that is missing is named as the user gave it.
  @Test func aMissingBundleIsNamedAsGiven() {
    let error = #expect(throws: DiffError.self) {
      try Self.run(DiffOptions(old: "Missing/Settings.bundle", new: Self.bundle("base")))
    }
    guard case .bundle(let bundleError) = error else {
      Issue.record("\(String(describing: error))")
      return
    }
    #expect(bundleError.description.contains("Missing/Settings.bundle"), "\(bundleError)")
    #expect(!bundleError.description.contains(Paths.repository.path), "\(bundleError)")
  }

  /// A page that does not parse would read as all its keys removed (or
  /// added): nothing is compared, and the version says which file.
  @Test(arguments: [false, true])
  func aPageThatDoesNotReadStopsTheComparison(brokenIsNew: Bool) throws {
    let broken = try TemporaryBundle()
    defer { broken.remove() }
    let base = Paths.repository.appendingPathComponent(Self.bundle("base"))
    for file in try FileManager.default.contentsOfDirectory(atPath: base.path) {
      try FileManager.default.copyItem(
        at: base.appendingPathComponent(file), to: broken.url.appendingPathComponent(file))
    }
    let root = broken.url.appendingPathComponent("Root.plist")
    try (String(contentsOf: root, encoding: .utf8) + "x\n").write(
      to: root, atomically: true, encoding: .utf8)
    let sides =
      brokenIsNew ? (Self.bundle("base"), broken.url.path) : (broken.url.path, Self.bundle("base"))
    let error = #expect(throws: DiffError.self) {
      try Self.run(DiffOptions(old: sides.0, new: sides.1))
    }
    guard case .pagesDoNotRead(let versions) = error else {
      Issue.record("\(String(describing: error))")
      return
    }
    #expect(versions.map(\.argument) == [broken.url.path])
    #expect(versions.first?.unreadPages.map(\.file) == ["Root.plist"])
  }

  /// A rename confirmed by the caller or in `.prefs.yml` is no longer breaking.
  @Test func aConfirmedRenameDoesNotFail() throws {
    let likely = try Self.run(
      DiffOptions(old: Self.bundle("base"), new: Self.bundle("key-renamed")))
    let change = try #require(likely.changes.first)
    #expect(change.kind == .keyRenamed && !change.renameConfirmed && likely.fails)
    // The library names no flag: how to confirm it is the caller's to say.
    #expect(!change.message.contains("--rename"), "\(change.message)")
    let confirmed = try Self.run(
      DiffOptions(
        old: Self.bundle("base"), new: Self.bundle("key-renamed"),
        renames: ["sound": "soundEnabled"]))
    #expect(confirmed.changes.first?.renameConfirmed == true && !confirmed.fails)
  }

  /// `diff: fail-on:` decides what fails, typed; a configuration named
  /// relative to the working directory is read from there and named as given.
  @Test func failOnComesFromTheConfiguration() throws {
    let folder = try TemporaryBundle()
    defer { folder.remove() }
    let file = folder.folder.appendingPathComponent(".prefs.yml")
    try Data("diff:\n  fail-on: [breaking, behaviour]\n".utf8).write(to: file)
    let environment = PrefsEnvironment(workingDirectory: folder.folder.path)
    let options = DiffOptions(
      old: Paths.repository.appendingPathComponent(Self.bundle("base")).path,
      new: Paths.repository.appendingPathComponent(Self.bundle("default-changed")).path,
      configurationFile: ".prefs.yml")
    let outcome = try Self.run(options, in: environment)
    #expect(outcome.failingSeverities == [.breaking, .behaviour])
    #expect(outcome.fails)
    try Data("diff:\n  fail-on: [everything]\n".utf8).write(to: file)
    let error = #expect(throws: DiffError.self) { try Self.run(options, in: environment) }
    guard case .configuration(let configurationError) = error else {
      Issue.record("\(String(describing: error))")
      return
    }
    #expect(configurationError.file == ".prefs.yml")
    #expect(configurationError.description.contains("everything"), "\(configurationError)")
  }

  /// Two pages and no Root.plist: the root page comes from the options or `root:`.
  @Test func theRootPageComesFromTheOptionsOrTheConfiguration() throws {
    func bundle(key: String) throws -> TemporaryBundle {
      let bundle = try TemporaryBundle()
      try bundle.write(
        "Main.plist",
        "{ PreferenceSpecifiers = ( { Type = PSTextFieldSpecifier; Title = Sound; Key = \(key); } ); }"
      )
      try bundle.write(
        "Other.plist",
        "{ PreferenceSpecifiers = ( { Type = PSTextFieldSpecifier; Title = Name; Key = name; } ); }"
      )
      return bundle
    }
    let old = try bundle(key: "sound")
    let new = try bundle(key: "soundEnabled")
    defer {
      old.remove()
      new.remove()
    }
    let options = DiffOptions(old: old.url.path, new: new.url.path)
    #expect(throws: DiffError.self) { try Self.run(options) }
    var rooted = options
    rooted.rootPage = "Main"
    let flagged = try Self.run(rooted)
    #expect(flagged.changes.map(\.kind) == [.keyRenamed])
    try Data("root: Main\n".utf8).write(to: new.folder.appendingPathComponent(".prefs.yml"))
    let configured = try Self.run(options)
    #expect(configured.changes.map(\.message) == flagged.changes.map(\.message))
  }
}
