import Foundation
import PrefsKit
import TestSupport
import Testing

/// Every command checks a language it is given the same way (one validator,
/// a usage error): a path, a list where one language is asked for, or a
/// locale is refused before anything is read or written.
struct LanguageArgumentTests {
  static let bundle = "Examples/Showcase/Settings.bundle"

  /// Each command, `LANG` where the language goes.
  static let commands: [[String]] = [
    ["strings", "missing", bundle, "--lang", "LANG"],
    ["strings", "export", bundle, "--lang", "LANG", "--format", "xliff"],
    ["strings", "import", bundle, "none.xliff", "--lang", "LANG"],
    ["strings", "add-language", bundle, "LANG"],
    ["strings", "status", bundle, "--source", "LANG"],
    ["dump", bundle, "--lang", "LANG"],
    ["generate", bundle, "--lang", "LANG"],
  ]

  static let refused = ["../../etc", "zz@@", "de,fr", "de/../x", "", "de\u{1B}[2J", "pt_BR.UTF-8"]

  @Test(arguments: commands.indices, refused)
  func everyCommandRefusesWhatNamesNoLanguage(command: Int, value: String) {
    // dump's --lang is a list of preferred languages (de,fr), each checked alike.
    if Self.commands[command][0] == "dump", value == "de,fr" { return }
    let arguments = Self.commands[command].map { $0 == "LANG" ? value : $0 }
    let run = DumpTests.run(arguments)
    #expect(run.code == 2, "\(arguments): \(run.errors)")
    #expect(run.output.isEmpty, "\(arguments) wrote \(run.output)")
    #expect(!run.errors.contains("\u{1B}"))
  }

  /// A folder's whole name is its language in every command that takes
  /// one: the same output and exit status as the name without `.lproj`
  /// (before: a usage error, exit 2). A path ending in `.lproj` is still refused.
  @Test(arguments: commands.indices)
  func everyCommandTakesAFolderNameAsItsLanguage(command: Int) {
    func run(_ value: String) -> (code: Int32, output: String, errors: String) {
      var arguments = Self.commands[command].map { $0 == "LANG" ? value : $0 }
      if arguments[0] == "generate" { arguments.insert("swift", at: 1) }
      let result = DumpTests.run(arguments)
      return (result.code, result.output, result.errors)
    }
    // add-language writes: "de" exists in the Showcase, so both are refused alike (exit 1).
    let language = Self.commands[command][1] == "add-language" ? "cs" : "de"
    let folder = run(language + ".lproj")
    let plain = run(language)
    #expect(folder.code == plain.code, "\(Self.commands[command]): \(folder.errors)")
    #expect(folder.code != 2, "\(Self.commands[command]): \(folder.errors)")
    #expect(folder.output == plain.output)
    for path in ["../\(language).lproj", "a/\(language).lproj"] {
      #expect(run(path).code == 2, "\(Self.commands[command]) \(path)")
    }
  }

  /// The names a bundle's own folders have are languages: a legacy name, a
  /// tag with `_`, `Base`, a folder name that is no tag.
  @Test(arguments: ["de", "pt-BR", "German", "en_UK", "Base", "zh_Hans-CN", "Croatian"])
  func folderNamesAreAccepted(value: String) throws {
    try LanguageArgument.checkOne(value, makesNewFolder: false)
    let run = DumpTests.run(["strings", "missing", Self.bundle, "--lang", value])
    #expect(run.code != 2, "\(value): \(run.errors)")
  }
}
