import Foundation
import SettingsSchema

/// The files one command writes into a bundle: all of them or none.
///
/// ```swift
/// let changes = ChangeSet(bundle: "Settings.bundle", files: try model.addLanguage("de"))
/// try write(changes)
/// ```
public struct ChangeSet: Sendable, Hashable {
  /// The bundle folder the paths are relative to.
  public var bundle: String
  /// The files to create or replace, by their path inside the bundle.
  public var files: [FileChange]

  public init(bundle: String, files: [FileChange]) {
    self.bundle = bundle
    self.files = files
  }

  /// What changes, a line each, for a preview or a log.
  public var summary: [String] { files.flatMap(\.summary) }
}

/// Why a change set was not written. Whatever the case, the bundle is as it was.
public enum WriteError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A path that is absolute, has `..`, or passes through a symbolic link
  /// that leaves the bundle: refused before anything is written.
  case leavesBundle(path: String)
  /// Two changes that end at one file (through a link) with different bytes.
  case conflictingChanges(path: String)
  /// A file system call failed (`code` is its `errno`). Every file already
  /// replaced was put back, except the ones in `unrestored`.
  case failed(path: String, step: WriteStep, code: Int32, unrestored: [String])

  /// Whether the bundle is as it was before the write (always, unless a
  /// replaced file could not be put back).
  public var isRestored: Bool {
    guard case .failed(_, _, _, let unrestored) = self else { return true }
    return unrestored.isEmpty
  }

  public var description: String {
    switch self {
    case .leavesBundle(let path):
      "\(path): the path leaves the bundle (through '..' or a symbolic link); it is never written"
    case .conflictingChanges(let path):
      "\(path): two changes end at this file with different contents"
    case .failed(let path, let step, let code, let unrestored):
      "\(path): cannot \(step.rawValue): \(String(cString: strerror(code)))"
        + (unrestored.isEmpty
          ? "" : "; these files could not be put back: \(unrestored.joined(separator: ", "))")
    }
  }
}

/// The step of a write that failed.
public enum WriteStep: String, Sendable, Hashable {
  case createFolder = "create the folder"
  case stage = "write a temporary file beside it"
  case backUp = "keep a copy of the old file"
  case commit = "replace it"
}

/// Writes a change set into its bundle, all files or none: every path is
/// checked to stay inside the bundle (by the loader's own rule, so a folder
/// that is a symbolic link leaving the bundle is never written through); every
/// new file is written and synced beside its target first; only then are they
/// renamed into place, one by one, and if one fails, the ones already replaced
/// are put back from the copies kept and the new folders removed. The one way
/// prefs' strings commands write.
///
/// ```swift
/// try write(ChangeSet(bundle: path, files: try model.sync(prune: false)))
/// ```
public func write(_ changes: ChangeSet) throws(WriteError) {
  var transaction = Transaction()
  do throws(WriteError) {
    let targets = try resolve(changes)
    for target in targets { try transaction.stage(target) }
    try transaction.commit()
  } catch {
    throw transaction.rollBack(error)
  }
  transaction.finish()
}

/// A file to write, where it really is.
private struct Target {
  var path: String
  var real: String
  var bytes: [UInt8]
}

/// Every change checked for containment, the ones that end at one file merged.
private func resolve(_ changes: ChangeSet) throws(WriteError) -> [Target] {
  var targets: [Target] = []
  var byReal: [String: Int] = [:]
  for change in changes.files {
    guard let real = SettingsBundle.containedPath(change.path, inBundle: changes.bundle) else {
      throw .leavesBundle(path: change.path)
    }
    if let index = byReal[real] {
      guard targets[index].bytes == change.bytes else {
        throw .conflictingChanges(path: change.path)
      }
      continue
    }
    byReal[real] = targets.count
    targets.append(Target(path: change.path, real: real, bytes: change.bytes))
  }
  return targets
}

private struct Transaction {
  struct Staged {
    var target: Target
    var temporary: String
    /// A hard link to (or copy of) the file replaced; nil for a new file.
    var backup: String?
  }

  var createdFolders: [String] = []
  var staged: [Staged] = []
  var committed = 0

  private static func failure(_ path: String, _ step: WriteStep) -> WriteError {
    .failed(path: path, step: step, code: errno, unrestored: [])
  }

  /// A name beside `path` that no other file has.
  private static func sibling(of path: String, _ purpose: String) -> String {
    let folder = (path as NSString).deletingLastPathComponent
    return folder + "/.prefs-\(purpose)-\(UUID().uuidString)"
  }

  mutating func stage(_ target: Target) throws(WriteError) {
    let folder = (target.real as NSString).deletingLastPathComponent
    try createFolders(folder, for: target.path)
    var info = stat()
    let exists = lstat(target.real, &info) == 0
    // Only a file is replaced (and kept to put back); a folder in the way
    // fails at its turn to be renamed, and anything else is refused here.
    let isFile = exists && info.st_mode & S_IFMT == S_IFREG
    if exists, !isFile, info.st_mode & S_IFMT != S_IFDIR {
      errno = EEXIST
      throw Self.failure(target.path, .stage)
    }
    let temporary = Self.sibling(of: target.real, "new")
    let mode = isFile ? info.st_mode & 0o7777 : 0o666
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
    guard descriptor >= 0 else { throw Self.failure(target.path, .stage) }
    staged.append(Staged(target: target, temporary: temporary, backup: nil))
    defer { close(descriptor) }
    // The umask applies to new files only; a replaced file keeps its mode.
    if isFile, fchmod(descriptor, mode) != 0 { throw Self.failure(target.path, .stage) }
    var written = 0
    while written < target.bytes.count {
      let count = target.bytes.withUnsafeBytes {
        Foundation.write(descriptor, $0.baseAddress.map { $0 + written }, $0.count - written)
      }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { throw Self.failure(target.path, .stage) }
      written += count
    }
    guard fsync(descriptor) == 0 else { throw Self.failure(target.path, .stage) }
    if isFile {
      let backup = Self.sibling(of: target.real, "old")
      guard link(target.real, backup) == 0 || copy(target.real, to: backup) else {
        throw Self.failure(target.path, .backUp)
      }
      staged[staged.count - 1].backup = backup
    }
  }

  /// A copy where a hard link cannot be made (streamed: never the whole file in memory).
  private func copy(_ source: String, to destination: String) -> Bool {
    (try? FileManager.default.copyItem(atPath: source, toPath: destination)) != nil
  }

  private mutating func createFolders(_ folder: String, for path: String) throws(WriteError) {
    var missing: [String] = []
    var current = folder
    var info = stat()
    while lstat(current, &info) != 0 {
      missing.append(current)
      current = (current as NSString).deletingLastPathComponent
    }
    for folder in missing.reversed() {
      guard mkdir(folder, 0o777) == 0 else { throw Self.failure(path, .createFolder) }
      createdFolders.append(folder)
    }
  }

  mutating func commit() throws(WriteError) {
    for item in staged {
      guard rename(item.temporary, item.target.real) == 0 else {
        throw Self.failure(item.target.path, .commit)
      }
      committed += 1
    }
  }

  /// Puts back every file replaced, removes every file and folder made, and
  /// returns the error with the files that could not be put back.
  mutating func rollBack(_ error: WriteError) -> WriteError {
    var unrestored: [String] = []
    for (index, item) in staged.enumerated() {
      if index < committed {
        let restored =
          if let backup = item.backup {
            rename(backup, item.target.real) == 0
          } else {
            unlink(item.target.real) == 0
          }
        if !restored { unrestored.append(item.target.path) }
      } else {
        unlink(item.temporary)
        if let backup = item.backup { unlink(backup) }
      }
    }
    for folder in createdFolders.reversed() { rmdir(folder) }
    guard case .failed(let path, let step, let code, _) = error else { return error }
    return .failed(path: path, step: step, code: code, unrestored: unrestored)
  }

  /// After the commit: the copies go, and the folders are synced so that the
  /// renames survive a crash.
  func finish() {
    var folders = Set<String>()
    for item in staged {
      if let backup = item.backup { unlink(backup) }
      folders.insert((item.target.real as NSString).deletingLastPathComponent)
    }
    for folder in folders.sorted() {
      let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      guard descriptor >= 0 else { continue }
      fsync(descriptor)
      close(descriptor)
    }
  }
}
