import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Watches one file name in a folder by comparing `stat` of the folder and
/// the file at a short interval: the portable path, which needs nothing a
/// POSIX system lacks. It tells its owner what ``InotifyFolderWatch`` does:
///
/// - a write, an atomic rename over the file, its removal or creation:
///   `.changed` (the file's device, inode, size, mode, link count and
///   change times differ; a file changed within the last two seconds is
///   compared by content too, as git does for "racy" entries, since two
///   writes inside one clock tick can leave every `stat` field as it was);
/// - the folder removed or moved away, or a folder above it, so that the
///   path no longer reaches it: `.changed, .folderGone`; another folder put
///   at the path at once: `.changed`;
/// - the folder back: `.folderBack, .changed`.
///
/// A symbolic link is followed by `stat` itself, so the file it ends at is
/// compared as well as the link: writes through it and a link pointed
/// elsewhere are both heard, with no second watch.
///
/// Changes inside one interval coalesce into one `.changed`, which the
/// observation contract allows.
///
/// `@unchecked` only for the dispatch source, which is thread-safe but not
/// marked `Sendable`; the rest of the state is in a `Mutex`.
final class PollingFolderWatch: FolderFileWatch, @unchecked Sendable {
  /// Short enough that a person at the form sees another process's write at
  /// once; each tick is three `stat` calls.
  static let interval = DispatchTimeInterval.milliseconds(50)
  /// A file changed more recently than this is compared by content too.
  static let racyWindow: Int = 2
  /// Larger files are compared by `stat` alone.
  static let largestComparedContent: Int = 4 << 20

  /// Converted bit for bit: the field types differ between Linux and macOS
  /// (`dev_t` is signed on macOS).
  private struct FileStatus: Hashable {
    var device: UInt64
    var inode: UInt64
    var mode: UInt32
    var links: UInt64
    var size: Int64
    var modified: TimeStamp
    var changed: TimeStamp

    init(_ status: stat) {
      device = UInt64(truncatingIfNeeded: status.st_dev)
      inode = UInt64(truncatingIfNeeded: status.st_ino)
      mode = UInt32(truncatingIfNeeded: status.st_mode)
      links = UInt64(truncatingIfNeeded: status.st_nlink)
      size = Int64(truncatingIfNeeded: status.st_size)
      #if canImport(Darwin)
        modified = TimeStamp(status.st_mtimespec)
        changed = TimeStamp(status.st_ctimespec)
      #else
        modified = TimeStamp(status.st_mtim)
        changed = TimeStamp(status.st_ctim)
      #endif
    }
  }

  private struct TimeStamp: Hashable, Comparable {
    var seconds: Int
    var nanoseconds: Int
    init(_ time: timespec) {
      seconds = Int(time.tv_sec)
      nanoseconds = Int(time.tv_nsec)
    }
    static func < (left: Self, right: Self) -> Bool {
      (left.seconds, left.nanoseconds) < (right.seconds, right.nanoseconds)
    }
  }

  /// What one look at the file finds: the link itself (`lstat`), the file
  /// it ends at (`stat`, the same file when it is no link), and its content's
  /// hash while it is recent.
  private struct FileSnapshot {
    var entry: FileStatus?
    var target: FileStatus?
    var content: UInt64?
    /// Whether the file changed within the racy window: its hash is kept for the next look.
    var isRecent = false

    func differs(from earlier: FileSnapshot) -> Bool {
      guard entry == earlier.entry, target == earlier.target else { return true }
      if let content, let before = earlier.content { return content != before }
      return false
    }
  }

  private struct State {
    /// The folder's device and inode while the path reaches a folder.
    var folder: FolderIdentity?
    var file = FileSnapshot()
  }

  private struct FolderIdentity: Hashable {
    var device: UInt64
    var inode: UInt64
  }

  let directory: String
  private let watchedDirectory: String
  private let filePath: String
  private let state: Mutex<State>
  private let timer: any DispatchSourceTimer

  var isOnFolder: Bool { state.withLock { $0.folder != nil } }

  init(
    directory: String, fileName: String, queue: DispatchQueue,
    linkTarget: @escaping @Sendable () -> String? = { nil },
    onEvent: @escaping @Sendable (FolderFileEvent) -> Void
  ) {
    self.directory = directory
    let watchedDirectory = WatchedPath.absolute(directory)
    self.watchedDirectory = watchedDirectory
    let filePath = watchedDirectory + "/" + fileName
    self.filePath = filePath
    let folder = Self.folderIdentity(watchedDirectory)
    state = Mutex(
      State(
        folder: folder,
        file: folder == nil ? FileSnapshot() : Self.snapshot(filePath, earlier: nil)))
    timer = DispatchSource.makeTimerSource(queue: queue)
    timer.schedule(
      deadline: .now() + Self.interval, repeating: Self.interval, leeway: .milliseconds(10))
    timer.setEventHandler { [weak self] in
      guard let self else { return }
      for event in self.look() { onEvent(event) }
    }
    timer.resume()
  }

  /// Compares the folder and the file with the last look; says what changed.
  private func look() -> [FolderFileEvent] {
    let folder = Self.folderIdentity(watchedDirectory)
    return state.withLock { state in
      let earlier = state.file
      var file = folder == nil ? FileSnapshot() : Self.snapshot(filePath, earlier: earlier)
      defer {
        if !file.isRecent { file.content = nil }
        state.folder = folder
        state.file = file
      }
      switch (state.folder, folder) {
      case (nil, nil): return []
      case (nil, _?): return [.folderBack, .changed]
      case (_?, nil): return [.changed, .folderGone]
      case (let before?, let now?):
        if before != now { return [.changed] }
        return file.differs(from: earlier) ? [.changed] : []
      }
    }
  }

  private static func folderIdentity(_ path: String) -> FolderIdentity? {
    var status = stat()
    guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return nil }
    return FolderIdentity(
      device: UInt64(truncatingIfNeeded: status.st_dev),
      inode: UInt64(truncatingIfNeeded: status.st_ino))
  }

  private static func snapshot(_ path: String, earlier: FileSnapshot?) -> FileSnapshot {
    var snapshot = FileSnapshot()
    var status = stat()
    if lstat(path, &status) == 0 { snapshot.entry = FileStatus(status) }
    guard stat(path, &status) == 0 else { return snapshot }
    let target = FileStatus(status)
    snapshot.target = target
    snapshot.isRecent = isRecent(target)
    // Hashed while recent, and once more after, to compare with the last recent look.
    if snapshot.isRecent || earlier?.content != nil, status.st_mode & S_IFMT == S_IFREG,
      target.size <= largestComparedContent
    {
      snapshot.content = contentHash(path)
    }
    return snapshot
  }

  private static func isRecent(_ status: FileStatus) -> Bool {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    let latest = max(status.modified, status.changed)
    return Int(now.tv_sec) - latest.seconds <= racyWindow
  }

  /// FNV-1a of the file's bytes; nil when it cannot be read.
  private static func contentHash(_ path: String) -> UInt64? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else { return nil }
      if count == 0 { return hash }
      for byte in buffer[0..<count] {
        hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
      }
    }
  }

  func cancel() { timer.cancel() }

  deinit { timer.cancel() }
}
