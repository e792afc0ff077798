import Plist
import SettingsLint

extension LintFixResult {
  /// What a fixing run did, in the words `prefs lint --fix` prints: with
  /// `diff` and a dry run, every bundle's ``patch`` first; then a line per
  /// fix made (`file:line:col: fixed: … [rule]`, `would fix` in a dry run),
  /// per fix not made with its reason, and per folder renamed; with
  /// `summary`, the closing count (`2 fixes made in 2 files.`). Control
  /// characters are escaped.
  ///
  /// ```swift
  /// var options = LintOptions(bundles: ["Settings.bundle"])
  /// options.fix = true
  /// let outcome = LintFrontEnd.run(options, environment: environment)
  /// print(LintFixResult.listing(outcome.fixes, dryRun: false, summary: true), terminator: "")
  /// // Settings.bundle/Root.plist:12:5: fixed: … [duplicate-key]
  /// // 1 fix made in 1 file.
  /// ```
  public static func listing(
    _ fixes: [LintFixResult], dryRun: Bool, summary: Bool, diff showsDiff: Bool = true
  ) -> String {
    var diff = ""
    var listing = ""
    for fixed in fixes {
      if dryRun, showsDiff { diff += fixed.patch }
      listing += Self.listing(fixed.outcome, dryRun: dryRun, display: fixed.display)
      for renamed in fixed.renames {
        let line = Self.rename(renamed.rename, renamed.result)
        listing +=
          "\(fixed.display(renamed.rename.folder)): \(line) [\(renamed.diagnostic.rule)]"
          .escapingControlCharacters + "\n"
      }
    }
    guard summary else { return listing }
    let applied = fixes.reduce(0) { $0 + $1.outcome.applied.count + $1.outcome.renames.count }
    let files = fixes.reduce(0) { $0 + $1.outcome.changes.count + $1.outcome.renames.count }
    return diff + listing + Self.summary(fixes: applied, files: files, dryRun: dryRun) + "\n"
  }

  /// The line for a folder a fix renames.
  static func rename(_ rename: Fix.FolderRename, _ result: FolderRenameResult.Result) -> String {
    let summary = "rename \(rename.folder) to \(rename.newName)"
    return switch result {
    case .wouldRename: "would fix: \(summary)"
    case .renamed: "fixed: \(summary)"
    case .notInsideBundle: "not fixed: \(summary) (the folder is not inside the bundle)"
    case .targetExists: "not fixed: \(summary) (\(rename.newName) is there)"
    case .failed(let reason): "not fixed: \(summary) (\(reason))"
    }
  }

  /// A line per fix made (`file:line:col: fixed: … [rule]`) and per fix
  /// that exists but was not made, with the reason.
  static func listing(
    _ outcome: LintFixer.Outcome, dryRun: Bool, display: (String) -> String
  ) -> String {
    var lines: [String] = []
    for applied in outcome.applied {
      lines.append(
        "\(display(applied.fix.file)):\(applied.location): \(dryRun ? "would fix" : "fixed"): "
          + "\(applied.fix.summary) [\(applied.diagnostic.rule)]")
    }
    for skipped in outcome.skipped {
      lines.append(
        "\(display(skipped.fix.file)): not fixed: \(skipped.fix.summary) "
          + "(\(reason(skipped.reason))) [\(skipped.diagnostic.rule)]")
    }
    return lines.map { $0.escapingControlCharacters + "\n" }.joined()
  }

  static func reason(_ reason: LintFixer.SkippedFix.Reason) -> String {
    switch reason {
    case .obstacle(.binaryPropertyList), .failed(.binaryPropertyList):
      "a binary property list, which prefs never rewrites"
    case .failed(.notText): "the file is not text prefs reads"
    case .failed(.textChanged): "the file is no longer as it was read"
    case .failed(.overlappingEdits): "its edits overlap"
    case .failed(.notEncodable(let encoding)):
      "the new text cannot be written in \(encoding.rawValue)"
    case .failed(.noByteOrderMarkNeeded): "the file needs no byte order mark"
    case .unreadable: "the file cannot be read"
    }
  }

  static func summary(fixes: Int, files: Int, dryRun: Bool) -> String {
    guard fixes > 0 else { return "Nothing to fix." }
    let fixWord = fixes == 1 ? "fix" : "fixes"
    let fileWord = files == 1 ? "file" : "files"
    return dryRun
      ? "\(fixes) \(fixWord) would change \(files) \(fileWord)."
      : "\(fixes) \(fixWord) made in \(files) \(fileWord)."
  }
}
