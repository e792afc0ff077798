import Foundation
import TestSupport
import Testing

/// `prefs lint DIR` over several bundles, one of them with a `.prefs.yml` that does not
/// read (issue 24, tester G1): that bundle's configuration error is said on standard
/// error, naming the file and place, and stops that bundle alone; the others are linted
/// and every format is written whole; the exit status is still 2, a configuration error's.
struct LintConfigurationAmongBundlesTests {
  /// A folder holding CustomTypeOne/Loop (two real default-not-in-values errors) as
  /// `a/Settings.bundle` and CMDT/abv as `b/Settings.bundle`, with `b/.prefs.yml`
  /// `dialect: iOS` (both real, Tests/Fixtures/Unseen, MANIFEST beside each).
  static func folder() throws -> URL {
    let manager = FileManager.default
    let folder = manager.temporaryDirectory.appendingPathComponent(
      "prefs-config-among-\(UUID().uuidString)")
    let unseen = Paths.fixtures.appendingPathComponent("Unseen")
    for (name, source) in [("a", "CustomTypeOne__Loop"), ("b", "CMDT__abv")] {
      try manager.createDirectory(
        at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
      try manager.copyItem(
        at: unseen.appendingPathComponent(source + "/Settings.bundle"),
        to: folder.appendingPathComponent(name + "/Settings.bundle"))
    }
    try Data("dialect: iOS\n".utf8).write(to: folder.appendingPathComponent("b/.prefs.yml"))
    return folder
  }

  static let formats = ["text", "json", "sarif", "junit", "github"]

  /// Failed before: only the configuration error, exit 2, and no output at all
  /// (0 bytes of JSON and SARIF): Loop's two errors were never shown.
  @Test(arguments: formats, [false, true])
  func theOtherBundlesAreLintedInEveryFormat(format: String, namedEach: Bool) throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let bundles =
      namedEach ? ["a/Settings.bundle", "b/Settings.bundle"] : ["."]
    let result = PrefsBinary.run(["lint", "--format", format] + bundles, in: folder)
    #expect(result.code == 2, "\(result.errors)")
    let configuration = folder.appendingPathComponent("b/.prefs.yml").path
    #expect(
      result.errors.contains(configuration + ":1:10: error: dialect must be apple"),
      "\(result.errors)")
    #expect(result.output.contains("default-not-in-values"), "\(format): \(result.output)")
    #expect(result.output.contains("a/Settings.bundle/Root.plist"), "\(result.output)")
    #expect(!result.output.contains("b/Settings.bundle"), "\(result.output)")
    switch format {
    case "json", "sarif":
      #expect(throws: Never.self) {
        try JSONSerialization.jsonObject(with: Data(result.output.utf8))
      }
    case "junit":
      #expect(result.output.hasPrefix("<?xml"))
      #expect(result.output.hasSuffix("</testsuites>\n"), "\(result.output)")
    default: break
    }
  }

  /// One bundle alone, or every bundle under one bad configuration: nothing to lint
  /// beside it, so the run stops as before, with nothing on standard output.
  @Test(arguments: [["b/Settings.bundle"], ["b/Settings.bundle", "b/Settings.bundle/"]])
  func aRunWithNothingElseToLintStopsAsBefore(bundles: [String]) throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = PrefsBinary.run(["lint", "--format", "json"] + bundles, in: folder)
    #expect(result.code == 2)
    #expect(result.output.isEmpty)
    #expect(result.errors.contains(".prefs.yml:1:10: error:"), "\(result.errors)")
  }

  /// A baseline written now would lack the bundle not linted, and then call each
  /// of its findings new: the run stops instead.
  @Test func noBaselineIsWrittenWithoutABundle() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = PrefsBinary.run(["lint", "--write-baseline", "base.json", "."], in: folder)
    #expect(result.code == 2)
    #expect(
      !FileManager.default.fileExists(atPath: folder.appendingPathComponent("base.json").path))
  }
}

/// The notice of the bundles found inside a folder names the first ten and counts the
/// rest (issue 24, tester G8: a search of `/` listed 393 paths on one line).
struct LintFoundBundlesNoticeTests {
  /// Failed before for 12 (all twelve listed).
  @Test(arguments: [1, 10, 12])
  func theNoticeNamesTheFirstTenAndCountsTheRest(count: Int) throws {
    let manager = FileManager.default
    let folder = manager.temporaryDirectory.appendingPathComponent(
      "prefs-found-\(UUID().uuidString)")
    defer { try? manager.removeItem(at: folder) }
    let source = Paths.fixtures.appendingPathComponent("Unseen/CMDT__abv/Settings.bundle")
    let names = (0..<count).map { String(format: "App%02d/Settings.bundle", $0) }
    for name in names {
      try manager.createDirectory(
        at: folder.appendingPathComponent(name).deletingLastPathComponent(),
        withIntermediateDirectories: true)
      try manager.copyItem(at: source, to: folder.appendingPathComponent(name))
    }
    let result = PrefsBinary.run(["lint", "--format", "json", "."], in: folder)
    let line = result.errors.split(separator: "\n").first { $0.contains("inside it:") } ?? ""
    let bundles = count == 1 ? "the bundle" : "the \(count) bundles"
    let listed =
      names.prefix(10).joined(separator: ", ") + (count > 10 ? " and \(count - 10) more" : "")
    #expect(line == "prefs: . is no Settings bundle; linting \(bundles) inside it: \(listed)")
  }
}
