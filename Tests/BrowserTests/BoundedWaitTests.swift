import Foundation
import HeadlessBrowser
import Testing

/// A browser that never answers, dies at once or speaks no DevTools is a typed error
/// within the time allowed, never a hang. These "browsers" are shell scripts, so the
/// tests run on every machine.
final class BoundedWaitTests {
  let folder: URL

  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-fake-browser-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: folder)
  }

  func fakeBrowser(_ script: String) throws -> BrowserExecutable {
    let url = folder.appendingPathComponent("chromium")
    try ("#!/bin/sh\n" + script + "\n").write(to: url, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
    return BrowserExecutable(path: url.path)
  }

  func launch(_ executable: BrowserExecutable, timeout: Duration = .seconds(1))
    -> (Result<HeadlessChromium, BrowserError>, Duration)
  {
    var options = LaunchOptions()
    options.startTimeout = timeout
    options.temporaryDirectory = folder.path
    let clock = ContinuousClock()
    let start = clock.now
    let result = Result { () throws(BrowserError) in
      try HeadlessChromium.launch(executable, options: options)
    }
    return (result, start.duration(to: clock.now))
  }

  @Test func aBrowserThatNeverAnswersTimesOut() throws {
    let (result, took) = launch(try fakeBrowser("exec sleep 60"))
    #expect(throws: BrowserError.timedOut(waitingFor: "Browser.getVersion", after: .seconds(1))) {
      try result.get()
    }
    #expect(took < .seconds(8))
    // Its profile folder is gone with it.
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(left == ["chromium"])
  }

  @Test func aBrowserThatDiesAtOnceSaysWhatItWrote() throws {
    let (result, took) = launch(
      try fakeBrowser("echo 'cannot open display' >&2; exit 3"), timeout: .seconds(30))
    #expect(throws: BrowserError.ended(log: "cannot open display")) { try result.get() }
    #expect(took < .seconds(8))
  }

  @Test func aBrowserThatSpeaksNoDevToolsIsUnreadable() throws {
    let (result, _) = launch(try fakeBrowser("printf 'not json\\000' >&4; exec sleep 60"))
    #expect(throws: BrowserError.unreadableMessage(method: "Browser.getVersion")) {
      try result.get()
    }
  }

  @Test func aMissingExecutableCannotStart() throws {
    let (result, _) = launch(BrowserExecutable(path: folder.path + "/no-such-browser"))
    #expect(
      throws: BrowserError.cannotStart(executable: folder.path + "/no-such-browser", errno: ENOENT)
    ) { try result.get() }
  }
}
