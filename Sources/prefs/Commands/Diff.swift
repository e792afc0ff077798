import ArgumentParser
import BundleDiff
import Foundation
import PrefsKit
import SettingsSchema

/// `prefs diff OLD NEW`: what a change to the bundle does to values people stored.
struct Diff: StreamingCommand {
  static let configuration = CommandConfiguration(
    commandName: "diff",
    abstract: "Show what changed between two versions of a Settings bundle, and what it breaks.",
    discussion: """
      OLD and NEW are bundle folders, or REV:PATH to read a bundle from a git revision \
      (prefs diff HEAD~1:App/Settings.bundle App/Settings.bundle); nothing is checked out. \
      Exit status: 0 when nothing breaking changed, 1 when something did (diff: fail-on: in \
      .prefs.yml changes which severities fail), 2 for a usage error.
      """)

  @Argument(help: "The old bundle: a folder, or REV:PATH.") var old: String
  @Argument(help: "The new bundle: a folder, or REV:PATH.") var new: String
  @Option(
    help:
      "Output format: text, json, markdown, github, or html (both versions' pages side by side, changes marked)."
  )
  var format: DiffCommandFormat = .text
  @Option(
    name: [.short, .customLong("output")],
    help:
      "html: write to this file instead of standard output; markdown: write the report (prefs-diff.md) and an SVG picture of each changed page, old and new, into this folder."
  )
  var output: String?
  @OptionGroup var languageOptions: LanguageOptions
  @Option(help: "Compare one device's pages only: phone or pad (default: both).")
  var idiom: Idiom?
  @Option(help: "The configuration file (default: the nearest .prefs.yml above NEW).")
  var config: String?
  @Option(
    parsing: .singleValue,
    help: "A confirmed rename, old=new (repeatable; also diff: renames: in .prefs.yml).")
  var rename: [String] = []
  @Option(
    help: """
      Compare only as this dialect reads the bundles: apple (Settings.app) or iask \
      (InAppSettingsKit) (default: dialect: of .prefs.yml, else every reader that opens them).
      """)
  var dialect: Dialect?
  @OptionGroup var reading: RootPageOption

  func validate() throws {
    if output != nil, format != .html, format != .markdown {
      throw ValidationError("-o is for --format html (a file) and --format markdown (a folder)")
    }
  }

  func execute(
    environment: PrefsEnvironment, output: inout some TextOutputStream,
    errors: inout some TextOutputStream
  ) -> Int32 {
    CommandErrors.run(errors: &errors) { errors in
      var options = DiffOptions(
        old: old, new: new, idioms: idiom.map { [$0] } ?? Idiom.allCases,
        configurationFile: config, renames: try RenameArguments.pairs(rename),
        rootPage: reading.root, dialect: dialect)
      if format == .html || (format == .markdown && self.output != nil) {
        options.pictures = DiffPictureOptions(
          languages: languageOptions.preferredLanguages(environment: environment.variables),
          idiom: idiom)
      }
      let outcome: DiffOutcome
      do throws(DiffError) {
        outcome = try DiffFrontEnd.run(options, environment: environment)
      } catch {
        throw Self.reported(error, to: &errors)
      }
      // Freeing a large model object by object costs more than the comparison.
      ProcessLifetime.keepUntilExit(outcome.old.snapshot)
      ProcessLifetime.keepUntilExit(outcome.new.snapshot)
      let report = DiffReport(
        outcome, changes: outcome.changes.map(RenameArguments.withRemedy),
        colored: format == .text && environment.colorsOnStandardOutput)
      if let pictures = outcome.pictures {
        try write(report, pictures, outcome: outcome, environment: environment, output: &output)
      } else if let reportFormat = format.report {
        output.write(report.render(reportFormat))
      }
      return outcome.fails ? ExitStatus.failure : ExitStatus.success
    }
  }

  /// What ``CommandErrors`` reports of a diff error, once the lines of the
  /// pages that do not read are written: the argument's fault (exit 2) or the
  /// command's (exit 1).
  static func reported(_ error: DiffError, to errors: inout some TextOutputStream) -> any Error {
    switch error {
    case .revision(let error):
      return error.isInvalidArgument
        ? CommandFailure.usage(error.description) : CommandFailure.failure(error.description)
    case .bundle(let error): return error
    case .configuration(let error): return error
    case .pagesDoNotRead(let versions):
      // A page that does not read would show as every one of its keys
      // removed (or added): no comparison is better than a wrong one.
      for version in versions {
        ProblemPrinter.print(version.unreadPages, bundle: version.argument, to: &errors)
      }
      return CommandFailure.failure(
        "\(versions.map(\.argument).joined(separator: " and ")): a page does not read, so the versions cannot be compared; nothing was compared"
      )
    }
  }
}

/// `--rename old=new` (prefs diff, prefs defaults migrate), and the words that
/// tell how to confirm a rename prefs diff finds likely.
enum RenameArguments {
  /// Each `old=new`, the later winning.
  static func pairs(_ arguments: [String]) throws -> [String: String] {
    var result: [String: String] = [:]
    for pair in arguments {
      let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
      guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
        throw CommandFailure.usage("--rename takes old=new, not \"\(pair)\"")
      }
      result[parts[0]] = parts[1]
    }
    return result
  }

  /// A likely rename's change, saying how to confirm it.
  static func withRemedy(_ change: BundleChange) -> BundleChange {
    guard change.kind == .keyRenamed, !change.renameConfirmed, let old = change.old,
      let new = change.new
    else { return change }
    var worded = change
    worded.message +=
      "; confirm it with --rename \(shellWord(old))=\(shellWord(new)) (prefs diff, prefs defaults migrate) or under diff: renames: in .prefs.yml"
    return worded
  }

  /// A key as a shell word: as it is when nothing in it is special to a shell.
  static func shellWord(_ text: String) -> String {
    let plain = text.unicodeScalars.allSatisfy {
      CharacterSet.alphanumerics.contains($0) || "-_.:/@+,".unicodeScalars.contains($0)
    }
    return plain ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}

/// `--format`: a ``DiffFormat`` of the report, or the HTML pages side by side.
enum DiffCommandFormat: String, ExpressibleByArgument, CaseIterable {
  case text, json, markdown, github, html

  /// The report's format; nil for html, which draws the pages too.
  var report: DiffFormat? { DiffFormat(rawValue: rawValue) }
}

extension Diff {
  /// The pages drawn: html to the file -o names (or standard output),
  /// markdown with its pictures into the folder -o names (its files listed).
  func write(
    _ report: DiffReport, _ pictures: DiffPictures, outcome: DiffOutcome,
    environment: PrefsEnvironment, output: inout some TextOutputStream
  ) throws {
    // An output that cannot be written is reported as render reports it.
    if format == .html {
      let html = report.html(pictures, old: outcome.old.argument, new: outcome.new.argument)
      if let file = self.output {
        try RenderFrontEnd.write(html, to: file, environment: environment)
      } else {
        output.write(html)
      }
    } else if let folder = self.output {
      let files = DiffReportFiles(report: report, pictures: pictures).files
      for path in try files.write(into: folder, environment: environment) {
        output.write(path.escapingControlCharacters + "\n")
      }
    }
  }
}
