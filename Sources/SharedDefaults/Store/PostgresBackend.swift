import DefaultsStore
import Dispatch
import Foundation
import Plist
import PostgresNIO
import Synchronization

/// One domain on a PostgreSQL server: a row per key in `prefs_values`, every
/// write one `prefs_write_call` that compares and sets the keys it changes.
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
  /// Every row read so far, and the cursor of the last read: a read asks
  /// only for rows of transactions not finished at the last one (see
  /// `Rows.seen`). A row edited by hand must take a new version from
  /// `prefs_version_seq`, as prefs_write does, for the newer to win here.
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

  /// Every row of the domain, tombstones included, kept so that a write of
  /// one key costs no pass over the others: the values that parse are one
  /// dictionary, handed out as it is (copy on write), never rebuilt.
  struct Rows {
    /// Each key's value that parses.
    var readable: [PlistKey: PlistValue] = [:]
    /// Why each value that is not a plist is not one.
    var corrupt: [PlistKey: String] = [:]
    /// Each key's version, tombstones (deleted keys) included.
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
      if let (key, reason) = corrupt.min(by: { $0.key < $1.key }) {
        throw .corruptValue(store: store, key: key.string, reason: reason)
      }
      return readable
    }

    var corruptKeys: [PlistKey] { corrupt.keys.sorted() }

    mutating func apply(key: String, text: String?, version: Int64) {
      apply(key: PlistKey(key), value: text.map(PlistText.decode), version: version)
    }

    mutating func apply(
      key: PlistKey, value: Result<PlistValue, PlistText.DecodeFailure>?, version: Int64
    ) {
      // Rows read by two threads may arrive out of order: the newer stays.
      guard version > versions[key] ?? 0 else { return }
      versions[key] = version
      set(key, value)
    }

    /// Records a row's version and whether it parses, its value being in
    /// `readable` already.
    mutating func note(
      key: PlistKey, value: Result<PlistValue, PlistText.DecodeFailure>?, version: Int64
    ) {
      guard version > versions[key] ?? 0 else { return }
      versions[key] = version
      if case .some(.failure(let failure)) = value {
        corrupt[key] = failure.reason
      } else if corrupt[key] != nil {
        corrupt[key] = nil
      }
    }

    /// Takes each row of `newer` that is newer than this one's.
    mutating func merge(_ newer: Rows) {
      for (key, version) in newer.versions where version > versions[key] ?? 0 {
        versions[key] = version
        if let value = newer.readable[key] {
          set(key, .success(value))
        } else if let reason = newer.corrupt[key] {
          set(key, .failure(PlistText.DecodeFailure(reason: reason)))
        } else {
          set(key, nil)
        }
      }
      seen = max(seen, newer.seen)
    }

    private mutating func set(
      _ key: PlistKey, _ value: Result<PlistValue, PlistText.DecodeFailure>?
    ) {
      switch value {
      case .some(.success(let plist)):
        readable[key] = plist
        corrupt[key] = nil
      case .some(.failure(let failure)):
        readable[key] = nil
        corrupt[key] = failure.reason
      case nil:
        readable[key] = nil
        corrupt[key] = nil
      }
    }
  }

  /// The domain's rows now: those cached, and those newer than the cache
  /// read from the server.
  func readRows() throws(DefaultsError) -> Rows {
    let since = cache.withLock { $0.seen }
    let newer = try readRows(newerThan: since)
    return cache.withLock { cache in
      cache.merge(newer)
      cache.loaded = true
      return cache
    }
  }

  /// The rows as last read, when the store has read them once (and found
  /// no value that does not parse).
  func cachedRows() -> Rows? {
    cache.withLock { $0.loaded && $0.corrupt.isEmpty ? $0 : nil }
  }

  /// A row as a write returned it, its value parsed.
  typealias Row = (
    key: PlistKey, value: Result<PlistValue, PlistText.DecodeFailure>?, version: Int64
  )

  /// Records rows a write returned.
  /// With `stored`, what the write made of `base` (the values it read):
  /// when the cache still holds `base` itself, it takes `stored` as it is
  /// rather than a copy of `base` with the rows applied.
  func remember(
    _ rows: [Row], cursor: Int64, stored: [PlistKey: PlistValue]? = nil,
    base: [PlistKey: PlistValue]? = nil
  ) {
    cache.withLock { cache in
      // The same storage compares in no time; another's change since makes a copy.
      if let stored, let base, cache.readable == base {
        cache.readable = stored
        for row in rows { cache.note(key: row.key, value: row.value, version: row.version) }
      } else {
        for row in rows { cache.apply(key: row.key, value: row.value, version: row.version) }
      }
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
      var values = rows.readable
      for key in rows.corrupt.keys { values[key] = watched[key] }
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

  /// What `prefs_write_call` answered: the rows newer than the writer's read
  /// (its own among them) and the cursor to read from next.
  struct Written {
    var rows: [(key: String, text: String?, version: Int64)] = []
    var cursor: Int64 = 0
  }

  /// Calls `prefs_write_call` (one round trip: the write, its commit, then
  /// its notification): nil when another writer changed one of the keys first.
  func commit(
    keys: [String], plists: [String], deleted: [Bool], expected: [Int64], seen: Int64
  ) throws(DefaultsError) -> Written? {
    let domain = domain.rawValue
    let path = path
    return try withConnection(retry: false) { connection throws(DefaultsError) -> Written? in
      let rows: [PostgresRow]
      do {
        rows = try connection.rawRows(
          "CALL prefs_write_call(\(domain), \(keys), \(plists), \(deleted), \(expected), \(seen))"
        )
      } catch {
        // serialization_failure: a key changed since it was read;
        // deadlock_detected: two writers of the same keys, one let go.
        if let state = ServerLink.sqlState(error), state == "40001" || state == "40P01" {
          return nil
        }
        throw .unavailable(store: path, operation: "write", reason: ServerLink.describe(error))
      }
      let answer = try? rows.first?.decode((Int64, [String], [String], [Bool], [Int64]).self)
      guard let (cursor, changedKeys, values, tombstones, versions) = answer,
        changedKeys.count == values.count, values.count == tombstones.count,
        tombstones.count == versions.count
      else {
        throw .unavailable(
          store: path, operation: "write", reason: "the server's answer is not prefs_write_call's")
      }
      var result = Written(cursor: cursor)
      result.rows.reserveCapacity(changedKeys.count)
      for index in changedKeys.indices {
        result.rows.append(
          (changedKeys[index], tombstones[index] ? nil : values[index], versions[index]))
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
        SELECT v.domain, v.key, v.value, v.version FROM prefs_values v
        WHERE v.domain = \(domain) AND v.key = ANY(\(names))
          AND NOT EXISTS (
            SELECT 1 FROM prefs_corrupt_values c
            WHERE c.domain = v.domain AND c.key = v.key AND c.version = v.version)
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
    // A value that does not parse is replaced or deleted like any other.
    var edits: [(PlistKey, PlistValue?)] = []
    for (key, value) in values where rows.corrupt[key] != nil || rows.readable[key] != value {
      edits.append((key, value))
    }
    for key in rows.readable.keys where values[key] == nil { edits.append((key, nil)) }
    for key in rows.corrupt.keys where values[key] == nil { edits.append((key, nil)) }
    return try send(edits, over: rows, values: values)
  }

  /// Sends only `changes`: the rest of the domain is not looked at.
  func write(_ values: [PlistKey: PlistValue], changes: [DefaultsChange]) throws(DefaultsError)
    -> [PlistKey: PlistValue]
  {
    let rows = try base()
    // Values that do not parse (a write with force) are deleted unless written.
    guard rows.corrupt.isEmpty else { return try write(values) }
    return try send(changes.map { ($0.key, $0.new) }, over: rows, values: values)
  }

  /// Compares and sets `edits` (nil deletes) in one `prefs_write_call`;
  /// returns what the domain holds then: `values` (what `rows` become with the
  /// edits), and other writers' rows that the call found newer.
  private func send(
    _ edits: [(PlistKey, PlistValue?)], over rows: PostgresBackend.Rows,
    values: [PlistKey: PlistValue]
  ) throws(DefaultsError) -> [PlistKey: PlistValue] {
    guard !edits.isEmpty else { return rows.readable }
    // The changed keys in one order (a notification names them alike every time).
    let sorted = edits.count > 1 ? edits.sorted { $0.0 < $1.0 } : edits
    var keys: [String] = []
    var plists: [String] = []
    var deleted: [Bool] = []
    var expected: [Int64] = []
    keys.reserveCapacity(sorted.count)
    plists.reserveCapacity(sorted.count)
    deleted.reserveCapacity(sorted.count)
    expected.reserveCapacity(sorted.count)
    for (key, value) in sorted {
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
    guard
      let written = try backend.commit(
        keys: keys, plists: plists, deleted: deleted, expected: expected, seen: rows.seen)
    else {
      lostToAnotherWriter = true
      throw .unavailable(
        store: backend.path, operation: "write", reason: "another writer changed the keys first")
    }
    // This write's own rows come back as it sent them: parsed from what it
    // holds, not from their text again.
    var own: [PlistKey: PlistValue?] = [:]
    own.reserveCapacity(sorted.count)
    for (key, value) in sorted { own[key] = value }
    let parsed = written.rows.map { row -> PostgresBackend.Row in
      let key = PlistKey(row.key)
      if let mine = own[key] { return (key, mine.map { .success($0) }, row.version) }
      return (key, row.text.map(PlistText.decode), row.version)
    }
    // What the domain holds now: `values`, and others' writes since the
    // read (a key this write did not change may come back at a version
    // already seen: the newer stays). Without others', `values` as they are.
    var current = values
    for row in parsed where own[row.key] == nil && row.version > rows.versions[row.key] ?? 0 {
      if case .some(.success(let value)) = row.value {
        current[row.key] = value
      } else {
        current[row.key] = nil
      }
    }
    backend.remember(parsed, cursor: written.cursor, stored: current, base: rows.readable)
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
