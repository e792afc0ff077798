import Foundation
import TestSupport
import Testing

/// `prefs render --format png` as a user runs it: the pictures written and listed, a
/// PREFS_BROWSER that names nothing (exit 2), and a browser that dies (exit 1, with
/// what it said).
final class RenderPNGCommandTests {
  let folder: URL

  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-render-png-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: folder)
  }

  func render(_ variables: [String: String] = [:]) -> PrefsBinary.Run {
    var environment = ProcessInfo.processInfo.environment
    environment.merge(variables) { $1 }
    return PrefsBinary.run(
      [
        "render", "Examples/Showcase/Settings.bundle", "--format", "png", "-o",
        folder.path + "/pictures",
      ], variables: environment)
  }

  @Test(.enabled(if: TestBrowser.runs, TestBrowser.skipReason))
  func everyPageIsWrittenAsAPNGNamedAfterIt() throws {
    let run = render()
    #expect(run.code == 0, "\(run.errors)")
    let names = ["Root", "Root-choices-8", "Advanced"]
    #expect(run.output == names.map { folder.path + "/pictures/\($0).png\n" }.joined())
    for name in names {
      let png = try Data(contentsOf: folder.appendingPathComponent("pictures/\(name).png"))
      // Two device pixels per CSS pixel: a phone page is 390 px wide.
      #expect(pngSize(png)?.first == 780, "\(name)")
    }
  }

  @Test func aBrowserVariableNamingNothingIsAUsageError() {
    let run = render(["PREFS_BROWSER": folder.path + "/no-such-chrome"])
    #expect(run.code == 2)
    #expect(
      run.errors == """
        prefs: error: PREFS_BROWSER names \(folder.path)/no-such-chrome, which is not an \
        executable Chromium or Google Chrome; name one by its path, or unset PREFS_BROWSER \
        to look for one

        """)
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/pictures"))
  }

  @Test func aBrowserThatDiesSaysWhatItSaid() throws {
    let fake = folder.appendingPathComponent("chromium")
    try "#!/bin/sh\necho 'Missing X server or $DISPLAY' >&2\nexit 1\n".write(
      to: fake, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)
    let run = render(["PREFS_BROWSER": fake.path])
    #expect(run.code == 1)
    #expect(
      run.errors == """
        prefs: error: the browser \(fake.path) ended before it drew the pages; it said: \
        Missing X server or $DISPLAY

        """)
  }
}
