import Foundation
import SettingsLint
import SettingsSchema
import TestSupport
import Testing

/// Lint on the real bundles (../shared/corpus and Tests/Fixtures/Unseen):
/// every error it reports is one a person reviewed
/// and found real (Tests/Fixtures/CorpusReview/errors.txt says why), and every
/// finding's severity is one its rule declares, so `prefs rules` never says
/// another severity than a finding gets.
struct CorpusReviewTests {
  static let reviewFile = Paths.fixtures.appendingPathComponent("CorpusReview/errors.txt")
  /// The review of the bundles under Tests/Fixtures/Unseen.
  static let unseenReviewFile = Paths.fixtures.appendingPathComponent("CorpusReview/unseen.txt")

  /// `folder/file:line rule` of every reviewed error.
  static func reviewed() throws -> Set<String> {
    let text = try [reviewFile, unseenReviewFile].map {
      try String(contentsOf: $0, encoding: .utf8)
    }.joined(separator: "\n")
    var entries = Set<String>()
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
      let parts = line.components(separatedBy: " -- ")
      #expect(parts.count == 2 && !parts[1].isEmpty, "no reason given: \(line)")
      entries.insert(parts[0])
    }
    return entries
  }

  static func lintCorpus() throws -> [(folder: String, report: LintReport)] {
    var reports: [(folder: String, report: LintReport)] = []
    let linter = Linter(loadOptions: LoadOptions(keepsComments: false))
    for url in Paths.corpusBundles {
      let report = try linter.lint(bundleAt: url.path)
      reports.append((url.deletingLastPathComponent().lastPathComponent, report))
    }
    for url in unseenBundles {
      let report = try linter.lint(bundleAt: url.path)
      // As unseen.txt names them: `<owner__repo>/<name>.bundle`.
      reports.append(
        (url.deletingLastPathComponent().lastPathComponent + "/" + url.lastPathComponent, report))
    }
    return reports
  }

  /// The real bundles copied into Tests/Fixtures/Unseen, each `<owner__repo>/<name>.bundle`.
  static var unseenBundles: [URL] {
    let root = Paths.fixtures.appendingPathComponent("Unseen")
    let manager = FileManager.default
    let folders = (try? manager.contentsOfDirectory(atPath: root.path)) ?? []
    return folders.sorted().flatMap { folder in
      let url = root.appendingPathComponent(folder)
      let names = (try? manager.contentsOfDirectory(atPath: url.path)) ?? []
      return names.sorted().filter { $0.hasSuffix(".bundle") }.map {
        url.appendingPathComponent($0)
      }
    }
  }

  @Test(.needsCorpus) func everyErrorOnTheCorpusWasReviewedAndIsReal() throws {
    #expect(Paths.hasCorpus, "../shared/corpus is missing")
    var found = Set<String>()
    for (folder, report) in try Self.lintCorpus() {
      for diagnostic in report.diagnostics where diagnostic.severity == .error {
        let line = diagnostic.location.map { ":\($0.line)" } ?? ""
        found.insert("\(folder)/\(diagnostic.file)\(line) \(diagnostic.rule)")
      }
    }
    let reviewed = try Self.reviewed()
    #expect(found.subtracting(reviewed).sorted() == [], "errors nobody reviewed")
    #expect(reviewed.subtracting(found).sorted() == [], "reviewed errors lint no longer reports")
  }

  @Test(.needsCorpus) func everyFindingHasASeverityItsRuleDeclares() throws {
    for (folder, report) in try Self.lintCorpus() {
      for diagnostic in report.diagnostics {
        let rule = try #require(RuleRegistry.rule(diagnostic.rule))
        #expect(
          rule.severities.contains(diagnostic.severity),
          "\(folder)/\(diagnostic.file): \(diagnostic.rule) gave \(diagnostic.severity): \(diagnostic.message)"
        )
      }
    }
  }

  @Test(arguments: RuleRegistry.ids)
  func everyExampleFindingHasASeverityItsRuleDeclares(id: String) throws {
    let rule = try #require(RuleRegistry.rule(id))
    for example in rule.failingExamples {
      let bundle = try LintTestSupport.materialize(example)
      defer { bundle.remove() }
      for diagnostic in try LintTestSupport.lint(bundle.path).diagnostics {
        let owner = try #require(RuleRegistry.rule(diagnostic.rule))
        #expect(owner.severities.contains(diagnostic.severity), "\(diagnostic)")
      }
    }
  }
}
