import DefaultsStore
import Foundation
import Plist
import SharedDefaults
import TestSupport
import Testing

/// What goes wrong says what failed, changes nothing, and never shows the password.
@Suite(.needsPostgres)
struct SharedFaultTests {
  @Test func aValueThatIsNotAPropertyListIsNamedAndKeptUntilForced() throws {
    let database = try SharedDatabase()
    let store = try database.store()
    try store.update { $0 = ["good": .integer(1), "bad": .integer(2)] }
    // A hand edit takes a new version, as prefs_write's do (the README says so).
    try database.psql(
      "UPDATE prefs_values SET value = 'not <a plist', version = nextval('prefs_version_seq') WHERE key = 'bad'"
    )
    let error = try #require(throws: DefaultsError.self) { try store.persistentValues() }
    guard case .corruptValue(_, let key, _) = error else {
      Issue.record("\(error)")
      return
    }
    #expect(key == "bad")
    #expect("\(error)".contains("the value of \"bad\" is not a property list"), "\(error)")
    #expect(error.remedy == .moveCorruptFileAside)
    #expect(throws: DefaultsError.self) { try store.set(.integer(3), forKey: "other") }
    #expect(try database.psql("SELECT count(*) FROM prefs_values WHERE key = 'other'") == "0")
    // With force, the bad row is kept aside and the rest stays.
    let outcome = try store.set(.integer(3), forKey: "other", force: true)
    #expect(outcome.movedAside?.contains("prefs_corrupt_values") == true)
    #expect(try store.persistentValues() == ["good": .integer(1), "other": .integer(3)])
    #expect(try database.psql("SELECT key, value FROM prefs_corrupt_values") == "bad|not <a plist")
  }

  /// An update that fails after force moved a bad value aside (a rename of
  /// that very key) still finishes the move: the row is kept aside once and
  /// leaves the domain, however often the update is tried.
  @Test func aMoveAsideIsFinishedOnceWhenTheUpdateFails() throws {
    let database = try SharedDatabase()
    let store = try database.store()
    try store.update { $0 = ["good": .integer(1), "bad": .integer(2)] }
    try database.psql(
      "UPDATE prefs_values SET value = 'not <a plist', version = nextval('prefs_version_seq') WHERE key = 'bad'"
    )
    #expect(throws: DefaultsError.self) { try store.persistentValues() }
    for _ in 1...2 {
      #expect(throws: DefaultsError.self) {
        try store.update(force: true) { (values) throws(DefaultsError) in
          guard values["bad"] != nil else { throw .missingKey(domain: "d", key: "bad") }
        }
      }
    }
    #expect(try database.psql("SELECT count(*) FROM prefs_corrupt_values") == "1")
    #expect(try store.persistentValues() == ["good": .integer(1)])
  }

  /// A server that stops answering (here: a table locked by another
  /// session for longer than prefs waits) fails the write with a clear error
  /// instead of leaving it waiting forever.
  @Test func aServerThatDoesNotAnswerFailsTheWriteInsteadOfHanging() throws {
    let database = try SharedDatabase()
    // A store that has read the domain writes without reading first: one call, not retried.
    let store = try database.store()
    try store.set(.integer(1), forKey: "k")
    let (server, name) = (database.server, database.name)
    let holder = DispatchGroup()
    holder.enter()
    Thread {
      _ = try? server.psql(
        "BEGIN; LOCK TABLE prefs_values; SELECT pg_sleep(24); COMMIT", database: name)
      holder.leave()
    }.start()
    usleep(1_000_000)
    let started = Date()
    let error = try #require(throws: DefaultsError.self) {
      try store.set(.integer(2), forKey: "k")
    }
    #expect(Date().timeIntervalSince(started) < 23)
    #expect("\(error)".contains("did not answer"), "\(error)")
    holder.wait()
    // The store is usable again once the server answers.
    try store.set(.integer(3), forKey: "k")
    #expect(try database.store().persistentValues() == ["k": .integer(3)])
  }

  @Test func aWrongPasswordIsRefusedWithoutShowingIt() throws {
    let database = try SharedDatabase()
    let url = database.server.url(database: database.name, password: "wrong-secret")
    let store = try SharedDefaults.store(
      domain: "com.example.shared", location: try SharedStoreLocation(url: url))
    let error = try #require(throws: DefaultsError.self) { try store.persistentValues() }
    let text = "\(error)"
    #expect(text.contains("password authentication failed"), "\(text)")
    #expect(text.contains("cannot connect"), "\(text)")
    #expect(!text.contains("wrong-secret"))
    #expect(!store.path.contains("wrong-secret"))
  }

  @Test func anUnreachableHostSaysSoQuickly() throws {
    let database = try SharedDatabase()
    // A port no one listens on: the server's, plus one, after checking.
    let url = "postgres://prefs:secret@127.0.0.1:1/db?connect_timeout=2&sslmode=disable"
    let store = try SharedDefaults.store(
      domain: "com.example.shared", location: try SharedStoreLocation(url: url))
    let started = Date()
    let error = try #require(throws: DefaultsError.self) { try store.set(.bool(true), forKey: "k") }
    #expect(Date().timeIntervalSince(started) < 5)
    #expect("\(error)".contains("cannot connect: connection refused"), "\(error)")
    #expect(!"\(error)".contains("errno"), "the system's words, not NIO's brackets")
    #expect(!"\(error)".contains("secret"))
    _ = database
  }

  @Test(arguments: ["require", "verify-full"])
  func tlsIsUsedAsSSLModeSays(mode: String) throws {
    let database = try SharedDatabase()
    let certificate = try #require(database.server.certificate, "openssl made no certificate")
    var url = database.server.url(database: database.name, sslmode: mode, host: "localhost")
    if mode == "verify-full" { url += "&sslrootcert=\(certificate)" }
    let store = try SharedDefaults.store(
      domain: "com.example.shared", location: try SharedStoreLocation(url: url))
    try store.set(.bool(true), forKey: "over-tls")
    // The server's own view: this session is encrypted.
    let encrypted = try database.psql(
      "SELECT bool_and(ssl) FROM pg_stat_ssl s JOIN pg_stat_activity a USING (pid) WHERE a.datname = current_database() AND a.pid <> pg_backend_pid()"
    )
    #expect(encrypted == "t")
  }

  @Test func verifyFullRefusesACertificateForAnotherName() throws {
    let database = try SharedDatabase()
    let certificate = try #require(database.server.certificate, "openssl made no certificate")
    // The certificate names localhost; 127.0.0.1 is not that name.
    let url =
      database.server.url(database: database.name, sslmode: "verify-full")
      + "&sslrootcert=\(certificate)"
    let store = try SharedDefaults.store(
      domain: "com.example.shared", location: try SharedStoreLocation(url: url))
    let error = try #require(throws: DefaultsError.self) { try store.persistentValues() }
    #expect("\(error)".contains("cannot connect"), "\(error)")
  }

  @Test func sslmodeDisableSpeaksPlainly() throws {
    let database = try SharedDatabase()
    let store = try database.store()
    try store.set(.bool(true), forKey: "plain")
    defer { withExtendedLifetime(store) {} }
    let plain = try database.psql(
      "SELECT bool_or(ssl) FROM pg_stat_ssl s JOIN pg_stat_activity a USING (pid) WHERE a.datname = current_database() AND a.pid <> pg_backend_pid()"
    )
    #expect(plain == "f")
  }
}

/// Store URLs as libpq reads them; no server needed.
struct SharedStoreLocationTests {
  @Test(arguments: [
    (
      "postgres://app:secret@db.example.org:6543/prefs?sslmode=require",
      "postgres://app@db.example.org:6543/prefs?sslmode=require"
    ),
    ("postgresql://app@db/prefs", "postgres://app@db:5432/prefs"),
    ("postgres://us%C3%A9r:p%40ss@[::1]:5433/d%C3%A9", "postgres://us%C3%A9r@[::1]:5433/d%C3%A9"),
    (
      "postgres:///prefs?host=/var/run/postgresql&user=me",
      "postgres://me@/prefs?host=/var/run/postgresql&port=5432"
    ),
    ("postgres://me@localhost", "postgres://me@localhost:5432/me"),
  ])
  func urlsReadAsLibpqReadsThem(url: String, shown: String) throws {
    let location = try SharedStoreLocation(url: url, environment: [:])
    #expect(location.description == shown)
  }

  @Test func theEnvironmentFillsWhatTheURLLeavesOut() throws {
    let location = try SharedStoreLocation(
      url: "postgres://db.example.org/",
      environment: [
        "PGUSER": "alice", "PGPASSWORD": "hunter2", "PGDATABASE": "settings", "PGPORT": "7000",
        "PGSSLMODE": "verify-full",
      ])
    #expect(location.user == "alice")
    #expect(location.password == "hunter2")
    #expect(location.database == "settings")
    #expect(location.port == 7000)
    #expect(location.sslMode == .verifyFull)
    #expect(!location.description.contains("hunter2"))
  }

  @Test(arguments: [
    ("mysql://u:topsecret@h/db", "must start with postgres://"),
    ("postgres://u:topsecret@h:99999/db", "the port is not a number from 1 to 65535"),
    ("postgres://u:top%ZZsecret@h/db", "the password has a % not followed by two hex digits"),
    ("postgres://u:topsecret@h/db?sslmode=maybe", "sslmode is not one of"),
    ("postgres://u:topsecret@h/db?frobnicate=1", "a parameter in its query is not one prefs takes"),
    ("postgres://u:topsecret@h/db\u{1B}[2J", "control character"),
    ("postgres://u:topsecret@[::1/db", "IPv6 address"),
  ])
  func badURLsAreRefusedWithoutQuotingThePassword(url: String, reason: String) {
    let error = #expect(throws: SharedStoreLocation.Failure.self) {
      try SharedStoreLocation(url: url)
    }
    #expect(error?.description.contains(reason) == true, "\(String(describing: error))")
    #expect(error?.description.contains("topsecret") == false)
  }
}
