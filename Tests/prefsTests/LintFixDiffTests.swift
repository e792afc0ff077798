import Foundation
import TestSupport
import Testing

/// `prefs lint --fix --dry-run` as a reader and `patch` take it: its diff,
/// applied by `patch -p1`, gives byte for byte what `--fix` writes, whatever
/// the line breaks; what remains is placed in the files on disk; a table
/// reached by two paths is fixed (and counted) once.
struct LintFixDiffTests {
  /// A bundle in a folder of its own, `x.bundle`, with fixes in a page and a
  /// table, its lines broken by `lineBreak` (`mixed`: LF and CRLF by turns).
  static func make(lineBreak: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-fixdiff-\(UUID().uuidString)")
    let bundle = folder.appendingPathComponent("x.bundle")
    func write(_ path: String, _ lines: [String]) throws {
      let url = bundle.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      var text = ""
      for (index, line) in lines.enumerated() {
        text += line + (lineBreak == "mixed" ? (index % 2 == 0 ? "\r\n" : "\n") : lineBreak)
      }
      try Data(text.utf8).write(to: url)
    }
    try write(
      "Root.plist",
      [
        #"<?xml version="1.0" encoding="UTF-8"?>"#, #"<plist version="1.0">"#, "<dict>",
        "\t<key>StringsTable</key>", "\t<string>Root</string>",
        "\t<key>PreferenceSpecifiers</key>", "\t<array>", "\t\t<dict>",
        "\t\t\t<key>Type</key>", "\t\t\t<string>PSChildPaneSpecifier</string>",
        "\t\t\t<key>Title</key>", "\t\t\t<string>Advanced</string>",
        "\t\t\t<key>Title</key>", "\t\t\t<string>Advanced</string>",
        "\t\t\t<key>File</key>", "\t\t\t<string>Advanced.plist</string>", "\t\t</dict>",
        "\t</array>", "</dict>", "</plist>",
      ])
    try write(
      "Advanced.plist",
      ["{ PreferenceSpecifiers = ({ Type = PSGroupSpecifier; Title = Sound; }); }"])
    try write(
      "en.lproj/Root.strings",
      [
        "/* Root */", #""Advanced" = "Advanced";"#, #""Advanced" = "Advanced";"#,
        #""Sound" = "Sound""#, #""Unused" = "Unused";"#,
      ])
    return folder
  }

  static func run(_ arguments: [String], in folder: URL) throws -> ChildProcess {
    try ChildProcess.run(
      EndToEndTests.binary, arguments, environment: ["PATH": "/usr/bin:/bin"], in: folder)
  }

  @Test(.enabled(if: ChildProcess.onPath("patch") != nil), arguments: ["\n", "\r\n", "mixed"])
  func patchAppliesTheDryRunDiffAsFixWrites(lineBreak: String) throws {
    let folder = try Self.make(lineBreak: lineBreak)
    defer { try? FileManager.default.removeItem(at: folder) }
    let bundle = folder.appendingPathComponent("x.bundle")
    let original = try LintFixerSnapshot.take(bundle)

    let dry = try Self.run(["lint", "x.bundle", "--fix", "--dry-run"], in: folder)
    // The diff is what comes before the list of fixes.
    let lines = dry.output.split(separator: "\n", omittingEmptySubsequences: false)
    let diff = lines.prefix { !$0.hasPrefix("x.bundle/") }.map { $0 + "\n" }.joined()
    #expect(diff.hasPrefix("--- a/x.bundle/"), "\(dry.output)")
    #expect(!diff.contains("\\r\\n") && !diff.contains("No newline"), "\(diff)")
    // A CR is never shown raw but right before a line feed.
    #expect(
      !diff.unicodeScalars.indices.contains { index in
        diff.unicodeScalars[index] == "\r"
          && diff.unicodeScalars[diff.unicodeScalars.index(after: index)] != "\n"
      })
    try Data(diff.utf8).write(to: folder.appendingPathComponent("fix.diff"))
    let patch = try ChildProcess.run(
      try #require(ChildProcess.onPath("patch")), ["-p1", "-i", "fix.diff"], in: folder)
    #expect(patch.status == 0, "\(patch.output)\(patch.errors)")
    let patched = try LintFixerSnapshot.take(bundle)

    for (path, bytes) in original { try Data(bytes).write(to: bundle.appendingPathComponent(path)) }
    let fixed = try Self.run(["lint", "x.bundle", "--fix"], in: folder)
    #expect(fixed.output.contains("4 fixes made in 2 files."), "\(fixed.output)")
    #expect(try LintFixerSnapshot.take(bundle) == patched)
    #expect(patched != original)
  }

  /// Old Mac line breaks: a line per CR, each shown ending in `\r`, and no
  /// false "No newline at end of file".
  @Test func carriageReturnsAloneEndLinesThatShowThem() throws {
    let folder = try Self.make(lineBreak: "\r")
    defer { try? FileManager.default.removeItem(at: folder) }
    let dry = try Self.run(["lint", "x.bundle", "--fix", "--dry-run"], in: folder)
    #expect(
      dry.output.contains(
        """
        --- a/x.bundle/en.lproj/Root.strings
        +++ b/x.bundle/en.lproj/Root.strings
        @@ -1,5 +1,4 @@
         /* Root */\\r
         "Advanced" = "Advanced";\\r
        -"Advanced" = "Advanced";\\r
        -"Sound" = "Sound"\\r
        +"Sound" = "Sound";\\r
         "Unused" = "Unused";\\r

        """), "\(dry.output)")
    #expect(!dry.output.contains("No newline") && !dry.output.contains("\r"))
  }

  /// What remains after a dry run is where it is in the files on disk,
  /// as a reader (or an editor) has them, even a finding that only the
  /// fixes bring to light; after `--fix`, where it is now.
  @Test func aDryRunPlacesWhatRemainsInTheFilesOnDisk() throws {
    let folder = try Self.make(lineBreak: "\n")
    defer { try? FileManager.default.removeItem(at: folder) }
    let finding = #"note: no page shows "Unused" [unused-translation]"#
    // Found once the missing `;` is in: on line 5 of the file on disk, 4 of the fixed one.
    let dry = try Self.run(["lint", "x.bundle", "--fix", "--dry-run"], in: folder)
    #expect(dry.output.contains("x.bundle/en.lproj/Root.strings:5:1: " + finding), "\(dry.output)")
    let fixed = try Self.run(["lint", "x.bundle", "--fix"], in: folder)
    #expect(fixed.output.contains("x.bundle/en.lproj/Root.strings:4:1: " + finding))
  }

  /// Two tables that are one file by a link: one fix, one file, the link kept.
  @Test func aTableReachedTwiceIsFixedOnce() throws {
    let folder = try Self.make(lineBreak: "\n")
    defer { try? FileManager.default.removeItem(at: folder) }
    let bundle = folder.appendingPathComponent("x.bundle")
    let link = bundle.appendingPathComponent("de.lproj/Root.strings")
    try FileManager.default.createDirectory(
      at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: link.path, withDestinationPath: "../en.lproj/Root.strings")
    let dry = try Self.run(["lint", "x.bundle", "--fix", "--dry-run"], in: folder)
    #expect(dry.output.contains("4 fixes would change 2 files."), "\(dry.output)")
    #expect(dry.output.components(separatedBy: "+++ b/").count == 3)
    let fixed = try Self.run(["lint", "x.bundle", "--fix"], in: folder)
    #expect(fixed.output.contains("4 fixes made in 2 files."), "\(fixed.output)")
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: link.path)
        == "../en.lproj/Root.strings")
    let table = try String(
      contentsOf: bundle.appendingPathComponent("en.lproj/Root.strings"), encoding: .utf8)
    #expect(
      table
        == "/* Root */\n\"Advanced\" = \"Advanced\";\n\"Sound\" = \"Sound\";\n\"Unused\" = \"Unused\";\n"
    )
  }
}
