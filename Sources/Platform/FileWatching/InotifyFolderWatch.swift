#if os(Linux)
  import Dispatch
  import Glibc
  import Synchronization

  /// Watches one file name in a folder with inotify. The folder is watched,
  /// not the file: writers replace the file by rename, which a watch on the
  /// file itself would lose.
  ///
  /// When the folder goes (removed, moved away, or not made yet), the watch
  /// moves to its nearest existing ancestor and waits for the folder to come
  /// back, then watches it again: a watch never goes silent for good. When
  /// the file is a symbolic link, the folder of the file it ends at is
  /// watched too (writes replace that file, not the link), and followed
  /// again whenever the link changes.
  ///
  /// A relative folder is resolved against the working directory once, when
  /// the watch starts: the ancestors it climbs to while the folder is gone
  /// are then real folders (the parent of `config` is the working directory,
  /// not `/`), and a later change of the working directory moves nothing.
  ///
  /// `@unchecked` only for the dispatch source, which is thread-safe but not
  /// marked `Sendable`; the rest of the state is in a `Mutex`.
  final class InotifyFolderWatch: FolderFileWatch, @unchecked Sendable {
    typealias Event = FolderFileEvent

    private struct State {
      /// The watch descriptor in use, and whether it is on the folder (or an ancestor, waiting).
      var watch: Int32 = -1
      var onFolder = false
      /// The watch on the folder of the file a link ends at (the same as `watch` when shared).
      var linkedWatch: Int32 = -1
      var linkedFolder = ""
      var linkedName: [UInt8] = []
      /// While on the folder, a watch on each folder above it, with the name
      /// of the next folder down: moving or removing any of them takes the
      /// folder away from its path, which no event of the folder's own says.
      var ancestors: [Int32: [UInt8]] = [:]
    }

    /// The folder as it was named (what the owner reports).
    let directory: String
    /// The folder watched: `directory`, absolute.
    private let watchedDirectory: String
    private let name: [UInt8]
    private let descriptor: Int32
    private let state: Mutex<State>
    private let source: any DispatchSourceRead
    private let linkTarget: @Sendable () -> String?

    /// Whether the folder is watched now (false while waiting for it to come back).
    var isOnFolder: Bool { state.withLock { $0.onFolder } }

    /// Calls `onEvent` (on `queue`) whenever `fileName` in `directory` is
    /// written, replaced, created or removed, and when the folder goes and
    /// comes back; nil when inotify is unavailable.
    init?(
      directory: String, fileName: String, queue: DispatchQueue,
      linkTarget: @escaping @Sendable () -> String? = { nil },
      onEvent: @escaping @Sendable (Event) -> Void
    ) {
      let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
      guard descriptor >= 0 else { return nil }
      var initial = State()
      let watchedDirectory = WatchedPath.absolute(directory)
      guard Self.arm(descriptor, directory: watchedDirectory, state: &initial) != nil else {
        close(descriptor)
        return nil
      }
      self.directory = directory
      self.watchedDirectory = watchedDirectory
      self.descriptor = descriptor
      self.name = Array(fileName.utf8)
      self.state = Mutex(initial)
      self.linkTarget = linkTarget
      source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
      source.setEventHandler { [weak self] in
        guard let self else { return }
        for event in self.handlePendingEvents() { onEvent(event) }
      }
      source.setCancelHandler { close(descriptor) }
      followLink()
      source.resume()
    }

    /// Watches the folder of the file the link ends at, if the file is a
    /// link; moves that watch when the link has changed.
    private func followLink() {
      let target = linkTarget().map(WatchedPath.absolute)
      state.withLock { state in
        let folder = target.map(WatchedPath.parent(of:)) ?? ""
        let name =
          target.map { Array($0.utf8.split(separator: UInt8(ascii: "/")).last ?? []) } ?? []
        guard folder != state.linkedFolder || name != state.linkedName else { return }
        if state.linkedWatch >= 0, state.linkedWatch != state.watch {
          inotify_rm_watch(descriptor, state.linkedWatch)
        }
        state.linkedWatch = -1
        state.linkedFolder = folder
        state.linkedName = name
        guard target != nil else { return }
        // IN_MASK_ADD: when it is the folder already watched, its mask is widened, not replaced.
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE)
        state.linkedWatch = inotify_add_watch(descriptor, folder, mask | UInt32(IN_MASK_ADD))
      }
    }

    private static let folderMask = UInt32(
      IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_DELETE_SELF
        | IN_MOVE_SELF | IN_ONLYDIR)
    private static let ancestorMask = UInt32(
      IN_CREATE | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)
    private static let pathMask = UInt32(
      IN_CREATE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_ONLYDIR)

    /// Watches the folder if it is there, else its nearest existing ancestor;
    /// true when on the folder, nil when inotify refuses every path.
    private func arm() -> Bool? {
      state.withLock { Self.arm(descriptor, directory: watchedDirectory, state: &$0) }
    }

    private static func arm(_ descriptor: Int32, directory: String, state: inout State) -> Bool? {
      if state.linkedWatch == state.watch || state.ancestors[state.linkedWatch] != nil {
        // The link's folder shared this watch: follow the link again afterwards.
        forgetLink(&state)
      }
      for watch in state.ancestors.keys { inotify_rm_watch(descriptor, watch) }
      state.ancestors = [:]
      if state.watch >= 0 { inotify_rm_watch(descriptor, state.watch) }
      state.watch = -1
      state.onFolder = false
      for attempt in 0..<64 {
        let watch = inotify_add_watch(descriptor, directory, folderMask)
        if watch >= 0 {
          state.watch = watch
          state.onFolder = true
          watchAncestors(descriptor, of: directory, state: &state)
          return true
        }
        var ancestor = WatchedPath.parent(of: directory)
        var child = directory
        while true {
          let watch = inotify_add_watch(descriptor, ancestor, ancestorMask)
          if watch >= 0 {
            state.watch = watch
            break
          }
          guard ancestor != "/" else { return nil }
          child = ancestor
          ancestor = WatchedPath.parent(of: ancestor)
        }
        // The next folder down appeared between the two calls: start again from
        // the folder. Something else at its name (a file, a dangling link) is
        // waited out on the ancestor, which hears the folder made in its place;
        // starting again for it would end with no watch at all.
        guard WatchedPath.isFolder(child), attempt < 63 else { return false }
        inotify_rm_watch(descriptor, state.watch)
        state.watch = -1
      }
      return false
    }

    private static func forgetLink(_ state: inout State) {
      state.linkedWatch = -1
      state.linkedFolder = ""
      state.linkedName = []
    }

    /// Watches every folder above `directory` for its next folder down going
    /// or coming (the root included: a path is only as stable as its top).
    private static func watchAncestors(
      _ descriptor: Int32, of directory: String, state: inout State
    ) {
      var child = directory
      while child != "/" {
        let ancestor = WatchedPath.parent(of: child)
        let name = Array(child.utf8.split(separator: UInt8(ascii: "/")).last ?? [])
        let watch = inotify_add_watch(descriptor, ancestor, pathMask)
        if watch >= 0, watch != state.watch {
          // Replacing the mask of the link's folder's watch: the link is followed again afterwards.
          if watch == state.linkedWatch { forgetLink(&state) }
          state.ancestors[watch] = name
        }
        child = ancestor
      }
    }

    /// Reads every pending event and says what they mean for the owner.
    private func handlePendingEvents() -> [Event] {
      let (watch, wasOnFolder, linkedWatch, linkedName, ancestors) = state.withLock {
        ($0.watch, $0.onFolder, $0.linkedWatch, $0.linkedName, $0.ancestors)
      }
      var changed = false
      var lostFolder = false
      var ancestorMoved = false
      var buffer = [UInt8](repeating: 0, count: 64 * 1024)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { break }
        var offset = 0
        let headerSize = MemoryLayout<inotify_event>.size
        while offset + headerSize <= count {
          let (eventWatch, mask, length) = buffer.withUnsafeBytes { raw in
            let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
            return (event.wd, event.mask, Int(event.len))
          }
          defer { offset += headerSize + length }
          if mask & UInt32(IN_Q_OVERFLOW) != 0 {
            changed = true
            lostFolder = true
            continue
          }
          let eventName = buffer[(offset + headerSize)..<min(count, offset + headerSize + length)]
            .prefix(while: { $0 != 0 })
          if eventWatch == linkedWatch, !linkedName.isEmpty, eventName.elementsEqual(linkedName) {
            changed = true
          }
          // A folder of the path moved, removed or put back: the path may lead elsewhere now.
          if wasOnFolder, let child = ancestors[eventWatch], eventName.elementsEqual(child),
            mask & Self.pathMask & ~UInt32(IN_ONLYDIR) != 0
          {
            lostFolder = true
            continue
          }
          // Events of a watch already replaced (its IN_IGNORED among them) say nothing now.
          guard eventWatch == watch else { continue }
          if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED | IN_UNMOUNT) != 0 {
            if wasOnFolder { lostFolder = true } else { ancestorMoved = true }
            continue
          }
          guard wasOnFolder else {
            ancestorMoved = true
            continue
          }
          if eventName.elementsEqual(name) { changed = true }
        }
      }
      // The link itself may have been replaced, or come back with its folder.
      defer { if changed || lostFolder || ancestorMoved { followLink() } }
      if wasOnFolder, lostFolder {
        return arm() == true ? [.changed] : [.changed, .folderGone]
      }
      if wasOnFolder { return changed ? [.changed] : [] }
      if ancestorMoved || lostFolder, arm() == true { return [.folderBack, .changed] }
      return []
    }

    func cancel() { source.cancel() }

    deinit { source.cancel() }
  }
#endif
