import Foundation
import Plist

/// The findings a team has accepted for now: `prefs lint --write-baseline`
/// records them, `--baseline` reports only what is new. A finding is matched
/// by its rule, its file (as shown) and its key path (or, without one, its
/// message) — never by line, so an edit above it does not bring it back.
///
/// ```swift
/// let baseline = LintBaseline(output: output)
/// let fresh = baseline.removingKnown(from: output)
/// ```
public struct LintBaseline: Sendable, Codable, Hashable {
  public struct Entry: Sendable, Codable, Hashable {
    public var rule: String
    public var file: String
    public var keyPath: String?
    public var message: String?
  }

  public var version = 1
  public var findings: [Entry]

  /// The findings of a run, as files are shown.
  public init(output: LintOutput) {
    findings = output.reports.flatMap { report in
      report.diagnostics.map { Self.entry($0, file: output.displayPath($0.file, in: report)) }
    }
  }

  static func entry(_ diagnostic: Diagnostic, file: String) -> Entry {
    Entry(
      rule: diagnostic.rule, file: file, keyPath: diagnostic.keyPath,
      message: diagnostic.keyPath == nil ? diagnostic.message : nil)
  }

  /// The run without the findings the baseline holds (each entry matches one finding).
  public func removingKnown(from output: LintOutput) -> LintOutput {
    var remaining: [Entry: Int] = [:]
    for entry in findings { remaining[entry, default: 0] += 1 }
    var result = output
    for index in result.reports.indices {
      let report = result.reports[index]
      result.reports[index].diagnostics = report.diagnostics.filter { diagnostic in
        let entry = Self.entry(diagnostic, file: output.displayPath(diagnostic.file, in: report))
        guard let count = remaining[entry], count > 0 else { return true }
        remaining[entry] = count - 1
        return false
      }
    }
    return result
  }

  public func encoded() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(self) + Data("\n".utf8)
  }

  /// Reads a baseline file, bounded like every input.
  public static func load(file: String) throws(ConfigurationError) -> LintBaseline {
    guard
      let bytes = try? BoundedInput.read(
        path: file, limit: ReadLimits.standard.maximumBytes, regularFileOnly: true)
    else { throw ConfigurationError(file: file, message: "the baseline cannot be read") }
    do {
      let baseline = try JSONDecoder().decode(LintBaseline.self, from: Data(bytes))
      guard baseline.version == 1 else {
        throw ConfigurationError(
          file: file, message: "baseline version \(baseline.version); prefs reads 1")
      }
      return baseline
    } catch let error as ConfigurationError {
      throw error
    } catch {
      throw ConfigurationError(file: file, message: "not a prefs lint baseline (\(error))")
    }
  }
}

extension LintOutput {
  /// The run with only the findings of `minimum` severity or worse.
  public func keeping(atLeast minimum: Severity) -> LintOutput {
    var result = self
    for index in result.reports.indices {
      result.reports[index].diagnostics.removeAll { $0.severity < minimum }
    }
    return result
  }
}
