import Foundation
import Plist

/// What `prefs rules` and `prefs rules explain` print, made from the rules' own fields.
///
/// ```swift
/// print(RuleDocumentation.listing(of: RuleRegistry.all), terminator: "")
/// print(RuleDocumentation.json(of: RuleRegistry.all).rendered())
/// ```
public enum RuleDocumentation {
  /// A line per rule: its id, every severity it can give (the default
  /// first: `error/warning`), its summary; in columns.
  public static func listing(of rules: [any LintRule.Type]) -> String {
    let width = rules.map { $0.id.count }.max() ?? 0
    return rules.map { rule in
      let id = rule.id.padding(toLength: width, withPad: " ", startingAt: 0)
      let severity = rule.severities.map(\.rawValue).joined(separator: "/").padding(
        toLength: 20, withPad: " ", startingAt: 0)
      return "\(id)  \(severity)  \(rule.summary)\n"
    }
    .joined()
  }

  /// The rules for a program: each one's id, default severity, every
  /// severity it can give, summary and the names of its options.
  public static func json(of rules: [any LintRule.Type]) -> JSONValue {
    .array(
      rules.map { rule in
        .object([
          ("id", .string(rule.id)),
          ("severity", .string(rule.defaultSeverity.rawValue)),
          ("severities", .array(rule.severities.map { .string($0.rawValue) })),
          ("summary", .string(rule.summary)),
          ("options", .array(rule.options.map { .string($0.name) })),
        ])
      })
  }

  /// The rule's id, severities, summary, rationale, options and its
  /// failing and passing examples, as `prefs rules explain` prints them.
  public static func text(of rule: any LintRule.Type) -> String {
    var text = "\(rule.id) (\(rule.defaultSeverity.rawValue))\n\n\(rule.summary)\n\n"
    text += wrap(rule.rationale, width: 80) + "\n"
    if !rule.lesserSeverities.isEmpty {
      let cases = rule.lesserSeverities.map { "\($0.severity.rawValue) when \($0.when)" }
      text +=
        "\n"
        + wrap(
          "Severity: \(rule.defaultSeverity.rawValue); " + cases.joined(separator: "; ") + ".",
          width: 80) + "\n"
    }
    if !rule.options.isEmpty {
      text += "\nOptions (.prefs.yml, under lint: rules: \(rule.id):):\n"
      for option in rule.options {
        let described = wrap("\(option.name): \(option.summary)", width: 78)
        text += "\n" + described.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
        text += "\n\n    \(option.example)\n"
      }
    }
    for (title, examples) in [
      ("Reported", rule.failingExamples), ("Accepted", rule.passingExamples),
    ] {
      for (index, example) in examples.enumerated() {
        let number = examples.count > 1 ? " \(index + 1)" : ""
        text += "\n\(title)\(number):\n"
        for file in example.files {
          text += "\n  --- \(file.path) ---\n"
          for line in file.displayText.split(separator: "\n", omittingEmptySubsequences: false)
            .dropLast(file.displayText.hasSuffix("\n") ? 1 : 0)
          {
            text += line.isEmpty ? "\n" : "  \(line)\n"
          }
        }
      }
    }
    return text
  }

  static func wrap(_ text: String, width: Int) -> String {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty, line.count + 1 + word.count > width {
        lines.append(line)
        line = ""
      }
      line += line.isEmpty ? String(word) : " " + word
    }
    if !line.isEmpty { lines.append(line) }
    return lines.joined(separator: "\n")
  }
}

extension RuleRegistry {
  /// The id closest to a misspelled one.
  public static func closestID(to id: String) -> String? {
    Suggestion.closest(to: id, among: ids)
  }
}
