import BundleEdit
import Plist
import ProjectConfiguration
import SettingsLint
import SettingsSchema

extension LintFrontEnd {
  /// A bundle's report with what the bundle a release build ships (its
  /// `debug-only:` settings left out, as `prefs bundle build` leaves them)
  /// finds and the full bundle does not: each such finding says so
  /// (`variant` and the start of its message), names the line of the file
  /// as written (the lines left out counted back in), and offers no fix.
  static func checkingWithoutDebugOnly(
    _ report: LintReport, readings: [SettingsBundle], linter: Linter,
    debugOnly: ProjectConfiguration.DebugOnly, at path: String
  ) throws -> LintReport {
    let (pages, _) = DebugOnlyPages.matching(debugOnly, in: readings)
    guard
      let stripping = try? DebugStripping.plan(
        readings: readings, keys: debugOnly.keys, pages: pages),
      !stripping.isEmpty
    else { return report }
    var stripped = linter
    stripped.loadOptions.replacedFiles = stripping.files
    let strippedReport = try stripped.lint(variants: try stripped.loadVariants(at: path))
    let known = Set(report.diagnostics.map(Self.identity))
    let removed = Set(stripping.removedFiles)
    var lineMaps: [String: [Int]] = [:]
    var result = report
    for diagnostic in strippedReport.diagnostics
    where !removed.contains(diagnostic.file) && !known.contains(Self.identity(diagnostic)) {
      var labelled = diagnostic
      labelled.variant = Self.withoutDebugOnly
      labelled.message = Self.withoutDebugOnly + ": " + diagnostic.message
      labelled.fix = nil
      if case .text(let snippet)? = diagnostic.place, let edited = stripping.files[diagnostic.file],
        let original = readings.first?.contents(ofFile: diagnostic.file)
      {
        let map =
          lineMaps[diagnostic.file]
          ?? LineMap.afterDeletions(original: Self.lines(original), edited: Self.lines(edited))
        lineMaps[diagnostic.file] = map
        let line = snippet.location.line
        if line >= 1, line <= map.count {
          let originalLine = map[line - 1]
          labelled.place = .text(
            SourceSnippet(
              location: TextLocation(line: originalLine, column: snippet.location.column),
              lineText: Self.lines(original)[originalLine - 1]))
        }
      }
      result.diagnostics.append(labelled)
    }
    return result
  }

  /// How a finding only the bundle without its debug-only settings has says so.
  static let withoutDebugOnly = "without the debug-only settings"

  /// What makes two findings one, whatever line the settings left out moved it to.
  private static func identity(_ diagnostic: Diagnostic) -> [String] {
    [
      diagnostic.rule, diagnostic.file, diagnostic.anchoredKeyPath ?? "",
      diagnostic.language ?? "", diagnostic.message,
    ]
  }

  private static func lines(_ bytes: [UInt8]) -> [String] {
    guard let decoded = try? TextDecoding.decode(bytes, validateUTF8: false) else { return [] }
    return String(decoding: decoded.utf8, as: UTF8.self)
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }
}

/// The line of a text each line of the same text with some lines deleted came from.
enum LineMap {
  /// For each edited line (in order), its 1-based line in the original: the
  /// next original line equal to it (deletions keep the order of what stays).
  static func afterDeletions(original: [String], edited: [String]) -> [Int] {
    var result: [Int] = []
    result.reserveCapacity(edited.count)
    var next = 0
    for line in edited {
      var index = next
      while index < original.count, original[index] != line { index += 1 }
      if index == original.count { index = min(next, max(original.count - 1, 0)) }
      result.append(index + 1)
      next = min(index + 1, original.count)
    }
    return result
  }
}
