import DefaultsStore
import Foundation
import StringsWorkflow
import TestSupport
import Testing

@testable import prefs

/// Errors are values until the CLI words them: one place writes `prefs: error:`,
/// libraries never name a flag or a command, remedies are worded here.
struct CommandErrorsTests {
  @Test func remediesAreWordedByTheCLI() {
    let corrupt = DefaultsError.corruptDomain(file: "a.plist", reason: "bad")
    #expect(corrupt.remedy == .moveCorruptFileAside)
    #expect(!corrupt.description.contains("--"), "the library does not name the flag")
    let (message, status, _) = CommandErrors.describe(corrupt)
    #expect(message.hasSuffix("(use --force to move it aside and start anew)"))
    #expect(status == ExitStatus.failure)
    #expect(DefaultsError.missingKey(domain: "d", key: "k").remedy == nil)

    let exists = WorkflowError.languageExists(language: "de")
    #expect(
      CommandErrors.describe(exists).message
        == "de.lproj already exists; use prefs strings sync to fill it; nothing was written")
    let broken = WorkflowError.tableDoesNotParse(path: "ru.lproj/Root.strings")
    #expect(
      CommandErrors.describe(broken).message
        == "ru.lproj/Root.strings does not parse; fix it first (prefs lint shows where); nothing was written"
    )
  }

  @Test(arguments: [
    (CommandFailure.usage("no \u{1B}]0;pwned\u{07} page"), ExitStatus.usage),
    (CommandFailure.failure("no \u{1B}]0;pwned\u{07} page"), ExitStatus.failure),
  ])
  func commandFailuresAreEscapedOnceWithTheirStatus(failure: CommandFailure, status: Int32) {
    var errors = ""
    #expect(CommandErrors.report(failure, to: &errors) == status)
    #expect(errors == "prefs: error: no \\u{1B}]0;pwned\\u{7} page\n")
  }

  @Test func exchangePlacesReadLikeCompilerPlaces() {
    let place = WorkflowError.ExchangePlace(file: "de.xliff", line: 3, column: 9)
    #expect(
      WorkflowError.invalidExchangeFile(place, problem: "a <file> without original").description
        == "de.xliff:3:9: a <file> without original")
    #expect(WorkflowError.ExchangePlace(file: "de.xliff").description == "de.xliff")
  }

  /// `prefs: error:` is typed once, in CommandErrors.swift.
  @Test func theErrorPrefixIsWrittenInOnePlace() throws {
    let offenders = try Self.lines(under: "Sources") { path, line in
      line.contains("\"prefs: error") && !path.hasSuffix("prefs/Support/CommandErrors.swift")
    }
    #expect(offenders.isEmpty, "\(offenders.joined(separator: "\n"))")
  }

  /// Libraries say what is wrong and what can be done as data; flags are the CLI's.
  /// (Lint rules' explanations and findings are the text `prefs rules explain` prints.)
  @Test func librariesNameNoFlag() throws {
    let offenders = try Self.lines(under: "Sources") { path, line in
      !path.hasPrefix("prefs/") && !path.hasPrefix("prefs-bench/")
        && !path.hasPrefix("SettingsLint/Rules/")
        && !line.trimmingCharacters(in: .whitespaces).hasPrefix("//")
        && line.contains(/"[^"]*\s--[a-z]/)
    }
    #expect(offenders.isEmpty, "\(offenders.joined(separator: "\n"))")
  }

  @Test func theScansFindWhatTheyLookFor() {
    #expect("throw X(\"use --force to move it\")".contains(/"[^"]*\s--[a-z]/))
    #expect(!"let flag = 1  // --force".contains(/"[^"]*\s--[a-z]/))
  }

  @Test func theVersionIsSaidOnce() throws {
    #expect(Prefs.configuration.version == PrefsVersion.current)
    let offenders = try Self.lines(under: "Sources") { path, line in
      line.contains("\"\(PrefsVersion.current)\"")
        && !path.hasSuffix("prefs/Support/PrefsVersion.swift")
    }
    #expect(offenders.isEmpty, "\(offenders.joined(separator: "\n"))")
  }

  static func lines(under folder: String, where matches: (String, String) -> Bool) throws
    -> [String]
  {
    let root = Paths.repository.appendingPathComponent(folder)
    var found: [String] = []
    for path in Paths.files(under: root, extensions: ["swift"]) {
      let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated()
      where matches(path, String(line)) {
        found.append("\(folder)/\(path):\(number + 1): \(line)")
      }
    }
    return found
  }
}
