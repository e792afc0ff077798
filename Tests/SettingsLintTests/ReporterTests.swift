import Foundation
import Plist
import SettingsLint
import TestSupport
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The machine formats, checked as the machines read them.
struct ReporterTests {
  static func output(strict: Bool = false) throws -> LintOutput {
    let reports = try [
      "Tests/Fixtures/Lint/Binary/Settings.bundle", "Tests/Fixtures/Lint/Hostile/Settings.bundle",
    ]
    .map { try LintTestSupport.lint(Paths.repository.appendingPathComponent($0).path) }
    return LintOutput(reports: reports, workingDirectory: Paths.repository.path, strict: strict)
  }

  static func json(_ text: String) throws -> [String: Any] {
    try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  @Test func jsonHasTheDocumentedShape() throws {
    let output = try Self.output()
    let document = try Self.json(output.render(.json))
    #expect(document["version"] as? Int == 1)
    let diagnostics = try #require(document["diagnostics"] as? [[String: Any]])
    #expect(diagnostics.count == output.reports.reduce(0) { $0 + $1.diagnostics.count })
    for diagnostic in diagnostics {
      #expect(
        Set(diagnostic.keys) == [
          "rule", "severity", "file", "line", "column", "keyPath", "language", "variant",
          "message",
        ])
      let file = try #require(diagnostic["file"] as? String)
      #expect(file.hasPrefix("Tests/Fixtures/Lint/"), "relative to the working directory")
    }
    // A binary plist has no lines: line and column are null, the key path says where.
    let binary = try #require(
      diagnostics.first { ($0["file"] as? String)?.contains("Binary") == true })
    #expect(binary["line"] is NSNull && binary["column"] is NSNull)
    #expect((binary["keyPath"] as? String)?.hasPrefix("PreferenceSpecifiers[") == true)
    let summary = try #require(document["summary"] as? [String: Int])
    #expect(summary["files"] == output.summary.files && summary["errors"] == output.summary.errors)
  }

  @Test func sarifIsValidEnoughForCodeScanning() throws {
    let output = try Self.output()
    let document = try Self.json(output.render(.sarif))
    #expect(document["version"] as? String == "2.1.0")
    let run = try #require((document["runs"] as? [[String: Any]])?.first)
    let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
    #expect(driver["name"] as? String == "prefs")
    let rules = try #require(driver["rules"] as? [[String: Any]])
    #expect(rules.compactMap { $0["id"] as? String } == RuleRegistry.ids)
    let results = try #require(run["results"] as? [[String: Any]])
    #expect(!results.isEmpty)
    for result in results {
      let id = try #require(result["ruleId"] as? String)
      let index = try #require(result["ruleIndex"] as? Int)
      #expect(RuleRegistry.ids[index] == id)
      #expect(["error", "warning", "note"].contains(result["level"] as? String ?? ""))
      #expect((result["message"] as? [String: Any])?["text"] is String)
      let location = try #require((result["locations"] as? [[String: Any]])?.first)
      let physical = try #require(location["physicalLocation"] as? [String: Any])
      let uri = try #require((physical["artifactLocation"] as? [String: Any])?["uri"] as? String)
      #expect(!uri.hasPrefix("/") && !uri.contains("://"), "relative URIs")
      if let region = physical["region"] as? [String: Int] {
        #expect(region["startLine"]! >= 1 && region["startColumn"]! >= 1)
      } else {
        #expect(location["logicalLocations"] != nil, "no region means a key path")
      }
    }
  }

  /// JUnit allows one failure per test case, and GitLab keys test cases by
  /// classname and name (keeping the first of a name) and shows a failure's
  /// text: a test case per file, one failure holding each finding of the file.
  @Test func junitHasAFailurePerFailingFileHoldingEveryFinding() throws {
    for strict in [false, true] {
      let output = try Self.output(strict: strict)
      let text = output.render(.junit)
      #if canImport(FoundationXML) || os(macOS)
        let document = try XMLDocument(data: Data(text.utf8))
        let suites = try document.nodes(forXPath: "/testsuites/testsuite")
        #expect(suites.count == 2)
        let cases = try document.nodes(forXPath: "//testcase")
        #expect(cases.count == output.reports.reduce(0) { $0 + $1.files.count })
        let names = cases.compactMap {
          ($0 as? XMLElement)?.attribute(forName: "name")?.stringValue
        }
        #expect(Set(names).count == names.count, "GitLab drops a repeated name")
        for testCase in cases {
          #expect(try testCase.nodes(forXPath: "failure").count <= 1)
        }
        let failing = output.reports.flatMap { report in
          report.diagnostics.filter(output.fails).map { (report.bundlePath, $0.file) }
        }
        let failures = try document.nodes(forXPath: "//failure")
        #expect(failures.count == Set(failing.map { "\($0)/\($1)" }).count)
        let lines = failures.flatMap { ($0.stringValue ?? "").split(separator: "\n") }
        #expect(lines.count == failing.count, "each finding is a line of its file's failure")
        for element in [document.rootElement()] + suites.map({ $0 as? XMLElement }) {
          let tests = Int(element?.attribute(forName: "tests")?.stringValue ?? "") ?? -1
          let count = Int(element?.attribute(forName: "failures")?.stringValue ?? "") ?? -1
          #expect(count >= 0 && count <= tests, "failures never exceed tests")
        }
      #endif
      #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }
  }

  /// A bundle outside the working directory has an absolute path: a `file:` URI,
  /// since a scheme-less `/…` would read as relative to the repository.
  @Test func sarifGivesAbsolutePathsAsFileURIs() throws {
    let report = LintReport(
      bundlePath: "/work/shared/My Settings.bundle", files: ["Root.plist"],
      diagnostics: [
        Diagnostic(rule: "plist-syntax", severity: .error, file: "Root.plist", message: "x")
      ])
    let output = LintOutput(reports: [report], workingDirectory: "/elsewhere")
    let document = try Self.json(output.render(.sarif))
    let run = try #require((document["runs"] as? [[String: Any]])?.first)
    let result = try #require((run["results"] as? [[String: Any]])?.first)
    let location = try #require((result["locations"] as? [[String: Any]])?.first)
    let physical = try #require(location["physicalLocation"] as? [String: Any])
    let uri = try #require((physical["artifactLocation"] as? [String: Any])?["uri"] as? String)
    #expect(uri == "file:///work/shared/My%20Settings.bundle/Root.plist")
    #expect(URL(string: uri)?.path == "/work/shared/My Settings.bundle/Root.plist")
  }

  @Test(arguments: [
    ("100% done\r\nnext", "100%25 done%0D%0Anext"),
    ("a:b,c", "a:b,c"),
  ])
  func githubMessagesAreEscaped(message: String, expected: String) {
    let report = LintReport(
      bundlePath: "S,1:x.bundle", files: ["Root.plist"],
      diagnostics: [
        Diagnostic(rule: "plist-syntax", severity: .error, file: "Root.plist", message: message)
      ])
    let text = LintOutput(reports: [report]).render(.github)
    #expect(
      text.hasPrefix("::error file=S%2C1%3Ax.bundle/Root.plist,title=plist-syntax::\(expected)\n"))
  }

  @Test func colourOnlyWhenAsked() throws {
    let plain = try Self.output()
    var colored = plain
    colored.colored = true
    #expect(!plain.render(.text).contains("\u{1B}["))
    #expect(colored.render(.text).contains("\u{1B}[1;31merror:"))
  }

  @Test func strictMakesWarningsFail() throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    for file in UnreachablePageExample.files { try bundle.write(file.path, file.text) }
    let report = try LintTestSupport.lint(bundle.path)
    #expect(report.count(.error) == 0 && report.count(.warning) > 0)
    #expect(!LintOutput(reports: [report]).failed)
    #expect(LintOutput(reports: [report], strict: true).failed)
  }
}
