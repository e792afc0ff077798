import DefaultsStore
import Dispatch
import Foundation
import Plist
import SharedDefaults
import Synchronization
import TestSupport
import Testing

/// Two machines' local domain files kept in step through one shared domain.
@Suite(.needsPostgres)
struct DomainSyncTests {
  final class Machine: Sendable {
    let folder: String
    let sync: DomainSync
    let events = Locked<[DomainSync.Event]>([])

    init(database: SharedDatabase, domain: String) throws {
      folder = NSTemporaryDirectory() + "prefs-sync-\(UUID().uuidString)"
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      let local = try DefaultsStore(domain: domain, directory: folder)
      let events = events
      sync = DomainSync(local: local, shared: try database.store(domain)) { event in
        events.value.withLock { $0.append(event) }
      }
    }

    /// What another process on this machine would write: a store of its own.
    func editor(_ domain: String) throws -> DefaultsStore {
      try DefaultsStore(domain: domain, directory: folder)
    }

    deinit {
      sync.stop()
      try? FileManager.default.removeItem(atPath: folder)
    }
  }

  @Test func startMergesBothSidesTheSharedValueWinning() throws {
    let database = try SharedDatabase()
    let domain = "com.example.sync"
    try database.store(domain).update { $0 = ["both": .string("shared"), "remote": .integer(1)] }
    let machine = try Machine(database: database, domain: domain)
    try machine.editor(domain).update { $0 = ["both": .string("local"), "mine": .integer(2)] }
    try machine.sync.start()
    let expected: [PlistKey: PlistValue] = [
      "both": .string("shared"), "remote": .integer(1), "mine": .integer(2),
    ]
    #expect(try machine.editor(domain).persistentValues() == expected)
    #expect(try database.store(domain).persistentValues() == expected)
  }

  /// People edit both files and the shared domain at once: within a second of
  /// the last write, all three hold the same values.
  @Test func twoMachinesAndTheStoreAgreeWithinASecondOfTheLastWrite() throws {
    let database = try SharedDatabase()
    let domain = "com.example.sync"
    let first = try Machine(database: database, domain: domain)
    let second = try Machine(database: database, domain: domain)
    try first.sync.start()
    try second.sync.start()
    let editors = [try first.editor(domain), try second.editor(domain), try database.store(domain)]
    DispatchQueue.concurrentPerform(iterations: 3) { index in
      for round in 0..<40 {
        // Some keys each writer's own, some all of them fight over.
        let key = round % 4 == 0 ? "shared-\(round % 3)" : "w\(index)-\(round % 7)"
        _ = try? editors[index].set(.integer(Int64(index * 1000 + round)), forKey: key)
        if round % 10 == 9 { _ = try? editors[index].removeValue(forKey: "w\(index)-1") }
      }
    }
    let lastWrite = Date()
    func snapshot() -> [[PlistKey: PlistValue]] {
      editors.map { (try? $0.persistentValues()) ?? [:] }
    }
    let agreed = eventually(1) {
      let values = snapshot()
      return values[0] == values[1] && values[1] == values[2]
    }
    let took = Date().timeIntervalSince(lastWrite)
    #expect(agreed, "after \(took) s: \(snapshot())")
    #expect(try database.store(domain).persistentValues().count >= 3 * 6)
  }

  @Test func aRemoteDeletionReachesTheFile() throws {
    let database = try SharedDatabase()
    let domain = "com.example.sync"
    try database.store(domain).set(.bool(true), forKey: "doomed")
    let machine = try Machine(database: database, domain: domain)
    try machine.sync.start()
    #expect(try machine.editor(domain).persistentValues()["doomed"] == .bool(true))
    try database.store(domain).removeValue(forKey: "doomed")
    #expect(eventually(2) { (try? machine.editor(domain).persistentValues())?.isEmpty == true })
    #expect(
      eventually(2) {
        machine.events.value.withLock { $0 }.contains(.pulled(key: "doomed", value: nil))
      })
  }
}
