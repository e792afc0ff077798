import Foundation
import Parallel
import Plist
import SettingsLint
import SettingsSchema
import StringsWorkflow
import TextDiff

/// `prefs lint --fix [--dry-run]`: the fixes the findings carry, made on
/// each bundle's files (all or none, by the strings workflow's atomic
/// write, which never leaves the bundle) or shown as a diff; then the list
/// of what was fixed and the report of what remains.
extension Lint {
  func fixAndReport(
    _ paths: [String], _ linters: [Linter], output: inout some TextOutputStream,
    errors: inout some TextOutputStream
  ) -> Int32 {
    let outcomes = Array(zip(paths, linters)).concurrentMap { path, linter in
      Result { try LintFixer(linter: linter).fix(bundleAt: path) }
    }
    var fixed: [(path: String, outcome: LintFixer.Outcome)] = []
    for (path, result) in zip(paths, outcomes) {
      switch result {
      case .success(var outcome):
        // A folder renamed after the files are written: gone from what remains once it is.
        if !dryRun { outcome.report.diagnostics.removeAll { $0.fix?.rename != nil } }
        fixed.append((path, outcome))
      case .failure(let error): return CommandErrors.report(error, to: &errors)
      }
    }
    // Paths are shown as lint shows them.
    let shown = LintOutput(
      reports: fixed.map(\.outcome.report),
      workingDirectory: FileManager.default.currentDirectoryPath)
    var listing = ""
    var diff = ""
    for (index, (path, outcome)) in fixed.enumerated() {
      let report = shown.reports[index]
      let display = { (file: String) in shown.displayPath(file, in: report) }
      if dryRun {
        for change in outcome.changes {
          diff += UnifiedDiff.render(
            old: Self.text(change.before), new: Self.text(change.after),
            path: display(change.file), escaping: \.needsEscapingForTerminal)
        }
      } else if !outcome.changes.isEmpty {
        // A file edited while it was being fixed is left to its editor.
        if let changed = outcome.changes.first(where: { change in
          SettingsBundle.containedPath(change.file, inBundle: path).flatMap {
            try? BoundedInput.read(path: $0, limit: ReadLimits.standard.maximumBytes)
          } != change.before
        }) {
          print(listing, terminator: "", to: &errors)
          return CommandErrors.report(
            CommandFailure.failure(
              "\(display(changed.file)): changed while it was being fixed; nothing of \(path) was written"
            ), to: &errors)
        }
        // What changed is said once it has: a refused write lists nothing as done.
        do throws(WriteError) {
          try write(
            ChangeSet(
              bundle: path,
              files: outcome.changes.map {
                FileChange(path: $0.file, bytes: $0.after, previous: $0.before)
              }))
        } catch {
          print(listing, terminator: "", to: &errors)
          return CommandErrors.report(error, to: &errors)
        }
      }
      listing += Self.listing(outcome, dryRun: dryRun, display: display)
      for (diagnostic, rename, _) in outcome.renames {
        let line = Self.rename(rename, in: path, dryRun: dryRun)
        listing +=
          "\(display(rename.folder)): \(line) [\(diagnostic.rule)]".escapingControlCharacters
          + "\n"
      }
    }
    let applied = fixed.reduce(0) { $0 + $1.outcome.applied.count + $1.outcome.renames.count }
    let files = fixed.reduce(0) { $0 + $1.outcome.changes.count + $1.outcome.renames.count }
    listing += Self.summary(fixes: applied, files: files, dryRun: dryRun) + "\n"
    // A machine format keeps standard output to itself.
    if format == .text {
      output.write(diff + listing)
    } else {
      errors.write(diff + listing)
    }
    // A dry run's reader has the files on disk before them: what remains is placed in those.
    let remaining = fixed.map { dryRun ? $0.outcome.reportOnDisk : $0.outcome.report }
    return report(remaining, output: &output, errors: &errors)
  }

  /// Renames a top-level folder of the bundle (a fix's ``Fix/rename``), after
  /// the files are written; never over a folder or file that is there, never
  /// out of the bundle (both names are one component). The line `--fix` lists.
  static func rename(_ rename: Fix.FolderRename, in bundle: String, dryRun: Bool) -> String {
    let summary = "rename \(rename.folder) to \(rename.newName)"
    guard !dryRun else { return "would fix: \(summary)" }
    let isOneComponent = { (name: String) in
      !name.isEmpty && name != "." && name != ".." && !name.contains("/")
    }
    guard isOneComponent(rename.folder), isOneComponent(rename.newName),
      SettingsBundle.containedPath(rename.folder, inBundle: bundle) != nil
    else { return "not fixed: \(summary) (the folder is not inside the bundle)" }
    // The entry itself is renamed (a link stays a link).
    let from = bundle + "/" + rename.folder
    let to = bundle + "/" + rename.newName
    guard !FileManager.default.fileExists(atPath: to) else {
      return "not fixed: \(summary) (\(rename.newName) is there)"
    }
    do {
      try FileManager.default.moveItem(atPath: from, toPath: to)
    } catch {
      return "not fixed: \(summary) (\(error.localizedDescription))"
    }
    return "fixed: \(summary)"
  }

  /// A file's text as the diff shows it: decoded, with its byte order mark
  /// as the character it is, so that adding one shows.
  static func text(_ bytes: [UInt8]) -> String {
    guard let decoded = try? TextRepair.decode(bytes) else { return "" }
    let text = String(decoding: decoded.utf8, as: UTF8.self)
    switch decoded.encoding {
    case .utf8, .latin1, .utf16LittleEndianWithoutBOM, .utf16BigEndianWithoutBOM: return text
    default: return "\u{FEFF}" + text
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
