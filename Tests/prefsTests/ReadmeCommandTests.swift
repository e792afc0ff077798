import Foundation
import TestSupport
import Testing

/// Every command of the documentation works as written, in README.md,
/// CONTRIBUTING.md and every Markdown file under Documentation/ (found, not
/// listed, so a new page is covered the day it is added):
///
/// - each `swift run prefs …` line runs from the repository (exit 0, or 1
///   where the example lints a broken bundle on purpose, never a usage error);
/// - each `$ prefs …` transcript prints exactly what the page shows;
/// - each `prefs …` line of a `sh` block that names `App/Settings.bundle`
///   (a quick start on the reader's own bundle) runs in a scratch git
///   repository whose `App/` is a copy of `Examples/Showcase`, committed, so
///   `HEAD:App/Settings.bundle` names it too. Other `prefs …` lines are
///   synopses, with placeholders, and are not run.
///
/// Commands run the built binary with the defaults folder in a temporary
/// directory. `prefs edit` needs a terminal: EditInTmuxTests runs it in one.
struct ReadmeCommandTests {
  /// The bundle a quick start names for the reader's own.
  static let placeholder = "App/Settings.bundle"

  /// A command of a page, with the place it stands on.
  struct Command: Sendable, CustomTestStringConvertible {
    var file: String
    var line: Int
    var arguments: [String]
    /// The output the page shows after a `$ prefs` line; nil for a plain command.
    var shownOutput: String?
    /// Folders a `mkdir -p` line made earlier in the same block.
    var folders: [String] = []
    /// The block's earlier commands, run first: a block is a sequence
    /// (`--write-baseline` before `--baseline`).
    var preceding: [[String]] = []
    /// Copies a `cp -R SOURCE DESTINATION` line made earlier in the same block.
    var copies: [[String]] = []
    /// Runs in a scratch project holding `App/Settings.bundle`, not in the repository.
    var onOwnBundle = false
    var testDescription: String { "\(file):\(line): prefs \(arguments.joined(separator: " "))" }
  }

  /// README.md, CONTRIBUTING.md and the Markdown files under Documentation/,
  /// as paths relative to the repository.
  static let documents: [String] = {
    let pages = Paths.files(
      under: Paths.repository.appendingPathComponent("Documentation"), extensions: ["md"])
    return ["README.md", "CONTRIBUTING.md"] + pages.map { "Documentation/" + $0 }
  }()

  static let commands: [Command] = documents.flatMap { commands(in: $0) }

  static func commands(in file: String) -> [Command] {
    let url = Paths.repository.appendingPathComponent(file)
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
    let lines = text.components(separatedBy: "\n")
    var commands: [Command] = []
    var index = 0
    var inBlock = false
    var isShell = false
    var folders: [String] = []
    var preceding: [[String]] = []
    var ownPreceding: [[String]] = []
    var copies: [[String]] = []
    while index < lines.count {
      let line = lines[index]
      if line.hasPrefix("```") {
        inBlock.toggle()
        isShell = inBlock && line == "```sh"
        folders = []
        preceding = []
        ownPreceding = []
        copies = []
        index += 1
        continue
      }
      if inBlock, line.hasPrefix("mkdir -p ") {
        folders += shellWords(String(line.dropFirst("mkdir -p ".count)))
      } else if inBlock, line.hasPrefix("cp -R ") {
        copies.append(shellWords(String(line.dropFirst("cp -R ".count))))
      } else if inBlock, line.hasPrefix("swift run prefs ") {
        let words = shellWords(String(line.dropFirst("swift run prefs ".count)))
        if words.first != "edit" {
          commands.append(
            Command(
              file: file, line: index + 1, arguments: words, folders: folders,
              preceding: preceding, copies: copies))
          preceding.append(words)
        }
      } else if isShell, line.hasPrefix("prefs ") {
        let words = shellWords(String(line.dropFirst("prefs ".count)))
        if words.first != "edit",
          words.contains(where: { $0.hasPrefix(placeholder) })
            || words.contains(where: { $0.hasSuffix(":" + placeholder) })
        {
          commands.append(
            Command(
              file: file, line: index + 1, arguments: words, preceding: ownPreceding,
              onOwnBundle: true))
          ownPreceding.append(words)
        }
      } else if inBlock, line.hasPrefix("$ prefs ") {
        var output: [String] = []
        var next = index + 1
        while next < lines.count, !lines[next].hasPrefix("```") {
          output.append(lines[next])
          next += 1
        }
        commands.append(
          Command(
            file: file, line: index + 1,
            arguments: shellWords(String(line.dropFirst("$ prefs ".count))),
            shownOutput: output.joined(separator: "\n") + "\n"))
        index = next
        continue
      }
      index += 1
    }
    return commands
  }

  /// Words as a POSIX shell splits them: quotes and backslashes, no expansion;
  /// a `#` starting a word starts a comment.
  static func shellWords(_ text: String) -> [String] {
    var words: [String] = []
    var current = ""
    var inWord = false
    var quote: Character?
    var escaped = false
    for character in text {
      if escaped {
        current.append(character)
        escaped = false
      } else if let open = quote {
        if character == open { quote = nil } else { current.append(character) }
      } else if character == "\\" {
        escaped = true
        inWord = true
      } else if character == "\"" || character == "'" {
        quote = character
        inWord = true
      } else if character == " " || character == "\t" {
        if inWord { words.append(current) }
        current = ""
        inWord = false
      } else if character == "#", !inWord {
        break
      } else {
        current.append(character)
        inWord = true
      }
    }
    if inWord { words.append(current) }
    return words
  }

  @Test func theDocumentationHasCommandsAndTranscripts() {
    #expect(Self.documents.contains("Documentation/lint.md"))
    #expect(Self.commands.count >= 10)
    #expect(Self.commands.contains { $0.shownOutput != nil })
    #expect(Self.commands.contains { $0.onOwnBundle })
    #expect(Self.shellWords(#"a "b c" 'd' e\ f # g"#) == ["a", "b c", "d", "e f"])
  }

  /// The front door stays small: what does not help a newcomer choose and
  /// start belongs in Documentation/.
  @Test func theReadmeIsAFrontDoor() throws {
    let readme = try Data(contentsOf: Paths.repository.appendingPathComponent("README.md"))
    #expect(readme.count <= 12 * 1024, "README.md is \(readme.count) bytes")
  }

  /// A scratch git repository whose `App/` is a copy of `Examples/Showcase`,
  /// committed: the reader's own project, as a quick start sees it.
  static func ownProject(in folder: URL) throws {
    let app = folder.appendingPathComponent("App")
    try FileManager.default.copyItem(
      at: Paths.examples.appendingPathComponent("Showcase"), to: app)
    let git = URL(fileURLWithPath: "/usr/bin/git")
    let environment = [
      "PATH": "/usr/bin:/bin", "HOME": folder.path, "GIT_CONFIG_NOSYSTEM": "1",
      "GIT_AUTHOR_NAME": "prefs", "GIT_AUTHOR_EMAIL": "prefs@example.com",
      "GIT_COMMITTER_NAME": "prefs", "GIT_COMMITTER_EMAIL": "prefs@example.com",
    ]
    for arguments in [
      ["init", "-q", "-b", "main"], ["add", "App"], ["commit", "-q", "-m", "App"],
    ] {
      let result = try ChildProcess.run(git, arguments, environment: environment, in: folder)
      #expect(result.status == 0, "git \(arguments.joined(separator: " ")): \(result.errors)")
    }
  }

  @Test(arguments: commands)
  func worksAsWritten(_ command: Command) throws {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-readme-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: home) }
    var directory = Paths.repository
    if command.onOwnBundle {
      directory = home.appendingPathComponent("project")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try Self.ownProject(in: directory)
    }
    for folder in command.folders {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }
    for copy in command.copies where copy.count == 2 {
      try? FileManager.default.removeItem(atPath: copy[1])
      try FileManager.default.copyItem(
        at: Paths.repository.appendingPathComponent(copy[0]), to: URL(fileURLWithPath: copy[1]))
    }
    defer {
      for copy in command.copies where copy.count == 2 {
        try? FileManager.default.removeItem(atPath: copy[1])
      }
    }
    let environment = [
      "PATH": "/usr/bin:/bin", "HOME": home.path, "XDG_CONFIG_HOME": home.path,
      "LANG": "en_US.UTF-8",
    ]
    for earlier in command.preceding {
      _ = try ChildProcess.run(
        EndToEndTests.binary, earlier, environment: environment, in: directory)
    }
    let result = try ChildProcess.run(
      EndToEndTests.binary, command.arguments, environment: environment, in: directory)
    if let shown = command.shownOutput {
      #expect(result.output == shown, "\(command.testDescription)\n\(result.errors)")
    } else {
      #expect(
        result.status == 0 || result.status == 1, "\(command.testDescription): \(result.errors)")
      #expect(!result.errors.contains("Usage:"), "\(result.errors)")
    }
  }
}
