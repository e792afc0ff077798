import Foundation
import Platform
import SettingsSchema

/// Writes a ``FileChange`` into its bundle atomically: a new file beside the
/// page, given the page's mode, synced, then renamed over it. The page is
/// found by the loader's containment rule, so a write never follows a link
/// or a `..` out of the bundle, and the file on disk must still hold the
/// bytes the edit was made from. The check and the rename happen under an
/// exclusive `flock(2)` on the bundle's folder (no file is added to the
/// bundle), so of two writers that read the same bytes one writes and the
/// other is refused: no write reported as made is lost to another.
///
/// ```swift
/// try BundleFileWriter.write(change, inBundle: "App/Settings.bundle")
/// ```
public enum BundleFileWriter {
  public static func write(_ change: FileChange, inBundle bundle: String) throws(BundleEditError) {
    if let reason = SettingsBundle.unsafeReason(ofPath: change.file) {
      throw .pageOutsideBundle(change.file, reason: reason)
    }
    guard let real = SettingsBundle.containedPath(change.file, inBundle: bundle) else {
      throw .pageOutsideBundle(change.file, reason: "it leads out of the bundle")
    }
    let lock = open(bundle, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard lock >= 0 else { throw failure(change.file, errno) }
    defer { close(lock) }
    if let code = FileLock.lockExclusively(lock) { throw failure(change.file, code) }
    guard let now = FileManager.default.contents(atPath: real), Array(now) == change.original
    else {
      throw .unwritable(file: change.file, reason: "the file changed since it was read")
    }
    let slash = real.lastIndex(of: "/") ?? real.startIndex
    let folder = String(real[..<slash])
    let name = String(real[real.index(after: slash)...])
    let temporary = (folder.isEmpty ? "" : folder) + "/.\(name).\(UUID().uuidString)"
    var info = stat()
    let mode: mode_t = stat(real, &info) == 0 ? info.st_mode & 0o7777 : 0o644
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw failure(change.file, errno) }
    var code: Int32 = 0
    change.edited.withUnsafeBytes { buffer in
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
    if code == 0, fchmod(descriptor, mode) != 0 { code = errno }
    if code == 0, fsync(descriptor) != 0 { code = errno }
    if close(descriptor) != 0, code == 0 { code = errno }
    if code == 0, rename(temporary, real) != 0 { code = errno }
    if code != 0 {
      unlink(temporary)
      throw failure(change.file, code)
    }
  }

  private static func failure(_ file: String, _ code: Int32) -> BundleEditError {
    .unwritable(file: file, reason: String(cString: strerror(code)))
  }
}
