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
      case .cast(let getter, let fallback):
        text = "cast \(getter.rawValue) \(use.key)" + (fallback.map { " ?? \($0)" } ?? "")
      case .write(let value): text = "write \(use.key) \(value.map(\.description) ?? "?")"
      case .register(let value): text = "register \(use.key) \(value.map(\.description) ?? "?")"
      case .declare(let kind, let value, let type):
        text =
          "declare \(kind.rawValue) \(use.key) \(value.map(\.description) ?? "?") \(type ?? "?")"
      }
      return text + (use.suite.map { " in \($0)" } ?? "")
    }
  }

  /// Objective-C's `extern` constants read from Swift through the bridging header, keys made
  /// of constants in both languages, and registrations through constants in several calls.
  @Test func constantsAcrossLanguagesAndConcatenationsAreFollowed() throws {
    let scan = try Self.scan("Constants")
    #expect(
      Self.uses(scan, file: "Settings.swift") == [
        "read bool sounds", "read integer theme", "read double volume",
        "declare @AppStorage celsiusPref true ?",
      ])
    #expect(
      Self.uses(scan, file: "Preferences.m") == [
        "register sounds true", "register theme 1", "read bool units",
      ])
  }

  /// Reads on `self` in `extension UserDefaults`, casts, presence tests, and registrations
  /// built with `dictionaryWithObjectsAndKeys:` or in a variable.
  @Test func conversionsAppUsesAreFollowed() throws {
    let scan = try SourceScanner.scan([
      Self.apps.appendingPathComponent("Conversions/Sources").path
    ])
    #expect(
      Self.uses(scan, file: "UserDefaultsUtils.swift") == [
        "read integer vaccination_centres_list_radius_in_km",
        "read object vaccination_centres_list_radius_in_km",
        "cast integer vaccination_centres_list_radius_in_km ?? 50",
      ])
    #expect(
      Self.uses(scan, file: "MobileLastFMApplicationDelegate.m") == [
        "register scrobbling \"YES\"", "register showontour \"YES\"",
        "register bitrate \"64\"", "read bool scrobbling", "read object showontour",
        "read bool bitrate", "read bool headsetinterrupt",
      ])
    #expect(
      Self.uses(scan, file: "ViewController.swift") == [
        "read integer port", "cast integer port", "register showontour \"YES\"",
        "register lockTimeout 1", "declare @AppStorage vaccination_centres_list_radius_in_km 50 ?",
        "declare @AppStorage showontour \"YES\" ?",
      ])
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

  static func scan(lines: String, file: String = "A.swift") throws -> SourceScan {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-sources-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try lines.write(to: folder.appendingPathComponent(file), atomically: true, encoding: .utf8)
    return try SourceScanner.scan([folder.path])
  }

  /// Only a receiver that can be the defaults makes a use; a suite follows its name.
  @Test(arguments: [
    ("UserDefaults.standard.bool(forKey: \"k\")", "read bool k"),
    ("let d = UserDefaults.standard\nd.bool(forKey: \"k\")", "read bool k"),
    ("func f(d: UserDefaults) { d.set(1, forKey: \"k\") }", "write k 1"),
    ("let s: UserDefaults? = nil\ns?.bool(forKey: \"k\")", "read bool k"),
    ("unknownStore().bool(forKey: \"k\")", "read bool k"),
    ("NSUbiquitousKeyValueStore.default.bool(forKey: \"k\")", ""),
    ("let c = NSUbiquitousKeyValueStore.default\nc.set(true, forKey: \"k\")", ""),
    ("let d: [String: Any] = [:]\n_ = (d as NSDictionary).object(forKey: \"k\")", ""),
    ("let d = [\"k\": 1]\n_ = d.object(forKey: \"k\")", ""),
    ("func f(d: NSDictionary) { _ = d.object(forKey: \"k\") }", ""),
    ("func f(o: NSObject) { o.setValue(1, forKey: \"k\") }", ""),
    ("someObject.setValue(1, forKey: \"k\")", ""),
    ("UserDefaults.standard.setValue(1, forKey: \"k\")", "write k 1"),
    (
      "let g = \"group.x\"\nUserDefaults(suiteName: g)!.bool(forKey: \"k\")",
      "read bool k in group.x"
    ),
    (
      "enum G { static let id = \"group.x\" }\nlet d = UserDefaults(suiteName: G.id)!\nd.bool(forKey: \"k\")",
      "read bool k in group.x"
    ),
    (
      "guard let d = UserDefaults(suiteName: \"group.x\") else { fatalError() }\nd.bool(forKey: \"k\")",
      "read bool k in group.x"
    ),
    ("func f(n: String) { UserDefaults(suiteName: n)?.bool(forKey: \"k\") }", ""),
    (
      "struct S { let d = UserDefaults(suiteName: \"group.x\")\n func r() -> Bool { self.d?.bool(forKey: \"k\") ?? false } }",
      "read bool k ?? false in group.x"
    ),
  ])
  func swiftReceivers(code: String, expected: String) throws {
    let scan = try Self.scan(lines: "import Foundation\n" + code + "\n")
    #expect(Self.uses(scan, file: "A.swift") == (expected.isEmpty ? [] : [expected]))
  }

  @Test(arguments: [
    ("[[NSUserDefaults standardUserDefaults] boolForKey:@\"k\"];", "read bool k"),
    (
      "NSUserDefaults *d = [NSUserDefaults standardUserDefaults];\n[d boolForKey:@\"k\"];",
      "read bool k"
    ),
    ("[[NSUbiquitousKeyValueStore defaultStore] boolForKey:@\"k\"];", ""),
    ("NSDictionary *d = @{};\n[d objectForKey:@\"k\"];", ""),
    ("[@{@\"k\": @1} objectForKey:@\"k\"];", ""),
    (
      "NSMutableDictionary *m = [NSMutableDictionary dictionary];\n[m setObject:@1 forKey:@\"k\"];",
      ""
    ),
    ("[view setValue:@1 forKey:@\"k\"];", ""),
    ("}\n- (BOOL)has:(NSDictionary *)d {\n  return [d objectForKey:@\"k\"] != nil;", ""),
    (
      "NSString *const kG = @\"group.x\";\nNSUserDefaults *s = [[NSUserDefaults alloc] initWithSuiteName:kG];\n[s setBool:YES forKey:@\"k\"];",
      "write k true in group.x"
    ),
    (
      "[[[NSUserDefaults alloc] initWithSuiteName:@\"group.x\"] stringForKey:@\"k\"];",
      "read string k in group.x"
    ),
    ("[[[NSUserDefaults alloc] initWithSuiteName:name] stringForKey:@\"k\"];", ""),
  ])
  func objectiveCReceivers(code: String, expected: String) throws {
    let scan = try Self.scan(lines: "void f(void) {\n" + code + "\n}\n", file: "A.m")
    #expect(Self.uses(scan, file: "A.m") == (expected.isEmpty ? [] : [expected]))
  }

  @Test func theFixtureAppOfOtherStoresUsesOnlyAnotherSuite() throws {
    let scan = try Self.scan("OtherStores")
    #expect(!scan.uses.isEmpty)
    #expect(scan.uses.allSatisfy { $0.suite == "group.com.example.widgets" }, "\(scan.uses)")
  }

  @Test(arguments: ["ObjectiveCRegistration", "InitRegistration", "TopLevelRegistration"])
  func runtimeRegistrationInObjectiveCInitializersAndTopLevelCode(app: String) throws {
    let scan = try Self.scan(app)
    #expect(scan.runtimeRegistrations.count == 1)
    #expect(scan.runtimeRegistrations.first?.kinds == nil)
    // Reading Root.plist's dictionaries is not a use of a setting.
    #expect(
      !scan.uses.contains { ["PreferenceSpecifiers", "Key", "DefaultValue"].contains($0.key) })
  }
}
