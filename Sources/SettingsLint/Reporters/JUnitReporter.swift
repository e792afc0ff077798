import Plist

/// JUnit XML for CI test tabs: a test suite per bundle, a test case per
/// checked file, and one failure in a file's test case when it has findings
/// that fail the run, holding them all, a line each.
///
/// JUnit allows one failure per test case, and GitLab keys test cases by
/// classname and name (a repeated name is dropped) and shows a failure's
/// text, not its message: so `failures` never exceeds `tests`, and each
/// finding is in the text GitLab shows.
enum JUnitReporter {
  static func render(_ output: LintOutput) -> String {
    var suites = ""
    var totalTests = 0
    var totalFailures = 0
    for report in output.reports {
      let byFile = Dictionary(grouping: report.diagnostics.filter(output.fails), by: \.file)
      let files = report.checkedFiles.sorted()
      let failures = files.count { byFile[$0] != nil }
      totalTests += files.count
      totalFailures += failures
      suites +=
        "  <testsuite name=\"\(escape(report.bundlePath))\" tests=\"\(files.count)\" failures=\"\(failures)\" errors=\"0\">\n"
      let base = output.displayBase(of: report)
      for file in files {
        let path = output.shown(file, base: base)
        let open =
          "    <testcase classname=\"\(escape(report.bundlePath))\" name=\"\(escape(path))\" file=\"\(escape(path))\""
        guard let failing = byFile[file] else {
          suites += open + "/>\n"
          continue
        }
        let lines = failing.map { diagnostic in
          let place =
            diagnostic.location.map { "\(path):\($0.line):\($0.column)" }
            ?? SARIFReporter.keyPath(of: diagnostic).map { "\(path): \($0)" } ?? path
          return
            "\(place): \(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.rule)]"
        }
        let rules = Set(failing.map(\.rule)).sorted().joined(separator: " ")
        suites +=
          open + ">\n"
          + "      <failure type=\"\(escape(rules))\" message=\"\(escape(summary(of: failing)))\">"
          + lines.map(escape).joined(separator: "\n") + "</failure>\n"
          + "    </testcase>\n"
      }
      suites += "  </testsuite>\n"
    }
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <testsuites name="prefs lint" tests="\(totalTests)" failures="\(totalFailures)">
      \(suites)</testsuites>

      """
  }

  /// "2 errors and 1 warning": what a file's failure holds.
  static func summary(of diagnostics: [Diagnostic]) -> String {
    let parts = Severity.allCases.reversed().compactMap { severity -> String? in
      let count = diagnostics.count { $0.severity == severity }
      return count == 0 ? nil : "\(count) \(severity.rawValue)\(count == 1 ? "" : "s")"
    }
    return parts.count > 1
      ? parts.dropLast().joined(separator: ", ") + " and " + (parts.last ?? "")
      : parts.joined()
  }

  /// XML text and attribute escaping; control characters, which XML 1.0
  /// cannot hold, are shown escaped.
  static func escape(_ text: String) -> String {
    var result = ""
    for character in text.escapingControlCharacters {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      default: result.append(character)
      }
    }
    return result
  }
}
