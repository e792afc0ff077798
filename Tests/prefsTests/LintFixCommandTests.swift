import Foundation
import Plist
import PropertyBased
import SettingsLint
import TestSupport
import Testing

/// `prefs lint --fix` and `--fix --dry-run`, run in-process: the diff of
/// every fixture word for word, the files written (all or none), the list
/// of what was fixed, what remains and the exit status that goes with it.
struct LintFixCommandTests {
  static let fixtures = [
    "Fixable", "missing-semicolon", "utf16-without-bom", "duplicate-key", "child-pane-extension",
    "case-only-key", "binary", "overlapping-fixes",
  ]

  static func fixture(_ name: String) -> String { "Tests/Fixtures/Fix/\(name)/Settings.bundle" }

  /// The diff, the list and what remains, word for word; the fixture is not touched.
  @Test(arguments: fixtures)
  func dryRunPrintsTheDiff(name: String) throws {
    let folder = Paths.fixtures.appendingPathComponent("Fix/\(name)/Settings.bundle")
    let before = try LintFixerSnapshot.take(folder)
    let result = DiffCommandTests.prefs(["lint", Self.fixture(name), "--fix", "--dry-run"])
    expectGolden(result.output, "fix/\(name).txt")
    #expect(result.errors.isEmpty)
    #expect(try LintFixerSnapshot.take(folder) == before, "--dry-run writes nothing")
    // The exit status is the one of what would remain.
    let remains = ["missing-semicolon", "binary"].contains(name)
    #expect(result.code == (remains ? 1 : 0))
  }

  @Test func fixWritesListsAndReportsWhatRemains() throws {
    let bundle = try LintFixerSnapshot.copy("Fixable")
    defer { bundle.remove() }
    let dry = DiffCommandTests.prefs(["lint", bundle.path, "--fix", "--dry-run"])
    let result = DiffCommandTests.prefs(["lint", bundle.path, "--fix"])
    #expect(result.code == 0, "\(result.errors)")
    let lines = result.output.split(separator: "\n").map(String.init)
    #expect(lines.count { $0.contains(": fixed: ") } == 5)
    #expect(lines.contains("5 fixes made in 4 files."))
    #expect(lines.last == "No problems in 6 files.")
    // What the dry run said would remain is what remains.
    #expect(dry.output.hasSuffix("No problems in 6 files.\n"))
    let german = try Paths.bytes(bundle.url.appendingPathComponent("de.lproj/Root.strings"))
    #expect(german.starts(with: [0xFF, 0xFE]))
    let english = try String(
      contentsOf: bundle.url.appendingPathComponent("en.lproj/Root.strings"), encoding: .utf8)
    #expect(
      english
        == "\"Display\" = \"Display\";\n\"Dark Mode\" = \"Dark Mode\";\n\"Advanced\" = \"Advanced\";\n"
    )
    // No temporary file is left beside the files written.
    let leftovers = try FileManager.default.subpathsOfDirectory(atPath: bundle.path).filter {
      $0.contains(".prefs-")
    }
    #expect(leftovers.isEmpty)
    // Again: nothing to do, nothing written.
    let snapshot = try LintFixerSnapshot.take(bundle.url)
    let again = DiffCommandTests.prefs(["lint", bundle.path, "--fix"])
    #expect(again.output == "Nothing to fix.\nNo problems in 6 files.\n")
    #expect(try LintFixerSnapshot.take(bundle.url) == snapshot)
  }

  @Test func whatRemainsDecidesTheExitStatus() throws {
    let bundle = try LintFixerSnapshot.copy("missing-semicolon")
    defer { bundle.remove() }
    let result = DiffCommandTests.prefs(["lint", bundle.path, "--fix"])
    #expect(result.code == 1)
    #expect(result.output.contains(": fixed: insert ';' at 2 places [strings-syntax]"))
    #expect(result.output.contains("de.lproj/Root.strings:1:22: error: missing ';'"))
    #expect(!result.output.contains("en.lproj/Root.strings:2:22: error"))
  }

  @Test func aMachineFormatKeepsStandardOutputToItself() throws {
    let bundle = try LintFixerSnapshot.copy("utf16-without-bom")
    defer { bundle.remove() }
    let result = DiffCommandTests.prefs([
      "lint", bundle.path, "--fix", "--dry-run", "--format", "json",
    ])
    #expect(result.code == 0)
    #expect((try? JSONSerialization.jsonObject(with: Data(result.output.utf8))) != nil)
    #expect(result.errors.contains("+++ b/"))
    #expect(result.errors.contains("would fix: add a byte order mark [strings-encoding]"))
  }

  @Test func dryRunGoesWithFix() {
    let result = DiffCommandTests.prefs(["lint", Self.fixture("Fixable"), "--dry-run"])
    #expect(result.code == 2)
    #expect(result.errors.contains("--dry-run goes with --fix"))
  }

  /// A write that fails changes no file of the bundle and lists nothing as fixed.
  @Test(.enabled(if: ReadOnlyFolder.isPossible)) func aRefusedWriteChangesNothing() throws {
    let bundle = try LintFixerSnapshot.copy("Fixable")
    defer { bundle.remove() }
    let before = try LintFixerSnapshot.take(bundle.url)
    let folder = try #require(ReadOnlyFolder(bundle.url.appendingPathComponent("en.lproj").path))
    let result = DiffCommandTests.prefs(["lint", bundle.path, "--fix"])
    folder.restore()
    #expect(result.code == 1)
    #expect(result.errors.contains("prefs: error: "))
    #expect(!result.output.contains("fixed:"))
    #expect(try LintFixerSnapshot.take(bundle.url) == before)
  }
}

/// Files of a bundle folder and copies of the fix fixtures.
enum LintFixerSnapshot {
  static func take(_ url: URL) throws -> [String: [UInt8]] {
    var files: [String: [UInt8]] = [:]
    for path in Paths.files(under: url, extensions: ["plist", "strings"]) {
      files[path] = try Paths.bytes(url.appendingPathComponent(path))
    }
    return files
  }

  static func copy(_ name: String) throws -> TemporaryBundle {
    let bundle = try TemporaryBundle()
    try FileManager.default.removeItem(at: bundle.url)
    try FileManager.default.copyItem(
      at: Paths.fixtures.appendingPathComponent("Fix/\(name)/Settings.bundle"), to: bundle.url)
    return bundle
  }
}

/// `--fix` over random bundles: tables in every encoding with keys in
/// another letter case, dropped semicolons and duplicates, pages with
/// duplicate keys and `.plist` in a child pane's File, mixed with problems
/// that have no safe fix and with files that have nothing to fix.
///
/// Whatever the mix: a file that had nothing to fix (and a binary one) is
/// not touched; after the fix, lint finds nothing left that a fix could
/// take; what remains is what the dry run said would remain; a second
/// `--fix` writes nothing.
struct LintFixPropertyTests {

  static let titles = [
    "Display", "Dark Mode", "Wi-Fi Only", "7-Bit ASCII", "Sound", "Server URL", "Größe",
  ]

  enum Encoding: CaseIterable {
    case utf8, utf16WithMark, utf16LittleEndianWithoutMark, utf16BigEndianWithoutMark, binary
  }

  /// A bundle made from a seed, with the files that have nothing to fix.
  static func make(seed: UInt64, in folder: URL) throws -> Set<String> {
    var random = SplitMix64(seed: seed)
    var clean = Set<String>()
    var titles = Self.titles.filter { _ in random.chance(60) }
    if titles.isEmpty { titles = ["Display"] }
    func write(_ path: String, _ bytes: [UInt8]) throws {
      let url = folder.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(bytes).write(to: url)
    }

    // Root.plist: a group, a toggle per title, maybe a child pane.
    var elements: [String] = []
    var pageIsClean = true
    for (index, title) in titles.enumerated() {
      var element =
        index == 0
        ? "<key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>\(title)</string>"
        : "<key>Type</key><string>PSToggleSwitchSpecifier</string><key>Title</key><string>\(title)</string>\n<key>Key</key><string>key\(index)</string><key>DefaultValue</key><true/>"
      if random.chance(15) {
        element += "\n<key>Title</key><string>\(title)</string>"
        pageIsClean = false
      }
      if random.chance(15) { element += "\n<key>DefaultValue</key><false/>" }
      elements.append(element)
    }
    if random.chance(50) {
      let written = random.chance(50) ? "Advanced.plist" : "Advanced"
      if written.hasSuffix(".plist") { pageIsClean = false }
      elements.append(
        "<key>Type</key><string>PSChildPaneSpecifier</string><key>Title</key><string>\(titles[0])</string><key>File</key><string>\(written)</string>"
      )
    }
    try write(
      "Root.plist",
      Array(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>StringsTable</key>
        \t<string>Root</string>
        \t<key>PreferenceSpecifiers</key>
        \t<array>
        \(elements.map { "\t\t<dict>\n\t\t\t\($0.replacingOccurrences(of: "\n", with: "\n\t\t\t"))\n\t\t</dict>" }.joined(separator: "\n"))
        \t</array>
        </dict>
        </plist>

        """.utf8))
    if pageIsClean { clean.insert("Root.plist") }
    try write(
      "Advanced.plist",
      Array(
        "{ PreferenceSpecifiers = ({ Type = PSGroupSpecifier; FooterText = \"Licence text\"; }); }\n"
          .utf8))
    clean.insert("Advanced.plist")

    // A table per language.
    for language in ["en", "de", "fr"] where language == "en" || random.chance(60) {
      let encoding = random.pick(Encoding.allCases)
      var isClean =
        encoding != .utf16LittleEndianWithoutMark
        && encoding != .utf16BigEndianWithoutMark
      var lines: [String] = []
      var pairs: [(String, String)] = []
      for title in titles where random.chance(85) {
        var key = title
        if random.chance(20) {
          let variant = title.lowercased() != title ? title.lowercased() : title.uppercased()
          if variant != title {
            key = variant
            isClean = false
          }
        }
        let value = "\(title) (\(language)) ✓"
        pairs.append((key, value))
        if random.chance(30) { lines.append("/* \(title) */") }
        let dropsSemicolon = random.chance(12)
        if dropsSemicolon { isClean = false }
        lines.append("\"\(key)\" = \"\(value)\"\(dropsSemicolon ? "" : ";")")
        if random.chance(12) {
          lines.append("\"\(key)\" = \"\(value)\";")
          isClean = false
        } else if random.chance(8) {
          lines.append("\"\(key)\" = \"another \(value)\";")
        }
      }
      // A missing `;` that one `;` might not repair: it stays, and so may what follows it.
      if random.chance(10) { lines.append("\"x\" = \"y\" \"z\" = \"w\";") }
      let text = lines.joined(separator: "\n") + "\n"
      let bytes: [UInt8]
      switch encoding {
      case .utf8: bytes = Array(text.utf8)
      case .utf16WithMark:
        bytes = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
      case .utf16LittleEndianWithoutMark:
        bytes = text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
      case .utf16BigEndianWithoutMark:
        bytes = text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
      case .binary:
        // Binary tables are never rewritten, whatever they hold.
        let value = PlistValue.dictionary(
          Dictionary(
            pairs.map { (PlistKey($0.0), PlistValue.string($0.1)) }, uniquingKeysWith: { $1 }))
        bytes = FoundationOracle.write(value, binary: true) ?? []
        isClean = true
      }
      let path = "\(language).lproj/Root.strings"
      try write(path, bytes)
      if isClean { clean.insert(path) }
    }
    return clean
  }

  /// The findings of a text report without their lines and columns, and its last line.
  static func findings(_ output: String, in bundle: String) -> [String] {
    let lines = output.split(separator: "\n").map(String.init)
    let found = lines.filter {
      $0.hasPrefix(bundle + "/")
        && ![": would fix: ", ": fixed: ", ": not fixed: "].contains(where: $0.contains)
    }.map { $0.replacing(/^([^:]*):\d+:\d+:/) { "\($0.output.1):" } }
    return found + lines.suffix(1)
  }

  @Test func fixTouchesOnlyWhatItFixesAndLeavesNothingToFix() async {
    await propertyCheck(count: 60, input: Gen<UInt64>.value(in: 0...UInt64.max)) { seed in
      let bundle = try TemporaryBundle()
      defer { bundle.remove() }
      let clean = try Self.make(seed: seed, in: bundle.url)
      let before = try LintFixerSnapshot.take(bundle.url)
      let initial = try Linter().lint(bundleAt: bundle.path)
      // The generator's clean files have nothing to fix.
      for diagnostic in initial.diagnostics {
        if let fix = diagnostic.fix, fix.obstacle == nil {
          #expect(!clean.contains(fix.file), "seed \(seed): \(fix.file) \(fix.summary)")
        }
      }

      let dry = DiffCommandTests.prefs(["lint", bundle.path, "--fix", "--dry-run"])
      #expect(try LintFixerSnapshot.take(bundle.url) == before, "seed \(seed): --dry-run wrote")
      let fixed = DiffCommandTests.prefs(["lint", bundle.path, "--fix"])
      let after = try LintFixerSnapshot.take(bundle.url)
      for file in clean { #expect(after[file] == before[file], "seed \(seed): \(file) changed") }

      // Nothing a fix could take is left, and what remains is what the dry run said.
      let remaining = try Linter().lint(bundleAt: bundle.path)
      #expect(
        !remaining.diagnostics.contains { $0.fix != nil && $0.fix?.obstacle == nil },
        "seed \(seed)")
      let plain = DiffCommandTests.prefs(["lint", bundle.path])
      #expect(fixed.code == plain.code && dry.code == plain.code, "seed \(seed)")
      #expect(fixed.output.hasSuffix(plain.output), "seed \(seed)")
      // The dry run places them in the files on disk, not in the fixed ones.
      #expect(
        Self.findings(dry.output, in: bundle.path) == Self.findings(plain.output, in: bundle.path),
        "seed \(seed)")

      // A second run writes nothing.
      let again = DiffCommandTests.prefs(["lint", bundle.path, "--fix"])
      #expect(!again.output.contains(": fixed: "), "seed \(seed)")
      #expect(try LintFixerSnapshot.take(bundle.url) == after, "seed \(seed)")
    }
  }
}
