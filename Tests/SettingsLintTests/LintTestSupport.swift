import Foundation
import SettingsLint
import SettingsSchema
import SourceCheck
import TestSupport
import Testing

/// Helpers shared by the lint tests.
enum LintTestSupport {
  static let fixtures = Paths.fixtures.appendingPathComponent("Lint")

  /// The folder of a rule's failing example (`Rules/empty-key`, `Rules/empty-key-2`).
  static func fixtureName(rule: String, index: Int) -> String {
    index == 0 ? rule : "\(rule)-\(index + 1)"
  }

  /// The committed fixture bundle of a rule's failing example: a
  /// `Settings.bundle` (the one name Settings.app opens) in the example's folder.
  static func fixture(rule: String, index: Int) -> URL {
    fixtures.appendingPathComponent("Rules").appendingPathComponent(
      fixtureName(rule: rule, index: index)
    ).appendingPathComponent("Settings.bundle")
  }

  /// Writes an example into a fresh temporary bundle.
  static func materialize(_ example: RuleExample) throws -> TemporaryBundle {
    let bundle = try TemporaryBundle()
    for file in example.files {
      try write(file, into: bundle.url)
    }
    return bundle
  }

  static func write(_ file: ExampleFile, into folder: URL) throws {
    let url = folder.appendingPathComponent(file.path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(file.bytes).write(to: url)
  }

  /// Lints a bundle; an example's app sources (its `Sources/` folder) are given to the linter.
  static func lint(_ path: String, configuration: LintConfiguration = LintConfiguration()) throws
    -> LintReport
  {
    let sources = path + "/Sources"
    let scan =
      FileManager.default.fileExists(atPath: sources) ? try SourceScanner.scan([sources]) : nil
    return try Linter(configuration: configuration, sources: scan).lint(bundleAt: path)
  }
}
