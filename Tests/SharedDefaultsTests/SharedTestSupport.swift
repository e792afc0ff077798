import DefaultsStore
import Foundation
import Plist
import SharedDefaults
import Synchronization
import TestSupport
import Testing

/// A fresh database on the tests' own server, per test.
struct SharedDatabase {
  let server: PostgresServer
  let url: String
  let location: SharedStoreLocation

  init(server: PostgresServer? = nil) throws {
    self.server = try server ?? PostgresServer.shared.get()
    url = try self.server.makeDatabase()
    location = try SharedStoreLocation(url: url)
  }

  var name: String { location.database }

  func store(_ domain: String = "com.example.shared") throws -> DefaultsStore {
    try SharedDefaults.store(domain: domain, location: location)
  }

  @discardableResult
  func psql(_ sql: String) throws -> String { try server.psql(sql, database: name) }
}

/// The worker beside the test binary (Tests/SharedDefaultsWorker).
enum Worker {
  static var binary: URL {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("shared-defaults-worker")
  }

  static func run(_ arguments: [String]) throws -> ChildProcess {
    try ChildProcess.run(binary, arguments)
  }
}

/// A process left running, whose standard output is collected line by line.
final class RunningProcess: Sendable {
  let process: Process
  private let lines = Locked<[String]>([])
  private let errorText = Locked("")

  init(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil) throws {
    process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let environment { process.environment = environment }
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    let lines = lines
    let pending = Mutex(Data())
    output.fileHandleForReading.readabilityHandler = { handle in
      let data = handle.availableData
      pending.withLock { buffer in
        buffer.append(data)
        while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
          let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
          buffer.removeSubrange(buffer.startIndex...newline)
          lines.value.withLock { $0.append(line) }
        }
      }
      if data.isEmpty { handle.readabilityHandler = nil }
    }
    let errorText = errorText
    errors.fileHandleForReading.readabilityHandler = { handle in
      let data = handle.availableData
      errorText.value.withLock { $0 += String(decoding: data, as: UTF8.self) }
      if data.isEmpty { handle.readabilityHandler = nil }
    }
    try process.run()
  }

  var output: [String] { lines.value.withLock { $0 } }
  var errors: String { errorText.value.withLock { $0 } }

  /// The last value printed as `key=value` for each key.
  var lastValues: [String: String] {
    var result: [String: String] = [:]
    for line in output where !line.hasPrefix("#") {
      guard let equals = line.firstIndex(of: "=") else { continue }
      result[String(line[..<equals])] = String(line[line.index(after: equals)...])
    }
    return result
  }

  func kill(_ signal: Int32 = SIGTERM) {
    if process.isRunning { Foundation.kill(process.processIdentifier, signal) }
  }

  func wait() -> Int32 {
    process.waitUntilExit()
    return process.terminationStatus
  }

  deinit {
    if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
  }
}

/// A mutex that closures can share (a `Mutex` itself cannot be copied into them).
final class Locked<Value: Sendable>: Sendable {
  let value: Mutex<Value>
  init(_ initial: Value) { value = Mutex(initial) }
}

extension PlistValue {
  var integer: Int64? {
    if case .integer(let value) = self { return value }
    return nil
  }
}
