import Foundation

/// Reads a whole input — a file, a pipe, standard input — but never more
/// than a limit: the size is checked before reading (a file that says it
/// is too large is not read at all) and again while reading (a pipe, a
/// device or a file that grows is cut off one chunk past the limit).
///
/// ```swift
/// let bytes = try BoundedInput.read(path: "in.plist", limit: ReadLimits.standard.maximumBytes)
/// let piped = try BoundedInput.read(descriptor: STDIN_FILENO, limit: 1 << 20)
/// ```
public enum BoundedInput {
  /// Why an input was not read.
  public enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
    /// Nothing is at the path (or a link there leads to nothing).
    case missing
    /// The input holds more than `limit` bytes.
    case tooLarge(limit: Int)
    /// The path is a directory (or, when a regular file is required, another kind of file).
    case notARegularFile
    /// The system refused: `operation` is "open" or "read", `reason` its `strerror`.
    case system(operation: String, reason: String)

    public var description: String {
      switch self {
      case .missing: "it does not exist"
      case .tooLarge(let limit): "it is larger than the \(limit) bytes prefs reads"
      case .notARegularFile: "it is not a regular file"
      case .system(let operation, let reason): "cannot \(operation) it: \(reason)"
      }
    }
  }

  /// The bytes of the file at `path` (links followed). With
  /// `regularFileOnly`, anything but a regular file is refused without
  /// being read (a FIFO would wait for a writer); otherwise only directories are.
  public static func read(path: String, limit: Int, regularFileOnly: Bool = false)
    throws(Failure) -> [UInt8]
  {
    // Non-blocking, so that opening a FIFO to refuse it does not wait for a writer.
    let flags = O_RDONLY | O_CLOEXEC | (regularFileOnly ? O_NONBLOCK : 0)
    let descriptor = open(path, flags)
    guard descriptor >= 0 else {
      if errno == ENOENT { throw .missing }
      throw .system(operation: "open", reason: lastError)
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw .system(operation: "read", reason: lastError) }
    let kind = info.st_mode & S_IFMT
    if kind == S_IFDIR || (regularFileOnly && kind != S_IFREG) { throw .notARegularFile }
    if kind == S_IFREG, Int(info.st_size) > limit { throw .tooLarge(limit: limit) }
    return try read(descriptor: descriptor, limit: limit, expected: Int(info.st_size))
  }

  /// Everything left to read from `descriptor` until its end, refusing
  /// (as soon as it is known) more than `limit` bytes.
  public static func read(descriptor: Int32, limit: Int, expected: Int = 0) throws(Failure)
    -> [UInt8]
  {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(min(max(expected, 0), limit) + 1)
    let chunkSize = 64 * 1024
    var chunk = [UInt8](repeating: 0, count: chunkSize)
    while true {
      let count = chunk.withUnsafeMutableBytes { buffer in
        Foundation.read(descriptor, buffer.baseAddress, min(buffer.count, limit + 1 - bytes.count))
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw .system(operation: "read", reason: lastError)
      }
      if count == 0 { return bytes }
      bytes += chunk[0..<count]
      if bytes.count > limit { throw .tooLarge(limit: limit) }
    }
  }

  private static var lastError: String { String(cString: strerror(errno)) }
}
