import Foundation
import Parallel
import Plist

/// The output formats of `prefs lint`.
public enum LintFormat: String, Sendable, CaseIterable {
  case text, json, github, sarif, junit
}

/// What every reporter needs besides the reports: where paths are shown
/// from, whether warnings fail, and whether the terminal takes colour.
///
/// ```swift
/// let output = LintOutput(reports: [report], workingDirectory: "/work/app")
/// print(output.render(.sarif))
/// ```
public struct LintOutput: Sendable {
  public var reports: [LintReport]
  /// Absolute paths under it are shown relative to it.
  public var workingDirectory: String?
  /// Warnings fail too.
  public var strict: Bool
  public var colored: Bool
  public var toolVersion: String?
  /// Whether text output says of each finding with a ``Diagnostic/fix`` that it is fixable.
  public var marksFixes = false

  public init(
    reports: [LintReport], workingDirectory: String? = nil, strict: Bool = false,
    colored: Bool = false, toolVersion: String? = nil
  ) {
    self.reports = reports
    self.workingDirectory = workingDirectory
    self.strict = strict
    self.colored = colored
    self.toolVersion = toolVersion
  }

  public var summary: LintSummary { LintSummary(reports) }

  /// Whether a finding fails the run.
  public func fails(_ diagnostic: Diagnostic) -> Bool {
    diagnostic.severity == .error || (strict && diagnostic.severity == .warning)
  }

  /// Whether the run fails: exit status 1.
  public var failed: Bool { reports.contains { $0.diagnostics.contains(where: fails) } }

  public func render(_ format: LintFormat) -> String {
    switch format {
    case .text: TextReporter.render(self)
    case .json: JSONReporter.render(self)
    case .github: GitHubReporter.render(self)
    case .sarif: SARIFReporter.render(self)
    case .junit: JUnitReporter.render(self)
    }
  }

  /// The path of a bundle's file as shown: relative to the working
  /// directory when it lies under it, else as the bundle was given.
  public func displayPath(_ file: String, in report: LintReport) -> String {
    shown(file, base: displayBase(of: report))
  }

  /// A finding's file as shown: a path inside the bundle after `base`; an
  /// absolute one (an app source file) relative to the working directory
  /// when it lies under it.
  func shown(_ file: String, base: String) -> String {
    guard file.hasPrefix("/") else { return base + file }
    if let workingDirectory {
      let prefix = workingDirectory.hasSuffix("/") ? workingDirectory : workingDirectory + "/"
      if file.hasPrefix(prefix) { return String(file.dropFirst(prefix.count)) }
    }
    return file
  }

  /// What goes before a file's path inside the bundle (`Settings.bundle/`);
  /// worked out once per bundle, as it touches the file system.
  public func displayBase(of report: LintReport) -> String {
    var bundle = report.bundlePath
    while bundle.count > 1, bundle.hasSuffix("/") { bundle.removeLast() }
    if bundle == "." { return "" }
    if bundle.hasPrefix("./") { bundle.removeFirst(2) }
    if let workingDirectory, bundle.hasPrefix("/") {
      let base = workingDirectory.hasSuffix("/") ? workingDirectory : workingDirectory + "/"
      let standardized = URL(fileURLWithPath: bundle).standardizedFileURL.path
      if standardized.hasPrefix(base) { bundle = String(standardized.dropFirst(base.count)) }
    }
    return bundle + "/"
  }

  /// "2 errors, 1 warning and 3 notes in 4 files".
  public var summaryLine: String { summaryLine(counting: summary) }

  /// The summary line of these counts; with `findings`, the number of
  /// findings the counted lines stand for, said when more (text output folds
  /// one cause's findings into one line).
  func summaryLine(counting summary: LintSummary, findings: Int? = nil) -> String {
    func count(_ number: Int, _ word: String) -> String {
      "\(number) \(word)\(number == 1 ? "" : "s")"
    }
    let files = count(summary.files, "file")
    let bundles = reports.count > 1 ? " of \(reports.count) bundles" : ""
    guard summary.errors + summary.warnings + summary.notes > 0 else {
      return "No problems in \(files)\(bundles)."
    }
    let parts = [
      (summary.errors, "error"), (summary.warnings, "warning"), (summary.notes, "note"),
    ].filter { $0.0 > 0 }.map { count($0.0, $0.1) }
    let listed =
      parts.count > 1
      ? parts.dropLast().joined(separator: ", ") + " and " + (parts.last ?? "") : parts[0]
    let shownLines = summary.errors + summary.warnings + summary.notes
    guard let findings, findings > shownLines else { return "\(listed) in \(files)\(bundles)." }
    return "\(listed) in \(files)\(bundles) (\(findings) findings, some folded into one line)."
  }
}

enum TextReporter {
  static func render(_ output: LintOutput) -> String {
    // Each bundle's findings on any core (each quotes its source lines), in order.
    let parts = output.reports.concurrentMap { report in
      var text = ""
      var lines = LintSummary([])
      let base = output.displayBase(of: report)
      for (diagnostic, message, fixable) in shown(report.diagnostics) {
        switch diagnostic.severity {
        case .error: lines.errors += 1
        case .warning: lines.warnings += 1
        case .note: lines.notes += 1
        }
        var message = message
        if output.marksFixes, let fixable { message += " (fixable: \(fixable))" }
        CompilerStyleFormatter.format(
          file: output.shown(diagnostic.file, base: base), severity: diagnostic.severity,
          message: message, place: diagnostic.place, ruleID: diagnostic.rule,
          colored: output.colored, into: &text)
        text += "\n"
      }
      return (text, lines)
    }
    // The summary counts the lines shown, as a reader counts them, and the findings behind them.
    let summary = output.summary
    var lines = summary
    lines.errors = parts.reduce(0) { $0 + $1.1.errors }
    lines.warnings = parts.reduce(0) { $0 + $1.1.warnings }
    lines.notes = parts.reduce(0) { $0 + $1.1.notes }
    let findings = summary.errors + summary.warnings + summary.notes
    return parts.map(\.0).joined() + output.summaryLine(counting: lines, findings: findings) + "\n"
  }

  /// One finding per cause: the first finding of each ``FindingCause`` (by
  /// rule, severity and cause) with the one message for all of them, when
  /// they are more than the message quotes; a few keep their own messages. The last is what a fix does, when
  /// the finding (each finding folded into it) has one.
  static func shown(_ diagnostics: [Diagnostic]) -> [(Diagnostic, String, String?)] {
    struct Key: Hashable {
      var rule: String
      var severity: Severity
      var cause: String
    }
    func key(_ diagnostic: Diagnostic) -> Key? {
      diagnostic.cause.map {
        Key(rule: diagnostic.rule, severity: diagnostic.severity, cause: $0.id)
      }
    }
    // Each finding's key once, and each cause's members by index: a copy of
    // every folded finding (a dozen references each) cost more than the rest.
    let keys = diagnostics.indices.map { key(diagnostics[$0]) }
    var members: [Key: [Int]] = [:]
    for index in keys.indices {
      if let key = keys[index] { members[key, default: []].append(index) }
    }
    var shown: [(Diagnostic, String, String?)] = []
    var done = Set<Key>()
    for index in diagnostics.indices {
      guard let key = keys[index], let cause = diagnostics[index].cause,
        let group = members[key], group.count > FindingCause.quotedItems
      else {
        let fix = diagnostics[index].fix.flatMap { $0.obstacle == nil ? $0.summary : nil }
        shown.append((diagnostics[index], diagnostics[index].message, fix))
        continue
      }
      guard done.insert(key).inserted else { continue }
      let fixable =
        group.allSatisfy { diagnostics[$0].fix != nil && diagnostics[$0].fix?.obstacle == nil }
        ? "each of the \(group.count)" : nil
      let items = group.compactMap { diagnostics[$0].cause?.item }
      shown.append((diagnostics[index], cause.message(items: items), fixable))
    }
    return shown
  }
}

enum JSONReporter {
  static func render(_ output: LintOutput) -> String {
    var diagnostics: [JSONValue] = []
    for report in output.reports {
      let base = output.displayBase(of: report)
      for diagnostic in report.diagnostics {
        let location = diagnostic.location
        var keyPath = diagnostic.keyPath
        if case .keyPath(let path)? = diagnostic.place { keyPath = path }
        diagnostics.append(
          .object([
            ("rule", .string(diagnostic.rule)),
            ("severity", .string(diagnostic.severity.rawValue)),
            ("file", .string(output.shown(diagnostic.file, base: base))),
            ("line", .optional(location?.line)),
            ("column", .optional(location?.column)),
            ("keyPath", .optional(keyPath)),
            ("language", .optional(diagnostic.language)),
            ("variant", .optional(diagnostic.variant)),
            ("message", .string(diagnostic.message)),
          ]))
      }
    }
    let summary = output.summary
    let document = JSONValue.object([
      ("version", .integer(1)),
      ("diagnostics", .array(diagnostics)),
      (
        "summary",
        .object([
          ("errors", .integer(Int64(summary.errors))),
          ("warnings", .integer(Int64(summary.warnings))),
          ("notes", .integer(Int64(summary.notes))),
          ("files", .integer(Int64(summary.files))),
        ])
      ),
    ])
    return document.rendered() + "\n"
  }
}

/// GitHub Actions workflow commands; each becomes an annotation on the diff.
enum GitHubReporter {
  static func render(_ output: LintOutput) -> String {
    var text = ""
    for report in output.reports {
      let base = output.displayBase(of: report)
      for diagnostic in report.diagnostics {
        var message = diagnostic.message
        if case .keyPath(let path)? = diagnostic.place { message += " (at \(path))" }
        text +=
          GitHubAnnotation.command(
            diagnostic.severity, file: output.shown(diagnostic.file, base: base),
            line: diagnostic.location?.line,
            column: diagnostic.location?.column, title: diagnostic.rule, message: message) + "\n"
      }
    }
    return text + output.summaryLine + "\n"
  }
}
