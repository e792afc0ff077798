import DefaultsStore
import Dispatch
import Foundation
import Plist
import SharedDefaults
import Synchronization
import TestSupport
import Testing

/// The store on a real server: how it keeps rows, versions and tombstones,
/// and what many writers at once get. (The DefaultsStore contract itself is
/// tested by every DefaultsStoreTests test, which runs on this backend too.)
@Suite(.needsPostgres)
struct SharedStoreTests {
  @Test func theTablesAreMadeOnFirstUseOnceWhateverManyStartAtOnce() throws {
    let database = try SharedDatabase()
    DispatchQueue.concurrentPerform(iterations: 8) { index in
      #expect(throws: Never.self) {
        try database.store("com.example.d\(index)").set(.integer(1), forKey: "k")
      }
    }
    #expect(try database.psql("SELECT version FROM prefs_schema") == "4")
    #expect(try database.psql("SELECT count(*) FROM prefs_values") == "8")
  }

  @Test func aSchemaNewerThanThisPrefsKnowsIsRefused() throws {
    let database = try SharedDatabase()
    try database.store().set(.bool(true), forKey: "k")
    try database.psql("UPDATE prefs_schema SET version = 99")
    let error = try #require(throws: DefaultsError.self) {
      try database.store().set(.bool(false), forKey: "k")
    }
    #expect("\(error)".contains("schema version 99, newer than this prefs knows (4)"), "\(error)")
  }

  @Test func eachKeyIsARowHoldingAPropertyListAndEachWriteANewVersion() throws {
    let database = try SharedDatabase()
    let store = try database.store()
    try store.update { $0 = ["name": .string("Zoë <&>"), "count": .integer(3)] }
    let rows = try database.psql(
      "SELECT key, version FROM prefs_values WHERE domain = 'com.example.shared' ORDER BY key")
    let lines = rows.split(separator: "\n").map { $0.split(separator: "|") }
    #expect(lines.map { String($0[0]) } == ["count", "name"])
    #expect(lines[0][1] == lines[1][1], "one update, one version")
    let text = try database.psql(
      "SELECT value FROM prefs_values WHERE key = 'name'")
    #expect(text.contains("<string>Zoë &lt;&amp;&gt;</string>"), "\(text)")
    try store.set(.integer(4), forKey: "count")
    let versions = try database.psql(
      "SELECT version FROM prefs_values ORDER BY key"
    ).split(separator: "\n").compactMap {
      Int($0)
    }
    #expect(versions[0] > versions[1], "the new write has a newer version")
  }

  @Test func aDeletionIsAVersionedTombstone() throws {
    let database = try SharedDatabase()
    let store = try database.store()
    try store.set(.bool(true), forKey: "gone")
    try store.removeValue(forKey: "gone")
    #expect(try store.persistentValues().isEmpty)
    #expect(try database.psql("SELECT value IS NULL, version > 1 FROM prefs_values") == "t|t")
    try store.set(.bool(true), forKey: "k")
    try store.removeAll()
    #expect(try database.psql("SELECT count(*) FROM prefs_values WHERE value IS NOT NULL") == "0")
    #expect(try SharedDefaults.domains(location: database.location).isEmpty)
  }

  /// A write sends the keys it changes, nothing else: every other row,
  /// tombstones included, keeps its version, whichever way it was written.
  @Test(arguments: ["set", "removeValue", "update"])
  func aWriteRewritesOnlyTheKeysItChanges(_ how: String) throws {
    let database = try SharedDatabase()
    let store = try database.store()
    try store.update { values in
      for index in 0..<200 { values[PlistKey("k\(index)")] = .integer(Int64(index)) }
      values["gone"] = .bool(true)
    }
    try store.removeValue(forKey: "gone")
    let versions = "SELECT key || '=' || version FROM prefs_values ORDER BY key"
    let before = try database.psql(versions).split(separator: "\n")
    switch how {
    case "set": try store.set(.string("new"), forKey: "k7")
    case "removeValue": try store.removeValue(forKey: "k7")
    default: try store.update { $0["k7"] = .string("new") }
    }
    let after = try database.psql(versions).split(separator: "\n")
    #expect(before.count == 201 && after.count == 201)
    let changed = zip(before, after).filter { $0 != $1 }.map { $0.1.split(separator: "=")[0] }
    #expect(changed == ["k7"])
    #expect(try store.persistentValues()["k7"] == (how == "removeValue" ? nil : .string("new")))
    #expect(try database.store().persistentValues().count == (how == "removeValue" ? 199 : 200))
  }

  @Test func domainsAreListed() throws {
    let database = try SharedDatabase()
    try database.store("com.example.b").set(.bool(true), forKey: "k")
    try database.store("com.example.a").set(.bool(true), forKey: "k")
    #expect(
      try SharedDefaults.domains(location: database.location) == ["com.example.a", "com.example.b"])
  }

  @Test func fourWritersOfOneMultiKeyUpdateNeverLoseAKey() throws {
    let database = try SharedDatabase()
    DispatchQueue.concurrentPerform(iterations: 4) { writer in
      let store = try! database.store()
      for round in 0..<50 {
        try! store.update { values in
          // Each writer's own key, and a counter all of them add to.
          values[PlistKey("w\(writer)-\(round)")] = .integer(Int64(round))
          values["total"] = .integer((values["total"]?.integer ?? 0) + 1)
        }
      }
    }
    let values = try database.store().persistentValues()
    #expect(values.count == 4 * 50 + 1)
    #expect(values["total"] == .integer(200))
  }

  @Test func eightProcessesWritingDistinctKeysLoseNone() throws {
    let database = try SharedDatabase()
    let processes = try (0..<8).map { index in
      try RunningProcess(
        Worker.binary, ["distinct", database.url, "com.example.shared", "p\(index)", "100"])
    }
    for process in processes {
      #expect(process.wait() == 0, "\(process.errors)")
    }
    #expect(try database.store().persistentValues().count == 800)
  }

  @Test func eightProcessesIncrementingOneCounterCountExactly() throws {
    let database = try SharedDatabase()
    let processes = try (0..<8).map { _ in
      try RunningProcess(
        Worker.binary, ["increment", database.url, "com.example.shared", "n", "100"])
    }
    for process in processes {
      #expect(process.wait() == 0, "\(process.errors)")
    }
    #expect(try database.store().persistentValues()["n"] == .integer(800))
  }

  /// A writer killed at a random moment of its updates (each sets 20 keys to
  /// its round's number): every key always holds the same round.
  @Test(arguments: 0..<3)
  func aWriterKilledInATransactionLeavesNoPartialUpdate(trial: Int) throws {
    let database = try SharedDatabase()
    let writer = try RunningProcess(
      Worker.binary, ["batches", database.url, "com.example.shared", "20"])
    #expect(eventually(10) { writer.output.count > 5 + trial * 7 })
    usleep(useconds_t.random(in: 0...20_000))
    writer.kill(SIGKILL)
    _ = writer.wait()
    let values = try database.store().persistentValues()
    #expect(values.count == 20)
    #expect(Set(values.values).count == 1, "\(values)")
    #expect(
      try database.psql(
        "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'"
      )
        == "0")
  }

  @Test func concurrentStoresInOneProcessEachSeeTheOthersKeysAfterTheirWrite() throws {
    let database = try SharedDatabase()
    let first = try database.store()
    let second = try database.store()
    try first.set(.integer(1), forKey: "a")
    let outcome = try second.update { $0["b"] = .integer(2) }
    #expect(outcome.changes.map(\.key) == ["b"])
    #expect(try first.persistentValues() == ["a": .integer(1), "b": .integer(2)])
  }

  /// A database made by the first schema (version 1) is upgraded in place
  /// by the first store that connects: its values stay, and writes go on.
  @Test func tablesOfAnEarlierSchemaAreUpgradedKeepingTheValues() throws {
    let database = try SharedDatabase()
    try database.store().set(.string("kept"), forKey: "k")
    // Back to version 1 as it was: no txid column, the first prefs_write.
    try database.psql(
      """
      DROP INDEX prefs_values_by_txid; ALTER TABLE prefs_values DROP COLUMN txid;
      DROP PROCEDURE prefs_write_call; DROP FUNCTION prefs_notify;
      UPDATE prefs_schema SET version = 1
      """)
    let store = try database.store()
    #expect(try store.persistentValues() == ["k": .string("kept")])
    try store.set(.string("new"), forKey: "other")
    #expect(try database.psql("SELECT version FROM prefs_schema") == "4")
    #expect(try database.psql("SELECT count(*) FROM prefs_values WHERE txid IS NOT NULL") == "2")
  }
}
