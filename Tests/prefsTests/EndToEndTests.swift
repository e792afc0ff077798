import Foundation
import TestSupport
import Testing

/// Runs the built `prefs` binary as a user would.
struct EndToEndTests {
  static var binary: URL {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("prefs")
  }

  static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> (
    Int32, String, String
  ) {
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: NSTemporaryDirectory())
    process.environment = ["PATH": "/usr/bin:/bin"].merging(environment) { $1 }
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: out, as: UTF8.self),
      String(decoding: err, as: UTF8.self)
    )
  }

  @Test func theBinaryIsBuilt() {
    #expect(FileManager.default.isExecutableFile(atPath: Self.binary.path), "\(Self.binary.path)")
  }

  @Test func dumpFromAnotherDirectoryUsesLANG() throws {
    let bundle = Paths.examples.appendingPathComponent("Conversor/Settings.bundle").path
    let (code, output, errors) = try Self.run(
      ["dump", bundle], environment: ["LANG": "pt_BR.UTF-8"])
    #expect(code == 0)
    #expect(errors.isEmpty)
    #expect(output.contains("title=\"Celsius Primeiro\""))
    #expect(output.contains("Idioma: pt"))
  }

  @Test func unknownFlagExitsWithTwo() throws {
    let (code, _, errors) = try Self.run(["dump", "Settings.bundle", "--frobnicate"])
    #expect(code == 2)
    #expect(errors.contains("Unknown option"))
  }

  @Test(.needsCorpus) func everyCorpusBundleDumpsWithoutCrashing() throws {
    for bundle in Paths.corpusBundles {
      let (code, output, _) = try Self.run(["dump", bundle.path, "--format", "json"])
      #expect(code == 0 || code == 1, "\(bundle.path)")
      #expect((try? JSONSerialization.jsonObject(with: Data(output.utf8))) != nil, "\(bundle.path)")
    }
  }
}
