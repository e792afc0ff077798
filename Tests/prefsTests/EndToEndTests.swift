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
    let result = try ChildProcess.run(
      binary, arguments, environment: ["PATH": "/usr/bin:/bin"].merging(environment) { $1 },
      in: URL(fileURLWithPath: NSTemporaryDirectory()))
    return (result.status, result.output, result.errors)
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
