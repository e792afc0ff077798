import Plist
import SettingsSchema

/// `prefs lint --fix` without the writing: lints a bundle, makes the fixes
/// its findings carry on the files' bytes in memory, and lints again with
/// the changed bytes in place of the files, until no fix is left (a table
/// that parses again may show a duplicate key) or ``maximumRounds`` is
/// reached. What it returns is the files' old and new bytes, for the caller
/// to write (all or none) or to show as a diff, and what remains.
///
/// Fixes that touch one place of a file are not made together: the first
/// (in the order of the findings) is, and the other waits for the next
/// round, where it is found again on the changed text or is gone.
///
/// ```swift
/// let outcome = try LintFixer(linter: Linter()).fix(bundleAt: "Settings.bundle")
/// for change in outcome.changes { print(change.file) }  // de.lproj/Root.strings
/// outcome.report.count(.error)                          // what is left
/// ```
public struct LintFixer: Sendable {
  public var linter: Linter
  /// How many times lint runs at most; each run after the first follows a round of fixes.
  public var maximumRounds: Int

  public init(linter: Linter, maximumRounds: Int = 8) {
    self.linter = linter
    self.maximumRounds = maximumRounds
  }

  /// A file's bytes before and after its fixes.
  public struct FileChange: Sendable, Hashable {
    /// The path inside the bundle.
    public var file: String
    public var before: [UInt8]
    public var after: [UInt8]
  }

  /// A fix that was made: the finding, the fix, and where its first edit
  /// was in the file's text as it was then.
  public struct AppliedFix: Sendable, Hashable {
    public var diagnostic: Diagnostic
    public var fix: Fix
    public var location: TextLocation
  }

  /// A fix that was not made, and why.
  public struct SkippedFix: Sendable, Hashable {
    public enum Reason: Sendable, Hashable {
      /// The rule says the fix cannot be made (a binary property list).
      case obstacle(Fix.Obstacle)
      /// The fix did not apply to the file's bytes (changed since they were read, …).
      case failed(TextRepair.Failure)
      /// The file could not be read again.
      case unreadable
    }

    public var diagnostic: Diagnostic
    public var fix: Fix
    public var reason: Reason
  }

  public struct Outcome: Sendable {
    /// The lint of the bundle with every change made: what remains.
    public var report: LintReport
    /// By file and place.
    public var applied: [AppliedFix]
    public var skipped: [SkippedFix]
    /// The files that change, sorted by path.
    public var changes: [FileChange]
  }

  public func fix(bundleAt path: String) throws -> Outcome {
    var replaced: [String: [UInt8]] = [:]
    var originals: [String: [UInt8]] = [:]
    var applied: [AppliedFix] = []
    var skipped: [SkippedFix] = []
    var refused = Set<Fix>()
    var round = 0
    var report: LintReport
    while true {
      var options = linter.loadOptions
      options.replacedFiles = replaced
      let bundle = try SettingsBundle.load(at: path, options: options)
      report = try linter.lint(bundle)
      round += 1
      guard round <= maximumRounds else { break }
      let chosen = Self.choose(from: report.diagnostics, refusing: refused)
      guard !chosen.isEmpty else { break }
      var changed = false
      for (file, fixes) in chosen {
        guard let bytes = replaced[file] ?? bundle.contents(ofFile: file) else {
          for (diagnostic, fix) in fixes {
            skipped.append(SkippedFix(diagnostic: diagnostic, fix: fix, reason: .unreadable))
            refused.insert(fix)
          }
          continue
        }
        // A fix that does not apply (its text changed on disk) holds back no other.
        var working: [(Diagnostic, Fix)] = []
        for (diagnostic, fix) in fixes {
          do throws(TextRepair.Failure) {
            _ = try fix.repair.apply(to: bytes)
            working.append((diagnostic, fix))
          } catch {
            skipped.append(SkippedFix(diagnostic: diagnostic, fix: fix, reason: .failed(error)))
            refused.insert(fix)
          }
        }
        guard !working.isEmpty,
          let after = try? TextRepair.merged(working.map(\.1.repair)).apply(to: bytes)
        else { continue }
        let text = (try? TextRepair.decode(bytes)).map { SourceText(utf8: $0.utf8) }
        for (diagnostic, fix) in working {
          // Where the finding was, when it is in the file fixed; else where the change is.
          let offset = fix.repair.edits.first?.range.lowerBound ?? 0
          let location =
            (diagnostic.file == file ? diagnostic.location : nil)
            ?? text?.location(ofOffset: offset) ?? TextLocation(line: 1, column: 1)
          applied.append(AppliedFix(diagnostic: diagnostic, fix: fix, location: location))
        }
        if originals[file] == nil { originals[file] = bytes }
        replaced[file] = after
        changed = true
      }
      guard changed else { break }
    }
    for diagnostic in report.diagnostics {
      if let fix = diagnostic.fix, let obstacle = fix.obstacle {
        skipped.append(SkippedFix(diagnostic: diagnostic, fix: fix, reason: .obstacle(obstacle)))
      }
    }
    let changes = replaced.keys.sorted().compactMap { file -> FileChange? in
      guard let before = originals[file], let after = replaced[file], before != after else {
        return nil
      }
      return FileChange(file: file, before: before, after: after)
    }
    // Listed by file and place; a later round's fix comes after an earlier one's at one place.
    let listed = applied.enumerated().sorted {
      ($0.element.fix.file, $0.element.location, $0.offset)
        < ($1.element.fix.file, $1.element.location, $1.offset)
    }.map(\.element)
    return Outcome(report: report, applied: listed, skipped: skipped, changes: changes)
  }

  /// The fixes of one round, by file: each fix once, in the order of the
  /// findings, none that touches one chosen before it in its file.
  static func choose(from diagnostics: [Diagnostic], refusing refused: Set<Fix>) -> [(
    file: String, fixes: [(Diagnostic, Fix)]
  )] {
    var byFile: [String: [(Diagnostic, Fix)]] = [:]
    var seen = Set<Fix>()
    for diagnostic in diagnostics {
      guard let fix = diagnostic.fix, fix.obstacle == nil, !refused.contains(fix),
        seen.insert(fix).inserted
      else { continue }
      let chosen = byFile[fix.file] ?? []
      guard !chosen.contains(where: { $0.1.repair.overlaps(fix.repair) }) else { continue }
      byFile[fix.file] = chosen + [(diagnostic, fix)]
    }
    return byFile.keys.sorted().map { ($0, byFile[$0] ?? []) }
  }
}
