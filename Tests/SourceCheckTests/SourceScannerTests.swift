import Foundation
import TestSupport
import Testing

@testable import SourceCheck

/// The uses the scanner finds in the fixture apps, style by style.
struct SourceScannerTests {
  static let apps = Paths.fixtures.appendingPathComponent("Apps")

  static func scan(_ app: String) throws -> SourceScan {
    try SourceScanner.scan([apps.appendingPathComponent(app).path])
  }

  static func uses(_ scan: SourceScan, file: String) -> [String] {
    scan.uses.filter { $0.place.file.hasSuffix("/" + file) }.map { use in
      let text: String
      switch use.action {
      case .read(let getter, let fallback):
        text = "read \(getter.rawValue) \(use.key)" + (fallback.map { " ?? \($0)" } ?? "")
      case .write(let value): text = "write \(use.key) \(value.map(\.description) ?? "?")"
      case .register(let value): text = "register \(use.key) \(value.map(\.description) ?? "?")"
      case .declare(let kind, let value, let type):
        text =
          "declare \(kind.rawValue) \(use.key) \(value.map(\.description) ?? "?") \(type ?? "?")"
      }
      return text + (use.suite.map { " in \($0)" } ?? "")
    }
  }

  @Test func constantsKeyEnumsWrappersAndSuitesAreFollowed() throws {
    let scan = try Self.scan("Clean")
    #expect(
      Self.uses(scan, file: "Player.swift") == [
        "read bool sounds", "read double volume", "read string units ?? \"metric\"",
        "read bool celsiusPref", "read integer theme", "read string name ?? \"\"",
        "read string server in group.com.example.app", "write sounds false",
        "write units \"imperial\"", "write theme 1", "write name ?", "read integer launchCount",
        "write launchCount ?", "read bool units ?? false in other.suite",
      ])
  }

  @Test func propertyWrappersAndDefaultsKeysDeclareTheirDefaults() throws {
    let scan = try Self.scan("Clean")
    #expect(
      Self.uses(scan, file: "SettingsView.swift") == [
        "declare @AppStorage sounds true ?", "declare @AppStorage volume 0.5 Double",
        "declare @AppStorage units \"metric\" ? in group.com.example.app",
      ])
    #expect(
      Self.uses(scan, file: "DefaultsKeys.swift") == [
        "declare Defaults.Key celsiusPref false Bool", "declare Defaults.Key theme 2 Int",
      ])
  }

  @Test func generatedKeysAndTheirRegistrationAreRecognized() throws {
    let scan = try Self.scan("Clean")
    #expect(scan.registersGeneratedKeys)
    let generated = Self.uses(scan, file: "AppSettings.swift")
    #expect(generated.contains("declare SettingsKey sounds true Swift.Bool"))
    #expect(generated.contains("register volume 0.5"))
  }

  @Test func runtimeRegistrationOfRootPlistAndItsTypeFilter() throws {
    let clean = try Self.scan("Clean")
    #expect(clean.runtimeRegistrations.count == 1)
    #expect(clean.runtimeRegistrations.first?.kinds == nil, "every DefaultValue is registered")
    let filtered = try Self.scan("FilteredRegistration")
    #expect(filtered.runtimeRegistrations.map(\.kinds) == [[.bool]])
  }

  @Test func objectiveCConstantsAndMessageSends() throws {
    let scan = try Self.scan("Clean")
    #expect(
      Self.uses(scan, file: "Legacy.m") == [
        "read bool sounds", "read string units", "write units \"metric\"", "write sounds true",
      ])
    let broken = try Self.scan("Broken")
    #expect(
      Self.uses(broken, file: "Units.m") == [
        "write units \"kelvin\"", "write name 3", "register units \"imperial\"",
      ])
  }

  @Test func keysBuiltAtRunTimeAreSkipped() throws {
    let scan = try Self.scan("Clean")
    #expect(!scan.uses.contains { $0.key.hasPrefix("feature_") })
  }

  @Test(arguments: [
    "let a = UserDefaults.standard.bool(forKey: \"k\")",
    "let a = UserDefaults.standard.bool(forKey: key)  // a parameter, unknown",
    "/* UserDefaults.standard.bool(forKey: \"commented\") */",
    "let s = \"UserDefaults.standard.bool(forKey: \\\"in a string\\\")\"",
  ])
  func onlyRealCodeCounts(line: String) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-sources-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try ("import Foundation\n" + line + "\n").write(
      to: folder.appendingPathComponent("A.swift"), atomically: true, encoding: .utf8)
    let keys = try SourceScanner.scan([folder.path]).uses.map(\.key)
    #expect(
      keys == (line.hasPrefix("let a = UserDefaults.standard.bool(forKey: \"k\")") ? ["k"] : []))
  }

  @Test func aMissingFolderIsAnError() {
    #expect(throws: SourceScanner.Failure.self) { _ = try SourceScanner.scan(["/nonexistent/App"]) }
  }
}
