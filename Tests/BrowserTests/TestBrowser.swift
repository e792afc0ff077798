import Foundation
import HeadlessBrowser
import TestSupport
import Testing

/// The one browser the browser suites share (started on first use, closed when the
/// test process exits), and whether the suites run at all: without a Chromium they
/// are skipped with a reason, unless `CI` is set, where a missing browser fails them.
enum TestBrowser {
  private static let variables = ProcessInfo.processInfo.environment

  /// The browser `PREFS_BROWSER` names, else the one found on `PATH` or in its usual place.
  static let executable: BrowserExecutable? = try? BrowserLocator.locate(
    requested: variables["PREFS_BROWSER"], searchPath: variables["PATH"], home: variables["HOME"])

  /// Whether this run must have a browser (CI), so that its absence fails rather than skips.
  static let required = !(variables["CI"] ?? "").isEmpty

  /// Whether a browser suite runs: a browser is there, or CI requires one.
  static let runs = executable != nil || required

  static let skipReason: Comment =
    "no Chromium found (install Debian's chromium or set PREFS_BROWSER); CI is unset, so the browser tests are skipped"

  private static let shared: Result<HeadlessChromium, BrowserError>? = executable.map { found in
    let launched = Result { () throws(BrowserError) in try HeadlessChromium.launch(found) }
    if case .success = launched { atexit { TestBrowser.closeShared() } }
    return launched
  }

  private static func closeShared() {
    if case .success(let browser) = shared { browser.close() }
  }

  /// The shared browser; fails the test when there is none (CI set, no browser).
  static func browser() throws -> HeadlessChromium {
    guard let shared else {
      throw BrowserMissing()
    }
    return try shared.get()
  }

  struct BrowserMissing: Error, CustomStringConvertible {
    var description: String {
      "CI is set but no Chromium was found on PATH or in its usual places: .ci/run installs Debian's chromium"
    }
  }

  /// A fixture page of Tests/Fixtures/Browser.
  static func fixture(_ name: String) -> URL {
    Paths.fixtures.appendingPathComponent("Browser").appendingPathComponent(name)
  }
}
