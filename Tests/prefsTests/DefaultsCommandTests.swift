import Foundation
import Plist
import TestSupport
import Testing

/// `prefs defaults` as the built binary runs it: values, refusals, exit codes, files untouched.
struct DefaultsCommandTests {
  let directory: String

  init() throws {
    directory =
      FileManager.default.temporaryDirectory.appendingPathComponent(
        "prefs-cli-\(UUID().uuidString)"
      ).path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  }

  func run(_ arguments: [String]) -> PrefsBinary.Run {
    PrefsBinary.run(["defaults"] + arguments + ["--defaults-dir", directory])
  }

  var file: String { directory + "/com.example.app.plist" }
  var bytes: Data? { FileManager.default.contents(atPath: file) }

  @Test(arguments: [
    (["-bool", "true"], "true"), (["-bool", "no"], "false"), (["-int", "-5"], "-5"),
    (["-float", "0.7"], "0.7"), (["-string", "hé"], "hé"), (["plain text"], "plain text"),
    (["-date", "2026-11-22T10:00:00Z"], "2026-11-22T10:00:00Z"), (["-data", "0fbd77"], "<0fbd77>"),
    (["-date", "2026-11-22"], "2026-11-22T00:00:00Z"),
    (["-date", "2024-02-29"], "2024-02-29T00:00:00Z"), (["-data", "0F BD"], "<0fbd>"),
  ])
  func writeThenReadPrintsTheValueBare(value: [String], shown: String) {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    #expect(run(["write", "com.example.app", "key"] + value).code == 0)
    let read = run(["read", "com.example.app", "key"])
    #expect(read.code == 0)
    #expect(read.output == shown + "\n")
  }

  @Test func containersAndJSON() {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    #expect(run(["write", "com.example.app", "list", "-array", "a", "b c"]).code == 0)
    #expect(run(["write", "com.example.app", "map", "-dict", "k", "v"]).code == 0)
    #expect(run(["read", "com.example.app", "list"]).output == "(\n    a,\n    \"b c\"\n)\n")
    let json = run(["read", "com.example.app", "--json"])
    #expect(
      json.output
        == "{\n  \"list\": [\n    \"a\",\n    \"b c\"\n  ],\n  \"map\": {\n    \"k\": \"v\"\n  }\n}\n"
    )
  }

  @Test(arguments: [
    (["-int", "3.5"], 2, "is not an integer"), (["-int", "99999999999999999999"], 2, "64 bits"),
    (["-bool", "maybe"], 2, "is not a boolean"), (["-date", "yesterday"], 2, "is not a date"),
    (["-data", "0fb"], 2, "is not hex data"), (["-dict", "k"], 2, "in pairs"),
    (["-float", "nan"], 2, "finite"), ([String](), 2, "give a value"),
    (["-int", "1", "-bool"], 2, "give one type flag: -int and -bool"),
    (["-data", "００"], 2, "is not hex data"),
    (["-date", "2026-02-30"], 2, "month 2 of 2026 has 28 days"),
    (["-date", "2026-11-22T25:00:00Z"], 2, "is not a date"),
  ])
  func badValuesAreRefusedAndNothingIsWritten(value: [String], code: Int32, message: String) {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    #expect(run(["write", "com.example.app", "keep", "-int", "1"]).code == 0)
    let before = bytes
    let result = run(["write", "com.example.app", "key"] + value)
    #expect(result.code == code, "\(result.errors)")
    #expect(result.errors.contains(message))
    #expect(bytes == before)
  }

  static let showcase = "Examples/Showcase/Settings.bundle"

  @Test(arguments: [
    ("volume_preference", "0.7", "0.7"), ("volume_preference", "1", "1.0"),
    ("units_preference", "imperial", "imperial"), ("units_preference", "on", "metric"),
    ("dark_mode_preference", "off", "false"), ("quality_preference", "medium", "medium"),
    ("quality_preference", "QUALITY_LOW", "low"), ("theme_preference", "1", "1"),
    ("name_preference", "Zé", "Zé"),
  ])
  func theBundleConvertsAndChecks(key: String, value: String, stored: String) {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let result = run(["write", "com.example.app", key, value, "--bundle", Self.showcase])
    #expect(result.code == 0, "\(result.errors)")
    #expect(run(["read", "com.example.app", key]).output == stored + "\n")
  }

  @Test(arguments: [
    ("volume_preference", ["1.5"], "outside"), ("volume_preference", ["loud"], "give a number"),
    ("quality_preference", ["ultra"], "takes one of"),
    ("dark_mode_preference", ["perhaps"], "toggle"),
    ("nosuchkey", ["1"], "stores the key"), ("volume_preference", ["-string", "x"], "slider"),
    ("theme_preference", ["-string", "1"], "takes one of"),
  ])
  func theBundleRefusesWhatDoesNotFit(key: String, value: [String], message: String) {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let result = run(["write", "com.example.app", key] + value + ["--bundle", Self.showcase])
    #expect(result.code == 1, "\(result.errors)")
    #expect(result.errors.contains(message), "\(result.errors)")
    #expect(bytes == nil, "nothing written")
  }

  @Test func corruptDomainFilesAreLeftAloneUnlessForced() throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let garbage = Data("{ not = closed".utf8)
    try garbage.write(to: URL(fileURLWithPath: file))
    let refused = run(["write", "com.example.app", "k", "v"])
    #expect(refused.code == 1)
    #expect(refused.errors.contains("com.example.app.plist"))
    #expect(refused.errors.contains("(use --force to move it aside and start anew)"))
    #expect(bytes == garbage)
    let forced = run(["write", "com.example.app", "k", "v", "--force"])
    #expect(forced.code == 0)
    #expect(forced.errors.contains(".corrupt-"))
    #expect(run(["read", "com.example.app", "k"]).output == "v\n")
  }

  @Test func deleteDomainsExportImportRegister() throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    #expect(run(["write", "com.example.app", "a", "1"]).code == 0)
    #expect(run(["write", "com.example.other", "b", "-int", "2"]).code == 0)
    #expect(run(["domains"]).output == "com.example.app\ncom.example.other\n")
    let exported = run(["export", "com.example.other", "-"])
    #expect(exported.output.contains("<key>b</key>\n\t<integer>2</integer>"))
    let copy = directory + "/copy.plist"
    #expect(run(["export", "com.example.other", copy]).code == 0)
    #expect(run(["import", "com.example.app", copy]).code == 0)
    #expect(run(["read", "com.example.app", "b"]).output == "2\n")
    #expect(run(["read", "com.example.app", "a"]).code == 1, "import replaces the values")
    #expect(run(["delete", "com.example.app", "b"]).code == 0)
    #expect(run(["delete", "com.example.app", "b"]).code == 1)
    #expect(run(["delete", "com.example.app"]).code == 0)
    #expect(run(["read", "com.example.app"]).code == 1, "the domain is gone")
    #expect(!run(["domains"]).output.contains("com.example.app\n"))
    let register = run(["register", "com.example.app", "--bundle", Self.showcase])
    #expect(register.code == 0)
    #expect(register.output.contains("volume_preference = 0.5;"))
    #expect(run(["read", "com.example.app", "volume_preference"]).code == 1, "shown, not written")
    #expect(run(["register", "com.example.app", "--bundle", Self.showcase, "--apply"]).code == 0)
    #expect(run(["read", "com.example.app", "volume_preference"]).output == "0.5\n")
  }

  @Test(arguments: ["", "a/b", "..", ".x"])
  func badDomainNamesAreUsageErrors(domain: String) {
    let result = run(["write", domain, "k", "v"])
    #expect(result.code == 2)
    #expect(result.errors.contains("invalid domain name"))
  }

  @Test func aDirectoryWhereTheFileBelongsIsRefused() throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try FileManager.default.createDirectory(atPath: file, withIntermediateDirectories: true)
    let result = run(["write", "com.example.app", "k", "v"])
    #expect(result.code == 1)
    #expect(result.errors.contains("a directory stands where the domain file belongs"))
  }

  /// `--defaults-dir` with a typo is a usage error naming the folder, and
  /// nothing is created (only the default location is made when missing).
  @Test func aMissingDefaultsFolderIsNotCreated() {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let typo = directory + "/typo/config"
    let result = PrefsBinary.run([
      "defaults", "write", "com.example.app", "k", "v", "--defaults-dir", typo,
    ])
    #expect(result.code == 2)
    #expect(
      result.errors.contains(typo) && result.errors.contains("does not exist"), "\(result.errors)")
    #expect(!FileManager.default.fileExists(atPath: directory + "/typo"))
  }

  /// A domain file linked from a dotfiles folder is read through the link.
  @Test func readFollowsALinkedDomainFile() throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let dotfiles = directory + "/dotfiles"
    #expect(run(["write", "com.example.app", "k", "-int", "7"]).code == 0)
    try FileManager.default.createDirectory(atPath: dotfiles, withIntermediateDirectories: true)
    try FileManager.default.moveItem(atPath: file, toPath: dotfiles + "/app.plist")
    try FileManager.default.createSymbolicLink(
      atPath: file, withDestinationPath: "dotfiles/app.plist")
    let read = run(["read", "com.example.app", "k"])
    #expect(read.code == 0, "\(read.errors)")
    #expect(read.output == "7\n")
    #expect(run(["write", "com.example.app", "k", "-int", "8"]).code == 0)
    #expect(run(["read", "com.example.app", "k"]).output == "8\n")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: file) == "dotfiles/app.plist")
  }

  /// An import larger than the reader takes is refused from its size, not read whole.
  @Test func aHugeImportIsRefusedBeforeItIsRead() throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    #expect(run(["write", "com.example.app", "keep", "-int", "1"]).code == 0)
    let before = bytes
    let huge = directory + "/huge.plist"
    let descriptor = open(huge, O_WRONLY | O_CREAT, 0o600)
    #expect(ftruncate(descriptor, 2 << 30) == 0)
    close(descriptor)
    let started = Date()
    for input in [huge, "/dev/zero"] {
      let result = run(["import", "com.example.app", input])
      #expect(result.code == 1)
      #expect(result.errors.contains("larger than the 67108864 bytes"), "\(result.errors)")
    }
    #expect(Date().timeIntervalSince(started) < 5)
    #expect(bytes == before)
  }

  /// What an import stores reads back: a value nested to the reader's depth
  /// limit (the domain adds a level), or one that shared references expand past
  /// the reader's size, is refused with the domain byte for byte as it was,
  /// never stored and then unreadable.
  @Test(arguments: (ReadLimits.standard.maximumDepth - 4)...(ReadLimits.standard.maximumDepth + 1))
  func anImportIsStoredOnlyWhenItReadsBack(levels: Int) throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    #expect(run(["write", "com.example.app", "keep", "-int", "1"]).code == 0)
    let before = bytes
    var value = PlistValue.string("leaf")
    for level in 0..<levels {
      value = level.isMultiple(of: 2) ? .array([value]) : .dictionary(["k": value])
    }
    let input = directory + "/deep.plist"
    let unlimited = ReadLimits(maximumDepth: 1_000)
    try Data(XMLPlistWriter.write(.dictionary(["deep": value]), limits: unlimited)).write(
      to: URL(fileURLWithPath: input))
    let imported = run(["import", "com.example.app", input])
    if imported.code == 0 {
      // An import replaces the domain, as macOS's does: what it stored reads back.
      #expect(run(["read", "com.example.app"]).code == 0)
      #expect(run(["read", "com.example.app", "deep"]).code == 0)
    } else {
      #expect(imported.code == 1)
      #expect(imported.errors.contains("levels"), "\(imported.errors)")
      #expect(bytes == before)
    }
  }

  @Test func anImportThatExpandsPastTheReadersSizeIsRefused() throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    #expect(run(["write", "com.example.app", "keep", "-int", "1"]).code == 0)
    let before = bytes
    // 600 arrays of 1,000 references to one 150-byte string: a binary plist of
    // about 1 MB (within the reader's value budget) whose XML is about 90 MB,
    // over the 64 MiB the reader takes.
    let chunk = String(repeating: "x", count: 150)
    let row = Array(repeating: chunk, count: 1_000)
    let input = directory + "/bomb.plist"
    try PropertyListSerialization.data(
      fromPropertyList: ["big": Array(repeating: row, count: 600)], format: .binary, options: 0
    ).write(to: URL(fileURLWithPath: input))
    let imported = run(["import", "com.example.app", input])
    #expect(imported.code == 1)
    #expect(bytes == before)
    #expect(run(["read", "com.example.app", "keep"]).output == "1\n")
  }
}
