import Foundation
import TestSupport

/// The toolchain's `swiftc`, to check that generated code compiles.
enum SwiftCompiler {
  /// The compiler on PATH, or nil (the tests that need it then say so).
  static let path: String? = ChildProcess.onPath("swiftc")?.path

  /// Runs swiftc with `arguments`; returns its exit status and what it printed.
  static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
    guard let path else { return (127, "no swiftc on PATH") }
    let result = try ChildProcess.run(URL(fileURLWithPath: path), arguments)
    return (result.status, result.output + result.errors)
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
