import Foundation
import Parallel
import Plist
import SettingsLint
import SettingsSchema
import StringsWorkflow

/// `prefs lint --fix [--dry-run]`: the fixes the findings carry, made on each
/// bundle's files (all or none, by the strings workflow's atomic write, which
/// never leaves the bundle) or only worked out; then the folders a fix renames.
extension LintFrontEnd {
  /// Fixes every bundle, appending each one's result to `results` as it is done: on a
  /// failure `results` holds the bundles done before it.
  static func fix(
    _ paths: [LintPath], _ linters: [Linter], dryRun: Bool, environment: PrefsEnvironment,
    into results: inout [LintFixResult]
  ) throws(LintFailure) {
    let outcomes = Array(zip(paths, linters)).concurrentMap { path, linter in
      Result { () throws -> LintFixer.Outcome in
        do {
          return try LintFixer(linter: linter).fix(bundleAt: path.resolved)
        } catch let error as SettingsBundleError {
          throw path.naming(error)
        }
      }
    }
    var fixed: [(path: LintPath, outcome: LintFixer.Outcome)] = []
    for (path, result) in zip(paths, outcomes) {
      switch result {
      case .success(var outcome):
        // A folder renamed after the files are written: gone from what remains once it is.
        if !dryRun { outcome.report.diagnostics.removeAll { $0.fix?.rename != nil } }
        outcome.report.bundlePath = path.given
        outcome.reportOnDisk.bundlePath = path.given
        fixed.append((path, outcome))
      case .failure(let error): throw .failed(error)
      }
    }
    // Paths are shown as lint shows them.
    let shown = LintOutput(
      reports: fixed.map(\.outcome.report), workingDirectory: environment.workingDirectory)
    for (path, outcome) in fixed {
      let result = LintFixResult(
        bundle: path.given, outcome: outcome, renames: [], displayPaths: shown)
      if !dryRun, !outcome.changes.isEmpty {
        // A file edited while it was being fixed is left to its editor.
        if let changed = outcome.changes.first(where: { change in
          SettingsBundle.containedPath(change.file, inBundle: path.resolved).flatMap {
            try? BoundedInput.read(path: $0, limit: ReadLimits.standard.maximumBytes)
          } != change.before
        }) {
          throw .changedWhileFixing(file: result.display(changed.file), bundle: path.given)
        }
        do throws(WriteError) {
          try write(
            ChangeSet(
              bundle: path.resolved,
              files: outcome.changes.map {
                FileChange(path: $0.file, bytes: $0.after, previous: $0.before)
              }))
        } catch {
          throw .failed(path.naming(error))
        }
      }
      var done = result
      done.renames = outcome.renames.map { diagnostic, rename, _ in
        FolderRenameResult(
          diagnostic: diagnostic, rename: rename,
          result: Self.rename(rename, in: path.resolved, dryRun: dryRun))
      }
      results.append(done)
    }
  }

  /// Renames a top-level folder of the bundle (a fix's ``Fix/rename``), after
  /// the files are written; never over a folder or file that is there, never
  /// out of the bundle (both names are one component).
  static func rename(_ rename: Fix.FolderRename, in bundle: String, dryRun: Bool)
    -> FolderRenameResult.Result
  {
    guard !dryRun else { return .wouldRename }
    let isOneComponent = { (name: String) in
      !name.isEmpty && name != "." && name != ".." && !name.contains("/")
    }
    guard isOneComponent(rename.folder), isOneComponent(rename.newName),
      SettingsBundle.containedPath(rename.folder, inBundle: bundle) != nil
    else { return .notInsideBundle }
    // The entry itself is renamed (a link stays a link).
    let from = bundle + "/" + rename.folder
    let to = bundle + "/" + rename.newName
    guard !FileManager.default.fileExists(atPath: to) else { return .targetExists }
    do {
      try FileManager.default.moveItem(atPath: from, toPath: to)
    } catch {
      return .failed(error.localizedDescription)
    }
    return .renamed
  }
}

extension LintPath {
  /// The same refusal, naming the bundle's files as given.
  func naming(_ error: WriteError) -> WriteError {
    switch error {
    case .leavesBundle(let path): .leavesBundle(path: shown(path))
    case .conflictingChanges(let path): .conflictingChanges(path: shown(path))
    case .failed(let path, let step, let code, let unrestored):
      .failed(path: shown(path), step: step, code: code, unrestored: unrestored.map(shown))
    }
  }
}
