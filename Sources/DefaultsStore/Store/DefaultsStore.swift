import Dispatch
import Foundation
import Plist
import Synchronization

/// A persistent defaults domain: one XML property list per domain, read
/// and written the way Foundation's `UserDefaults(suiteName:)` does on
/// Linux, with locked, atomic writes and change notifications that reach
/// observers in this process and, through a watch of the file (inotify on
/// Linux, polling elsewhere), from any other.
///
/// Values resolve as `UserDefaults`' search list does: the values given to
/// the process (`arguments`), then the domain file, then the registered
/// defaults (held in memory only).
///
/// ```swift
/// let store = try DefaultsStore(domain: "com.example.conversor", directory: "/home/me/.config")
/// try store.set(.bool(true), forKey: "celsiusPref")
/// let token = store.observe(keys: ["celsiusPref"]) { changes in print(changes) }
/// ```
///
/// Observation contract: changes arrive on the observer's scheduler, in the
/// order they were found; several writes may coalesce into one delivery; a
/// rewrite with equal content delivers nothing; `initial: true` first
/// delivers the current values as changes from nil. Observers are called
/// with no lock of the store held, so an observer may read, write, observe
/// and cancel from its callback, on any thread. A write delivers its own
/// changes before it returns (on an `ImmediateScheduler`), unless another
/// thread is delivering: that thread then delivers them right after the
/// delivery in progress (so the order holds; a writer does not wait for it,
/// since that thread's callback may be waiting for the writer); a write made
/// from inside a callback is delivered once that callback returns. Writes of
/// this store are recorded in the order they reach the file, and the watch
/// never reports a change back to values this store has overwritten.
public final class DefaultsStore: Sendable {
  public let domain: DomainName
  /// The folder of a file-backed store; empty for one in memory or kept by a backend.
  public let directory: String
  /// What the domain's values are kept in.
  public let storage: Storage
  let file: any DefaultsBackend

  /// What a store keeps its domain in, so that a caller never guesses it
  /// from an empty ``directory``.
  ///
  /// ```swift
  /// if case .folder(let folder) = store.storage { print("kept in \(folder)") }
  /// ```
  public enum Storage: Sendable, Hashable {
    /// A file, `<folder>/<domain>.plist`.
    case folder(String)
    /// Memory only: nothing on disk, no other process.
    case memory
    /// A backend of another module, named as its `path` names it (a
    /// database server many machines share, never with a password).
    case backend(String)
  }

  private struct Observer: Sendable {
    enum Callback {
      case changes(keys: Set<PlistKey>?, @Sendable ([DefaultsChange]) -> Void)
      case watch(@Sendable (WatchState) -> Void)
    }
    var scheduler: any ChangeScheduler
    var callback: Callback
  }

  /// What one observer is told, found and queued under the lock, delivered after it.
  private struct Delivery {
    enum Payload {
      case changes([DefaultsChange])
      case watch(WatchState)
    }
    var observer: UInt64
    var payload: Payload
  }

  private struct State: ~Copyable {
    var arguments: [PlistKey: PlistValue]
    var registration: [PlistKey: PlistValue] = [:]
    /// The file's values as last seen, the base of every diff.
    var lastFileValues: [PlistKey: PlistValue]?
    var observers: [UInt64: Observer] = [:]
    var nextObserverID: UInt64 = 0
    var watcher: (any DefaultsBackendWatch)?
    var watchState = WatchState.notWatching
    /// Values this store is writing now. The watcher may read them before the
    /// writer has recorded them; it leaves them to the writer, so that a write
    /// delivers its own changes (on an `ImmediateScheduler`, before it returns).
    var ownWrites: [[PlistKey: PlistValue]] = []
    /// Deliveries in the order their changes were found.
    var pending: [Delivery] = []
    /// Whether a thread is delivering `pending` now (it delivers what others queue meanwhile).
    var delivering = false
    /// Bumped whenever this store records a write of its own: a read of the
    /// file that the watcher started before it may be older than that write.
    var recordedWrites: UInt64 = 0

    init(arguments: [PlistKey: PlistValue]) { self.arguments = arguments }

    func effective(file stored: [PlistKey: PlistValue]) -> [PlistKey: PlistValue] {
      // Most stores have neither: the stored values as they are, not a copy.
      if registration.isEmpty && arguments.isEmpty { return stored }
      return registration.merging(stored) { $1 }.merging(arguments) { $1 }
    }

    /// Records new file values (or other state) and queues what changed;
    /// returns whether it queued anything.
    @discardableResult
    mutating func record(
      file stored: [PlistKey: PlistValue]?, fromWatcher: Bool,
      _ change: (inout Settings) -> Void
    ) -> Bool {
      // What this store is writing is the writer's to record and deliver.
      if fromWatcher, let stored, ownWrites.contains(stored) { return false }
      var settings = Settings(arguments: arguments, registration: registration)
      change(&settings)
      // Nobody to tell: no pass over the domain to find what changed (a
      // writer of one key to a large domain pays for that key only).
      guard changeObservers > 0 else {
        arguments = settings.arguments
        registration = settings.registration
        if let stored { lastFileValues = stored }
        return false
      }
      let before = effective(file: lastFileValues ?? stored ?? [:])
      arguments = settings.arguments
      registration = settings.registration
      if let stored { lastFileValues = stored }
      let queued = pending.count
      queue(DefaultsChange.between(before, effective(file: lastFileValues ?? [:])))
      return pending.count > queued
    }

    /// Queues `changes` for every observer whose keys they concern.
    mutating func queue(_ changes: [DefaultsChange]) {
      guard !changes.isEmpty else { return }
      for (id, observer) in observers.sorted(by: { $0.key < $1.key }) {
        guard case .changes(let keys, _) = observer.callback else { continue }
        let selected = changes.filter { keys?.contains($0.key) ?? true }
        if !selected.isEmpty {
          pending.append(Delivery(observer: id, payload: .changes(selected)))
        }
      }
    }

    /// Records the watch's new state and queues it for its observers.
    mutating func setWatchState(_ new: WatchState) {
      guard new != watchState else { return }
      watchState = new
      for (id, observer) in observers.sorted(by: { $0.key < $1.key }) {
        guard case .watch = observer.callback else { continue }
        pending.append(Delivery(observer: id, payload: .watch(new)))
      }
    }

    var changeObservers: Int {
      observers.values.count { if case .changes = $0.callback { true } else { false } }
    }
  }

  private let state: Mutex<State>
  private let watchQueue: DispatchQueue

  /// A domain kept in `directory`. The folder is made on the first write
  /// only with `createsDirectory` (for the default location): a folder
  /// given by hand must exist, so that a typo is an error, not a new tree.
  ///
  /// ```swift
  /// let store = try DefaultsStore(domain: "com.example.app", directory: "/home/me/.config",
  ///                               createsDirectory: true)
  /// ```
  public init(
    domain: String, directory: String, createsDirectory: Bool = false,
    arguments: [PlistKey: PlistValue] = [:]
  ) throws(DefaultsError) {
    self.domain = try DomainName(domain)
    var directory = directory
    while directory.count > 1, directory.hasSuffix("/") { directory.removeLast() }
    self.directory = directory
    self.storage = .folder(directory)
    self.file = DomainFile(
      directory: directory, domain: self.domain, createsDirectory: createsDirectory)
    self.state = Mutex(State(arguments: arguments))
    self.watchQueue = DispatchQueue(label: "prefs.defaults.\(domain)")
  }

  /// A domain kept in memory only: the same behaviour, nothing on disk, no
  /// other process. For tests and previews.
  ///
  /// ```swift
  /// let store = try DefaultsStore(inMemory: "com.example.preview")
  /// ```
  public init(inMemory domain: String, arguments: [PlistKey: PlistValue] = [:])
    throws(DefaultsError)
  {
    self.domain = try DomainName(domain)
    self.directory = ""
    self.storage = .memory
    self.file = MemoryStorage(domain: self.domain)
    self.state = Mutex(State(arguments: arguments))
    self.watchQueue = DispatchQueue(label: "prefs.defaults.memory.\(domain)")
  }

  /// A domain kept by `backend` (a database, say): the same behaviour as
  /// over a file. `directory` is empty.
  ///
  /// ```swift
  /// let store = DefaultsStore(domain: try DomainName("com.example.app"), backend: backend)
  /// ```
  public init(
    domain: DomainName, backend: any DefaultsBackend, arguments: [PlistKey: PlistValue] = [:]
  ) {
    self.domain = domain
    self.directory = ""
    self.storage = .backend(backend.path)
    self.file = backend
    self.state = Mutex(State(arguments: arguments))
    self.watchQueue = DispatchQueue(label: "prefs.defaults.backend.\(domain)")
  }

  /// `<directory>/<domain>.plist` (`memory:<domain>` for a store in memory,
  /// the backend's name for its place otherwise).
  public var path: String { file.path }

  /// Whether observers hear writes made by other processes: true once an
  /// observation has started on a file-backed store and the system gave it
  /// a watch (inotify's limits can refuse one; also true while the folder is
  /// gone and waited for).
  public var watchesOtherProcesses: Bool { state.withLock { $0.watcher != nil } }

  /// How the store hears other processes.
  ///
  /// ```swift
  /// let token = store.observeWatchState { state in
  ///   if case .waitingForFolder(let folder) = state { print("\(folder) is gone; waiting") }
  /// }
  /// ```
  public enum WatchState: Sendable, Hashable {
    /// No watch: no observer yet, a store in memory, or the system refused one.
    case notWatching
    /// The folder is watched: writes from any process arrive.
    case watching
    /// The folder is gone (removed, moved away, not made yet): the store
    /// holds no values meanwhile, and watches the folder again when it
    /// comes back (then delivers what it holds).
    case waitingForFolder(String)
    /// The backend's server is out of reach (`store` names it, never with a
    /// password): the store keeps trying, and when it is back delivers every
    /// change made meanwhile.
    case reconnecting(store: String, reason: String)
    /// The watch stopped for good (the backend's data is gone): no change
    /// arrives any more.
    case failed(store: String, reason: String)
  }

  /// The watch's state now.
  public var watchState: WatchState { state.withLock { $0.watchState } }

  /// Whether the domain exists: its file is there (a file may be deleted by
  /// hand), or, for any other storage, it holds a value.
  public func exists() throws(DefaultsError) -> Bool {
    switch storage {
    case .folder: file.exists
    case .memory, .backend: try !persistentValues().isEmpty
    }
  }

  /// The names of the domains stored in `directory`, sorted.
  public static func domains(in directory: String) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return names.filter { $0.hasSuffix(".plist") && !$0.hasPrefix(".") }
      .map { String($0.dropLast(".plist".count)) }
      .filter { (try? DomainName($0)) != nil }
      .sorted()
  }

  // MARK: - Reading

  /// The values stored in the domain file, read now.
  public func persistentValues() throws(DefaultsError) -> [PlistKey: PlistValue] {
    try file.read()
  }

  /// Every value as the search list resolves it: arguments, the file, registered defaults.
  public func values() throws(DefaultsError) -> [PlistKey: PlistValue] {
    let stored = try file.read()
    return state.withLock { $0.effective(file: stored) }
  }

  public func value(forKey key: String) throws(DefaultsError) -> PlistValue? {
    try values()[PlistKey(key)]
  }

  /// The values given to the process, which win over the file (the argument domain).
  public func setArguments(_ values: [PlistKey: PlistValue]) {
    refresh { $0.arguments = values }
  }

  /// Registers defaults shown while a key is not stored. They are held in
  /// memory and never written (see `writeRegistered` for that).
  public func register(_ defaults: [PlistKey: PlistValue]) {
    refresh { $0.registration.merge(defaults) { $1 } }
  }

  public var registeredValues: [PlistKey: PlistValue] { state.withLock { $0.registration } }

  // MARK: - Writing

  /// What a write did.
  public struct WriteOutcome: Sendable {
    /// The stored values that changed (empty when the write changed nothing).
    public var changes: [DefaultsChange]
    /// Where a corrupt file was moved with `force`.
    public var movedAside: String?
  }

  /// Reads the file under the domain's lock, lets `body` change the values,
  /// and writes them back atomically when they changed. A file that does not
  /// parse is left alone and reported, unless `force` first moves it aside.
  /// A backend that compares and sets (a database) runs `body` again when
  /// another writer changed one of the keys it writes first, so `body`
  /// should only compute the new values.
  @discardableResult
  public func update(
    force: Bool = false, now: Date = Date(),
    _ body: (inout [PlistKey: PlistValue]) throws(DefaultsError) -> Void
  ) throws(DefaultsError) -> WriteOutcome {
    try write(force: force, now: now) { current throws(DefaultsError) in
      var updated = current
      try body(&updated)
      return (updated, DefaultsChange.between(current, updated))
    }
  }

  @discardableResult
  public func set(_ value: PlistValue, forKey key: String, force: Bool = false)
    throws(DefaultsError)
    -> WriteOutcome
  {
    try edit(PlistKey(key), to: value, force: force)
  }

  @discardableResult
  public func removeValue(forKey key: String, force: Bool = false) throws(DefaultsError)
    -> WriteOutcome
  {
    try edit(PlistKey(key), to: nil, force: force)
  }

  /// `update { $0[key] = value }`, without a pass over the other keys to
  /// find what changed: a write of one key to a large domain stays cheap.
  private func edit(_ key: PlistKey, to value: PlistValue?, force: Bool) throws(DefaultsError)
    -> WriteOutcome
  {
    try write(force: force, now: Date()) { current in
      let old = current[key]
      guard old != value else { return (current, []) }
      var updated = current
      updated[key] = value
      return (updated, [DefaultsChange(key: key, old: old, new: value)])
    }
  }

  /// One read-modify-write: `change` gives the new values and how they
  /// differ from the stored ones (in key order), and the backend is told both.
  private func write(
    force: Bool, now: Date,
    _ change: ([PlistKey: PlistValue]) throws(DefaultsError) -> (
      [PlistKey: PlistValue], [DefaultsChange]
    )
  ) throws(DefaultsError) -> WriteOutcome {
    let outcome = try file.transaction {
      (transaction) throws(DefaultsError) -> WriteOutcome in
      let (current, movedAside) = try readForWriting(transaction, force: force, now: now)
      let updated: [PlistKey: PlistValue]
      let changes: [DefaultsChange]
      do throws(DefaultsError) {
        (updated, changes) = try change(current)
      } catch {
        // What force moved aside stays moved, whatever the change does: the
        // move is finished (a store's rows are removed as the file was), so
        // that a second try does not keep a second copy.
        if movedAside != nil {
          let stored = try writing(current) { () throws(DefaultsError) in
            try transaction.write(current, changes: [])
          }
          record(file: stored, ownWrite: current)
        }
        throw error
      }
      if !changes.isEmpty || movedAside != nil {
        let stored = try writing(updated) { () throws(DefaultsError) in
          try transaction.write(updated, changes: changes)
        }
        // Recorded before the lock is released, so that writes of this
        // store's threads are recorded in the order they reached the file.
        record(file: stored, ownWrite: updated)
      } else {
        record(file: updated)
      }
      return WriteOutcome(changes: changes, movedAside: movedAside)
    }
    deliverPending()
    return outcome
  }

  /// Replaces everything stored (import).
  @discardableResult
  public func replaceAll(with values: [PlistKey: PlistValue], force: Bool = false)
    throws(DefaultsError) -> WriteOutcome
  {
    try update(force: force) { $0 = values }
  }

  /// Removes the domain: its values and its file, as `defaults delete DOMAIN` does.
  @discardableResult
  public func removeAll(force: Bool = false, now: Date = Date()) throws(DefaultsError)
    -> WriteOutcome
  {
    let outcome = try file.transaction { (transaction) throws(DefaultsError) -> WriteOutcome in
      let (current, movedAside) = try readForWriting(transaction, force: force, now: now)
      let stored = try writing([:]) { () throws(DefaultsError) in try transaction.remove() }
      record(file: stored, ownWrite: [:])
      return WriteOutcome(changes: DefaultsChange.between(current, [:]), movedAside: movedAside)
    }
    deliverPending()
    return outcome
  }

  /// Runs `write`, marking `values` as this store's own while it runs (and
  /// until the writer's refresh records them).
  private func writing(
    _ values: [PlistKey: PlistValue],
    _ write: () throws(DefaultsError) -> [PlistKey: PlistValue]
  ) throws(DefaultsError) -> [PlistKey: PlistValue] {
    state.withLock { $0.ownWrites.append(values) }
    do {
      return try write()
    } catch {
      state.withLock { state in
        if let index = state.ownWrites.firstIndex(of: values) { state.ownWrites.remove(at: index) }
      }
      throw error
    }
  }

  /// The stored values, under the lock. A file that does not parse stops the
  /// write, unless `force` first moves it aside (then the domain starts empty).
  private func readForWriting(
    _ transaction: any DefaultsTransaction, force: Bool, now: Date
  ) throws(DefaultsError) -> ([PlistKey: PlistValue], movedAside: String?) {
    do throws(DefaultsError) {
      return (try transaction.read(), nil)
    } catch {
      guard force, error.remedy == .moveCorruptFileAside else { throw error }
      let (movedTo, remaining) = try transaction.moveAside(now: now)
      return (remaining, movedTo)
    }
  }

  // MARK: - Observing

  /// Calls `onChange` with the changes of the effective values of `keys`
  /// (every key when nil), from this process and others.
  public func observe(
    keys: Set<PlistKey>? = nil, initial: Bool = false,
    scheduler: any ChangeScheduler = QueueScheduler(
      DispatchQueue(label: "prefs.defaults.observer")),
    _ onChange: @escaping @Sendable ([DefaultsChange]) -> Void
  ) -> ObservationToken {
    let stored = try? file.read()
    let id = state.withLock { state -> UInt64 in
      state.nextObserverID += 1
      let id = state.nextObserverID
      state.observers[id] = Observer(
        scheduler: scheduler, callback: .changes(keys: keys, onChange))
      if state.lastFileValues == nil { state.lastFileValues = stored ?? [:] }
      if initial {
        let current = state.effective(file: state.lastFileValues ?? [:])
        let changes = DefaultsChange.between([:], current).filter { keys?.contains($0.key) ?? true }
        if !changes.isEmpty {
          state.pending.append(Delivery(observer: id, payload: .changes(changes)))
        }
      }
      return id
    }
    startWatching()
    deliverPending()
    return ObservationToken { [weak self] in self?.removeObserver(id) }
  }

  /// Calls `onChange` with the watch's state, first with the current one,
  /// then on each change: the folder gone, the folder back. It starts no
  /// watch of its own (`observe` does).
  public func observeWatchState(
    scheduler: any ChangeScheduler = QueueScheduler(
      DispatchQueue(label: "prefs.defaults.observer")),
    _ onChange: @escaping @Sendable (WatchState) -> Void
  ) -> ObservationToken {
    let id = state.withLock { state -> UInt64 in
      state.nextObserverID += 1
      let id = state.nextObserverID
      state.observers[id] = Observer(scheduler: scheduler, callback: .watch(onChange))
      state.pending.append(Delivery(observer: id, payload: .watch(state.watchState)))
      return id
    }
    deliverPending()
    return ObservationToken { [weak self] in self?.removeObserver(id) }
  }

  /// The changes as an asynchronous sequence; it ends when the consumer stops iterating.
  public func changes(keys: Set<PlistKey>? = nil, initial: Bool = false) -> AsyncStream<
    DefaultsChange
  > {
    AsyncStream { continuation in
      let token = observe(keys: keys, initial: initial, scheduler: ImmediateScheduler()) {
        changes in
        for change in changes { continuation.yield(change) }
      }
      continuation.onTermination = { _ in token.cancel() }
    }
  }

  private func removeObserver(_ id: UInt64) {
    let stop = state.withLock { state -> (any DefaultsBackendWatch)? in
      state.observers[id] = nil
      guard state.changeObservers == 0, let watcher = state.watcher else { return nil }
      state.watcher = nil
      state.setWatchState(.notWatching)
      return watcher
    }
    stop?.cancel()
  }

  private func startWatching() {
    guard state.withLock({ $0.watcher == nil }) else { return }
    guard
      let created = file.watch(
        queue: watchQueue, onEvent: { [weak self] in self?.watcherSaid($0) })
    else { return }
    let unused = state.withLock { state -> (any DefaultsBackendWatch)? in
      guard state.watcher == nil, state.changeObservers > 0 else { return created }
      state.watcher = created
      state.setWatchState(created.initialState)
      return nil
    }
    unused?.cancel()
    deliverPending()
  }

  private func watcherSaid(_ event: DefaultsBackendEvent) {
    switch event {
    case .changed: fileChangedOnDisk()
    case .state(let new):
      state.withLock { $0.setWatchState(new) }
      deliverPending()
    }
  }

  private func fileChangedOnDisk() {
    // A read that a write of this store overtook may be older than what is
    // recorded: read again rather than deliver a change back to old values.
    while true {
      let writesBefore = state.withLock { $0.recordedWrites }
      // A file that does not parse (a hand edit in progress) is not a change: keep the last state.
      let stored: [PlistKey: PlistValue]
      if let read = try? file.readForWatch() {
        stored = read
      } else if !file.exists {
        stored = [:]
      } else {
        return
      }
      if refresh(file: stored, fromWatcher: true, unlessWritesSince: writesBefore) { return }
    }
  }

  /// The part of the state a refresh may change besides the file's values.
  private struct Settings {
    var arguments: [PlistKey: PlistValue]
    var registration: [PlistKey: PlistValue]
  }

  /// Records new file values (or other state), queues what changed and delivers it.
  /// With `unlessWritesSince`, records nothing and returns false when this
  /// store has recorded a write of its own since that count.
  @discardableResult
  private func refresh(
    file stored: [PlistKey: PlistValue]? = nil, fromWatcher: Bool = false,
    unlessWritesSince writes: UInt64? = nil, _ change: (inout Settings) -> Void = { _ in }
  ) -> Bool {
    let outcome = state.withLock { state -> (recorded: Bool, queued: Bool) in
      if let writes, state.recordedWrites != writes { return (false, false) }
      return (true, state.record(file: stored, fromWatcher: fromWatcher, change))
    }
    // Only a thread that queued something delivers: the watch, finding its
    // own store's write, must not take over a writer's delivery (the writer
    // delivers its changes itself, before it returns).
    if outcome.queued { deliverPending() }
    return outcome.recorded
  }

  /// Records what this store wrote (under the domain's lock) and queues its
  /// changes; `ownWrite` is what it wrote, `stored` what the domain then held.
  private func record(file stored: [PlistKey: PlistValue], ownWrite: [PlistKey: PlistValue]? = nil)
  {
    state.withLock { state in
      if let ownWrite {
        if let index = state.ownWrites.firstIndex(of: ownWrite) {
          state.ownWrites.remove(at: index)
        }
        state.recordedWrites += 1
      }
      state.record(file: stored, fromWatcher: false) { _ in }
    }
  }

  /// Delivers the queued changes, one at a time and never holding the lock,
  /// unless another thread is already at it (it then delivers these too).
  private func deliverPending() {
    let mine = state.withLock { state -> Bool in
      guard !state.delivering, !state.pending.isEmpty else { return false }
      state.delivering = true
      return true
    }
    guard mine else { return }
    while let (id, observer, payload) = state.withLock({
      state -> (UInt64, Observer, Delivery.Payload)? in
      while !state.pending.isEmpty {
        let next = state.pending.removeFirst()
        if let observer = state.observers[next.observer] {
          return (next.observer, observer, next.payload)
        }
      }
      state.delivering = false
      return nil
    }) {
      let callback = observer.callback
      observer.scheduler.schedule { [weak self] in
        // An observation cancelled after this was scheduled hears nothing more.
        guard self?.state.withLock({ $0.observers[id] != nil }) ?? false else { return }
        switch (callback, payload) {
        case (.changes(_, let onChange), .changes(let changes)): onChange(changes)
        case (.watch(let onChange), .watch(let watchState)): onChange(watchState)
        default: break
        }
      }
    }
  }
}
