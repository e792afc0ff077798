import Foundation
import Platform
import SharedDefaults

/// Standard output as a `TextOutputStream`. When the reader has gone (a
/// closed pipe, with SIGPIPE ignored), the process ends quietly with 0:
/// nobody is left to read what it would say.
struct StandardOutput: TextOutputStream {
  mutating func write(_ string: String) {
    if !DescriptorWrite.all(string, to: STDOUT_FILENO) { exit(ExitStatus.success) }
  }
}

/// Standard error as a `TextOutputStream`; what a gone reader cannot get is dropped.
struct StandardError: TextOutputStream {
  mutating func write(_ string: String) {
    _ = DescriptorWrite.all(string, to: STDERR_FILENO)
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
