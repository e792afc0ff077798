import DefaultsStore
import Foundation
import Plist
import SharedDefaults
import TestSupport
import Testing

/// A local editor that saves the domain file without the lock, from a copy
/// it read before the sync pulled a write the store had confirmed: the
/// confirmed write is not deleted, and the editor's own change arrives too.
@Suite(.needsPostgres)
struct UnlockedLocalEditTests {
  typealias Machine = DomainSyncTests.Machine

  /// What an editor does: writes the whole file from its copy, no lock taken.
  static func save(_ values: [PlistKey: PlistValue], to file: String) throws {
    try Data(XMLPlistWriter.write(.dictionary(values))).write(
      to: URL(fileURLWithPath: file), options: .atomic)
  }

  @Test func aConfirmedWriteSurvivesAStaleSaveAndTheSaveArrives() throws {
    let database = try SharedDatabase()
    let domain = "com.example.sync"
    try database.store(domain).update { $0 = ["theme": .string("light"), "size": .integer(1)] }
    let machine = try Machine(database: database, domain: domain)
    try machine.sync.start()
    let file = machine.folder + "/" + domain + ".plist"
    // The editor opens the file.
    var copy = try machine.editor(domain).persistentValues()
    // Another client's write, confirmed by the store, reaches the file.
    try database.store(domain).set(.string("dark"), forKey: "thème")
    try database.store(domain).set(.string("dark"), forKey: "theme")
    let pulled: Set<DomainSync.Event> = [
      .pulled(key: "theme", value: .string("dark")), .pulled(key: "thème", value: .string("dark")),
    ]
    #expect(eventually { pulled.isSubset(of: machine.events.value.withLock { $0 }) })
    // The editor saves its copy with its own change.
    copy["size"] = .integer(2)
    try Self.save(copy, to: file)

    let expected: [PlistKey: PlistValue] = [
      "theme": .string("dark"), "thème": .string("dark"), "size": .integer(2),
    ]
    let settled = eventually {
      (try? database.store(domain).persistentValues()) == expected
        && (try? machine.editor(domain).persistentValues()) == expected
    }
    #expect(
      settled,
      """
      store: \(String(describing: try? database.store(domain).persistentValues()))
      file: \(String(describing: try? machine.editor(domain).persistentValues()))
      events: \(machine.events.value.withLock { $0 })
      """)
    // Neither value goes unsaid: the older copy's are reported beside the kept ones.
    let reported: Set<DomainSync.Event> = [
      .conflict(key: "theme", kept: .string("dark"), local: .string("light")),
      .conflict(key: "thème", kept: .string("dark"), local: nil),
      .pushed(key: "size", value: .integer(2)),
    ]
    #expect(
      eventually { reported.isSubset(of: machine.events.value.withLock { $0 }) },
      "\(machine.events.value.withLock { $0 })")

    // Saved once more, the local value is meant, and the store takes it.
    var again = try machine.editor(domain).persistentValues()
    again["theme"] = .string("light")
    try Self.save(again, to: file)
    #expect(
      eventually { (try? database.store(domain).persistentValues())?["theme"] == .string("light") })

    // A pulled value another local write has shown is no older copy's: a
    // save that then puts the earlier value back is an edit, and is pushed.
    try database.store(domain).set(.integer(3), forKey: "size")
    #expect(
      eventually { (try? machine.editor(domain).persistentValues())?["size"] == .integer(3) })
    try machine.editor(domain).set(.bool(true), forKey: "seen")
    #expect(eventually { (try? database.store(domain).persistentValues())?["seen"] == .bool(true) })
    var edited = try machine.editor(domain).persistentValues()
    edited["size"] = .integer(2)
    try Self.save(edited, to: file)
    #expect(
      eventually { (try? database.store(domain).persistentValues())?["size"] == .integer(2) })
    #expect(
      !machine.events.value.withLock { $0 }.contains { event in
        if case .conflict(key: "size", _, _) = event { return true }
        return false
      })
  }

  /// At start the store's value wins where both sides hold one: the local
  /// value it replaced in the file is reported, not dropped unsaid.
  @Test func atStartTheLocalValueTheStoreWinsOverIsReported() throws {
    let database = try SharedDatabase()
    let domain = "com.example.sync"
    try database.store(domain).update { $0 = ["both": .string("shared"), "same": .integer(1)] }
    let machine = try Machine(database: database, domain: domain)
    try machine.editor(domain).update {
      $0 = ["both": .string("local"), "same": .integer(1), "mine": .integer(2)]
    }
    try machine.sync.start()
    let events = machine.events.value.withLock { $0 }
    #expect(events == [.conflict(key: "both", kept: .string("shared"), local: .string("local"))])
  }
}

/// Variants of the stale save: keys written in another order, a key the
/// editor deleted, a copy older than two pulls, and both sides changing the
/// same key.
@Suite(.needsPostgres)
struct UnlockedLocalEditVariantTests {
  typealias Machine = DomainSyncTests.Machine

  /// The editor's file, its keys written in the order given (not sorted).
  static func save(ordered pairs: [(String, String)], to file: String) throws {
    let body = pairs.map { "<key>\($0.0)</key><string>\($0.1)</string>" }.joined()
    let text =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict>\(body)</dict></plist>\n"
    try Data(text.utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
  }

  private static func started() throws -> (SharedDatabase, Machine, String, String) {
    let database = try SharedDatabase()
    let domain = "com.example.sync"
    try database.store(domain).update {
      $0 = ["theme": .string("light"), "size": .string("1"), "zone": .string("a")]
    }
    let machine = try Machine(database: database, domain: domain)
    try machine.sync.start()
    return (database, machine, domain, machine.folder + "/" + domain + ".plist")
  }

  @Test func aStaleSaveInAnotherOrderThatDeletesAKeyKeepsTheConfirmedWrites() throws {
    let (database, machine, domain, file) = try Self.started()
    try database.store(domain).set(.string("dark"), forKey: "theme")
    try database.store(domain).set(.string("black"), forKey: "theme")
    #expect(
      eventually {
        machine.events.value.withLock { $0 }.contains(
          .pulled(key: "theme", value: .string("black")))
      })
    // A copy read between the two pulls, its keys reversed, "size" deleted.
    try Self.save(ordered: [("zone", "b"), ("theme", "dark")], to: file)
    let expected: [PlistKey: PlistValue] = ["theme": .string("black"), "zone": .string("b")]
    #expect(
      eventually {
        (try? database.store(domain).persistentValues()) == expected
          && (try? machine.editor(domain).persistentValues()) == expected
      },
      "\(String(describing: try? database.store(domain).persistentValues())) \(machine.events.value.withLock { $0 })"
    )
    #expect(
      eventually {
        machine.events.value.withLock { $0 }.contains(
          .conflict(key: "theme", kept: .string("black"), local: .string("dark")))
      })
  }
}
