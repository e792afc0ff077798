import Foundation
import TestSupport
import Testing

/// Every command that reads a bundle fails the same way when its root page
/// does not read (it does not parse, or it is a symbolic link out of the
/// bundle): the page is named where it fails, the exit status is 1, and
/// nothing is shown, generated or written as if the bundle were empty. Before,
/// render printed "Nothing to show" and edit --plain nothing (exit 0), strings
/// reported an empty bundle (exit 0), and a Root.plist linking out of the bundle
/// was "not a Settings bundle" (exit 2).
struct UnreadRootPageCommandTests {
  enum Root: String, CaseIterable, Sendable {
    case doesNotParse, linksOutOfTheBundle
  }

  static let commands: [[String]] = [
    ["lint"], ["dump"], ["dump", "--format", "json"], ["render"], ["render", "--page", "Root"],
    ["edit", "--plain", "--domain", "com.example.unread"], ["generate", "swift"],
    ["strings", "status"], ["strings", "missing"], ["strings", "export", "--lang", "de"],
    ["diff"], ["defaults", "write", "com.example.unread", "sync", "-bool", "true", "--bundle"],
  ]

  static func bundle(_ root: Root) throws -> TemporaryBundle {
    let bundle = try TemporaryBundle()
    try bundle.write("en.lproj/Root.strings", "\"Sync\" = \"Sync\";\n")
    let page = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>PreferenceSpecifiers</key><array>
      <dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Title</key><string>Sync</string>
      <key>Key</key><string>sync</string><key>DefaultValue</key><true/></dict>
      """
    switch root {
    case .doesNotParse:
      try bundle.write("Root.plist", page)
    case .linksOutOfTheBundle:
      let outside = bundle.folder.appendingPathComponent("Outside.plist")
      try Data((page + "</array></dict></plist>\n").utf8).write(to: outside)
      try FileManager.default.createSymbolicLink(
        atPath: bundle.url.appendingPathComponent("Root.plist").path,
        withDestinationPath: outside.path)
    }
    return bundle
  }

  @Test(arguments: Root.allCases, commands)
  func theCommandNamesThePageAndFails(root: Root, command: [String]) throws {
    let bundle = try Self.bundle(root)
    defer { bundle.remove() }
    let store = bundle.folder.appendingPathComponent("defaults").path
    try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true)
    var arguments = command + [bundle.path]
    if command == ["diff"] { arguments.append(bundle.path) }
    if command.first == "edit" || command.first == "defaults" {
      arguments += ["--defaults-dir", store]
    }
    if command == ["generate", "swift"] || command.contains("export") {
      arguments += ["--output", bundle.folder.appendingPathComponent("out").path]
    }
    let result = PrefsBinary.run(arguments)
    #expect(result.code == 1, "\(arguments): \(result.code) \(result.errors)")
    // lint prints its findings on standard output, the others on standard error.
    let said = command == ["lint"] ? result.output : result.errors
    #expect(said.contains("Root.plist"), "\(arguments): \(said)")
    if root == .linksOutOfTheBundle {
      #expect(said.contains("leaves the bundle"), "\(arguments): \(said)")
    }
    #expect(!result.errors.contains("not a Settings bundle"), "\(arguments)")
    #expect(!result.output.contains("Nothing to show"), "\(arguments)")
    #expect(!FileManager.default.fileExists(atPath: store + "/com.example.unread.plist"))
  }
}
