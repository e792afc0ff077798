import DefaultsStore
import Dispatch
import Foundation
import Plist
import SharedDefaults
import Synchronization
import TestSupport
import Testing

/// Changes pushed by LISTEN/NOTIFY, and caught up after a connection is lost.
@Suite(.needsPostgres, .serialized)
struct SharedObservationTests {
  @Test func aWriteFromAnotherProcessArrives() throws {
    let database = try SharedDatabase()
    let changes = Mutex<[DefaultsChange]>([])
    let store = try database.store()
    let token = store.observe(scheduler: ImmediateScheduler()) { new in
      changes.withLock { $0 += new }
    }
    #expect(store.watchState == .watching)
    let written = try Worker.run(["distinct", database.url, "com.example.shared", "x", "3"])
    #expect(written.status == 0, "\(written.errors)")
    #expect(eventually(5) { changes.withLock { $0.count } == 3 })
    #expect(
      changes.withLock { $0.map(\.new) } == [.integer(0), .integer(1), .integer(2)]
        || changes.withLock { Set($0.map(\.key)) } == ["x-0", "x-1", "x-2"])
    // Another domain's writes are not this one's changes.
    try database.store("com.example.other").set(.bool(true), forKey: "elsewhere")
    usleep(200_000)
    #expect(changes.withLock { $0.count } == 3)
    withExtendedLifetime(token) {}
  }

  /// What a commit sends, as psql hears it: the domain, the version, the keys;
  /// a write of too many keys for 8,000 bytes sends domain and version only.
  @Test func theNotificationNamesDomainKeysAndVersionWithinPostgresLimit() throws {
    let database = try SharedDatabase()
    let store = try database.store()
    try store.set(.bool(true), forKey: "warm")
    let listener = try RunningProcess(
      URL(fileURLWithPath: database.server.binaries + "/psql"),
      [
        "-X", "-h", database.server.folder, "-p", "\(database.server.port)", "-U",
        database.server.user, "-d", database.name, "-c", "LISTEN prefs_defaults", "-c",
        "SELECT pg_sleep(1.5)", "-c", "SELECT 1",
      ])
    usleep(500_000)
    try store.update {
      $0["a"] = .integer(1)
      $0["b"] = .integer(2)
    }
    let longKeys = (0..<2000).map { "key-number-\($0)" }
    try store.update { values in
      for key in longKeys { values[PlistKey(key)] = .bool(true) }
    }
    #expect(listener.wait() == 0, "\(listener.errors)")
    let version = try database.psql("SELECT min(version) FROM prefs_values WHERE key = 'a'")
    let heard = listener.output.filter { $0.contains("Asynchronous notification") }
    #expect(heard.count == 2, "\(listener.output)")
    #expect(
      heard.first?.contains(
        #"{"domain" : "com.example.shared", "version" : \#(version), "keys" : ["a","b"]}"#)
        == true, "\(heard)")
    #expect(heard.last?.contains(#""keys""#) == false, "\(heard)")
    #expect(heard.allSatisfy { $0.utf8.count < 8000 })
    #expect(try store.persistentValues().count == 2003)
  }

  /// Whether commits wait for the disk or not (the write then notifies in
  /// a transaction of its own, after its commit), a listener hears the same.
  @Test(arguments: ["on", "off"])
  func theNotificationIsTheSameWhetherCommitsWaitForTheDisk(_ setting: String) throws {
    let database = try SharedDatabase()
    try database.psql("ALTER DATABASE \(database.name) SET synchronous_commit = \(setting)")
    let store = try database.store()
    #expect(try database.store().persistentValues().isEmpty)
    let listener = try RunningProcess(
      URL(fileURLWithPath: database.server.binaries + "/psql"),
      [
        "-X", "-h", database.server.folder, "-p", "\(database.server.port)", "-U",
        database.server.user, "-d", database.name, "-c", "LISTEN prefs_defaults", "-c",
        "SELECT pg_sleep(1.5)", "-c", "SELECT 1",
      ])
    usleep(500_000)
    try store.set(.integer(1), forKey: "a")
    #expect(listener.wait() == 0, "\(listener.errors)")
    let version = try database.psql("SELECT version FROM prefs_values WHERE key = 'a'")
    let heard = listener.output.filter { $0.contains("Asynchronous notification") }
    #expect(heard.count == 1, "\(heard)")
    #expect(
      heard.first?.contains(
        #"{"domain" : "com.example.shared", "version" : \#(version), "keys" : ["a"]}"#)
        == true, "\(heard)")
  }

  /// The server stops and starts again while four watchers listen and two
  /// writers keep writing: afterwards every watcher reports the final value
  /// of every key, and all of them are still running.
  @Test func everyWatcherCatchesUpAfterTheServerRestarts() throws {
    // A server of this test's own: the shared one serves other tests meanwhile.
    let server = try PostgresServer.makeOwn()
    defer { server.stop(removing: true) }
    let database = try SharedDatabase(server: server)
    let domain = "com.example.restart"
    try database.store(domain).set(.integer(-1), forKey: "w0-0")
    let watchers = try (0..<4).map { _ in
      try RunningProcess(Worker.binary, ["watch", database.url, domain])
    }
    #expect(eventually(10) { watchers.allSatisfy { $0.output.contains("# watching") } })
    let writers = try (0..<2).map { index in
      try RunningProcess(
        Worker.binary, ["keep-writing", database.url, domain, "w\(index)", "5", "6"])
    }
    usleep(1_000_000)
    database.server.stop(mode: "fast")
    usleep(1_500_000)
    try database.server.start()
    for writer in writers { #expect(writer.wait() == 0, "\(writer.errors)") }
    let final = try database.store(domain).persistentValues()
    let expected = Dictionary(
      uniqueKeysWithValues: final.map { ($0.key.string, "\($0.value.integer ?? -99)") })
    #expect(expected.count == 10)
    // Catching up is a reconnection and a read after the server is back; on a loaded machine
    // it took just over 15 s (the fresh-clone CI run of 60efed8: the values matched right after).
    for (index, watcher) in watchers.enumerated() {
      #expect(
        eventually(60) { watcher.lastValues == expected },
        "watcher \(index): \(watcher.lastValues) != \(expected)")
      #expect(watcher.output.contains("# reconnecting"), "watcher \(index) said it reconnects")
      #expect(watcher.process.isRunning, "watcher \(index) is still running: \(watcher.errors)")
    }
  }

  @Test func aWatcherWhoseTableIsDroppedSaysSoAndStops() throws {
    let database = try SharedDatabase()
    let domain = "com.example.dropped"
    try database.store(domain).set(.integer(1), forKey: "k")
    let watcher = try RunningProcess(Worker.binary, ["watch", database.url, domain])
    #expect(eventually(10) { watcher.output.contains("# watching") })
    try database.psql("DROP TABLE prefs_values")
    #expect(
      eventually(10) { watcher.output.contains { $0.hasPrefix("# failed") } }, "\(watcher.output)")
    let line = watcher.output.first { $0.hasPrefix("# failed") } ?? ""
    #expect(line.contains("prefs_values"), "\(line)")
  }

  @Test func changesOfOneConnectionLossAreDeliveredInOrderWithOldValues() throws {
    let database = try SharedDatabase()
    let store = try database.store()
    try store.set(.integer(0), forKey: "k")
    let recorder = Mutex<[DefaultsChange]>([])
    let token = store.observe(keys: ["k"], scheduler: ImmediateScheduler()) { changes in
      recorder.withLock { $0 += changes }
    }
    // Every connection of the store is ended by the server.
    try database.psql(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
    )
    let other = try database.store()
    for value in 1...5 { try other.set(.integer(Int64(value)), forKey: "k") }
    #expect(eventually(10) { recorder.withLock { $0.last?.new } == .integer(5) })
    let changes = recorder.withLock { $0 }
    for (previous, next) in zip(changes, changes.dropFirst()) {
      #expect(next.old == previous.new, "\(changes)")
    }
    #expect(changes.first?.old == .integer(0))
    withExtendedLifetime(token) {}
  }
}
