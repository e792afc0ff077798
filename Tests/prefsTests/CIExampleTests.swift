import Foundation
import TestSupport
import Testing

/// The documentation's CI set-ups and the pre-commit hook call prefs as written:
/// every `prefs lint` of the YAML blocks of README.md, CONTRIBUTING.md and
/// Documentation/ (Documentation/ci.md holds them) runs the built binary on a
/// fine and a broken bundle (in place of the project's `App/Settings.bundle`),
/// and the hook's entry runs with file names appended, as pre-commit appends
/// them. `scripts/check-pre-commit` runs the hook in pre-commit itself.
struct CIExampleTests {
  static let placeholder = "App/Settings.bundle"
  static let fine = "Examples/Conversor/Settings.bundle"
  static let broken = "Tests/Fixtures/Lint/Rules/plist-syntax/Settings.bundle"

  /// A `prefs lint` command of a YAML block, up to a `>` redirection.
  struct Command: Sendable, CustomTestStringConvertible {
    var file: String
    var line: Int
    var arguments: [String]
    var testDescription: String { "\(file):\(line): prefs \(arguments.joined(separator: " "))" }

    func on(_ bundle: String) -> [String] {
      arguments.map { $0 == CIExampleTests.placeholder ? bundle : $0 }
    }
  }

  static let commands: [Command] = ReadmeCommandTests.documents.flatMap { file -> [Command] in
    let url = Paths.repository.appendingPathComponent(file)
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
    var commands: [Command] = []
    var inYAML = false
    for (index, line) in text.components(separatedBy: "\n").enumerated() {
      if line.hasPrefix("```") {
        inYAML = line == "```yaml"
        continue
      }
      guard inYAML, let start = line.range(of: "prefs lint ") else { continue }
      let words = ReadmeCommandTests.shellWords(String(line[start.lowerBound...]))
      commands.append(
        Command(
          file: file, line: index + 1, arguments: Array(words.dropFirst().prefix { $0 != ">" })))
    }
    return commands
  }

  static func run(_ arguments: [String]) throws -> ChildProcess {
    try ChildProcess.run(
      EndToEndTests.binary, arguments, environment: ["PATH": "/usr/bin:/bin"],
      in: Paths.repository)
  }

  @Test func theReadmeShowsEachFormatCIReads() {
    let formats = Set(
      Self.commands.compactMap { $0.arguments.drop { $0 != "--format" }.dropFirst().first })
    #expect(formats == ["github", "sarif", "junit"])
    #expect(Self.commands.allSatisfy { $0.arguments.contains(Self.placeholder) })
  }

  @Test(arguments: commands)
  func worksAsWritten(_ command: Command) throws {
    let fine = try Self.run(command.on(Self.fine))
    #expect(fine.status == 0, "\(fine.errors)")
    #expect(fine.errors.isEmpty)
    let broken = try Self.run(command.on(Self.broken))
    #expect(broken.status == 1, "\(broken.errors)")
    let format = command.arguments.drop { $0 != "--format" }.dropFirst().first
    switch format {
    case "github":
      #expect(broken.output.hasPrefix("::error file=\(Self.broken)/Root.plist,line=9,col=3,"))
    case "sarif":
      let log = try JSONSerialization.jsonObject(with: Data(broken.output.utf8)) as? [String: Any]
      #expect(log?["version"] as? String == "2.1.0")
    case "junit":
      #expect(broken.output.contains("<failure type=\"plist-syntax\""))
    default:
      Issue.record("\(command.testDescription): a format the test does not know")
    }
  }

  /// The hook as `.pre-commit-hooks.yaml` declares it, read line by line.
  static func hook(_ key: String) throws -> String {
    let url = Paths.repository.appendingPathComponent(".pre-commit-hooks.yaml")
    let text = try String(contentsOf: url, encoding: .utf8)
    let line = try #require(
      text.components(separatedBy: "\n").first {
        $0.hasPrefix("  \(key): ") || $0.hasPrefix("- \(key): ")
      })
    return String(line.drop { $0 != ":" }.dropFirst().drop { $0 == " " })
  }

  @Test func theHookLintsTheBundlesOfTheFilesItIsGiven() throws {
    #expect(try Self.hook("id") == "prefs-lint")
    #expect(try Self.hook("language") == "system")
    let entry = ReadmeCommandTests.shellWords(try Self.hook("entry"))
    #expect(entry.first == "prefs")
    let arguments = Array(entry.dropFirst())
    let fine = try Self.run(
      arguments + ["\(Self.fine)/Root.plist", "\(Self.fine)/pt.lproj/Root.strings"])
    #expect(fine.status == 0, "\(fine.output)\(fine.errors)")
    let broken = try Self.run(arguments + ["\(Self.fine)/Root.plist", "\(Self.broken)/Root.plist"])
    #expect(broken.status == 1)
    #expect(broken.output.hasSuffix("1 error in 4 files of 2 bundles.\n"), "\(broken.output)")
  }

  @Test(arguments: [
    ("App/Settings.bundle/Root.plist", true), ("Settings.bundle/en.lproj/Root.strings", true),
    ("App/InAppSettings.bundle/Root.inApp.plist", true), ("App/Images.bundle/icon.png", false),
    ("App/Settings.bundle.md", false), ("NotSettings.bundleX/Root.plist", false),
  ])
  func theHookTakesTheFilesOfSettingsBundles(_ path: String, _ taken: Bool) throws {
    // pre-commit matches `files:` with Python's re.search; this pattern reads the same in ICU.
    let pattern = try NSRegularExpression(pattern: try Self.hook("files"))
    let range = NSRange(path.startIndex..., in: path)
    #expect((pattern.firstMatch(in: path, range: range) != nil) == taken)
  }
}
