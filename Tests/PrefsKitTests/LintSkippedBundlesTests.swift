import Foundation
import PrefsKit
import SettingsSchema
import TestSupport
import Testing

/// `prefs lint DIR` never passes a folder over in silence: what its search
/// skipped that may hold settings is a notice naming the folder and why
/// (issue 24, tester F10). A CI job then knows what was not checked.
struct LintSkippedBundlesTests {
  static let environment = PrefsEnvironment(workingDirectory: Paths.repository.path)

  static func skipped(_ outcome: LintOutcome) -> [BundleSearch.Skipped] {
    outcome.notices.flatMap { notice -> [BundleSearch.Skipped] in
      if case .skippedInside(_, let skipped) = notice { return skipped }
      return []
    }
  }

  /// tmatsugaki/Sonic-Tools-SVM (Tests/Fixtures/Unseen, MANIFEST beside it):
  /// a stale top-level Settings.bundle with only .lproj tables beside the
  /// app's Subsonic/Settings.bundle. Failed before: no notice named it.
  @Test func aStaleBundleBesideTheAppsIsNamed() throws {
    let folder = "Tests/Fixtures/Unseen/tmatsugaki__Sonic-Tools-SVM/repository"
    let outcome = LintFrontEnd.run(LintOptions(bundles: [folder]), environment: Self.environment)
    #expect(outcome.failure == nil)
    #expect(outcome.output?.reports.map(\.bundlePath) == [folder + "/Subsonic/Settings.bundle"])
    #expect(
      Self.skipped(outcome) == [
        BundleSearch.Skipped(path: folder + "/Settings.bundle", reason: .noPage)
      ])
  }

  /// Psiphon's pod bundle (Tests/Fixtures/Unseen, MANIFEST beside it) has
  /// pages but no Root.plist: named with its pages, for --root. Failed
  /// before: the folder was searched, nothing was linted, nothing said why.
  @Test func aBundleWithoutItsRootPageIsNamedWithItsPages() throws {
    let folder = "Tests/Fixtures/Unseen/Psiphon-Inc__psiphon-ios-client-common-library"
    let outcome = LintFrontEnd.run(LintOptions(bundles: [folder]), environment: Self.environment)
    let skipped = Self.skipped(outcome)
    #expect(
      skipped.map(\.path) == [
        folder + "/PsiphonClientCommonLibrary/Resources/InAppSettings.bundle"
      ])
    guard case .noRootPage(let root, let pages)? = skipped.first?.reason else {
      Issue.record("\(skipped)")
      return
    }
    #expect(root == "Root")
    #expect(pages.contains("PsiphonSettings"))
  }

  /// Shapes a search cannot take, beside a bundle it lints: a link named
  /// X.bundle (to a real bundle outside), a FIFO named Y.bundle, a Pods
  /// folder (build output), a folder that cannot be listed (when the tests
  /// do not run as root, which reads any folder); a bundle of images is no
  /// Settings bundle and needs no word. Failed before: no notice at all.
  @Test func whatTheSearchCannotTakeIsNamedWithWhy() throws {
    let temporary = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-skipped-\(UUID().uuidString)")
    let manager = FileManager.default
    defer {
      chmod(temporary.appendingPathComponent("Locked").path, 0o755)
      try? manager.removeItem(at: temporary)
    }
    let app = temporary.appendingPathComponent("App/Settings.bundle")
    try manager.createDirectory(at: app, withIntermediateDirectories: true)
    let page = Data(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>PreferenceSpecifiers</key><array>
      <dict><key>Type</key><string>PSGroupSpecifier</string></dict>
      </array></dict></plist>
      """.utf8)
    try page.write(to: app.appendingPathComponent("Root.plist"))
    let outside = temporary.appendingPathComponent("outside/Settings.bundle")
    try manager.createDirectory(at: outside, withIntermediateDirectories: true)
    try page.write(to: outside.appendingPathComponent("Root.plist"))
    let searched = temporary.appendingPathComponent("App").path
    try manager.createSymbolicLink(
      atPath: searched + "/Linked.bundle", withDestinationPath: outside.path)
    #expect(mkfifo(searched + "/Pipe.bundle", 0o644) == 0)
    try manager.createDirectory(
      atPath: searched + "/Pods/Lib/Lib.bundle", withIntermediateDirectories: true)
    try manager.createDirectory(
      atPath: searched + "/Images.bundle", withIntermediateDirectories: true)
    try Data([0x89]).write(to: URL(fileURLWithPath: searched + "/Images.bundle/a.png"))
    try manager.createDirectory(atPath: searched + "/Locked", withIntermediateDirectories: true)
    chmod(searched + "/Locked", 0)
    let outcome = LintFrontEnd.run(
      LintOptions(bundles: [searched]), environment: Self.environment)
    #expect(outcome.output?.reports.map(\.bundlePath) == [searched + "/Settings.bundle"])
    var expected: [BundleSearch.Skipped] = [
      BundleSearch.Skipped(path: searched + "/Linked.bundle", reason: .symbolicLink),
      BundleSearch.Skipped(path: searched + "/Pipe.bundle", reason: .notAFolder),
      BundleSearch.Skipped(path: searched + "/Pods", reason: .buildOutput),
    ]
    if opendir(searched + "/Locked") == nil {
      expected.append(
        BundleSearch.Skipped(
          path: searched + "/Locked", reason: .unreadable(String(cString: strerror(EACCES)))))
    }
    #expect(Self.skipped(outcome) == expected)
  }
}
