import Dispatch

/// What a watch of one file name in a folder tells its owner.
package enum FolderFileEvent: Sendable, Hashable {
  /// The file may have changed (written, replaced, created, removed, or events were lost).
  case changed
  /// The folder is gone; the file is as good as removed until it comes back.
  case folderGone
  /// The folder is back and watched again; the file may differ.
  case folderBack
}

/// A running watch of one file name in a folder: writes, atomic renames over
/// it, removal, the folder (or a folder above it) moved or removed and back,
/// and, for a symbolic link, the file it ends at. Cancelled on `cancel()` or
/// when released.
package protocol FolderFileWatch: AnyObject, Sendable {
  /// The folder as it was named.
  var directory: String { get }
  /// Whether the folder is watched now (false while waiting for it to come back).
  var isOnFolder: Bool { get }
  func cancel()
}

/// How this build watches files: the kernel's notifications where the
/// platform layer has them (inotify on Linux), else polling, which needs
/// nothing but `stat` and so works on every POSIX system.
///
/// `swift build -Xswiftc -DPREFS_PORTABLE_PLATFORM` makes every watch poll,
/// so the portable path is built and tested on Linux too.
///
/// ```swift
/// let watch = FileWatching.watch(
///   directory: "/home/me/.config", fileName: "com.example.app.plist", queue: queue
/// ) { event in print(event) }
/// ```
package enum FileWatching {
  package enum Implementation: String, Sendable, CaseIterable, CustomStringConvertible {
    /// Linux's inotify: events as they happen.
    case inotify
    /// `stat` of the folder and the file at a short interval.
    case polling

    package var description: String { rawValue }

    /// Whether this build has it (inotify only on Linux).
    package var isAvailable: Bool {
      switch self {
      case .inotify:
        #if os(Linux)
          true
        #else
          false
        #endif
      case .polling: true
      }
    }
  }

  /// What `watch` uses in this build.
  package static var implementation: Implementation {
    #if os(Linux) && !PREFS_PORTABLE_PLATFORM
      .inotify
    #else
      .polling
    #endif
  }

  /// Calls `onEvent` (on `queue`) whenever `fileName` in `directory` is
  /// written, replaced, created or removed, and when the folder goes and
  /// comes back; nil when the system refuses a watch (inotify's limits).
  /// `linkTarget` says where the file ends when it is a symbolic link (nil otherwise).
  package static func watch(
    directory: String, fileName: String, queue: DispatchQueue,
    using implementation: Implementation = implementation,
    linkTarget: @escaping @Sendable () -> String? = { nil },
    onEvent: @escaping @Sendable (FolderFileEvent) -> Void
  ) -> (any FolderFileWatch)? {
    switch implementation {
    case .inotify:
      #if os(Linux)
        return InotifyFolderWatch(
          directory: directory, fileName: fileName, queue: queue, linkTarget: linkTarget,
          onEvent: onEvent)
      #else
        return nil
      #endif
    case .polling:
      return PollingFolderWatch(
        directory: directory, fileName: fileName, queue: queue, linkTarget: linkTarget,
        onEvent: onEvent)
    }
  }
}
