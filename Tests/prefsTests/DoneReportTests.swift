import Foundation
import TestSupport
import Testing

/// A command that changes files says what it did in one line, on standard
/// error (standard output stays for data, and `-o` may name it), and
/// `--quiet` leaves the line out: a silent success is never mistaken for a no-op.
struct DoneReportTests {
  let folder: String

  init() throws {
    folder =
      FileManager.default.temporaryDirectory.appendingPathComponent(
        "prefs-done-\(UUID().uuidString)"
      ).path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  func defaults(_ arguments: [String]) -> PrefsBinary.Run {
    DumpTests.run(["defaults"] + arguments + ["--defaults-dir", folder])
  }

  /// Each step of a session, with the line it prints.
  @Test func defaultsCommandsSayWhatTheyDid() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let json = folder + "/in.json"
    try Data(#"{"a": 1, "b": true}"#.utf8).write(to: URL(fileURLWithPath: json))
    let steps: [([String], String)] = [
      (["write", "com.x", "k", "-int", "1"], "wrote k to com.x"),
      (
        ["write", "com.x", "k", "-int", "1"],
        "nothing to change: k of com.x already holds that value"
      ),
      (["delete", "com.x", "k"], "deleted k from com.x"),
      (["import", "com.x", json], "imported com.x: 2 values changed"),
      (["import", "com.x", json], "nothing to change: com.x already holds those values"),
      (["rename", "com.x", "a", "c"], "renamed a to c in com.x"),
      (
        ["export", "com.x", folder + "/out.plist"], "wrote 2 values of com.x to \(folder)/out.plist"
      ),
      (["delete", "com.x"], "deleted 2 values of com.x"),
      (["delete", "com.x"], "nothing to change: com.x holds no values"),
    ]
    for (arguments, line) in steps {
      let result = defaults(arguments)
      #expect(result.code == 0, "\(arguments): \(result.errors)")
      // Standard output stays for data: the line goes to standard error.
      #expect(result.output.isEmpty, "\(arguments)")
      #expect(result.errors == line + "\n", "\(arguments)")
    }
  }

  @Test(arguments: [
    ["write", "com.x", "k", "-int", "2", "--quiet"], ["delete", "com.x", "--quiet"],
  ])
  func quietSaysNothing(arguments: [String]) {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let result = defaults(arguments)
    #expect(result.code == 0)
    #expect(result.output.isEmpty)
    #expect(result.errors.isEmpty)
  }

  @Test func stringsAndGenerateSayWhatTheyWrote() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let bundle = Paths.repository.appendingPathComponent(DumpTests.showcase).path
    let xliff = folder + "/fr.xliff"
    let swift = folder + "/Settings.swift"
    let export = DumpTests.run(["strings", "export", bundle, "--lang", "fr", "-o", xliff])
    #expect(export.output.isEmpty, "-o carries the file alone: the done line is on standard error")
    let units =
      try String(contentsOfFile: xliff, encoding: .utf8)
      .components(separatedBy: "<trans-unit ").count - 1
    #expect(export.errors == "wrote \(units) units to \(xliff)\n")
    #expect(
      DumpTests.run(["strings", "sync", bundle, "--dry-run"]).errors == "nothing to change\n")
    #expect(
      DumpTests.run(["generate", "swift", bundle, "-o", swift]).errors == "wrote \(swift)\n")
    #expect(
      DumpTests.run(["generate", "swift", bundle, "-o", swift]).errors
        == "nothing to change: \(swift) is up to date\n")
    #expect(DumpTests.run(["generate", "swift", bundle, "-o", swift, "--quiet"]).errors.isEmpty)
  }

  @Test func registerSaysWhatItStored() {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let bundle = Paths.repository.appendingPathComponent(DumpTests.showcase).path
    let first = defaults(["register", "com.x", "--bundle", bundle, "--apply"])
    #expect(first.code == 0)
    #expect(first.errors.hasPrefix("registered ") && first.errors.hasSuffix(" values in com.x\n"))
    let again = defaults(["register", "com.x", "--bundle", bundle, "--apply"])
    #expect(again.errors == "nothing to change: com.x holds every default already\n")
  }

  /// `--quiet` also leaves out the list of the tables a strings command wrote.
  @Test func quietStringsCommandsListNothing() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let copy = folder + "/Settings.bundle"
    try FileManager.default.copyItem(
      atPath: Paths.repository.appendingPathComponent(DumpTests.showcase).path, toPath: copy)
    let loud = DumpTests.run(["strings", "add-language", copy, "fr"])
    #expect(loud.code == 0 && loud.output.contains("fr.lproj/"))
    let quiet = DumpTests.run(["strings", "add-language", copy, "de", "--quiet"])
    #expect(quiet.code == 0 && quiet.output.isEmpty && quiet.errors.isEmpty)
    #expect(FileManager.default.fileExists(atPath: copy + "/de.lproj/Root.strings"))
  }
}
