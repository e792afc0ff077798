import Foundation
import SharedDefaults

/// Standard output as a `TextOutputStream`. When the reader has gone (a
/// closed pipe, with SIGPIPE ignored), the process ends quietly with 0:
/// nobody is left to read what it would say.
struct StandardOutput: TextOutputStream {
  mutating func write(_ string: String) {
    if !StandardStreams.write(string, to: STDOUT_FILENO) { exit(ExitStatus.success) }
  }
}

/// Standard error as a `TextOutputStream`; what a gone reader cannot get is dropped.
struct StandardError: TextOutputStream {
  mutating func write(_ string: String) {
    _ = StandardStreams.write(string, to: STDERR_FILENO)
  }
}

enum StandardStreams {
  /// Writes all of `string`; false when the reader has gone (EPIPE) or the
  /// stream fails. `FileHandle.write` would trap there instead.
  static func write(_ string: String, to descriptor: Int32) -> Bool {
    var bytes = Array(string.utf8)
    return bytes.withUnsafeMutableBytes { buffer in
      var written = 0
      while written < buffer.count {
        let count = Foundation.write(
          descriptor, buffer.baseAddress.map { $0 + written }, buffer.count - written)
        if count < 0, errno == EINTR { continue }
        if count <= 0 { return false }
        written += count
      }
      return true
    }
  }
}

/// A stream that writes what it is given through a ``StoreURLRedaction``.
struct RedactingStream<Base: TextOutputStream>: TextOutputStream {
  var base: Base
  let redaction: StoreURLRedaction

  mutating func write(_ string: String) {
    base.write(redaction.isEmpty ? string : redaction.apply(string))
  }
}
