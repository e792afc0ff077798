import Foundation
import TestSupport
import Testing

/// Every command of the README works as written: each `swift run prefs …`
/// line runs (exit 0, or 1 where the example lints a broken bundle on
/// purpose, never a usage error), and each `$ prefs …` transcript prints
/// exactly what the README shows. Run with the built binary, from the
/// repository, with the defaults folder in a temporary directory.
struct ReadmeCommandTests {
  /// A command of the README, with the line it stands on.
  struct Command: Sendable, CustomTestStringConvertible {
    var line: Int
    var arguments: [String]
    /// The output the README shows after a `$ prefs` line; nil for a plain command.
    var shownOutput: String?
    /// Folders a `mkdir -p` line made earlier in the same block.
    var folders: [String] = []
    /// The block's earlier commands, run first: a block is a sequence
    /// (`--write-baseline` before `--baseline`).
    var preceding: [[String]] = []
    /// Copies a `cp -R SOURCE DESTINATION` line made earlier in the same block.
    var copies: [[String]] = []
    var testDescription: String { "README.md:\(line): prefs \(arguments.joined(separator: " "))" }
  }

  static let commands: [Command] = {
    let url = Paths.repository.appendingPathComponent("README.md")
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
    let lines = text.components(separatedBy: "\n")
    var commands: [Command] = []
    var index = 0
    var inBlock = false
    var folders: [String] = []
    var preceding: [[String]] = []
    var copies: [[String]] = []
    while index < lines.count {
      let line = lines[index]
      if line.hasPrefix("```") {
        inBlock.toggle()
        folders = []
        preceding = []
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
        // The form needs a terminal; EditInTmuxTests runs it in one.
        if words.first != "edit" {
          commands.append(
            Command(
              line: index + 1, arguments: words, folders: folders, preceding: preceding,
              copies: copies))
          preceding.append(words)
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
            line: index + 1, arguments: shellWords(String(line.dropFirst("$ prefs ".count))),
            shownOutput: output.joined(separator: "\n") + "\n"))
        index = next
        continue
      }
      index += 1
    }
    return commands
  }()

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

  @Test func theReadmeHasCommandsAndTranscripts() {
    #expect(Self.commands.count >= 10)
    #expect(Self.commands.contains { $0.shownOutput != nil })
    #expect(Self.shellWords(#"a "b c" 'd' e\ f # g"#) == ["a", "b c", "d", "e f"])
  }

  @Test(arguments: commands)
  func worksAsWritten(_ command: Command) throws {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-readme-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: home) }
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
        EndToEndTests.binary, earlier, environment: environment, in: Paths.repository)
    }
    let result = try ChildProcess.run(
      EndToEndTests.binary, command.arguments, environment: environment, in: Paths.repository)
    if let shown = command.shownOutput {
      #expect(result.output == shown, "\(command.testDescription)\n\(result.errors)")
    } else {
      #expect(
        result.status == 0 || result.status == 1, "\(command.testDescription): \(result.errors)")
      #expect(!result.errors.contains("Usage:"), "\(result.errors)")
    }
  }
}
