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

  /// A fix that was made: the finding, the fix, the round of fixes it was
  /// made in (1 for the findings of the first lint), and where the finding
  /// was in that round's text (where the first edit was, when the finding
  /// is in another file).
  public struct AppliedFix: Sendable, Hashable {
    public var diagnostic: Diagnostic
    public var fix: Fix
    public var round: Int
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
    /// By file, then round, then place.
    public var applied: [AppliedFix]
    public var skipped: [SkippedFix]
    /// The files that change, sorted by path.
    public var changes: [FileChange]
    /// What remains, placed in the files as they are before any change (for
    /// a dry run, whose reader has those files before them): a finding in a
    /// changed file has its line and column in the text on disk; one inside
    /// changed text is placed where that change starts.
    public var reportOnDisk: LintReport
    /// The folders to rename once the files are written (``Fix/rename``), each
    /// once, by folder; their findings are still in ``report``.
    public var renames: [(diagnostic: Diagnostic, rename: Fix.FolderRename, fix: Fix)] = []
  }

  public func fix(bundleAt path: String) throws -> Outcome {
    var replaced: [String: [UInt8]] = [:]
    var originals: [String: [UInt8]] = [:]
    // Each changed file's repairs, a round at a time, to place what remains in the text on disk.
    var history: [String: [TextRepair]] = [:]
    var applied: [AppliedFix] = []
    var skipped: [SkippedFix] = []
    var refused = Set<Fix>()
    var round = 0
    var report: LintReport
    // Paths that are links to one file share its bytes: it is fixed (and counted) once,
    // under the first of its paths.
    var realPaths: [String: String] = [:]
    func realPath(_ file: String) -> String {
      if let known = realPaths[file] { return known }
      let real = SettingsBundle.containedPath(file, inBundle: path) ?? file
      realPaths[file] = real
      return real
    }
    while true {
      // Every reading the plain lint makes (each device, each dialect), with
      // the changed bytes in place of the files: what remains is what lint says.
      var reading = linter
      reading.loadOptions.replacedFiles = replaced
      let variants = try reading.loadVariants(at: path)
      guard let bundle = variants.first else { throw SettingsBundleError.noRootPlist(path) }
      report = try reading.lint(variants: variants)
      round += 1
      guard round <= maximumRounds else { break }
      let chosen = Self.choose(from: report.diagnostics, refusing: refused)
      guard !chosen.isEmpty else { break }
      var changed = false
      var fixedThisRound = Set<String>()
      for (file, fixes) in chosen {
        guard fixedThisRound.insert(realPath(file)).inserted else { continue }
        guard let bytes = replaced[file] ?? bundle.contents(ofFile: file) else {
          for (diagnostic, fix) in fixes {
            skipped.append(SkippedFix(diagnostic: diagnostic, fix: fix, reason: .unreadable))
            refused.insert(fix)
          }
          continue
        }
        let made = Self.make(fixes, on: bytes)
        for (diagnostic, fix, failure) in made.failed {
          skipped.append(SkippedFix(diagnostic: diagnostic, fix: fix, reason: .failed(failure)))
          refused.insert(fix)
        }
        guard let after = made.after else { continue }
        let working = made.made
        let text = (try? TextRepair.decode(bytes)).map { SourceText(utf8: $0.utf8) }
        for (diagnostic, fix) in working {
          // Where the finding was, when it is in the file fixed; else where the change is.
          let offset = fix.repair.edits.first?.range.lowerBound ?? 0
          let location =
            (diagnostic.file == file ? diagnostic.location : nil)
            ?? text?.location(ofOffset: offset) ?? TextLocation(line: 1, column: 1)
          applied.append(
            AppliedFix(diagnostic: diagnostic, fix: fix, round: round, location: location))
        }
        let repair = TextRepair.merged(working.map(\.1.repair))
        for copy in bundle.files where copy == file || realPath(copy) == realPath(file) {
          if originals[copy] == nil { originals[copy] = bytes }
          replaced[copy] = after
          history[copy, default: []].append(repair)
        }
        changed = true
      }
      guard changed else { break }
    }
    for diagnostic in report.diagnostics {
      if let fix = diagnostic.fix, let obstacle = fix.obstacle {
        skipped.append(SkippedFix(diagnostic: diagnostic, fix: fix, reason: .obstacle(obstacle)))
      }
    }
    var written = Set<String>()
    let changes = replaced.keys.sorted().compactMap { file -> FileChange? in
      guard let before = originals[file], let after = replaced[file], before != after,
        written.insert(realPath(file)).inserted
      else {
        return nil
      }
      return FileChange(file: file, before: before, after: after)
    }
    let listed = applied.sorted {
      ($0.fix.file, $0.round, $0.location) < ($1.fix.file, $1.round, $1.location)
    }
    var onDisk = report
    onDisk.diagnostics = report.diagnostics.map { diagnostic in
      guard case .text(let snippet)? = diagnostic.place, let repairs = history[diagnostic.file],
        let before = originals[diagnostic.file], let after = replaced[diagnostic.file],
        let old = try? TextRepair.decode(before), let new = try? TextRepair.decode(after)
      else { return diagnostic }
      let oldText = SourceText(utf8: old.utf8)
      var offset = SourceText(utf8: new.utf8).offset(of: snippet.location)
      for repair in repairs.reversed() { offset = Self.offsetBefore(offset, repair) }
      var placed = diagnostic
      placed.place = .text(oldText.snippet(atOffset: offset))
      return placed
    }
    // Renames change no bytes: they are made by the caller, after the files are written.
    var renamed = Set<String>()
    let renames = report.diagnostics.compactMap {
      diagnostic -> (Diagnostic, Fix.FolderRename, Fix)? in
      guard let fix = diagnostic.fix, let rename = fix.rename, fix.obstacle == nil,
        renamed.insert(rename.folder).inserted
      else { return nil }
      return (diagnostic, rename, fix)
    }
    return Outcome(
      report: report, applied: listed, skipped: skipped, changes: changes, reportOnDisk: onDisk,
      renames: renames)
  }

  /// Where an offset of the text after `repair` was in the text before it;
  /// an offset inside new text goes to where the edit starts.
  static func offsetBefore(_ offset: Int, _ repair: TextRepair) -> Int {
    var shift = 0
    for edit in repair.edits {
      let start = edit.range.lowerBound + shift
      if offset < start { break }
      let length = edit.replacement.utf8.count
      if offset < start + length { return edit.range.lowerBound }
      shift += length - edit.range.count
    }
    return offset - shift
  }

  /// One file's fixes made on its bytes, all at once; when that fails, each
  /// is tried alone, so that a fix whose text changed on disk holds back no
  /// other (unless there are so many that trying each would take long).
  static func make(_ fixes: [(Diagnostic, Fix)], on bytes: [UInt8]) -> (
    after: [UInt8]?, made: [(Diagnostic, Fix)], failed: [(Diagnostic, Fix, TextRepair.Failure)]
  ) {
    do throws(TextRepair.Failure) {
      return (try TextRepair.merged(fixes.map(\.1.repair)).apply(to: bytes), fixes, [])
    } catch {
      var made: [(Diagnostic, Fix)] = []
      var failed: [(Diagnostic, Fix, TextRepair.Failure)] = []
      for (diagnostic, fix) in fixes {
        do throws(TextRepair.Failure) {
          guard fixes.count <= maximumTrials else { throw error }
          _ = try fix.repair.apply(to: bytes)
          made.append((diagnostic, fix))
        } catch {
          failed.append((diagnostic, fix, error))
        }
      }
      guard !made.isEmpty,
        let after = try? TextRepair.merged(made.map(\.1.repair)).apply(to: bytes)
      else {
        return (nil, [], failed + made.map { ($0.0, $0.1, error) })
      }
      return (after, made, failed)
    }
  }

  /// How many fixes of one file are tried one by one when they fail together.
  static let maximumTrials = 64

  /// The fixes of one round, by file: each fix once, and of fixes that
  /// touch one place of a file, the one whose finding comes first.
  static func choose(from diagnostics: [Diagnostic], refusing refused: Set<Fix>) -> [(
    file: String, fixes: [(Diagnostic, Fix)]
  )] {
    var byFile: [String: [(Diagnostic, Fix)]] = [:]
    var seen = Set<Fix>()
    for diagnostic in diagnostics {
      guard let fix = diagnostic.fix, fix.obstacle == nil, fix.rename == nil,
        !refused.contains(fix), seen.insert(fix).inserted
      else { continue }
      byFile[fix.file, default: []].append((diagnostic, fix))
    }
    return byFile.keys.sorted().map { file in
      let candidates = byFile[file] ?? []
      let conflicts = Self.conflicts(candidates.map(\.1.repair))
      var chosen = Set<Int>()
      for index in candidates.indices where conflicts[index, default: []].isDisjoint(with: chosen) {
        chosen.insert(index)
      }
      return (file, candidates.indices.filter(chosen.contains).map { candidates[$0] })
    }
  }

  /// Which repairs of one file touch which: the edits sorted by place, each
  /// compared with the ones that start before it ends (few, as fixes seldom
  /// meet), so that thousands of fixes cost no more than sorting them.
  static func conflicts(_ repairs: [TextRepair]) -> [Int: Set<Int>] {
    var result: [Int: Set<Int>] = [:]
    func conflict(_ a: Int, _ b: Int) {
      guard a != b else { return }
      result[a, default: []].insert(b)
      result[b, default: []].insert(a)
    }
    let marks = repairs.indices.filter { repairs[$0].addsByteOrderMark }
    for (position, a) in marks.enumerated() { for b in marks[(position + 1)...] { conflict(a, b) } }
    let edits = repairs.enumerated().flatMap { index, repair in repair.edits.map { ($0, index) } }
      .sorted {
        ($0.0.range.lowerBound, $0.0.range.upperBound) < (
          $1.0.range.lowerBound, $1.0.range.upperBound
        )
      }
    for (position, (edit, owner)) in edits.enumerated() {
      for (other, otherOwner) in edits[(position + 1)...] {
        guard
          other.range.lowerBound < edit.range.upperBound
            || (edit.range.isEmpty && other.range.lowerBound == edit.range.lowerBound)
        else { break }
        if edit.touches(other) { conflict(owner, otherOwner) }
      }
    }
    return result
  }
}
