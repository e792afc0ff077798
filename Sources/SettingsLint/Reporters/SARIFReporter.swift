import Plist

/// SARIF 2.1.0, as GitHub code scanning reads it: every rule in
/// `tool.driver.rules`, results pointing at relative URIs and regions.
enum SARIFReporter {
  static func render(_ output: LintOutput) -> String {
    let rules = RuleRegistry.all
    let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })
    var results: [JSONValue] = []
    for report in output.reports {
      let base = output.displayBase(of: report)
      for diagnostic in report.diagnostics {
        var physical: [(String, JSONValue)] = [
          (
            "artifactLocation",
            .object([("uri", .string(uri(output.shown(diagnostic.file, base: base))))])
          )
        ]
        if let location = diagnostic.location {
          physical.append(
            (
              "region",
              .object([
                ("startLine", .integer(Int64(location.line))),
                ("startColumn", .integer(Int64(location.column))),
              ])
            ))
        }
        var location: [(String, JSONValue)] = [("physicalLocation", .object(physical))]
        if let keyPath = keyPath(of: diagnostic) {
          location.append(
            ("logicalLocations", .array([.object([("fullyQualifiedName", .string(keyPath))])])))
        }
        var result: [(String, JSONValue)] = [
          ("ruleId", .string(diagnostic.rule))
        ]
        if let index = ruleIndex[diagnostic.rule] {
          result.append(("ruleIndex", .integer(Int64(index))))
        }
        result += [
          ("level", .string(diagnostic.severity.rawValue)),
          ("message", .object([("text", .string(diagnostic.message))])),
          ("locations", .array([.object(location)])),
        ]
        if let language = diagnostic.language {
          result.append(("properties", .object([("language", .string(language))])))
        }
        results.append(.object(result))
      }
    }
    let driverRules: [JSONValue] = rules.map { rule in
      .object([
        ("id", .string(rule.id)),
        ("shortDescription", .object([("text", .string(rule.summary))])),
        ("fullDescription", .object([("text", .string(rule.rationale))])),
        ("defaultConfiguration", .object([("level", .string(rule.defaultSeverity.rawValue))])),
        ("help", .object([("text", .string("prefs rules explain \(rule.id)"))])),
      ])
    }
    let document = JSONValue.object([
      ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
      ("version", .string("2.1.0")),
      (
        "runs",
        .array([
          .object([
            (
              "tool",
              .object([
                (
                  "driver",
                  .object(
                    [("name", .string("prefs"))]
                      + (output.toolVersion.map { [("semanticVersion", .string($0))] } ?? [])
                      + [
                        ("informationUri", .string("https://github.com/prefs-tool/prefs")),
                        ("rules", .array(driverRules)),
                      ])
                )
              ])
            ),
            ("columnKind", .string("unicodeCodePoints")),
            ("results", .array(results)),
          ])
        ])
      ),
    ])
    return document.rendered() + "\n"
  }

  static func keyPath(of diagnostic: Diagnostic) -> String? {
    if case .keyPath(let path)? = diagnostic.place { return path }
    return diagnostic.keyPath
  }

  /// A URI for a path: one under the working directory as a relative
  /// reference, an absolute one (outside it) as a `file:///` URI, since a
  /// scheme-less `/…` is a relative reference that readers resolve against
  /// the repository; path segments percent-encoded, slashes kept.
  static func uri(_ path: String) -> String {
    var result = path.hasPrefix("/") ? "file://" : ""
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
        result.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
      }
    }
    return result
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
