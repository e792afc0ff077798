import Foundation
import Plist

/// One finding of `prefs lint`: which rule, how serious, where, and what.
///
/// ```swift
/// let report = try Linter().lint(bundleAt: "Settings.bundle")
/// for diagnostic in report.diagnostics { print(diagnostic.rule, diagnostic.message) }
/// ```
public struct Diagnostic: Sendable, Hashable {
  /// The rule id, kebab-case (`default-not-in-values`).
  public var rule: String
  public var severity: Severity
  /// The file's path inside the bundle.
  public var file: String
  /// A line and column for text files, a key path for binary ones; nil for the whole file.
  public var place: IssuePlace?
  /// The key path of the element concerned, when there is one.
  public var keyPath: String?
  /// The key path with the page's element named by its `Key` (or type and
  /// title) instead of its index: what stays the same when elements are
  /// added above it. Baselines match by it.
  public var anchoredKeyPath: String?
  /// The `.lproj` language the finding is about, for translation rules.
  public var language: String?
  public var message: String
  /// The device or dialect the finding concerns ("on pad"), when not every
  /// reading of its file shares it; the message starts with it too.
  public var variant: String?
  /// The one safe change that removes the finding, when there is one (`prefs lint --fix`).
  public var fix: Fix?
  /// The cause this finding shares with others of its rule (every string one
  /// table lacks): text output shows them as one finding, other formats each.
  public var cause: FindingCause?

  public init(
    rule: String, severity: Severity, file: String, place: IssuePlace? = nil,
    keyPath: String? = nil, language: String? = nil, message: String, fix: Fix? = nil
  ) {
    self.rule = rule
    self.severity = severity
    self.file = file
    self.place = place
    self.keyPath = keyPath
    self.language = language
    self.message = message
    self.fix = fix
  }

  /// The line and column, when the place is in text.
  public var location: TextLocation? {
    if case .text(let snippet)? = place { return snippet.location }
    return nil
  }
}

/// What several findings of one rule have in common, and how to say it once:
/// `template` with `{count}` (how many findings) and `{items}` (the first
/// few items, quoted) in it.
///
/// ```swift
/// let cause = FindingCause(
///   id: "de.lproj/Root.strings", item: "Idle",
///   template: "de.lproj/Root.strings lacks {count} strings ({items}); iOS shows them as written")
/// ```
public struct FindingCause: Sendable, Hashable {
  /// What the findings share; findings of one rule and severity with one id are one.
  public var id: String
  /// What this finding is about, quoted in the one message.
  public var item: String
  public var template: String

  public init(id: String, item: String, template: String) {
    self.id = id
    self.item = item
    self.template = template
  }

  /// How many items the one message quotes.
  public static let quotedItems = 3

  /// The one message for findings of this cause about `items`.
  public func message(items: [String]) -> String {
    let quoted =
      items.prefix(Self.quotedItems).map(MessageText.quoted).joined(separator: ", ")
      + (items.count > Self.quotedItems ? ", …" : "")
    return MessageText.bounded(
      template.replacingOccurrences(of: "{count}", with: String(items.count))
        .replacingOccurrences(of: "{items}", with: quoted))
  }
}

/// The findings for one bundle.
public struct LintReport: Sendable {
  /// The bundle path as given.
  public var bundlePath: String
  /// The files that were checked, relative to the bundle, sorted.
  public var files: [String]
  /// Findings ordered by file, then position, then rule.
  public var diagnostics: [Diagnostic]

  public init(bundlePath: String, files: [String], diagnostics: [Diagnostic]) {
    self.bundlePath = bundlePath
    self.files = files
    self.diagnostics = diagnostics
  }

  /// The bundle's files, and the app's source files (`--sources`) findings are in.
  public var checkedFiles: Set<String> {
    var result = Set(files)
    // By index: iterating the array would copy each whole finding (a dozen
    // references retained and released) to read one field; a run of 300,000
    // findings spent most of its time there.
    for index in diagnostics.indices { result.insert(diagnostics[index].file) }
    return result
  }

  public func count(_ severity: Severity) -> Int {
    var count = 0
    // By index, for the reason `checkedFiles` gives.
    for index in diagnostics.indices where diagnostics[index].severity == severity { count += 1 }
    return count
  }

  /// Errors, warnings and notes in one pass over the findings.
  func severityCounts() -> (errors: Int, warnings: Int, notes: Int) {
    var counts = (errors: 0, warnings: 0, notes: 0)
    for index in diagnostics.indices {
      switch diagnostics[index].severity {
      case .error: counts.errors += 1
      case .warning: counts.warnings += 1
      case .note: counts.notes += 1
      }
    }
    return counts
  }
}

/// Totals over the reports of one run; `files` counts each report's files
/// and the app's source files its findings are in.
public struct LintSummary: Sendable, Hashable {
  public var errors: Int
  public var warnings: Int
  public var notes: Int
  public var files: Int

  public init(_ reports: [LintReport]) {
    (errors, warnings, notes, files) = (0, 0, 0, 0)
    // By index, without copying a report (and its findings) per total.
    for index in reports.indices {
      let counts = reports[index].severityCounts()
      errors += counts.errors
      warnings += counts.warnings
      notes += counts.notes
      files += reports[index].checkedFiles.count
    }
  }
}
