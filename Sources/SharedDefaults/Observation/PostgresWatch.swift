import DefaultsStore
import Dispatch
import Foundation
import PostgresNIO
import Synchronization

/// Hears every commit to a domain, from any machine: `LISTEN prefs_defaults`
/// on a connection of its own, and a `.changed` for each commit of the
/// domain (coalesced while the store is still reading).
///
/// `LISTEN/NOTIFY` keeps nothing for a listener that is not connected, so
/// after each (re)connect the watch first listens, then tells the store to
/// read every row newer than the last version it saw: a commit before the
/// listen is in that read, one after it is notified. Nothing is missed
/// across a dropped connection or a server restart. While the server is
/// out of reach it reconnects with backoff (50 ms, doubling to 2 s), and
/// once a second it checks the domain's newest version on the server (a
/// safety net, and how it finds a table that was dropped).
final class PostgresWatch: DefaultsBackendWatch {
  private struct State {
    var cancelled = false
    var connection: PostgresConnection?
    var listener: PostgresListenContext?
    /// Connection attempts failed in a row.
    var failures = 0
    var reconnecting = false
    /// The newest version this watch has told the store about.
    var toldVersion: Int64 = 0
    /// Whether a `.changed` is queued and not yet taken by the store.
    var changeQueued = false
    /// Bumped on each connection, so that one heartbeat runs at a time.
    var generation = 0
    var initialState = DefaultsStore.WatchState.watching
  }

  var initialState: DefaultsStore.WatchState { mutable.withLock { $0.initialState } }
  private let link: ServerLink
  private let domain: String
  private let store: String
  private let queue: DispatchQueue
  private let control: DispatchQueue
  private let onEvent: @Sendable (DefaultsBackendEvent) -> Void
  private let mutable = Mutex(State())

  /// Seconds between two checks of the domain's newest version.
  static let heartbeat = 1.0
  static let firstDelay = 0.05
  static let longestDelay = 2.0

  init(
    link: ServerLink, domain: DomainName, store: String, queue: DispatchQueue,
    onEvent: @escaping @Sendable (DefaultsBackendEvent) -> Void
  ) {
    self.link = link
    self.domain = domain.rawValue
    self.store = store
    self.queue = queue
    self.onEvent = onEvent
    control = DispatchQueue(label: "prefs.shared-defaults.watch.\(domain)")
    // The first connection is made before `observe` returns, so that a
    // write right after it is heard at once.
    let first: Result<PostgresConnection, DefaultsError>
    do throws(DefaultsError) {
      let connection = try Self.connect(link: link, store: store)
      do throws(DefaultsError) {
        try listen(on: connection)
      } catch {
        connection.closeQuietly()
        throw error
      }
      first = .success(connection)
    } catch {
      first = .failure(error)
    }
    switch first {
    case .success(let connection):
      mutable.withLock { $0.connection = connection }
      control.async { [weak self] in
        self?.watchConnection()
        self?.scheduleHeartbeat()
      }
    case .failure(let error):
      mutable.withLock {
        $0.initialState = .reconnecting(store: store, reason: Self.reason(error))
        $0.reconnecting = true
        $0.failures = 1
      }
      control.async { [weak self] in self?.scheduleAttempt() }
    }
  }

  func cancel() {
    let (connection, listener) = mutable.withLock { state in
      state.cancelled = true
      defer {
        state.connection = nil
        state.listener = nil
      }
      return (state.connection, state.listener)
    }
    listener?.stop()
    connection?.closeQuietly()
  }

  deinit { cancel() }

  // MARK: - Connecting

  /// Connects and makes the tables if need be.
  private static func connect(link: ServerLink, store: String) throws(DefaultsError)
    -> PostgresConnection
  {
    let connection = try link.connect()
    do throws(DefaultsError) {
      try Schema.ensure(on: connection, store: store)
    } catch {
      connection.closeQuietly()
      throw error
    }
    return connection
  }

  /// Listens on `connection`; returns once the server listens. postgres-nio
  /// sends the `LISTEN` itself (one of ours beside it confuses its state);
  /// a query queued after it answers only once it has been answered.
  private func listen(on connection: PostgresConnection) throws(DefaultsError) {
    let listener = connection.addListener(channel: Schema.channel) { [weak self] _, notification in
      self?.notified(notification.payload)
    }
    let old = mutable.withLock { state -> PostgresListenContext? in
      defer { state.listener = listener }
      return state.listener
    }
    old?.stop()
    _ = try connection.rows("SELECT 1", store: store, operation: "listen for changes")
  }

  /// Hears the connection close, then reconnects.
  private func watchConnection() {
    guard let connection = mutable.withLock({ $0.connection }) else { return }
    connection.closeFuture.whenComplete { [weak self] _ in
      guard let self else { return }
      self.control.async { [weak self] in
        self?.lost(connection, reason: "the connection was closed")
      }
    }
  }

  private func lost(_ connection: PostgresConnection, reason: String) {
    let announce = mutable.withLock { state -> Bool in
      guard !state.cancelled, state.connection === connection else { return false }
      state.connection = nil
      state.listener = nil
      defer { state.reconnecting = true }
      return !state.reconnecting
    }
    guard mutable.withLock({ !$0.cancelled && $0.connection == nil }) else { return }
    if announce { tell(.state(.reconnecting(store: store, reason: reason))) }
    scheduleAttempt()
  }

  private func scheduleAttempt() {
    let failures = mutable.withLock { $0.failures }
    let delay =
      min(Self.firstDelay * pow(2, Double(max(failures - 1, 0))), Self.longestDelay)
      * Double.random(in: 0.8...1.2)
    control.asyncAfter(deadline: .now() + delay) { [weak self] in self?.attempt() }
  }

  private func attempt() {
    guard mutable.withLock({ !$0.cancelled && $0.connection == nil }) else { return }
    let connection: PostgresConnection
    do throws(DefaultsError) {
      connection = try Self.connect(link: link, store: store)
    } catch {
      let reason = Self.reason(error)
      let announce = mutable.withLock { state -> Bool in
        state.failures += 1
        defer { state.reconnecting = true }
        return !state.reconnecting
      }
      if announce { tell(.state(.reconnecting(store: store, reason: reason))) }
      scheduleAttempt()
      return
    }
    do throws(DefaultsError) {
      try listen(on: connection)
    } catch {
      connection.closeQuietly()
      mutable.withLock { $0.failures += 1 }
      scheduleAttempt()
      return
    }
    let cancelled = mutable.withLock { state -> Bool in
      if !state.cancelled { state.connection = connection }
      return state.cancelled
    }
    if cancelled {
      connection.closeQuietly()
      return
    }
    mutable.withLock {
      $0.failures = 0
      $0.reconnecting = false
    }
    watchConnection()
    tell(.state(.watching))
    // Everything committed while no one listened.
    queueChange()
    scheduleHeartbeat()
  }

  // MARK: - Hearing

  private struct Payload: Decodable {
    var domain: String
    var version: Int64
  }

  private func notified(_ payload: String) {
    guard let decoded = try? JSONDecoder().decode(Payload.self, from: Data(payload.utf8)),
      decoded.domain == domain
    else { return }
    // Versions of a domain may commit out of order: every commit is read.
    mutable.withLock { $0.toldVersion = max($0.toldVersion, decoded.version) }
    queueChange()
  }

  /// Tells the store to read, unless a read it has not started yet is queued.
  private func queueChange() {
    let queue = mutable.withLock { state -> Bool in
      guard !state.cancelled, !state.changeQueued else { return false }
      state.changeQueued = true
      return true
    }
    guard queue else { return }
    self.queue.async { [weak self] in
      guard let self else { return }
      self.mutable.withLock { $0.changeQueued = false }
      self.onEvent(.changed)
    }
  }

  private func tell(_ event: DefaultsBackendEvent) {
    guard mutable.withLock({ !$0.cancelled }) else { return }
    queue.async { [onEvent] in onEvent(event) }
  }

  private func scheduleHeartbeat(generation: Int? = nil) {
    let generation =
      generation
      ?? mutable.withLock { state in
        state.generation += 1
        return state.generation
      }
    control.asyncAfter(deadline: .now() + Self.heartbeat) { [weak self] in
      self?.beat(generation: generation)
    }
  }

  /// Reads the domain's newest version on the watch's connection.
  private func beat(generation: Int) {
    guard
      let connection = mutable.withLock({ state in
        state.cancelled || state.generation != generation ? nil : state.connection
      })
    else { return }
    do {
      let rows = try connection.rawRows(
        "SELECT coalesce(max(version), 0) FROM prefs_values WHERE domain = \(domain)")
      let newest = try rows.first?.decode(Int64.self) ?? 0
      let newer = mutable.withLock { state -> Bool in
        guard newest > state.toldVersion else { return false }
        state.toldVersion = newest
        return true
      }
      if newer { queueChange() }
      scheduleHeartbeat(generation: generation)
    } catch {
      // The tables are gone: nothing will be heard again.
      if let state = ServerLink.sqlState(error), state == "42P01" || state == "42883" {
        let reason = ServerLink.describe(error)
        tell(.state(.failed(store: store, reason: reason)))
        cancel()
        return
      }
      // A broken connection is found by its close; anything else, next beat.
      if !ServerLink.isConnectionFailure(error) { scheduleHeartbeat(generation: generation) }
    }
  }

  private static func reason(_ error: DefaultsError) -> String {
    if case .unavailable(_, let operation, let reason) = error {
      return "cannot \(operation): \(reason)"
    }
    return error.description
  }
}
