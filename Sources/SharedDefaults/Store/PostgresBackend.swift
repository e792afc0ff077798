import DefaultsStore
import Dispatch
import Foundation
import Plist
import PostgresNIO
import Synchronization

/// One domain on a PostgreSQL server: a row per key in `prefs_values`, every
/// write one `prefs_write` call that compares and sets the keys it changes.
/// Writers on other machines change other keys freely; a key changed by
/// someone else since it was read sends the update round again.
final class PostgresBackend: DefaultsBackend {
  let domain: DomainName
  let link: ServerLink
  let path: String

  /// The connection for reads and writes: made on first use, made again
  /// when the server has closed it.
  private let connection = Mutex<PostgresConnection?>(nil)
  /// Held through a whole update, so that this process's writers of the
  /// domain record their writes in the order they committed.
  private let writer = Mutex(())
  /// Every row read so far, and the newest version among them. A read asks
  /// only for rows newer than that: versions of a domain commit in order
  /// (prefs_write holds the domain's row until it commits), so nothing
  /// older can still arrive. This is why a row edited by hand must take a
  /// new version from `prefs_version_seq`, as prefs_write does.
  private let cache = Mutex(Rows())
  /// What the watch last told the store, so that a value that does not
  /// parse keeps the last one read.
  private let watched = Mutex<[PlistKey: PlistValue]>([:])

  /// The most times an update is tried while other writers keep changing its keys first.
  static let maximumAttempts = 10_000

  init(domain: DomainName, link: ServerLink) {
    self.domain = domain
    self.link = link
    path = link.name + "#" + domain.rawValue
  }

  deinit {
    connection.withLock { $0?.closeQuietly() }
  }

  // MARK: - Connection

  /// Runs `body` on the connection; one that the server has closed is made
  /// anew first. With `retry`, a body that fails because the connection
  /// broke is run once more on a new one (reads only: a write may have
  /// committed before the answer was lost).
  func withConnection<T>(
    retry: Bool, _ body: (PostgresConnection) throws(DefaultsError) -> T
  ) throws(DefaultsError) -> T {
    try connection.withLock { current throws(DefaultsError) -> T in
      var tries = retry ? 2 : 1
      while true {
        tries -= 1
        let live: PostgresConnection
        if let existing = current, !existing.isClosed {
          live = existing
        } else {
          current?.closeQuietly()
          current = nil
          let made = try link.connect()
          do throws(DefaultsError) {
            try Schema.ensure(on: made, store: path)
          } catch {
            made.closeQuietly()
            throw error
          }
          current = made
          live = made
        }
        do throws(DefaultsError) {
          return try body(live)
        } catch {
          guard live.isClosed else { throw error }
          current = nil
          if tries == 0 { throw error }
        }
      }
    }
  }

  // MARK: - Reading

  /// Every row of the domain, tombstones included.
  struct Rows {
    /// Each key's value; nil for a tombstone; a failure for text that is not a plist.
    var values: [PlistKey: Result<PlistValue, PlistText.DecodeFailure>?] = [:]
    var versions: [PlistKey: Int64] = [:]
    /// Where the next read starts: the oldest transaction not finished
    /// when they were read (the xmin of that read's snapshot). Rows of
    /// transactions from there on are read again, which finds a write that
    /// committed after a newer one.
    var seen: Int64 = 0
    /// Whether they were read from the server at least once.
    var loaded = false

    /// The values, refusing the first (in key order) that does not parse.
    func strict(store: String) throws(DefaultsError) -> [PlistKey: PlistValue] {
      var result: [PlistKey: PlistValue] = [:]
      result.reserveCapacity(values.count)
      var corrupt: [(PlistKey, String)] = []
      for (key, value) in values {
        switch value {
        case .some(.success(let plist)): result[key] = plist
        case .some(.failure(let failure)): corrupt.append((key, failure.reason))
        case nil: break
        }
      }
      if let (key, reason) = corrupt.min(by: { $0.0 < $1.0 }) {
        throw .corruptValue(store: store, key: key.string, reason: reason)
      }
      return result
    }

    /// The values that parse.
    var readable: [PlistKey: PlistValue] {
      values.compactMapValues { value in
        if case .some(.success(let plist)) = value { plist } else { nil }
      }
    }

    var corruptKeys: [PlistKey] {
      values.compactMap { key, value in
        if case .some(.failure) = value { key } else { nil }
      }.sorted()
    }

    mutating func apply(key: String, text: String?, version: Int64) {
      let plistKey = PlistKey(key)
      // Rows read by two threads may arrive out of order: the newer stays.
      guard version > versions[plistKey] ?? 0 else { return }
      values[plistKey] = text.map(PlistText.decode)
      versions[plistKey] = version
    }
  }

  /// The domain's rows now: those cached, and those newer than the cache
  /// read from the server.
  func readRows() throws(DefaultsError) -> Rows {
    let since = cache.withLock { $0.seen }
    let newer = try readRows(newerThan: since)
    return cache.withLock { cache in
      for (key, version) in newer.versions {
        guard version > cache.versions[key] ?? 0 else { continue }
        cache.values[key] = newer.values[key] ?? nil
        cache.versions[key] = version
      }
      cache.seen = max(cache.seen, newer.seen)
      cache.loaded = true
      return cache
    }
  }

  /// The rows as last read, when the store has read them once (and found
  /// no value that does not parse).
  func cachedRows() -> Rows? {
    cache.withLock { $0.loaded && $0.corruptKeys.isEmpty ? $0 : nil }
  }

  /// Records rows a write returned.
  func remember(_ rows: [(key: String, text: String?, version: Int64)], cursor: Int64) {
    cache.withLock { cache in
      for row in rows { cache.apply(key: row.key, text: row.text, version: row.version) }
      cache.seen = max(cache.seen, cursor)
    }
  }

  /// The rows written by transactions from `cursor` on, and the next cursor,
  /// from one snapshot.
  private func readRows(newerThan cursor: Int64) throws(DefaultsError) -> Rows {
    let domain = domain.rawValue
    let path = path
    return try withConnection(retry: true) { connection throws(DefaultsError) -> Rows in
      let rows = try connection.rows(
        """
        SELECT NULL::text, NULL::text, pg_snapshot_xmin(pg_current_snapshot())::text::bigint
        UNION ALL
        SELECT key, value, version FROM prefs_values
        WHERE domain = \(domain) AND txid >= \(cursor)::text::xid8
        """, store: path, operation: "read the domain")
      var result = Rows()
      for row in rows {
        do {
          let (key, text, version) = try row.decode((String?, String?, Int64).self)
          guard let key else {
            result.seen = version
            continue
          }
          result.apply(key: key, text: text, version: version)
        } catch {
          throw .unavailable(
            store: path, operation: "read the domain",
            reason: "a row does not have the store's columns (\(error))")
        }
      }
      return result
    }
  }

  func read() throws(DefaultsError) -> [PlistKey: PlistValue] {
    try readRows().strict(store: path)
  }

  /// Like `read`, but a value that does not parse keeps the last one read
  /// (a hand edit in progress is not a change), as a file that does not
  /// parse keeps the last values.
  func readForWatch() throws(DefaultsError) -> [PlistKey: PlistValue] {
    let rows = try readRows()
    return watched.withLock { watched in
      var values: [PlistKey: PlistValue] = [:]
      for (key, value) in rows.values {
        switch value {
        case .some(.success(let plist)): values[key] = plist
        case .some(.failure): values[key] = watched[key]
        case nil: break
        }
      }
      watched = values
      return values
    }
  }

  var exists: Bool { true }

  // MARK: - Writing

  func transaction<T: Sendable>(
    _ body: (any DefaultsTransaction) throws(DefaultsError) -> T
  ) throws(DefaultsError) -> T {
    try writer.withLock { _ throws(DefaultsError) -> T in
      for attempt in 1...Self.maximumAttempts {
        let transaction = PostgresTransaction(backend: self, fromCache: attempt == 1)
        do throws(DefaultsError) {
          return try body(transaction)
        } catch {
          guard transaction.lostToAnotherWriter else { throw error }
          // Writers that collide back off by a random few hundred
          // microseconds, growing, so that one of them gets through.
          let ceiling = min(attempt, 20) * 200
          usleep(UInt32.random(in: 0...UInt32(ceiling)))
        }
      }
      throw .unavailable(
        store: path, operation: "write",
        reason:
          "other writers changed the same keys first \(Self.maximumAttempts) times in a row")
    }
  }

  func watch(queue: DispatchQueue, onEvent: @escaping @Sendable (DefaultsBackendEvent) -> Void)
    -> (any DefaultsBackendWatch)?
  {
    PostgresWatch(link: link, domain: domain, store: path, queue: queue, onEvent: onEvent)
  }

  /// What `prefs_write` answered: the rows newer than the writer's read
  /// (its own among them) and the cursor to read from next.
  struct Written {
    var rows: [(key: String, text: String?, version: Int64)] = []
    var cursor: Int64 = 0
  }

  /// Calls `prefs_write`: nil when another writer changed one of the keys first.
  func commit(
    keys: [String], plists: [String], deleted: [Bool], expected: [Int64], seen: Int64
  ) throws(DefaultsError) -> Written? {
    let domain = domain.rawValue
    let path = path
    return try withConnection(retry: false) { connection throws(DefaultsError) -> Written? in
      let rows: [PostgresRow]
      do {
        rows = try connection.rawRows(
          """
          SELECT changed_key, changed_value, changed_version
          FROM prefs_write(\(domain), \(keys), \(plists), \(deleted), \(expected), \(seen))
          """)
      } catch {
        // serialization_failure: a key changed since it was read;
        // deadlock_detected: two writers of the same keys, one let go.
        if let state = ServerLink.sqlState(error), state == "40001" || state == "40P01" {
          return nil
        }
        throw .unavailable(store: path, operation: "write", reason: ServerLink.describe(error))
      }
      var result = Written()
      for row in rows {
        do {
          let (key, text, version) = try row.decode((String?, String?, Int64).self)
          if let key {
            result.rows.append((key, text, version))
          } else {
            result.cursor = version
          }
        } catch {
          throw .unavailable(
            store: path, operation: "write", reason: "the server's answer is not prefs_write's")
        }
      }
      return result
    }
  }

  /// Copies the rows of `keys` to `prefs_corrupt_values`.
  func keepCorrupt(keys: [PlistKey]) throws(DefaultsError) {
    let domain = domain.rawValue
    let path = path
    let names = keys.map(\.string)
    try withConnection(retry: false) { connection throws(DefaultsError) in
      _ = try connection.rows(
        """
        INSERT INTO prefs_corrupt_values (domain, key, value, version)
        SELECT domain, key, value, version FROM prefs_values
        WHERE domain = \(domain) AND key = ANY(\(names))
        """, store: path, operation: "move the values that do not parse aside")
    }
  }
}

/// One round of an update: what it read, and the write that compares
/// against it.
final class PostgresTransaction: DefaultsTransaction {
  let backend: PostgresBackend
  private var rows: PostgresBackend.Rows?
  /// Whether the first read may be the rows this store last read, without
  /// asking the server: the write compares every key it changes, so a key
  /// changed since makes it run again, then on what is newer.
  private let fromCache: Bool
  /// Set when the write found a key changed since the read: the update runs again.
  private(set) var lostToAnotherWriter = false

  init(backend: PostgresBackend, fromCache: Bool) {
    self.backend = backend
    self.fromCache = fromCache
  }

  private func base() throws(DefaultsError) -> PostgresBackend.Rows {
    if let rows { return rows }
    if fromCache, let cached = backend.cachedRows() {
      rows = cached
      return cached
    }
    let read = try backend.readRows()
    rows = read
    return read
  }

  func read() throws(DefaultsError) -> [PlistKey: PlistValue] {
    try base().strict(store: backend.path)
  }

  func write(_ values: [PlistKey: PlistValue]) throws(DefaultsError) -> [PlistKey: PlistValue] {
    let rows = try base()
    var current = rows.readable
    // A value that does not parse is replaced or deleted like any other.
    var keys: [String] = []
    var plists: [String] = []
    var deleted: [Bool] = []
    var expected: [Int64] = []
    let corrupt = Set(rows.corruptKeys)
    func add(_ key: PlistKey, _ value: PlistValue?) throws(DefaultsError) {
      if key.string.utf8.contains(0) {
        throw .unrepresentable(key: key.string, reason: "PostgreSQL text cannot hold NUL")
      }
      keys.append(key.string)
      if let value {
        plists.append(try PlistText.encode(value, key: key))
        deleted.append(false)
      } else {
        plists.append("")
        deleted.append(true)
      }
      expected.append(rows.versions[key] ?? 0)
    }
    // One pass over each side: a write of one key to a large domain sorts nothing.
    for (key, value) in values where corrupt.contains(key) || current[key] != value {
      try add(key, value)
    }
    for key in rows.values.keys where values[key] == nil {
      try add(key, nil)
    }
    guard !keys.isEmpty else { return current }
    // The changed keys in one order (a notification names them alike every time).
    let order = keys.indices.sorted { keys[$0] < keys[$1] }
    keys = order.map { keys[$0] }
    plists = order.map { plists[$0] }
    deleted = order.map { deleted[$0] }
    expected = order.map { expected[$0] }
    guard
      let written = try backend.commit(
        keys: keys, plists: plists, deleted: deleted, expected: expected, seen: rows.seen)
    else {
      lostToAnotherWriter = true
      throw .unavailable(
        store: backend.path, operation: "write", reason: "another writer changed the keys first")
    }
    backend.remember(written.rows, cursor: written.cursor)
    // What the domain holds now: this write, and others' since the read
    // (a key this write did not change may come back at a version already
    // seen: the newer stays).
    for row in written.rows where row.version > rows.versions[PlistKey(row.key)] ?? 0 {
      let key = PlistKey(row.key)
      if let text = row.text, case .success(let value) = PlistText.decode(text) {
        current[key] = value
      } else {
        current[key] = nil
      }
    }
    return current
  }

  func remove() throws(DefaultsError) -> [PlistKey: PlistValue] {
    try write([:])
  }

  func moveAside(now: Date) throws(DefaultsError) -> (
    movedTo: String, remaining: [PlistKey: PlistValue]
  ) {
    let rows = try base()
    let corrupt = rows.corruptKeys
    if !corrupt.isEmpty { try backend.keepCorrupt(keys: corrupt) }
    let names = corrupt.map { "\"\($0.string)\"" }.joined(separator: ", ")
    return ("prefs_corrupt_values (the value of \(names))", rows.readable)
  }
}
