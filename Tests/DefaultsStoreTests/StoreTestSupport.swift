import DefaultsStore
import Foundation
import Plist
import SharedDefaults
import Synchronization
import TestSupport
import Testing

/// The places a store keeps a domain; tests of behaviour run on each: the
/// file, memory, and a real PostgreSQL server of the tests' own (where
/// PostgreSQL is installed, and always under CI, where its absence fails).
enum Backend: String, CaseIterable, Sendable, CustomStringConvertible {
  case file, memory, postgres
  var description: String { rawValue }

  static var allCases: [Backend] {
    PostgresServer.isInstalled || PostgresServer.isRequired
      ? [.file, .memory, .postgres] : [.file, .memory]
  }
}

/// A fresh defaults folder per test (or one in-memory store per domain), removed at the end.
final class TemporaryDefaults: Sendable {
  let directory: String
  let backend: Backend
  private let memoryStores = Mutex<[String: DefaultsStore]>([:])
  /// The database of a PostgreSQL backend: one per test.
  let sharedLocation: SharedStoreLocation?

  init(_ backend: Backend = .file) throws {
    self.backend = backend
    if backend == .postgres {
      let server = try PostgresServer.shared.get()
      sharedLocation = try SharedStoreLocation(url: try server.makeDatabase())
    } else {
      sharedLocation = nil
    }
    directory =
      FileManager.default.temporaryDirectory.appendingPathComponent(
        "prefs-defaults-\(UUID().uuidString)"
      ).path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  }

  /// A store of the domain: a new one on the file each time (as another
  /// process would have), the same one in memory.
  func store(_ domain: String = "com.example.app", arguments: [PlistKey: PlistValue] = [:])
    throws -> DefaultsStore
  {
    switch backend {
    case .file:
      return try DefaultsStore(domain: domain, directory: directory, arguments: arguments)
    case .postgres:
      guard let sharedLocation else { throw PostgresServer.Unavailable(description: "no database") }
      return try SharedDefaults.store(
        domain: domain, location: sharedLocation, arguments: arguments)
    case .memory:
      return try memoryStores.withLock { stores in
        if let store = stores[domain] { return store }
        let store = try DefaultsStore(inMemory: domain, arguments: arguments)
        stores[domain] = store
        return store
      }
    }
  }

  func path(_ domain: String = "com.example.app") -> String { directory + "/" + domain + ".plist" }

  func bytes(_ domain: String = "com.example.app") -> [UInt8]? {
    FileManager.default.contents(atPath: path(domain)).map(Array.init)
  }

  func remove() { try? FileManager.default.removeItem(atPath: directory) }
}

/// Every plist type, nested, with text that XML must escape and characters beyond the BMP.
let everyType: [PlistKey: PlistValue] = [
  "flag": .bool(true), "off": .bool(false), "count": .integer(-42),
  "big": .integer(Int64.max), "level": .real(0.7), "tiny": .real(.leastNonzeroMagnitude),
  "name": .string("hé <&> \"quoted\" 🇵🇹\ttab\nline\r\ncrlf"), "empty": .string(""),
  "when": .date(Date(timeIntervalSince1970: 1_700_000_000)),
  "blob": .data(Data((0..<200).map { UInt8($0 % 256) })),
  "list": .array([.string("a"), .integer(1), .array([]), .dictionary(["nested": .bool(true)])]),
  "map": .dictionary(["k": .dictionary(["x": .real(1.5)]), "empty": .dictionary([:])]),
]

/// Collects deliveries from observers on any thread.
final class Recorder: Sendable {
  private let stored = Mutex<[[DefaultsChange]]>([])

  func record(_ changes: [DefaultsChange]) { stored.withLock { $0.append(changes) } }

  var deliveries: [[DefaultsChange]] { stored.withLock { $0 } }

  var changes: [DefaultsChange] { deliveries.flatMap { $0 } }
}
