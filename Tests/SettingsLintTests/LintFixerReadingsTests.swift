import Foundation
import Plist
import SettingsSchema
import TestSupport
import Testing

@testable import SettingsLint

/// `LintFixer` reads a bundle every way the plain lint does (each device,
/// each dialect): what it says remains is what linting the fixed bundle says,
/// findings of the InAppSettingsKit and pad readings included.
struct LintFixerReadingsTests {
  /// The corpus bundles read more than one way: with `.inApp` or device pages.
  static var readTwice: [String] {
    Paths.corpusBundles.filter { url in
      Paths.files(under: url, extensions: ["plist"]).contains { file in
        !file.contains(".lproj/")
          && (file.hasSuffix(".inApp.plist") || file.contains("~ipad.")
            || file.contains("~iphone."))
      }
    }.map(\.path)
  }

  static func described(_ diagnostic: Diagnostic) -> String {
    "\(diagnostic.file):\(diagnostic.location.map(String.init(describing:)) ?? "-"): "
      + "\(diagnostic.severity) \(diagnostic.rule): \(diagnostic.message)"
  }

  /// Fixes a copy of the bundle, writes the changes and lints it again from disk.
  static func check(copyOf source: URL, linter: Linter) throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try FileManager.default.removeItem(at: bundle.url)
    try FileManager.default.copyItem(at: source, to: bundle.url)
    let outcome = try LintFixer(linter: linter).fix(bundleAt: bundle.path)
    for change in outcome.changes {
      try Data(change.after).write(to: bundle.url.appendingPathComponent(change.file))
    }
    let relinted = try linter.lint(bundleAt: bundle.path)
    #expect(
      outcome.report.diagnostics.map(Self.described) == relinted.diagnostics.map(Self.described),
      "\(source.path)")
    #expect(outcome.report.count(.error) == relinted.count(.error))
  }

  /// The tester's bundle: a valid Root.plist, and a Root.inApp.plist whose
  /// element has no Type, which only InAppSettingsKit reads.
  @Test func anInAppSettingsKitErrorRemainsAfterFixing() throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    let page = { (element: String) in
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">
      <dict><key>PreferenceSpecifiers</key><array>\(element)</array></dict>
      </plist>
      """
    }
    try bundle.write(
      "Root.plist",
      page(
        "<dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>A</string></dict>"
      ))
    try bundle.write("Root.inApp.plist", page("<dict><key>Title</key><string>X</string></dict>"))
    let outcome = try LintFixer(linter: Linter()).fix(bundleAt: bundle.path)
    #expect(outcome.report.diagnostics.contains { $0.rule == "missing-type" })
    #expect(outcome.report.count(.error) == 1)
    try Self.check(copyOf: bundle.url, linter: Linter())
  }

  @Test(.needsCorpus, arguments: readTwice)
  func whatRemainsIsWhatLintSays(_ path: String) throws {
    try Self.check(copyOf: URL(fileURLWithPath: path), linter: Linter())
  }

  /// A run narrowed to one device reads, after fixing, as it did before.
  @Test(.needsCorpus, arguments: readTwice.prefix(3))
  func aNarrowedRunStaysNarrowed(_ path: String) throws {
    let linter = Linter(loadOptions: LoadOptions(idiom: .pad), idioms: [.pad], dialects: nil)
    try Self.check(copyOf: URL(fileURLWithPath: path), linter: linter)
  }
}
