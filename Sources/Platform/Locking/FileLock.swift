#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An exclusive advisory lock on an open file, held until `unlock`:
/// `flock(2)`, which Linux and macOS both have, and which is tied to the
/// open file (not the process), so two stores of one process exclude each
/// other as two processes do.
///
/// ```swift
/// let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
/// if let failure = FileLock.lockExclusively(descriptor) { print(failure) }
/// defer { FileLock.unlock(descriptor) }
/// ```
package enum FileLock {
  /// Waits for the lock (through signals); the `errno` when it cannot be had.
  package static func lockExclusively(_ descriptor: Int32) -> Int32? {
    while flock(descriptor, LOCK_EX) != 0 {
      guard errno == EINTR else { return errno }
    }
    return nil
  }

  /// Releases the lock (closing the descriptor would too).
  package static func unlock(_ descriptor: Int32) {
    flock(descriptor, LOCK_UN)
  }
}
