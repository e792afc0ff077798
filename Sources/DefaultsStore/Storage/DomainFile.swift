import Foundation
import Plist

/// One domain's file, `<directory>/<domain>.plist`, and how it is read and
/// replaced: under an exclusive `flock` on `<domain>.plist.lock`, by writing
/// a temporary file beside it, `fsync`, `rename` over, `fsync` of the folder.
/// A crash at any instant leaves the old file or the new one.
struct DomainFile: Sendable {
  let directory: String
  let domain: DomainName

  var path: String { directory + "/" + domain.fileName }
  var lockPath: String { directory + "/" + domain.lockFileName }

  /// The stored values; empty when there is no file yet.
  func read() throws(DefaultsError) -> [String: PlistValue] {
    guard let bytes = try readBytes() else { return [:] }
    return try Self.parse(bytes, file: path)
  }

  static func parse(_ bytes: [UInt8], file: String) throws(DefaultsError) -> [String: PlistValue] {
    let document: PlistDocument
    do {
      document = try PropertyListReader.read(bytes)
    } catch {
      throw .corruptDomain(file: file, reason: error.message)
    }
    if let problem = document.issues.first(where: { $0.severity == .error }) {
      throw .corruptDomain(file: file, reason: problem.message)
    }
    guard case .dictionary(let values) = document.root.value else {
      throw .corruptDomain(
        file: file, reason: "the top level is a \(document.root.typeName), not a dictionary")
    }
    return values
  }

  /// The file's bytes, or nil when it does not exist.
  func readBytes() throws(DefaultsError) -> [UInt8]? {
    var info = stat()
    if lstat(path, &info) != 0 {
      if errno == ENOENT { return nil }
      throw .io(file: path, operation: "read the domain", reason: String(cString: strerror(errno)))
    }
    try Self.checkPlainFile(info, path: path)
    guard let data = FileManager.default.contents(atPath: path) else {
      throw .io(file: path, operation: "read the domain", reason: "permission denied")
    }
    return Array(data)
  }

  static func checkPlainFile(_ info: stat, path: String) throws(DefaultsError) {
    switch info.st_mode & S_IFMT {
    case S_IFREG: return
    case S_IFDIR:
      throw .notAPlainFile(file: path, reason: "a directory stands where the domain file belongs")
    case S_IFLNK:
      throw .notAPlainFile(
        file: path, reason: "the domain file is a symbolic link; prefs does not write through links"
      )
    default: throw .notAPlainFile(file: path, reason: "the domain path is not a regular file")
    }
  }

  /// Runs `body` holding the domain's lock.
  func withLock<T: Sendable>(_ body: () throws(DefaultsError) -> T) throws(DefaultsError) -> T {
    try createDirectory()
    let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard descriptor >= 0 else {
      throw .io(
        file: lockPath, operation: "open the lock file", reason: String(cString: strerror(errno)))
    }
    defer { close(descriptor) }
    while flock(descriptor, LOCK_EX) != 0 {
      guard errno == EINTR else {
        throw .io(
          file: lockPath, operation: "lock the domain", reason: String(cString: strerror(errno)))
      }
    }
    defer { flock(descriptor, LOCK_UN) }
    return try body()
  }

  func createDirectory() throws(DefaultsError) {
    var info = stat()
    if stat(directory, &info) == 0 {
      guard info.st_mode & S_IFMT == S_IFDIR else {
        throw .notAPlainFile(file: directory, reason: "the defaults directory is not a directory")
      }
      return
    }
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
  func write(_ values: [String: PlistValue]) throws(DefaultsError) {
    let bytes: [UInt8]
    do {
      bytes = try XMLPlistWriter.write(.dictionary(values))
    } catch {
      let key = error.keyPath.split(separator: ".").first.map(String.init) ?? error.keyPath
      throw .unrepresentable(key: key, reason: error.reason)
    }
    try replace(with: bytes)
  }

  func replace(with bytes: [UInt8]) throws(DefaultsError) {
    var mode: mode_t = 0o600
    var info = stat()
    if lstat(path, &info) == 0 {
      try Self.checkPlainFile(info, path: path)
      mode = info.st_mode & 0o7777
    }
    var temporary: String
    var descriptor: Int32
    repeat {
      temporary = directory + "/" + domain.temporaryFileName(token: .random(in: 0...UInt32.max))
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
          descriptor, buffer.baseAddress! + written, buffer.count - written)
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
    if failure == nil, rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
    if let failure {
      unlink(temporary)
      throw .io(file: path, operation: "write the domain", reason: failure)
    }
    // The rename is durable only once the folder's entry is on disk.
    let folder = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if folder >= 0 {
      fsync(folder)
      close(folder)
    }
  }

  /// Moves a corrupt file aside to `<domain>.plist.corrupt-<timestamp>`; returns the new path.
  func moveAside(now: Date) throws(DefaultsError) -> String {
    let seconds = now.timeIntervalSince1970
    let stamp = seconds.isFinite ? Int(min(max(seconds, 0), Double(DomainName.latestStamp))) : 0
    var copy = 0
    var target = directory + "/" + domain.corruptFileName(stamp: stamp, copy: copy)
    while access(target, F_OK) == 0 {
      copy += 1
      guard copy <= DomainName.maximumCorruptCopies else {
        throw .io(
          file: path, operation: "move the corrupt file aside",
          reason: "\(copy - 1) corrupt copies of this second are already there")
      }
      target = directory + "/" + domain.corruptFileName(stamp: stamp, copy: copy)
    }
    guard rename(path, target) == 0 else {
      throw .io(
        file: path, operation: "move the corrupt file aside",
        reason: String(cString: strerror(errno)))
    }
    return target
  }
}
