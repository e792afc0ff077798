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
/// A refusal is told in the system's words (`cannot write FILE: permission
/// denied`), not Foundation's "The operation could not be completed".
///
/// ```swift
/// try OutputFile.write(Data("{}\n".utf8), to: "baseline.json")
/// ```
enum OutputFile {
  /// Where the bytes for a path go, found before anything is written.
  enum Destination: Equatable {
    /// A regular file at this real path, or none yet: replaced by rename.
    case file(String)
    /// Opened and written to in place; `appending` for a regular file named
    /// through a descriptor link, which the shell may have opened to append.
    case stream(appending: Bool)
  }

  static func write(_ data: Data, to path: String) throws(CommandFailure) {
    switch try destination(of: path) {
    case .file(let real): try replace(real, with: data, shownAs: path)
    case .stream(let appending): try stream(data, to: path, appending: appending)
    }
  }

  /// Makes `folder` and the missing folders above it, for an output that
  /// is a folder (an `.xcloc`); what stands in the way (a FIFO, a file, a
  /// link to a device) is left as it is and named in the system's words.
  static func createFolder(_ folder: String, for output: String) throws(CommandFailure) {
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
  static func currentContents(of path: String) -> Data? {
    guard case .file(let real) = try? destination(of: path) else { return nil }
    return FileManager.default.contents(atPath: real)
  }

  /// Follows the links that end at `path` one by one, the way `open` would,
  /// to find what is there (links through descriptors, `/proc/…/fd/N`, are
  /// left to the system: their targets are no paths).
  static func destination(of path: String) throws(CommandFailure) -> Destination {
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
  private static func throughDescriptor(_ path: String) throws(CommandFailure) -> Destination {
    var info = stat()
    guard stat(path, &info) == 0 else { throw failure(path, errno) }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return .stream(appending: true)
    case S_IFIFO, S_IFCHR: return .stream(appending: false)
    default: throw refusal(path, info.st_mode)
    }
  }

  private static func refusal(_ path: String, _ mode: mode_t) -> CommandFailure {
    let what =
      switch mode & S_IFMT {
      case S_IFDIR: "a folder"
      case S_IFBLK: "a block device"
      case S_IFSOCK: "a socket"
      default: "not a file"
      }
    return .failure(
      "cannot write \(path): it is \(what); give a file, a FIFO or a character device")
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
    throws(CommandFailure)
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
    throws(CommandFailure)
  {
    let descriptor = open(
      path, O_WRONLY | O_NOCTTY | O_CLOEXEC | (appending ? O_APPEND : 0))
    guard descriptor >= 0 else { throw failure(path, errno) }
    // A regular file put there since it was looked at would be overwritten from its start.
    var info = stat()
    if !appending, fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG {
      close(descriptor)
      throw .failure(
        "cannot write \(path): it was replaced while it was opened; nothing was written")
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

  private static func failure(_ path: String, _ code: Int32) -> CommandFailure {
    var reason = String(cString: strerror(code))
    if let first = reason.first { reason = first.lowercased() + reason.dropFirst() }
    return .failure("cannot write \(path): \(reason)")
  }
}
