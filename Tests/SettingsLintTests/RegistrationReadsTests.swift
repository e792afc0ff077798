import Foundation
import SettingsLint
import SourceCheck
import TestSupport
import Testing

/// A registration is judged by what the app's reads get (issue 25): the
/// registration domain is never stored and Settings.app never reads it.
struct RegistrationReadsTests {
  @Test func aRegisteredNumberReadAsTheBundlesNumericStringIsNoFinding() throws {
    let output = try SourceRulesTests.output("NumericRegistration")
    expectGolden(output.render(.text), "lint/apps-numericregistration.txt")
    let settingsLines = output.reports[0].diagnostics.filter {
      $0.file.hasSuffix("Sources/Settings.swift")
    }
    #expect(settingsLines.isEmpty, "\(settingsLines.map(\.message))")
  }

  @Test func aWrittenNumberUnderStringValuesSaysSettingsMarksNoChoice() throws {
    let messages = try SourceRulesTests.output("NumericRegistration").reports[0].diagnostics
      .filter { $0.rule == "code-type-mismatch" }.map(\.message)
    #expect(
      messages == [
        "the code stores 2 under \"searchRadius\", but its PSMultiValueSpecifier (Root.plist) stores a string: Settings compares the stored value with its Values, type and all, and marks no choice"
      ])
  }

  /// Settings.app never opens an `InAppSettings.bundle`: a value is stored only
  /// when someone changes the row on the app's own screen.
  @Test func anUnregisteredDefaultOfABundleOnlyInAppSettingsKitOpensNamesTheAppsScreen()
    throws
  {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("prefs-inapp-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let bundle = folder.appendingPathComponent("InAppSettings.bundle")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: SourceRulesTests.apps.appendingPathComponent("Settings.bundle"), to: bundle)
    let scan = try SourceScanner.scan([SourceRulesTests.apps.appendingPathComponent("Broken").path])
    let messages = try Linter(sources: scan).lint(bundleAt: bundle.path).diagnostics
      .filter { $0.rule == "code-default-unregistered" }.map(\.message)
    #expect(!messages.isEmpty)
    for message in messages {
      #expect(!message.contains("Settings app"), "\(message)")
      #expect(message.contains("app's own settings screen"), "\(message)")
    }
  }
}

/// Registered values given by constants resolve as keys do (issue 25).
extension RegistrationReadsTests {
  @Test func aValueRegisteredThroughADefineIsComparedWithTheBundlesDefault() throws {
    let output = try SourceRulesTests.output("DefineRegistration")
    expectGolden(output.render(.text), "lint/apps-defineregistration.txt")
    let messages = output.reports[0].diagnostics.filter { $0.rule == "code-default-mismatch" }
      .map(\.message)
    #expect(
      messages == [
        "the code registers \"https://api.citybik.es/capital-bikeshare.json\" for \"CityPreference\", but the bundle's DefaultValue is \"0\" (Root.plist)"
      ])
  }

  @Test func aValueRegisteredThroughASwiftConstantIsComparedWithTheBundlesDefault() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("prefs-constant-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    // The Food-Hygiene-Ratings shape, its string default given by a `static let`.
    try """
    import Foundation

    class Settings {
      fileprivate static let unitsKey = "units"
      fileprivate static let kelvin = "kelvin"

      static var units: String? { UserDefaults.standard.string(forKey: Settings.unitsKey) }

      class func registerDefaultSettings() {
        UserDefaults.standard.register(defaults: [unitsKey: kelvin])
      }
    }
    """.write(
      to: folder.appendingPathComponent("Settings.swift"), atomically: true, encoding: .utf8)
    let scan = try SourceScanner.scan([folder.path])
    let bundle = SourceRulesTests.apps.appendingPathComponent("Settings.bundle")
    let messages = try Linter(sources: scan).lint(bundleAt: bundle.path).diagnostics
      .filter { $0.rule == "code-default-mismatch" }.map(\.message)
    #expect(messages.contains { $0.contains("registers \"kelvin\" for \"units\"") }, "\(messages)")
  }
}

/// A zero the code replaces with a value of its own is a fallback (issue 25).
extension RegistrationReadsTests {
  @Test func aZeroReplacedByTheBundlesDefaultIsNotAnUnregisteredDefault() throws {
    let folder = SourceRulesTests.apps.appendingPathComponent("ZeroFallback")
    let scan = try SourceScanner.scan([folder.appendingPathComponent("Sources").path])
    let report = try Linter(sources: scan).lint(
      bundleAt: folder.appendingPathComponent("InAppSettings.bundle").path)
    let relative = LintReport(
      bundlePath: "Tests/Fixtures/Apps/ZeroFallback/InAppSettings.bundle",
      files: report.files, diagnostics: report.diagnostics)
    let output = LintOutput(reports: [relative], workingDirectory: Paths.repository.path)
    expectGolden(output.render(.text), "lint/apps-zerofallback.txt")
    #expect(!report.diagnostics.contains { $0.rule.hasPrefix("code-") })
  }
}

extension RegistrationReadsTests {
  /// myTimes' shape in Swift: `if minutes == 0 { minutes = 5 }` after the read.
  @Test func aZeroReplacedInSwiftIsAFallback() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("prefs-zero-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try """
    import Foundation

    func minuteInterval() -> Int {
      var minutes = UserDefaults.standard.integer(forKey: "minutesInterval")
      if minutes == 0 { minutes = 5 }
      return minutes
    }
    """.write(
      to: folder.appendingPathComponent("Interval.swift"), atomically: true, encoding: .utf8)
    let scan = try SourceScanner.scan([folder.path])
    let bundle = SourceRulesTests.apps.appendingPathComponent("ZeroFallback/InAppSettings.bundle")
    let rules = try Linter(sources: scan).lint(bundleAt: bundle.path).diagnostics.map(\.rule)
    #expect(!rules.contains { $0.hasPrefix("code-") }, "\(rules)")
  }
}
