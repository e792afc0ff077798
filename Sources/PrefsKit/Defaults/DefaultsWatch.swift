import DefaultsStore
import Dispatch
import Plist
import SharedDefaults
import Synchronization

/// A running watch of one domain, from any process: its changes and what
/// becomes of the watch (the folder gone and back, the server out of reach
/// and back) reach `onEvent` as they happen, until ``stop()`` or the watch
/// stops for good. Nothing here ends the process: the caller waits with
/// ``wait()`` and decides.
///
/// ```swift
/// let watch = try DefaultsFrontEnd(location: location, environment: environment)
///   .watch(domain: "com.example.app") { event in print(event) }
/// let ending = watch.wait()  // until stopped
/// ```
public final class DefaultsWatch: Sendable {
  /// What the watch tells its caller.
  public enum Event: Sendable, Equatable {
    /// Values changed (in the order found; several writes may coalesce).
    case changes([DefaultsChange])
    /// The folder is gone (removed, moved, not made yet), named as given; the watch waits for it.
    case folderGone(String)
    /// The folder is back after ``folderGone(_:)``: the watch follows it again.
    case folderBack(String)
    /// The server is out of reach; the watch keeps trying.
    case reconnecting(store: String, reason: String)
    /// The server is back after ``reconnecting(store:reason:)``; `store` names the domain's place there.
    case storeBack(String)
  }

  /// Why a watch ended.
  public enum Ending: Sendable, Equatable {
    /// ``stop()`` was called.
    case stopped
    /// The watch stopped for good (the server's data is gone): no change arrives any more.
    case failed(store: String, reason: String)
  }

  private struct State: ~Copyable {
    var tokens: [ObservationToken] = []
    var ending: Ending?
    var wasWaiting = false
  }

  public let store: DefaultsStore
  private let state = Mutex(State())
  private let ended = DispatchSemaphore(value: 0)

  init(store: DefaultsStore) { self.store = store }

  /// Ends the watch; ``wait()`` returns `.stopped`.
  public func stop() { end(.stopped) }

  /// Blocks the calling thread until the watch ends, and says why.
  public func wait() -> Ending {
    ended.wait()
    // Another waiter may be waiting too.
    ended.signal()
    return state.withLock { $0.ending ?? .stopped }
  }

  /// How it ended, if it has.
  public var ending: Ending? { state.withLock { $0.ending } }

  func end(_ ending: Ending) {
    let tokens = state.withLock { state -> [ObservationToken]? in
      guard state.ending == nil else { return nil }
      state.ending = ending
      defer { state.tokens = [] }
      return state.tokens
    }
    guard let tokens else { return }
    for token in tokens { token.cancel() }
    ended.signal()
  }

  func keep(_ token: ObservationToken) { state.withLock { $0.tokens.append(token) } }

  /// Records that the watch waits (for the folder, the server), and whether
  /// it did before a `.watching` state.
  func noteWaiting(_ waiting: Bool) -> Bool {
    state.withLock { state in
      let was = state.wasWaiting
      if waiting { state.wasWaiting = true }
      return was
    }
  }

  deinit {
    let tokens = state.withLock { $0.tokens }
    for token in tokens { token.cancel() }
  }
}

extension DefaultsFrontEnd {
  /// Watches `domain` (only `keys`, when given) until stopped. A server out
  /// of reach or a refused login is thrown now; so is a watch the system
  /// refuses (`watchRefused`, inotify's limits).
  public func watch(
    domain: String, keys: Set<PlistKey>? = nil,
    onEvent: @escaping @Sendable (DefaultsWatch.Event) -> Void
  ) throws(DefaultsFailure) -> DefaultsWatch {
    let store = try store(domain)
    let folder: String? =
      if case .folder(let folder) = store.storage { location.shown(folder) } else { nil }
    // A server out of reach, a refused login: said now.
    if folder == nil { _ = try stored { () throws(DefaultsError) in try store.persistentValues() } }
    let watch = DefaultsWatch(store: store)
    watch.keep(store.observe(keys: keys) { changes in onEvent(.changes(changes)) })
    let path = location.shown(store.path)
    watch.keep(
      store.observeWatchState(scheduler: ImmediateScheduler()) { [weak watch] state in
        guard let watch else { return }
        switch state {
        case .waitingForFolder:
          _ = watch.noteWaiting(true)
          onEvent(.folderGone(folder ?? path))
        case .reconnecting(let name, let reason):
          _ = watch.noteWaiting(true)
          onEvent(.reconnecting(store: name, reason: reason))
        case .watching:
          guard watch.noteWaiting(false) else { return }
          onEvent(folder.map { .folderBack($0) } ?? .storeBack(path))
        case .failed(let name, let reason):
          watch.end(.failed(store: name, reason: reason))
        case .notWatching: break
        }
      })
    guard store.watchesOtherProcesses else {
      watch.stop()
      throw .watchRefused(path: path)
    }
    return watch
  }
}

/// A running sync of a local domain file and the shared store's domain
/// (``DomainSync``): what it carries reaches `onEvent` as it happens, until
/// ``stop()`` or the store's data is gone. Nothing here ends the process.
///
/// ```swift
/// let run = try DefaultsFrontEnd.sync(
///   domain: "com.example.app", options: StoreOptions(storeURL: url), environment: environment
/// ) { event in print(event) }
/// let ending = run.wait()
/// ```
public final class DefaultsSyncRun: Sendable {
  /// What the sync tells its caller.
  public enum Event: Sendable, Equatable {
    /// A key carried, kept or refused (``DomainSync/Event``).
    case sync(DomainSync.Event)
    /// The server is out of reach; the sync keeps trying.
    case reconnecting(store: String, reason: String)
  }

  public let sync: DomainSync
  private let watch: DefaultsWatch

  init(sync: DomainSync, watch: DefaultsWatch) {
    self.sync = sync
    self.watch = watch
  }

  /// Ends the sync; ``wait()`` returns `.stopped`.
  public func stop() {
    sync.stop()
    watch.stop()
  }

  /// Blocks the calling thread until the sync ends, and says why.
  public func wait() -> DefaultsWatch.Ending { watch.wait() }
}

extension DefaultsFrontEnd {
  /// Starts keeping `domain` in step between the local folder of `options`
  /// (else the default one) and the shared store it names (else
  /// `PREFS_STORE`): both ways, the last write to the store winning per key.
  public static func sync(
    domain: String, options: StoreOptions, environment: PrefsEnvironment,
    onEvent: @escaping @Sendable (DefaultsSyncRun.Event) -> Void
  ) throws(DefaultsSyncFailure) -> DefaultsSyncRun {
    let server: SharedStoreLocation
    do throws(StoreLocation.Failure) {
      server = try StoreLocation.requiredServer(options, environment: environment)
    } catch {
      throw .location(error)
    }
    let shared = DefaultsFrontEnd(location: .server(server), environment: environment)
    let local = DefaultsFrontEnd(
      location: StoreLocation.folder(options, environment: environment), environment: environment)
    do throws(DefaultsFailure) {
      let sharedStore = try shared.store(domain)
      let localStore = try local.store(domain)
      _ = try shared.stored { () throws(DefaultsError) in try sharedStore.persistentValues() }
      let sync = DomainSync(local: localStore, shared: sharedStore) { event in
        onEvent(.sync(event))
      }
      try local.stored { () throws(DefaultsError) in try sync.start() }
      let watch = DefaultsWatch(store: sharedStore)
      watch.keep(
        sharedStore.observeWatchState(scheduler: ImmediateScheduler()) { [weak watch] state in
          switch state {
          case .reconnecting(let name, let reason):
            onEvent(.reconnecting(store: name, reason: reason))
          case .failed(let name, let reason):
            sync.stop()
            watch?.end(.failed(store: name, reason: reason))
          default: break
          }
        })
      return DefaultsSyncRun(sync: sync, watch: watch)
    } catch {
      throw .defaults(error)
    }
  }
}

/// Why a sync did not start.
public enum DefaultsSyncFailure: Error, Sendable {
  /// No shared store was given, or its URL does not parse.
  case location(StoreLocation.Failure)
  case defaults(DefaultsFailure)
}

extension DefaultsChange {
  /// The change as one JSON object, `{"key": …, "old": …, "new": …}`, a
  /// value that is not there being `null`: a line per change for a program
  /// that reads a watch.
  ///
  /// ```swift
  /// DefaultsChange(key: "speed", old: .integer(1), new: nil).json.renderedCompact()
  /// // {"key":"speed","old":1,"new":null}
  /// ```
  public var json: JSONValue {
    .object([
      ("key", .string(key.string)), ("old", old.map(JSONValue.init) ?? .null),
      ("new", new.map(JSONValue.init) ?? .null),
    ])
  }
}
