import Foundation
import Plist
import TestSupport
import Testing

@testable import SettingsLint

/// The last line of lint's text output counts what the lines above it show:
/// a line that folds one cause's findings ("de.lproj/Root.strings lacks 11
/// strings (…)") is one line, and the findings behind the lines are said
/// too when they are more. JSON keeps a count per finding.
struct TextSummaryTests {
  /// The counts a summary line gives: "2 errors, 66 warnings and 5 notes in 64 files (807 findings, …)".
  static func counts(_ line: Substring) -> [String: Int] {
    var counts: [String: Int] = [:]
    let words = line.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "(" })
    for (number, word) in zip(words, words.dropFirst()) {
      guard let value = Int(number) else { continue }
      counts[String(word.hasSuffix("s") ? word.dropLast() : word)] = value
    }
    return counts
  }

  @Test(.needsCorpus, arguments: Paths.corpusBundles.map(\.path))
  func theSummaryCountsTheLinesShown(_ path: String) throws {
    let report = try Linter().lint(bundleAt: path)
    let output = LintOutput(reports: [report], workingDirectory: nil, strict: false, colored: false)
    let lines = output.render(.text).split(separator: "\n")
    let summary = try #require(lines.last)
    let counts = Self.counts(summary)
    for severity in Severity.allCases {
      let shown = lines.count { $0.contains(": \(severity.rawValue): ") && $0.hasSuffix("]") }
      #expect((counts[severity.rawValue] ?? 0) == shown, "\(path): \(severity) in \(summary)")
    }
    let findings = report.diagnostics.count
    let shownLines = Severity.allCases.reduce(0) { $0 + (counts[$1.rawValue] ?? 0) }
    // The findings are said when the lines fold some; not otherwise.
    #expect((counts["finding"] ?? shownLines) == findings, "\(path): \(summary)")
    #expect(summary.contains("finding") == (findings > shownLines), "\(path): \(summary)")
  }
}
