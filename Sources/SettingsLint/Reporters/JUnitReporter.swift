import Plist

/// JUnit XML for CI test tabs: a test suite per bundle, a test case per
/// checked file, a failure per finding that fails the run.
enum JUnitReporter {
  static func render(_ output: LintOutput) -> String {
    var suites = ""
    var totalTests = 0
    var totalFailures = 0
    for report in output.reports {
      let byFile = Dictionary(grouping: report.diagnostics.filter(output.fails), by: \.file)
      let files = report.checkedFiles.sorted()
      let failures = byFile.values.reduce(0) { $0 + $1.count }
      totalTests += files.count
      totalFailures += failures
      suites +=
        "  <testsuite name=\"\(escape(report.bundlePath))\" tests=\"\(files.count)\" failures=\"\(failures)\" errors=\"0\">\n"
      let base = output.displayBase(of: report)
      for file in files {
        let path = output.shown(file, base: base)
        let failing = byFile[file] ?? []
        let open =
          "    <testcase classname=\"\(escape(report.bundlePath))\" name=\"\(escape(path))\""
        guard !failing.isEmpty else {
          suites += open + "/>\n"
          continue
        }
        suites += open + ">\n"
        for diagnostic in failing {
          let place =
            diagnostic.location.map { "\(path):\($0.line):\($0.column)" }
            ?? SARIFReporter.keyPath(of: diagnostic).map { "\(path): \($0)" } ?? path
          suites +=
            "      <failure type=\"\(escape(diagnostic.rule))\" message=\"\(escape(diagnostic.message))\">"
            + escape(
              "\(place): \(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.rule)]"
            )
            + "</failure>\n"
        }
        suites += "    </testcase>\n"
      }
      suites += "  </testsuite>\n"
    }
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <testsuites name="prefs lint" tests="\(totalTests)" failures="\(totalFailures)">
      \(suites)</testsuites>

      """
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
