import Foundation
import TestSupport
import Testing

@testable import prefs

/// `prefs generate swift`: writing, --check, usage errors, bad bundles.
struct GenerateCommandTests {
  let folder: URL

  init() throws {
    _ = FileManager.default.changeCurrentDirectoryPath(Paths.repository.path)
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-generate-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  @Test func writeCheckAndLeaveAnUpToDateFileAlone() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("AppSettings.swift").path
    let stdout = DumpTests.run(["generate", "swift", DumpTests.conversor])
    #expect(stdout.code == 0)
    #expect(stdout.output.contains("static let celsiusPref = SettingsKey<Swift.Bool>("))

    #expect(DumpTests.run(["generate", "swift", DumpTests.conversor, "-o", file]).code == 0)
    #expect(FileManager.default.contents(atPath: file) == Data(stdout.output.utf8))
    let check = DumpTests.run(["generate", "swift", DumpTests.conversor, "-o", file, "--check"])
    #expect(check.code == 0, "\(check.errors)")

    // An up-to-date file is not written again (its inode stays).
    let before = try FileManager.default.attributesOfItem(atPath: file)[.systemFileNumber]
    #expect(DumpTests.run(["generate", "swift", DumpTests.conversor, "-o", file]).code == 0)
    #expect(
      try FileManager.default.attributesOfItem(atPath: file)[.systemFileNumber] as? Int
        == before as? Int)

    try "// edited\n".write(toFile: file, atomically: true, encoding: .utf8)
    let stale = DumpTests.run(["generate", "swift", DumpTests.conversor, "-o", file, "--check"])
    #expect(stale.code == 1)
    #expect(stale.errors.contains("is not what the bundle generates"))
    #expect(try String(contentsOfFile: file, encoding: .utf8) == "// edited\n", "nothing written")
  }

  @Test(arguments: [
    ["--type-name", "lower"], ["--type-name", "Self"], ["--check"], ["--access", "open"],
  ])
  func usageErrorsExitWith2(arguments: [String]) {
    let run = DumpTests.run(["generate", "swift", DumpTests.conversor] + arguments)
    #expect(run.code == 2, "\(run.errors)")
  }

  @Test func variantsThatDisagreeAreAnErrorAndNothingIsWritten() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    func page(_ type: String) -> String {
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>PreferenceSpecifiers</key><array>
      <dict><key>Type</key><string>\(type)</string><key>Key</key><string>k</string></dict>
      </array></dict></plist>
      """
    }
    try bundle.write("Root~iphone.plist", page("PSToggleSwitchSpecifier"))
    try bundle.write("Root~ipad.plist", page("PSTextFieldSpecifier"))
    let file = folder.appendingPathComponent("Out.swift").path
    let run = DumpTests.run(["generate", "swift", bundle.path, "-o", file])
    #expect(run.code == 1)
    #expect(run.errors.contains("Root~ipad.plist:3:1: error: the key \"k\" stores a String here"))
    #expect(run.errors.contains("Root~iphone.plist:3:1"))
    #expect(run.errors.contains("[generate]"))
    #expect(!FileManager.default.fileExists(atPath: file))
    #expect(DumpTests.run(["generate", "swift", bundle.path, "--idiom", "phone"]).code == 0)
  }

  @Test func notABundleIsAUsageError() {
    #expect(DumpTests.run(["generate", "swift", "/nonexistent/Settings.bundle"]).code == 2)
  }
}
