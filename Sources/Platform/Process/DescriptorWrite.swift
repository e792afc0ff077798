#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writing a whole text to a file descriptor (standard output, standard
/// error), again after a signal interrupts it: `FileHandle.write` would trap
/// where the reader has gone (a closed pipe, with SIGPIPE ignored); this says
/// so instead and leaves what to do about it to the caller.
///
/// ```swift
/// if !DescriptorWrite.all("done\n", to: STDOUT_FILENO) { /* nobody is reading */ }
/// ```
package enum DescriptorWrite {
  /// Writes all of `text`'s UTF-8; false when the reader has gone (EPIPE) or the write fails.
  package static func all(_ text: String, to descriptor: Int32) -> Bool {
    var bytes = Array(text.utf8)
    return bytes.withUnsafeMutableBytes { buffer in
      var written = 0
      while written < buffer.count {
        let count = write(
          descriptor, buffer.baseAddress.map { $0 + written }, buffer.count - written)
        if count < 0, errno == EINTR { continue }
        if count <= 0 { return false }
        written += count
      }
      return true
    }
  }
}
