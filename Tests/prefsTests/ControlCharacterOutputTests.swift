import CodeGeneration
import Foundation
import Plist
import TestSupport
import Testing

/// Names from the file system (the bundle folder, `.lproj` folders, page and
/// table files, defaults domains) and from the bundle's plists reach every
/// command's output only escaped: no control character (C0 but line feeds,
/// DEL, C1, bidi overrides) ever reaches the terminal raw, in any format.
struct ControlCharacterOutputTests {
  /// The characters a hostile name is made of: every C0 control, DEL, C1,
  /// bidi overrides and line separators, and a few ordinary letters.
  static let hostile: [Character] =
    (0x00...0x1F).compactMap { Unicode.Scalar($0).map(Character.init) }
    + (0x7F...0x9F).compactMap { Unicode.Scalar($0).map(Character.init) }
    + ["\u{200E}", "\u{202E}", "\u{2066}", "\u{2028}", "\u{1B}", "\u{1B}", "a", "é", "[", "]"]

  static func name(using generator: inout some RandomNumberGenerator) -> String {
    let letters = (0..<Int.random(in: 1...4, using: &generator)).map { _ in
      hostile.randomElement(using: &generator) ?? "\u{1B}"
    }
    // NUL and '/' cannot be in a file name; a name stays a name.
    return String(letters.filter { $0 != "\u{0}" && $0 != "/" })
  }

  /// A line with every character that must be escaped escaped is unchanged by escaping.
  static func rawControlCharacters(in text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).compactMap { line in
      let line = String(line)
      return line.escapingControlCharacters == line ? nil : line.escapingControlCharacters
    }
  }

  /// OpenStep text for a string (the format that can hold any character).
  static func quoted(_ text: String) -> String { StringsWriter.quoted(text) }

  struct HostileBundle {
    let folder: URL
    let bundle: String
    let defaults: String
    let page: String
    let language: String
    /// The app's sources, for `lint --sources`: a file with a hostile name
    /// that reads the bundle's hostile key.
    let sources: String

    init() throws {
      folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "prefs-ctl-\(UUID().uuidString)")
      let n = { (prefix: String, generator: inout SystemRandomNumberGenerator) in
        prefix + ControlCharacterOutputTests.name(using: &generator)
      }
      var system = SystemRandomNumberGenerator()
      bundle = folder.appendingPathComponent(n("S", &system) + ".bundle").path
      defaults = folder.appendingPathComponent("defaults").path
      page = n("P", &system)
      language = n("de", &system)
      let table = n("T", &system)
      let unreached = n("U", &system)
      let broken = n("B", &system)
      let key = n("k", &system)
      sources = folder.appendingPathComponent(n("App", &system)).path
      try FileManager.default.createDirectory(atPath: sources, withIntermediateDirectories: true)
      try Data(
        "let on = UserDefaults.standard.integer(forKey: \(SwiftLiteral.string(key)))\n".utf8
      ).write(to: URL(fileURLWithPath: sources + "/" + n("Reader", &system) + ".swift"))
      let files: [(String, String)] = [
        (
          "Root.plist",
          """
          { PreferenceSpecifiers = (
            { Type = PSGroupSpecifier; Title = \(quoted(n("G", &system))); FooterText = \(quoted(n("F", &system))); },
            { Type = PSChildPaneSpecifier; Title = \(quoted(n("C", &system))); File = \(quoted(page)); },
            { Type = PSTextFieldSpecifier; Key = \(quoted(key)); Title = \(quoted(n("T", &system))); DefaultValue = \(quoted(n("v", &system))); },
            { Type = \(quoted(n("PSNope", &system))); Key = \(quoted(key)); }
          ); StringsTable = Root; }
          """
        ),
        (
          page + ".plist",
          "{ PreferenceSpecifiers = ({ Type = PSGroupSpecifier; Title = \(quoted(n("x", &system))); }); StringsTable = \(quoted(table)); }"
        ),
        (unreached + ".plist", "{ PreferenceSpecifiers = (); }"),
        ("en.lproj/Root.strings", "\(quoted(n("G", &system))) = \(quoted(n("g", &system)));"),
        (
          language + ".lproj/Root.strings",
          "\(quoted(n("z", &system))) = \(quoted(n("y", &system)));"
        ),
        (language + ".lproj/" + table + ".strings", "\"a\" = \"b\";"),
        (broken + ".lproj/Root.strings", "\"a\" = \(quoted(n("q", &system)))"),
      ]
      for (path, text) in files {
        let url = URL(fileURLWithPath: bundle).appendingPathComponent(path)
        try FileManager.default.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
      }
      try FileManager.default.createDirectory(atPath: defaults, withIntermediateDirectories: true)
      try Data(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?><plist version=\"1.0\"><dict/></plist>".utf8
      ).write(to: URL(fileURLWithPath: defaults + "/com.example\(n("d", &system)).plist"))
      // A domain whose keys and values hold them too.
      let values: [String: Any] = [
        n("k", &system): n("v", &system), n("a", &system): [n("x", &system)],
        n("d", &system): [n("y", &system): n("z", &system)],
      ]
      try PropertyListSerialization.data(fromPropertyList: values, format: .binary, options: 0)
        .write(to: URL(fileURLWithPath: defaults + "/com.example.hostile.plist"))
    }

    static let conversor = Paths.examples.appendingPathComponent("Conversor/Settings.bundle").path

    var commands: [[String]] {
      [
        ["dump", bundle], ["dump", bundle, "--format", "json"],
        ["lint", bundle], ["lint", bundle, "--format", "json"],
        ["lint", bundle, "--format", "github"], ["lint", bundle, "--format", "sarif"],
        ["lint", bundle, "--format", "junit"],
        ["strings", "status", bundle], ["strings", "missing", bundle, "--lang", language],
        ["strings", "missing", bundle, "--lang", language, "--format", "json"],
        ["strings", "export", bundle, "--lang", "de"],
        ["strings", "export", bundle, "--format", "xcstrings"],
        ["strings", "sync", bundle, "--dry-run"],
        ["strings", "format", bundle, "--dry-run"],
        ["render", bundle, "--domain", "com.example.x", "--defaults-dir", defaults],
        [
          "render", bundle, "--domain", "com.example.x", "--defaults-dir", defaults, "--page",
          page,
        ],
        [
          "render", bundle, "--domain", "com.example.x", "--defaults-dir", defaults, "--lang",
          language,
        ],
        ["defaults", "domains", "--defaults-dir", defaults],
        ["defaults", "read", "com.example.hostile", "--defaults-dir", defaults],
        ["defaults", "read", "com.example.hostile", "--json", "--defaults-dir", defaults],
        ["defaults", "export", "com.example.hostile", "-", "--defaults-dir", defaults],
        [
          "defaults", "register", "com.example.hostile", "--bundle", bundle, "--defaults-dir",
          defaults,
        ],
        ["strings", "status", bundle + "/" + page + ".plist"],
        ["lint", bundle, "--fix", "--dry-run"],
        ["lint", bundle, "--fix", "--dry-run", "--format", "json"],
        ["lint", bundle, "--sources", sources],
        ["lint", bundle, "--sources", sources, "--format", "json"],
        ["generate", "swift", bundle, "-o", folder.appendingPathComponent("Out.swift").path],
        ["diff", Self.conversor, bundle], ["diff", bundle, Self.conversor, "--format", "json"],
        ["diff", Self.conversor, bundle, "--format", "markdown"],
        ["diff", bundle, Self.conversor, "--format", "github"],
        [
          "defaults", "migrate", "com.example.hostile", "--from", bundle, "--to", Self.conversor,
          "--dry-run", "--drop-removed", "--defaults-dir", defaults,
        ],
      ]
    }
  }

  @Test func randomNamesNeverReachTheTerminalRaw() throws {
    for _ in 0..<12 {
      let hostile = try HostileBundle()
      defer { try? FileManager.default.removeItem(at: hostile.folder) }
      for command in hostile.commands {
        let result = DumpTests.run(command)
        let shown = command.map(\.escapingControlCharacters).joined(separator: " ")
        #expect(Self.rawControlCharacters(in: result.output).isEmpty, "stdout of \(shown)")
        #expect(Self.rawControlCharacters(in: result.errors).isEmpty, "stderr of \(shown)")
        if ["diff", "generate", "migrate"].contains(command[0]) || command.contains("--sources")
          || command.contains("migrate")
        {
          #expect(result.code != 2, "\(shown) is run, not refused: \(result.errors)")
        }
      }
      // The line-by-line form, as a process reading answers from a pipe.
      let process = Process()
      process.executableURL = EndToEndTests.binary
      process.arguments = [
        "edit", hostile.bundle, "--plain", "--domain", "com.example.hostile", "--defaults-dir",
        hostile.defaults,
      ]
      let input = Pipe()
      let output = Pipe()
      process.standardInput = input
      process.standardOutput = output
      process.standardError = output
      try process.run()
      try input.fileHandleForWriting.close()
      let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      #expect(!text.isEmpty)
      #expect(Self.rawControlCharacters(in: text).isEmpty, "edit --plain")
    }
  }
}
