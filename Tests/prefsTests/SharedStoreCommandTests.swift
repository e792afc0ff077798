import Foundation
import Synchronization
import TestSupport
import Testing

/// `prefs defaults … --store URL` and `prefs defaults sync` as processes,
/// against the tests' own PostgreSQL server.
@Suite(.needsPostgres)
struct SharedStoreCommandTests {
  let server: PostgresServer
  let url: String

  init() throws {
    server = try PostgresServer.shared.get()
    url = try server.makeDatabase()
  }

  func prefs(_ arguments: [String], environment: [String: String] = [:]) throws -> (
    Int32, String, String
  ) {
    try EndToEndTests.run(arguments, environment: environment)
  }

  @Test func everyDefaultsCommandTakesTheStore() throws {
    let domain = "com.example.shared"
    #expect(try prefs(["defaults", "write", domain, "speed", "-int", "3", "--store", url]).0 == 0)
    #expect(try prefs(["defaults", "write", domain, "name", "Zoë", "--store", url]).0 == 0)
    let read = try prefs(["defaults", "read", domain, "speed", "--store", url])
    #expect(read.0 == 0)
    #expect(read.1 == "3\n")
    // PREFS_STORE names the store when --store is not given.
    let json = try prefs(["defaults", "read", domain, "--json"], environment: ["PREFS_STORE": url])
    #expect(json.1 == "{\n  \"name\": \"Zoë\",\n  \"speed\": 3\n}\n", "\(json)")
    #expect(try prefs(["defaults", "domains", "--store", url]).1 == "com.example.shared\n")
    let exported = try prefs(["defaults", "export", domain, "-", "--store", url])
    #expect(exported.1.contains("<key>speed</key>"))
    let file = NSTemporaryDirectory() + "prefs-shared-\(UUID().uuidString).plist"
    defer { try? FileManager.default.removeItem(atPath: file) }
    try Data(exported.1.utf8).write(to: URL(fileURLWithPath: file))
    #expect(try prefs(["defaults", "import", "com.example.copy", file, "--store", url]).0 == 0)
    #expect(
      try prefs(["defaults", "read", "com.example.copy", "speed", "--store", url]).1 == "3\n")
    #expect(try prefs(["defaults", "delete", domain, "speed", "--store", url]).0 == 0)
    #expect(try prefs(["defaults", "read", domain, "speed", "--store", url]).0 == 1)
  }

  @Test func theMacOSVerbsWorkOnTheStore() throws {
    let domain = "com.example.verbs"
    let store = ["--store", url]
    #expect(try prefs(["defaults", "write", domain, "list", "-array-add", "a"] + store).0 == 0)
    #expect(
      try prefs(["defaults", "write", domain, "list", "-array-add", "-int", "2"] + store).0 == 0)
    #expect(
      try prefs(["defaults", "write", domain, "map", "-dict-add", "k", "Dark"] + store).0 == 0)
    #expect(try prefs(["defaults", "read-type", domain, "list"] + store).1 == "Type is array\n")
    #expect(try prefs(["defaults", "rename", domain, "map", "colors"] + store).0 == 0)
    let found = try prefs(["defaults", "find", "dark"] + store)
    #expect(
      found.1
        == "Found 1 keys in domain 'com.example.verbs': {\n    colors = {\n        k = Dark;\n    };\n}\n",
      "\(found)")
    let exported = try prefs(["defaults", "export", domain, "-", "--format", "json"] + store)
    #expect(
      exported.1
        == "{\n  \"colors\": {\n    \"k\": \"Dark\"\n  },\n  \"list\": [\n    \"a\",\n    2\n  ]\n}\n"
    )
    let file = NSTemporaryDirectory() + "prefs-shared-\(UUID().uuidString).json"
    defer { try? FileManager.default.removeItem(atPath: file) }
    try Data(exported.1.utf8).write(to: URL(fileURLWithPath: file))
    #expect(try prefs(["defaults", "import", "com.example.copy", file] + store).0 == 0)
    #expect(
      try prefs(["defaults", "export", "com.example.copy", "-", "--format", "json"] + store).1
        == exported.1)
    let missing = try prefs(["defaults", "export", "com.example.none", "-"] + store)
    #expect(missing.0 == 1)
    #expect(missing.2.contains("there is no domain com.example.none"))
  }

  @Test func aStoreAndAFolderTogetherAreAUsageError() throws {
    let (status, _, errors) = try prefs([
      "defaults", "read", "com.example.shared", "--store", url, "--defaults-dir", "/tmp",
    ])
    #expect(status == 2)
    #expect(errors.contains("give --store or --defaults-dir, not both"))
  }

  @Test func passwordsNeverAppearInWhatPrefsPrints() throws {
    let database = String(url.split(separator: "/").last?.split(separator: "?").first ?? "")
    let wrong = server.url(database: database, password: "s3cr3t-wrong")
    let (status, output, errors) = try prefs([
      "defaults", "read", "com.example.app", "--store", wrong,
    ])
    #expect(status == 1)
    #expect(errors.contains("password authentication failed"), "\(errors)")
    #expect(errors.contains("postgres://prefs@127.0.0.1:\(server.port)/\(database)"), "\(errors)")
    #expect(!(output + errors).contains("s3cr3t"))
    let bad = try prefs(["defaults", "read", "d", "--store", "postgres://u:s3cr3t@h:0/db"])
    #expect(bad.0 == 2)
    #expect(bad.2.contains("invalid store URL: the port is not a number"), "\(bad.2)")
    #expect(!(bad.1 + bad.2).contains("s3cr3t"))
  }

  @Test func anUnreachableServerIsAClearErrorWithExit1() throws {
    let (status, _, errors) = try prefs([
      "defaults", "write", "com.example.app", "k", "v", "--store",
      "postgres://prefs:pw@127.0.0.1:1/db?sslmode=disable&connect_timeout=2",
    ])
    #expect(status == 1)
    #expect(errors.hasPrefix("prefs: error: postgres://prefs@127.0.0.1:1/db"), "\(errors)")
    #expect(errors.contains("cannot connect"), "\(errors)")
  }

  @Test func aValueThatIsNotAPropertyListIsNamed() throws {
    _ = try prefs(["defaults", "write", "com.example.app", "k", "v", "--store", url])
    let database = String(url.split(separator: "/").last?.split(separator: "?").first ?? "")
    try server.psql(
      "UPDATE prefs_values SET value = 'not <a plist', version = nextval('prefs_version_seq')",
      database: database)
    let (status, _, errors) = try prefs(["defaults", "read", "com.example.app", "--store", url])
    #expect(status == 1)
    #expect(errors.contains(#"the value of "k" is not a property list"#), "\(errors)")
    #expect(errors.contains("--force"), "\(errors)")
  }

  @Test func watchPrintsWritesFromOtherProcesses() throws {
    let domain = "com.example.watched"
    _ = try prefs(["defaults", "write", domain, "speed", "-int", "1", "--store", url])
    let watcher = Process()
    watcher.executableURL = EndToEndTests.binary
    watcher.arguments = ["defaults", "watch", domain, "--json", "--store", url]
    let pipe = Pipe()
    watcher.standardOutput = pipe
    try watcher.run()
    defer { watcher.terminate() }
    usleep(700_000)
    _ = try prefs(["defaults", "write", domain, "speed", "-int", "2", "--store", url])
    _ = try prefs(["defaults", "delete", domain, "speed", "--store", url])
    let lines = try DefaultsEndToEndTests().readLines(pipe, count: 2, timeout: 5)
    #expect(
      lines == [#"{"key":"speed","old":1,"new":2}"#, #"{"key":"speed","old":2,"new":null}"#])
  }

  @Test func watchEndsWith1WhenItsTableIsDropped() throws {
    let domain = "com.example.dropped"
    _ = try prefs(["defaults", "write", domain, "k", "v", "--store", url])
    let watcher = Process()
    watcher.executableURL = EndToEndTests.binary
    watcher.arguments = ["defaults", "watch", domain, "--store", url]
    let errors = Pipe()
    watcher.standardOutput = FileHandle.nullDevice
    watcher.standardError = errors
    try watcher.run()
    defer { if watcher.isRunning { watcher.terminate() } }
    usleep(700_000)
    let database = String(url.split(separator: "/").last?.split(separator: "?").first ?? "")
    try server.psql("DROP TABLE prefs_values", database: database)
    #expect(eventually(10) { !watcher.isRunning })
    watcher.waitUntilExit()
    #expect(watcher.terminationStatus == 1)
    let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(text.contains("the watch stopped"), "\(text)")
    #expect(text.contains(#"relation "prefs_values" does not exist"#), "\(text)")
  }

  /// Two `prefs defaults sync` agents on two folders; people write both files
  /// and the store at once; a second after the last write all three agree.
  @Test func twoSyncAgentsAndTheStoreAgreeWithinASecond() throws {
    let domain = "com.example.synced"
    let folders = (0..<2).map { _ in NSTemporaryDirectory() + "prefs-sync-\(UUID().uuidString)" }
    for folder in folders {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }
    defer { for folder in folders { try? FileManager.default.removeItem(atPath: folder) } }
    let agents = try folders.map { folder in
      let agent = Process()
      agent.executableURL = EndToEndTests.binary
      agent.arguments = ["defaults", "sync", domain, "--store", url, "--defaults-dir", folder]
      agent.standardOutput = FileHandle.nullDevice
      agent.standardError = FileHandle.nullDevice
      try agent.run()
      return agent
    }
    defer { for agent in agents { agent.terminate() } }
    usleep(1_000_000)
    let places = folders.map { ["--defaults-dir", $0] } + [["--store", url]]
    DispatchQueue.concurrentPerform(iterations: 3) { place in
      for round in 0..<8 {
        let key = round % 2 == 0 ? "fought-over" : "p\(place)-\(round)"
        _ = try? prefs(
          ["defaults", "write", domain, key, "-int", "\(place * 100 + round)"] + places[place])
      }
    }
    func values(_ place: [String]) -> String {
      (try? prefs(["defaults", "read", domain, "--json"] + place).1) ?? ""
    }
    let agreed = eventually(1) {
      let all = places.map(values)
      return all[0] == all[1] && all[1] == all[2]
    }
    #expect(agreed, "\(places.map(values))")
    #expect(values(places[2]).contains("p0-7") && values(places[2]).contains("p1-7"))
  }
}
