import Foundation

/// The toolchain's `swiftc`, to check that generated code compiles.
enum SwiftCompiler {
  /// The compiler on PATH, or nil (the tests that need it then say so).
  static let path: String? = {
    let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
    return directories.map { "\($0)/swiftc" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }()

  /// Runs swiftc with `arguments`; returns its exit status and what it printed.
  static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
    guard let path else { return (127, "no swiftc on PATH") }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  /// Type-checks one file as its own module, warnings as errors.
  static func typeCheck(_ file: String, swiftVersion: Int) throws -> (status: Int32, output: String)
  {
    try run([
      "-typecheck", "-swift-version", String(swiftVersion), "-warnings-as-errors",
      "-parse-as-library", file,
    ])
  }
}
