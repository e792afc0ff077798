import Foundation

/// A folder no one may write into, root included: `chmod 555`, and where
/// that does not stop the user (root), the immutable flag (`chattr +i`).
/// `restore()` makes it writable again so it can be removed.
public struct ReadOnlyFolder {
  public let path: String
  /// Whether the immutable flag was needed (and must be taken off).
  private var immutable = false

  /// Nil when this machine cannot make `path` read-only for this user.
  public init?(_ path: String) {
    self.path = path
    chmod(path, 0o555)
    if !Self.isWritable(path) { return }
    immutable = true
    Self.chattr("+i", path)
    if !Self.isWritable(path) { return }
    restore()
    return nil
  }

  /// Whether this machine can make a folder read-only for this user (tried once
  /// on a temporary folder).
  public static let isPossible: Bool = {
    let folder = NSTemporaryDirectory() + "prefs-readonly-probe-\(UUID().uuidString)"
    guard
      (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true))
        != nil
    else { return false }
    defer { try? FileManager.default.removeItem(atPath: folder) }
    guard let probe = ReadOnlyFolder(folder) else { return false }
    probe.restore()
    return true
  }()

  public func restore() {
    if immutable { Self.chattr("-i", path) }
    chmod(path, 0o755)
  }

  /// Whether a file can be made in the folder (tried, then removed).
  static func isWritable(_ path: String) -> Bool {
    let probe = path + "/.probe-\(UUID().uuidString)"
    let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL, 0o600)
    guard descriptor >= 0 else { return false }
    close(descriptor)
    unlink(probe)
    return true
  }

  static func chattr(_ flag: String, _ path: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["chattr", flag, path]
    process.standardError = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return }
    process.waitUntilExit()
  }
}

#if canImport(Testing)
  import Testing

  extension Trait where Self == ConditionTrait {
    /// For a test that needs a folder no one may write into: skipped, with the
    /// reason shown, where this machine cannot make one for this user; run, and
    /// so failed, when the `CI` environment variable is set.
    public static var needsReadOnlyFolders: Self {
      .enabled(
        if: ReadOnlyFolder.isPossible || Paths.corpusIsRequired,
        "needs a folder this user cannot write into (chmod, or chattr +i as root); with CI set, failing to make one fails"
      )
    }
  }
#endif
