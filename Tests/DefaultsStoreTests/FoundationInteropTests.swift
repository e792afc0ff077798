import DefaultsStore
import Foundation
import Plist
import TestSupport
import Testing

/// A real Foundation program (`foundation-defaults`, built with the tests)
/// reads what the store writes and writes what the store reads.
struct FoundationInteropTests {
  static var helper: URL {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("foundation-defaults")
  }

  static func run(_ arguments: [String], directory: String) throws -> (Int32, Data) {
    let process = Process()
    process.executableURL = helper
    process.arguments = arguments
    process.environment = ["XDG_CONFIG_HOME": directory, "HOME": directory]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, data)
  }

  @Test func foundationReadsWhatPrefsWrites() throws {
    let defaults = try TemporaryDefaults()
    defer { defaults.remove() }
    try defaults.store().update { $0 = everyType }
    let (code, data) = try Self.run(["read", "com.example.app"], directory: defaults.directory)
    #expect(code == 0)
    #expect(FoundationOracle.read(Array(data)) == .dictionary(everyType))
  }

  @Test func prefsReadsWhatFoundationWritesAndKeepsItsKeys() throws {
    let defaults = try TemporaryDefaults()
    defer { defaults.remove() }
    let (code, _) = try Self.run(["write", "com.example.app"], directory: defaults.directory)
    #expect(code == 0)
    let store = try defaults.store()
    let values = try store.persistentValues()
    #expect(values["flag"] == .bool(true))
    #expect(values["count"] == .integer(42))
    #expect(values["level"] == .real(0.7))
    #expect(values["name"] == .string("hé <&> \"quoted\""))
    #expect(values["when"] == .date(Date(timeIntervalSince1970: 1_700_000_000)))
    #expect(values["blob"] == .data(Data([0, 1, 2, 255])))
    #expect(
      values["list"] == .array([.string("a"), .integer(1), .dictionary(["nested": .bool(true)])]))
    #expect(values["map"] == .dictionary(["k": .dictionary(["x": .real(1.5)])]))
    // prefs adds a key; Foundation still sees every one of its own.
    try store.set(.string("from prefs"), forKey: "added")
    let (_, data) = try Self.run(["read", "com.example.app"], directory: defaults.directory)
    guard case .dictionary(let seen)? = FoundationOracle.read(Array(data)) else {
      Issue.record("Foundation read nothing")
      return
    }
    #expect(seen["added"] == .string("from prefs"))
    #expect(Set(seen.keys) == Set(values.keys).union(["added"]))
  }
}
