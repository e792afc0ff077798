import Foundation
import Plist
import TestSupport
import Testing

@testable import SettingsLint

/// `LintFixer` on a copy of each bundle of `Tests/Fixtures/Fix`: the fixes
/// made, what remains, the files it changes (and only those), the same
/// report when the bundle is linted again from disk, nothing more to do the
/// second time, and CoreFoundation reading every changed file.
struct LintFixerTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var bundle: String
    /// The rules of the findings fixed, sorted.
    var fixed: [String]
    /// The rules of the findings left, sorted.
    var remaining: [String]
    /// Fixes that exist but are not made (binary property lists).
    var notApplicable = 0
    var testDescription: String { bundle }
  }

  static let cases: [Case] = [
    Case(
      bundle: "Fixable",
      fixed: [
        "child-pane-missing", "missing-translation", "strings-duplicate-key", "strings-encoding",
        "strings-syntax",
      ], remaining: []),
    Case(
      bundle: "missing-semicolon", fixed: ["strings-syntax"],
      // The German table's `"a" = "b" "c" = "d";` could mean other things.
      remaining: ["strings-syntax"]),
    Case(
      bundle: "utf16-without-bom", fixed: ["strings-encoding", "strings-encoding"], remaining: []),
    Case(
      bundle: "duplicate-key",
      fixed: [
        "plist-syntax", "strings-duplicate-key", "strings-duplicate-key", "strings-duplicate-key",
      ],
      // Copies that differ: which one was meant is not prefs' to say.
      remaining: ["plist-syntax", "strings-duplicate-key"]),
    Case(
      bundle: "child-pane-extension",
      fixed: ["child-pane-missing", "child-pane-missing", "child-pane-missing"], remaining: []),
    Case(
      bundle: "case-only-key",
      fixed: ["missing-translation", "missing-translation", "missing-translation"],
      // fr has both "WI-FI ONLY" and "wi-fi only": either could be the one meant.
      remaining: ["missing-translation", "unused-translation", "unused-translation"]),
    Case(
      bundle: "binary", fixed: [],
      // The page File names with its extension is child-pane-missing's, not unreachable-page's too.
      remaining: ["child-pane-missing", "missing-translation", "unused-translation"],
      notApplicable: 2),
    Case(
      bundle: "overlapping-fixes", fixed: ["child-pane-missing", "plist-syntax"], remaining: []),
  ]

  static let fixtures = Paths.fixtures.appendingPathComponent("Fix")

  /// A copy of a fixture bundle in a temporary folder, to be changed.
  static func copy(_ name: String) throws -> TemporaryBundle {
    let bundle = try TemporaryBundle()
    try FileManager.default.removeItem(at: bundle.url)
    try FileManager.default.copyItem(
      at: fixtures.appendingPathComponent("\(name)/Settings.bundle"), to: bundle.url)
    return bundle
  }

  /// Every file of a bundle folder with its bytes.
  static func snapshot(_ url: URL) throws -> [String: [UInt8]] {
    var files: [String: [UInt8]] = [:]
    for path in Paths.files(under: url, extensions: ["plist", "strings"]) {
      files[path] = try Paths.bytes(url.appendingPathComponent(path))
    }
    return files
  }

  static func write(_ changes: [LintFixer.FileChange], into url: URL) throws {
    for change in changes {
      try Data(change.after).write(to: url.appendingPathComponent(change.file))
    }
  }

  static func described(_ diagnostic: Diagnostic) -> String {
    "\(diagnostic.file):\(diagnostic.location.map(String.init(describing:)) ?? "-"): \(diagnostic.rule): \(diagnostic.message)"
  }

  @Test(arguments: cases)
  func eachFixtureIsFixed(_ testCase: Case) throws {
    let bundle = try Self.copy(testCase.bundle)
    defer { bundle.remove() }
    let before = try Self.snapshot(bundle.url)
    let outcome = try LintFixer(linter: Linter()).fix(bundleAt: bundle.path)
    #expect(outcome.applied.map(\.diagnostic.rule).sorted() == testCase.fixed)
    #expect(outcome.report.diagnostics.map(\.rule).sorted() == testCase.remaining)
    #expect(outcome.skipped.count == testCase.notApplicable)
    #expect(outcome.skipped.allSatisfy { $0.reason == .obstacle(.binaryPropertyList) })
    // Nothing that can be fixed is left.
    #expect(!outcome.report.diagnostics.contains { $0.fix != nil && $0.fix?.obstacle == nil })

    try Self.write(outcome.changes, into: bundle.url)
    let after = try Self.snapshot(bundle.url)
    #expect(Set(after.keys) == Set(before.keys))
    let changed = Dictionary(uniqueKeysWithValues: outcome.changes.map { ($0.file, $0) })
    for (file, bytes) in before {
      if let change = changed[file] {
        #expect(change.before == bytes, "\(file): the bytes fixed are the bytes on disk")
        #expect(change.before != change.after)
        // CoreFoundation, as iOS, reads every file that was changed.
        #expect(FoundationOracle.read(change.after) != nil, "\(file)")
      } else {
        #expect(after[file] == bytes, "\(file) had nothing to fix and is unchanged")
      }
    }
    // The report is what linting the written bundle says.
    let relinted = try Linter().lint(bundleAt: bundle.path)
    #expect(
      relinted.diagnostics.map(Self.described) == outcome.report.diagnostics.map(Self.described))
    // A second run has nothing to do.
    let again = try LintFixer(linter: Linter()).fix(bundleAt: bundle.path)
    #expect(again.applied.isEmpty && again.changes.isEmpty)
  }

  /// Removing a copy that agrees with the others changes nothing iOS reads.
  @Test func removedDuplicatesReadTheSameInCoreFoundation() throws {
    let bundle = try Self.copy("duplicate-key")
    defer { bundle.remove() }
    let outcome = try LintFixer(linter: Linter()).fix(bundleAt: bundle.path)
    #expect(outcome.changes.count == 3)
    for change in outcome.changes {
      let old = try #require(FoundationOracle.read(change.before))
      #expect(FoundationOracle.read(change.after) == old, "\(change.file)")
    }
  }

  /// Two fixes at one place are not made together: the first finding's is,
  /// and the other is found again, on the changed text, in the next round;
  /// with no next round it is what remains.
  @Test func touchingFixesWaitForTheNextRound() throws {
    let bundle = try Self.copy("overlapping-fixes")
    defer { bundle.remove() }
    let once = try LintFixer(linter: Linter(), maximumRounds: 1).fix(bundleAt: bundle.path)
    #expect(once.applied.map(\.diagnostic.rule) == ["plist-syntax"])
    let left = once.report.diagnostics.filter { $0.rule == "child-pane-missing" }
    #expect(left.count == 1 && left.first?.fix != nil)
    let twice = try LintFixer(linter: Linter(), maximumRounds: 2).fix(bundleAt: bundle.path)
    #expect(twice.applied.map(\.round) == [1, 2])
    #expect(!twice.report.diagnostics.contains { $0.rule == "child-pane-missing" })
  }

  /// A table that does not parse shows its other findings once the `;` is
  /// in: the fixes of the second round are made in the same run.
  @Test func aFixCanRevealTheNext() throws {
    let bundle = try Self.copy("Fixable")
    defer { bundle.remove() }
    let outcome = try LintFixer(linter: Linter()).fix(bundleAt: bundle.path)
    let english = outcome.applied.filter { $0.fix.file == "en.lproj/Root.strings" }
    #expect(english.map(\.diagnostic.rule) == ["strings-syntax", "missing-translation"])
    #expect(english.map(\.round) == [1, 2])
  }

  /// A fix whose text changed on disk since it was found is refused, and the
  /// file's other fixes are still made.
  @Test func aStaleFixHoldsBackNoOther() throws {
    let bundle = try Self.copy("child-pane-extension")
    defer { bundle.remove() }
    let report = try Linter().lint(bundleAt: bundle.path)
    let found = try #require(report.diagnostics.first { $0.fix?.file == "Root.plist" })
    let fix = try #require(found.fix)
    let stale = Fix(
      file: fix.file, summary: "stale",
      repair: TextRepair(edits: [TextEdit(replacing: 0..<5, original: "<html", with: "")]))
    let bytes = try Paths.bytes(bundle.url.appendingPathComponent(fix.file))
    let made = LintFixer.make([(found, stale), (found, fix)], on: bytes)
    #expect(made.after == (try fix.repair.apply(to: bytes)))
    #expect(made.made.map(\.1) == [fix])
    #expect(made.failed.map(\.2) == [.textChanged])
  }
}
