import Foundation
import Plist
import SettingsSchema
import TestSupport
import Testing

/// The code `prefs generate swift` writes for Examples/Showcase, compiled with
/// a small program (Tests/Fixtures/GeneratedCode/main.swift) and run on Linux
/// with Foundation's `UserDefaults(suiteName:)`, as an app would use it.
@Suite(.serialized)
struct GeneratedCodeBehaviourTests {
  let folder: URL
  let suite = "com.example.generated"

  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-generated-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  static let swiftc: String? = ChildProcess.onPath("swiftc")?.path

  /// Generates, compiles and returns the program's path.
  func build() throws -> String {
    let generated = folder.appendingPathComponent("AppSettings.swift").path
    let run = DumpTests.run(["generate", "swift", DumpTests.showcase, "-o", generated])
    #expect(run.code == 0, "\(run.errors)")
    let program = folder.appendingPathComponent("driver").path
    let result = try Self.execute(
      Self.swiftc ?? "swiftc",
      [
        "-swift-version", "6", "-warnings-as-errors", "-o", program,
        Paths.fixtures.appendingPathComponent("GeneratedCode/main.swift").path, generated,
      ])
    #expect(result.status == 0, "\(result.output)")
    return program
  }

  static func execute(_ path: String, _ arguments: [String], environment: [String: String] = [:])
    throws -> (status: Int32, output: String)
  {
    let result = try ChildProcess.run(
      URL(fileURLWithPath: path), arguments,
      environment: ProcessInfo.processInfo.environment.merging(environment) { $1 })
    return (result.status, result.output + result.errors)
  }

  var environment: [String: String] { ["XDG_CONFIG_HOME": folder.path, "HOME": folder.path] }

  @Test(.enabled(if: swiftc != nil, "needs swiftc on PATH"))
  func registeredDefaultsAreTheBundlesAndTypedReadsAndWritesWork() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let program = try build()

    // 1. After registerDefaults(in:), object(forKey:) of every key is the bundle's DefaultValue.
    let bundle = try SettingsBundle.load(
      at: Paths.repository.appendingPathComponent(DumpTests.showcase).path)
    let expected = bundle.defaultValues
    let keys = expected.keys.map(\.string).sorted()
    let registered = try Self.execute(
      program, ["register", suite] + keys, environment: environment)
    #expect(registered.status == 0, "\(registered.output)")
    let document = try PropertyListReader.read(Array(registered.output.utf8))
    #expect(document.root.value == .dictionary(expected))

    // 2. The subscript reads the defaults, then writes and reads back every type,
    //    custom toggle values included.
    let roundTrip = try Self.execute(program, ["roundtrip", suite], environment: environment)
    #expect(roundTrip.status == 0, "\(roundTrip.output)")
    #expect(
      roundTrip.output == """
        true true themeSystemLong 0.5 high  [1.0 (42)]
        false false themeDarkLong 0.25 low Zé [2.0 (43)]
        stored units: imperial
        stored theme: 2

        """)

    // 3. A value written by `prefs defaults write` into the suite's file is read back typed;
    //    one that is not among a multi value's Values reads as the default.
    for arguments in [
      ["units_preference", "metric"], ["theme_preference", "-int", "1"],
      ["volume_preference", "-float", "0.75"], ["quality_preference", "ultra"],
      ["dark_mode_preference", "-bool", "true"], ["name_preference", "Ana"],
      ["version_preference", "3.1 (7)"],
    ] {
      let write = DumpTests.run(
        ["defaults", "write", suite] + arguments + ["--defaults-dir", folder.path])
      #expect(write.code == 0, "\(write.errors)")
    }
    let read = try Self.execute(program, ["read", suite], environment: environment)
    #expect(
      read.output == "true true themeLightLong 0.75 high Ana [3.1 (7)]\n", "\(read.output)")
  }
}
