import Foundation

/// Writes a file the user named (`--write-baseline`, `-o`/`--output`, an
/// export's FILE): the one way prefs writes an output, so that what stands
/// at the path is never swapped for something else.
///
/// - A regular file (or a missing one) is written whole or not at all: to a
///   new file beside it, then renamed over it, keeping the old file's mode
///   (and owner, where the system lets it).
/// - A symbolic link is followed: the file it ends at is replaced (or made)
///   that way, and the link stays a link.
/// - A FIFO or a character device (`/dev/null`, a terminal), or a link to
///   one, is a stream: opened for writing and written to, never truncated,
///   renamed over or removed. So is whatever a descriptor link names
///   (`/dev/stdout`, `/proc/self/fd/1`): a regular file there is appended
///   to, as the shell opened it.
/// - A folder, a block device or a socket is refused.
///
/// A refusal is an ``OutputFileError`` carrying the path as given and the
/// system's `errno`, for the caller to say in its words.
///
/// Relative paths are the caller's to resolve (``PrefsEnvironment/absolutePath(_:)``):
/// no process-wide working directory is read here but the system's own.
///
/// ```swift
/// try OutputFile.write(Data("{}\n".utf8), to: "/work/app/baseline.json")
/// ```
public enum OutputFile {
  /// Where the bytes for a path go, found before anything is written.
  public enum Destination: Sendable, Equatable {
    /// A regular file at this real path, or none yet: replaced by rename.
    case file(String)
    /// Opened and written to in place; `appending` for a regular file named
    /// through a descriptor link, which the shell may have opened to append.
    case stream(appending: Bool)
  }

  /// Writes `data` to `path`, whole or not at all (see ``OutputFile``).
  public static func write(_ data: Data, to path: String) throws(OutputFileError) {
    switch try destination(of: path) {
    case .file(let real): try replace(real, with: data, shownAs: path)
    case .stream(let appending): try stream(data, to: path, appending: appending)
    }
  }

  /// Makes `folder` and the missing folders above it, for an output that
  /// is a folder (an `.xcloc`); what stands in the way (a FIFO, a file, a
  /// link to a device) is left as it is and named in the system's words.
  public static func createFolder(_ folder: String, for output: String)
    throws(OutputFileError)
  {
    var missing: [String] = []
    var current = folder
    while true {
      var info = stat()
      if stat(current, &info) == 0 {
        guard info.st_mode & S_IFMT == S_IFDIR else { throw failure(output, ENOTDIR) }
        break
      }
      let parent = split(current).folder
      guard errno == ENOENT, parent != current else { throw failure(output, errno) }
      missing.append(current)
      current = parent
    }
    for folder in missing.reversed() where mkdir(folder, 0o777) != 0 && errno != EEXIST {
      throw failure(output, errno)
    }
  }

  /// The bytes of the regular file at `path` now; nil when there is none or
  /// the path names a stream (which is never read: a FIFO would wait for a writer).
  public static func currentContents(of path: String) -> Data? {
    guard case .file(let real) = try? destination(of: path) else { return nil }
    return FileManager.default.contents(atPath: real)
  }

  /// Follows the links that end at `path` one by one, the way `open` would,
  /// to find what is there (links through descriptors, `/proc/…/fd/N`, are
  /// left to the system: their targets are no paths).
  public static func destination(of path: String) throws(OutputFileError) -> Destination {
    var current = path
    for _ in 0..<40 {
      let (folder, name) = split(current)
      guard let realFolder = realPath(folder) else { throw failure(path, errno) }
      if realFolder == "/proc" || realFolder.hasPrefix("/proc/") {
        return try throughDescriptor(path)
      }
      let end = (realFolder == "/" ? "" : realFolder) + "/" + name
      var info = stat()
      guard lstat(end, &info) == 0 else {
        guard errno == ENOENT else { throw failure(path, errno) }
        return .file(end)
      }
      switch info.st_mode & S_IFMT {
      case S_IFLNK:
        guard let target = linkTarget(end) else { throw failure(path, errno) }
        current = target.hasPrefix("/") ? target : realFolder + "/" + target
      case S_IFREG: return .file(end)
      case S_IFIFO, S_IFCHR: return .stream(appending: false)
      default: throw refusal(path, info.st_mode)
      }
    }
    throw failure(path, ELOOP)
  }

  /// A path that reaches a descriptor link: what the descriptor is open on decides.
  private static func throughDescriptor(_ path: String) throws(OutputFileError) -> Destination {
    var info = stat()
    guard stat(path, &info) == 0 else { throw failure(path, errno) }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return .stream(appending: true)
    case S_IFIFO, S_IFCHR: return .stream(appending: false)
    default: throw refusal(path, info.st_mode)
    }
  }

  private static func refusal(_ path: String, _ mode: mode_t) -> OutputFileError {
    let kind: OutputFileError.Kind =
      switch mode & S_IFMT {
      case S_IFDIR: .folder
      case S_IFBLK: .blockDevice
      case S_IFSOCK: .socket
      default: .other
      }
    return .notWritable(path: path, kind: kind)
  }

  private static func split(_ path: String) -> (folder: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let folder = String(path[..<slash])
    return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
  }

  private static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  private static func linkTarget(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink(path, &buffer, buffer.count - 1)
    guard count >= 0 else { return nil }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Writes a new file beside `real` and renames it over; the old file's mode and owner stay.
  private static func replace(_ real: String, with data: Data, shownAs path: String)
    throws(OutputFileError)
  {
    let (folder, name) = split(real)
    let temporary = folder + "/.\(name).\(UUID().uuidString)"
    var old = stat()
    let replacing = stat(real, &old) == 0
    // 0666 less the umask, as any new file: a baseline is committed and read by others.
    let descriptor = open(
      temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, replacing ? 0o600 : 0o666)
    guard descriptor >= 0 else { throw failure(path, errno) }
    var code = writeAll(data, to: descriptor)
    if code == 0, replacing {
      // Another owner is kept only where the system allows it (as root); the mode always.
      _ = fchown(descriptor, old.st_uid, old.st_gid)
      if fchmod(descriptor, old.st_mode & 0o7777) != 0 { code = errno }
    }
    if code == 0, fsync(descriptor) != 0 { code = errno }
    if close(descriptor) != 0, code == 0 { code = errno }
    if code == 0, rename(temporary, real) != 0 { code = errno }
    if code != 0 {
      unlink(temporary)
      throw failure(path, code)
    }
  }

  /// Writes into what is there, as `>` or `>>` in a shell would, without truncating it.
  private static func stream(_ data: Data, to path: String, appending: Bool)
    throws(OutputFileError)
  {
    let descriptor = open(
      path, O_WRONLY | O_NOCTTY | O_CLOEXEC | (appending ? O_APPEND : 0))
    guard descriptor >= 0 else { throw failure(path, errno) }
    // A regular file put there since it was looked at would be overwritten from its start.
    var info = stat()
    if !appending, fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG {
      close(descriptor)
      throw .replacedWhileOpened(path: path)
    }
    var code = writeAll(data, to: descriptor)
    if close(descriptor) != 0, code == 0 { code = errno }
    if code != 0 { throw failure(path, code) }
  }

  /// 0, or the `errno` of the write that failed.
  private static func writeAll(_ data: Data, to descriptor: Int32) -> Int32 {
    var code: Int32 = 0
    data.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = Foundation.write(
          descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          code = errno
          return
        }
        offset += written
      }
    }
    return code
  }

  private static func failure(_ path: String, _ code: Int32) -> OutputFileError {
    .failed(path: path, code: code)
  }
}

/// Why an output was not written; what stood at the path is as it was.
public enum OutputFileError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What stands at a path that is no file, FIFO or character device.
  public enum Kind: String, Sendable, Equatable {
    case folder = "a folder"
    case blockDevice = "a block device"
    case socket = "a socket"
    case other = "not a file"
  }

  /// A system call failed with `code` (`errno`).
  case failed(path: String, code: Int32)
  /// The path names something no output is written to.
  case notWritable(path: String, kind: Kind)
  /// A regular file was put where a FIFO or device was while it was opened.
  case replacedWhileOpened(path: String)

  /// The path as the caller gave it.
  public var path: String {
    switch self {
    case .failed(let path, _), .notWritable(let path, _), .replacedWhileOpened(let path): path
    }
  }

  /// The same refusal naming `path`: a front end that resolved a relative
  /// path names the file as its user gave it.
  public func naming(_ path: String) -> OutputFileError {
    switch self {
    case .failed(_, let code): .failed(path: path, code: code)
    case .notWritable(_, let kind): .notWritable(path: path, kind: kind)
    case .replacedWhileOpened: .replacedWhileOpened(path: path)
    }
  }

  /// In the system's words (`cannot write FILE: permission denied`), never
  /// Foundation's "The operation could not be completed".
  public var description: String {
    switch self {
    case .failed(let path, let code):
      var reason = String(cString: strerror(code))
      if let first = reason.first { reason = first.lowercased() + reason.dropFirst() }
      return "cannot write \(path): \(reason)"
    case .notWritable(let path, let kind):
      return
        "cannot write \(path): it is \(kind.rawValue); give a file, a FIFO or a character device"
    case .replacedWhileOpened(let path):
      return "cannot write \(path): it was replaced while it was opened; nothing was written"
    }
  }
}
