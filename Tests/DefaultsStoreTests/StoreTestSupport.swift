import DefaultsStore
import Foundation
import Plist
import Synchronization
import TestSupport
import Testing

/// The two places a store keeps a domain; tests of behaviour run on both.
enum Backend: String, CaseIterable, Sendable, CustomStringConvertible {
  case file, memory
  var description: String { rawValue }
}

/// A fresh defaults folder per test (or one in-memory store per domain), removed at the end.
final class TemporaryDefaults: Sendable {
  let directory: String
  let backend: Backend
  private let memoryStores = Mutex<[String: DefaultsStore]>([:])

  init(_ backend: Backend = .file) throws {
    self.backend = backend
    directory =
      FileManager.default.temporaryDirectory.appendingPathComponent(
        "prefs-defaults-\(UUID().uuidString)"
      ).path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  }

  /// A store of the domain: a new one on the file each time (as another
  /// process would have), the same one in memory.
  func store(_ domain: String = "com.example.app") throws -> DefaultsStore {
    switch backend {
    case .file:
      return try DefaultsStore(domain: domain, directory: directory)
    case .memory:
      return try memoryStores.withLock { stores in
        if let store = stores[domain] { return store }
        let store = try DefaultsStore(inMemory: domain)
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
