import Foundation
import Synchronization

/// A program run to its end, as the tests run the built binary, compilers
/// and tools: its exit status and what it printed on each stream.
public struct ChildProcess: Sendable {
  public var status: Int32
  public var output: String
  public var errors: String

  /// Runs `executable` with `arguments`; `environment` replaces the inherited
  /// one when given; `input` is its standard input (the test's own when nil).
  public static func run(
    _ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
    in directory: URL? = nil, input: FileHandle? = nil
  ) throws -> ChildProcess {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let environment { process.environment = environment }
    if let directory { process.currentDirectoryURL = directory }
    if let input { process.standardInput = input }
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    // Standard error is drained beside standard output, so neither pipe can fill up.
    let group = DispatchGroup()
    let errorData = Mutex<Data>(Data())
    DispatchQueue.global().async(group: group) {
      let data = errors.fileHandleForReading.readDataToEndOfFile()
      errorData.withLock { $0 = data }
    }
    let out = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    group.wait()
    let err = errorData.withLock { $0 }
    return ChildProcess(
      status: process.terminationStatus, output: String(decoding: out, as: UTF8.self),
      errors: String(decoding: err, as: UTF8.self))
  }

  /// The first program of that name on PATH.
  public static func onPath(_ name: String) -> URL? {
    (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
      .map { URL(fileURLWithPath: "\($0)/\(name)") }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }
}
