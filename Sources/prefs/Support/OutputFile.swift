import Foundation

/// Writes a file the user named (`--write-baseline`, `--output`) whole or
/// not at all: to a new file beside it, then renamed over it. A refusal is
/// told in the system's words (`cannot write FILE: permission denied`), not
/// Foundation's "The operation could not be completed".
///
/// ```swift
/// try OutputFile.write(Data("{}\n".utf8), to: "baseline.json")
/// ```
enum OutputFile {
  static func write(_ data: Data, to path: String) throws(CommandFailure) {
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
    let temporary =
      folder + "/.\(URL(fileURLWithPath: path).lastPathComponent).\(UUID().uuidString)"
    // 0666 less the umask, as any new file: a baseline is committed and read by others.
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else { throw failure(path, errno) }
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
    if code == 0, fsync(descriptor) != 0 { code = errno }
    if close(descriptor) != 0, code == 0 { code = errno }
    if code == 0, rename(temporary, path) != 0 { code = errno }
    if code != 0 {
      unlink(temporary)
      throw failure(path, code)
    }
  }

  private static func failure(_ path: String, _ code: Int32) -> CommandFailure {
    var reason = String(cString: strerror(code))
    if let first = reason.first { reason = first.lowercased() + reason.dropFirst() }
    return .failure("cannot write \(path): \(reason)")
  }
}
