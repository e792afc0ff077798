import Foundation
import PrefsKit
import TestSupport
import Testing

/// What a fixing run did, as `prefs lint --fix --dry-run` lists it, through
/// PrefsKit's public API: the patch, a line per fix made or not made and the
/// count open the command's golden files word for word.
struct LintFixListingTests {
  @Test(arguments: [
    "Fixable", "missing-semicolon", "utf16-without-bom", "duplicate-key", "child-pane-extension",
    "case-only-key", "binary", "overlapping-fixes",
  ])
  func aDryRunsListingIsTheCommands(name: String) throws {
    var options = LintOptions(bundles: ["Tests/Fixtures/Fix/\(name)/Settings.bundle"])
    options.fix = true
    options.dryRun = true
    let outcome = LintFrontEnd.run(
      options, environment: PrefsEnvironment(workingDirectory: Paths.repository.path))
    #expect(outcome.fixesCompleted)
    let listing = LintFixResult.listing(outcome.fixes, dryRun: true, summary: true)
    let golden = try String(
      contentsOf: Paths.repository.appendingPathComponent("Tests/Golden/fix/\(name).txt"),
      encoding: .utf8)
    #expect(golden.hasPrefix(listing), "\(listing)")
    // Without the diff, the lines of the fixes alone.
    let lines = LintFixResult.listing(outcome.fixes, dryRun: true, summary: false, diff: false)
    #expect(listing.contains(lines))
    // A dry run's count says what would change.
    #expect(listing.hasSuffix("Nothing to fix.\n") || listing.contains(" would change "))
  }
}
