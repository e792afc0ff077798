import Foundation
import TestSupport
import Testing

/// A child pane whose File names a page the bundle lacks is still a row:
/// Settings.app and InAppSettingsKit make the cell from its Title and read
/// File only when it is tapped (IASKAppSettingsViewController's
/// cellForRowAtIndexPath, then didSelectRowAtIndexPath pushing a controller for
/// specifier.file), and lint says "the row opens an empty page". Before,
/// render and edit --plain left the row out. The bundle is Psiphon's app page
/// (Tests/Fixtures/Unseen/Psiphon-Inc__psiphon-ios-vpn), whose three child
/// pages are merged in from a pod's bundle at build time, as is the page its
/// Feedback row opens (an IASKCustomViewSpecifier with File, which
/// InAppSettingsKit pushes like a child pane).
struct MissingChildPaneRowTests {
  static let bundle = Paths.fixtures.appendingPathComponent(
    "Unseen/Psiphon-Inc__psiphon-ios-vpn/InAppSettings.bundle")
  /// The rows whose pages the folder lacks, by their Title (the bundle has no table).
  static let rowsWithoutPages = [
    "DISABLE_TIMEOUTS", "PSIPHON_CUSTOM_HEADERS_SUBSETTINGS_LABEL",
    "SETTINGS_BAD_CONNECTION_SUBSETTINGS_LABEL", "SETTINGS_FEEDBACK_SUBSETTINGS_LABEL",
  ]

  static let commands: [[String]] = [
    ["render"], ["render", "--dialect", "iask"],
    ["edit", "--plain", "--domain", "com.example.psiphon"],
  ]

  @Test(arguments: commands)
  func theRowIsShown(command: [String]) throws {
    let store = FileManager.default.temporaryDirectory
      .appendingPathComponent("prefs-missing-child-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: store, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: store) }
    var arguments = command + [Self.bundle.path]
    if command.first == "edit" { arguments += ["--defaults-dir", store.path] }
    // Enter keeps each value, so edit --plain says the whole page.
    let answers = store.appendingPathComponent("answers")
    try Data(String(repeating: "\n", count: 80).utf8).write(to: answers)
    let input = try FileHandle(forReadingFrom: answers)
    defer { try? input.close() }
    let run = try ChildProcess.run(
      PrefsBinary.url, arguments, in: Paths.repository, input: input)
    let result = PrefsBinary.Run(code: run.status, output: run.output, errors: run.errors)
    #expect(result.code == 0, "\(arguments): \(result.code) \(result.errors)")
    for title in Self.rowsWithoutPages {
      // The row is drawn as a child pane: its title, then the mark that opens a page.
      let line = result.output.split(separator: "\n").first { $0.contains(title) }
      #expect(line?.hasSuffix("›") == true, "\(arguments): no row \(title) in\n\(result.output)")
    }
    // lint says the same of each row.
    let lint = PrefsBinary.run(["lint", Self.bundle.path])
    #expect(
      lint.output.components(separatedBy: "the row opens an empty page").count
        == Self.rowsWithoutPages.count + 1)
  }
}
