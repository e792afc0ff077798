import Foundation
internal import Platform
import Plist

/// One domain's file, `<directory>/<domain>.plist`, and how it is read and
/// replaced: under an exclusive `flock` on `.prefs-locks/<domain>.plist.lock`, by writing
/// a temporary file beside it, `fsync`, `rename` over, `fsync` of the folder.
/// A crash at any instant leaves the old file or the new one.
///
/// A domain file that is a symbolic link (dotfile managers make them) is
/// read through the link, and a write replaces the file the link ends at,
/// the same way, in that file's folder: the link stays.
struct DomainFile: Sendable {
  let directory: String
  let domain: DomainName
  /// Whether a missing `directory` may be made: only for the default
  /// location, so that a mistyped folder is an error rather than a new tree.
  var createsDirectory = false

  var path: String { directory + "/" + domain.fileName }
  /// The lock files live in one hidden folder of the defaults folder, made
  /// once, rather than beside each domain file: a lock file cannot be
  /// removed safely when its writer is done (a writer that opened it before
  /// the unlink would lock a file no later writer opens, and two writers
  /// would hold "the" lock at once), so each stays, and one folder keeps
  /// them out of sight of `ls ~/.config`.
  var lockPath: String { directory + "/" + DomainName.lockFolderName + "/" + domain.lockFileName }
  /// Where earlier versions of prefs kept the lock: `<domain>.plist.lock`
  /// beside the file. It is locked too while it exists, so that an older
  /// prefs writing at the same time is still kept out; it is never made.
  var legacyLockPath: String { directory + "/" + domain.lockFileName }

  /// The stored values; empty when there is no file yet.
  func read() throws(DefaultsError) -> [PlistKey: PlistValue] {
    guard let bytes = try readBytes() else { return [:] }
    return try Self.parse(bytes, file: path)
  }

  static func parse(_ bytes: [UInt8], file: String) throws(DefaultsError) -> [PlistKey: PlistValue]
  {
    let document: PlistDocument
    do {
      document = try PropertyListReader.read(bytes)
    } catch {
      throw .corruptDomain(file: file, reason: placed(error))
    }
    if let problem = document.issues.first(where: { $0.severity == .error }) {
      throw .corruptDomain(file: file, reason: placed(problem))
    }
    guard case .dictionary(let values) = document.root.value else {
      throw .corruptDomain(
        file: file,
        reason: "the top level is \(document.root.typeNameWithArticle), not a dictionary")
    }
    return values
  }

  /// The issue's message with the key it is at in a binary file, so that
  /// the value at fault is named (`at the key "big"`).
  static func placed(_ issue: ReadIssue) -> String {
    switch issue.place {
    case .keyPath(let path)?: "\(issue.message) at the key \"\(path.escapingControlCharacters)\""
    case .text, nil: issue.message
    }
  }

  /// The file's bytes (through a link), or nil when it does not exist. A
  /// file larger than the plist reader's limit is refused before it is read.
  func readBytes() throws(DefaultsError) -> [UInt8]? {
    do {
      return try BoundedInput.read(
        path: path, limit: ReadLimits.standard.maximumBytes, regularFileOnly: true)
    } catch {
      switch error {
      case .missing: return nil
      case .tooLarge: throw .corruptDomain(file: path, reason: error.description)
      case .notARegularFile:
        _ = try destination()  // names what stands there
        throw .notAPlainFile(file: path, reason: "the domain path is not a regular file")
      case .system(_, let reason):
        throw .io(file: path, operation: "read the domain", reason: reason)
      }
    }
  }

  /// Where a write puts the new file: the domain path, or the file a link
  /// there ends at (which may not exist yet). Links are followed here by
  /// hand, so that a link to nothing still names where its file belongs.
  func destination() throws(DefaultsError) -> String {
    var current = path
    for _ in 0..<40 {
      var info = stat()
      if lstat(current, &info) != 0 {
        guard errno == ENOENT else {
          throw .io(
            file: path, operation: "write the domain", reason: String(cString: strerror(errno)))
        }
        return current
      }
      switch info.st_mode & S_IFMT {
      case S_IFREG: return current
      case S_IFLNK:
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(current, &buffer, buffer.count - 1)
        guard count > 0 else {
          throw .io(
            file: path, operation: "follow the link", reason: String(cString: strerror(errno)))
        }
        let target = String(
          decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        current = target.hasPrefix("/") ? target : Self.folder(of: current) + "/" + target
      case S_IFDIR:
        throw .notAPlainFile(
          file: path,
          reason: current == path
            ? "a directory stands where the domain file belongs"
            : "the domain file is a symbolic link to a directory (\(current))")
      default:
        throw .notAPlainFile(file: path, reason: "the domain path is not a regular file")
      }
    }
    throw .notAPlainFile(file: path, reason: "the domain file is a loop of symbolic links")
  }

  /// The file the domain path's link ends at; nil when it is no link (or a broken chain).
  func linkTarget() -> String? {
    var info = stat()
    guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return nil }
    return try? destination()
  }

  static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// Runs `body` holding the domain's lock (and an older prefs' lock file, when there is one).
  func withLock<T: Sendable>(_ body: () throws(DefaultsError) -> T) throws(DefaultsError) -> T {
    try createDirectory()
    let folder = directory + "/" + DomainName.lockFolderName
    if mkdir(folder, 0o700) != 0, errno != EEXIST {
      throw .io(
        file: folder, operation: "make the lock folder", reason: String(cString: strerror(errno)))
    }
    let descriptor = try Self.lock(lockPath, creating: true)
    defer { Self.unlock(descriptor) }
    let legacy = try Self.lock(legacyLockPath, creating: false)
    defer { Self.unlock(legacy) }
    return try body()
  }

  /// Opens and locks `path`; -1 when it is missing and not to be made.
  private static func lock(_ path: String, creating: Bool) throws(DefaultsError) -> Int32 {
    let flags = O_RDWR | O_CLOEXEC | O_NOFOLLOW | (creating ? O_CREAT : 0)
    let descriptor = open(path, flags, 0o600)
    guard descriptor >= 0 else {
      if !creating, errno == ENOENT { return -1 }
      throw .io(
        file: path, operation: "open the lock file", reason: String(cString: strerror(errno)))
    }
    if let failure = FileLock.lockExclusively(descriptor) {
      close(descriptor)
      throw .io(
        file: path, operation: "lock the domain", reason: String(cString: strerror(failure)))
    }
    return descriptor
  }

  private static func unlock(_ descriptor: Int32) {
    guard descriptor >= 0 else { return }
    FileLock.unlock(descriptor)
    close(descriptor)
  }

  func createDirectory() throws(DefaultsError) {
    var info = stat()
    if stat(directory, &info) == 0 {
      guard info.st_mode & S_IFMT == S_IFDIR else {
        throw .notAPlainFile(file: directory, reason: "the defaults directory is not a directory")
      }
      return
    }
    guard createsDirectory else { throw .missingDirectory(directory) }
    do {
      try FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700]
      )
    } catch {
      throw .io(
        file: directory, operation: "create the defaults directory",
        reason: "\(error.localizedDescription)")
    }
  }

  /// Replaces the file with `values`, atomically. Call it holding the lock.
  func writeFile(_ values: [PlistKey: PlistValue]) throws(DefaultsError) {
    // A binary domain stays binary: XML would drop fractions of a second
    // from its dates and could not hold some of its strings.
    let binary = try isBinary()
    let bytes: [UInt8]
    do {
      bytes =
        try binary
        ? BinaryPlistWriter.write(.dictionary(values))
        : XMLPlistWriter.write(.dictionary(values))
    } catch {
      throw .unwritable(values, error, previous: try? read())
    }
    try replace(with: bytes)
  }

  /// Whether the file there now is a binary property list (false when there is none).
  func isBinary() throws(DefaultsError) -> Bool {
    let descriptor = open(try destination(), O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var header = [UInt8](repeating: 0, count: 8)
    let count = header.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, 8) }
    return count == 8 && header == Array("bplist00".utf8)
  }

  func replace(with bytes: [UInt8]) throws(DefaultsError) {
    let destination = try destination()
    let folder = Self.folder(of: destination)
    var mode: mode_t = 0o600
    var info = stat()
    if stat(destination, &info) == 0 { mode = info.st_mode & 0o7777 }
    var temporary: String
    var descriptor: Int32
    repeat {
      temporary = folder + "/" + domain.temporaryFileName(token: .random(in: 0...UInt32.max))
      descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode)
    } while descriptor < 0 && errno == EEXIST
    guard descriptor >= 0 else {
      throw .io(file: path, operation: "write the domain", reason: String(cString: strerror(errno)))
    }
    var failure: String?
    var written = 0
    bytes.withUnsafeBytes { buffer in
      while written < buffer.count {
        let count = Foundation.write(
          descriptor, buffer.baseAddress.map { $0 + written }, buffer.count - written)
        if count < 0 {
          if errno == EINTR { continue }
          failure = String(cString: strerror(errno))
          return
        }
        written += count
      }
    }
    if failure == nil, fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
    if close(descriptor) != 0, failure == nil { failure = String(cString: strerror(errno)) }
    if failure == nil, rename(temporary, destination) != 0 {
      failure = String(cString: strerror(errno))
    }
    if let failure {
      unlink(temporary)
      throw .io(file: path, operation: "write the domain", reason: failure)
    }
    // The rename is durable only once the folder's entry is on disk.
    let entry = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if entry >= 0 {
      fsync(entry)
      close(entry)
    }
  }

  /// Moves a corrupt file (a link's file) aside to `<domain>.plist.corrupt-<timestamp>` in
  /// its folder; returns the new path.
  func moveFileAside(now: Date) throws(DefaultsError) -> String {
    let corrupt = try destination()
    let folder = Self.folder(of: corrupt)
    let seconds = now.timeIntervalSince1970
    let stamp = seconds.isFinite ? Int(min(max(seconds, 0), Double(DomainName.latestStamp))) : 0
    var copy = 0
    var target = folder + "/" + domain.corruptFileName(stamp: stamp, copy: copy)
    while access(target, F_OK) == 0 {
      copy += 1
      guard copy <= DomainName.maximumCorruptCopies else {
        throw .io(
          file: path, operation: "move the corrupt file aside",
          reason: "\(copy - 1) corrupt copies of this second are already there")
      }
      target = folder + "/" + domain.corruptFileName(stamp: stamp, copy: copy)
    }
    guard rename(corrupt, target) == 0 else {
      throw .io(
        file: path, operation: "move the corrupt file aside",
        reason: String(cString: strerror(errno)))
    }
    return target
  }
}
