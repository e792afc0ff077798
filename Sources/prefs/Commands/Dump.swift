import ArgumentParser
import Foundation
import Plist
import PrefsKit
import SettingsSchema

/// `prefs dump BUNDLE [--lang L] [--format text|json]`: the bundle as prefs sees it.
struct Dump: StreamingCommand {
  static let configuration = CommandConfiguration(
    commandName: "dump",
    abstract: "Print the model of a Settings bundle: its pages, specifiers and localized titles.",
    discussion: """
      Exit status: 0 when every file was read, 1 when some file could not be read \
      (the problems go to standard error), 2 for a usage error or a path that is not a bundle.
      """
  )

  enum Format: String, ExpressibleByArgument, CaseIterable {
    case text, json
  }

  @Argument(help: "The Settings.bundle folder.")
  var bundle: String

  @OptionGroup var languageOptions: LanguageOptions

  @Option(help: "Output format: text or json.")
  var format: Format = .text

  @Option(help: "The device whose pages are shown: phone or pad.")
  var idiom: Idiom = .phone

  @Option(
    help: """
      The schema dialect: apple (Settings.app) or iask (InAppSettingsKit); default: as \
      the bundle is opened (a folder not named Settings.bundle, or .inApp pages only: iask).
      """)
  var dialect: Dialect?

  @OptionGroup var reading: RootPageOption

  func execute(
    environment: PrefsEnvironment, output: inout some TextOutputStream,
    errors: inout some TextOutputStream
  ) -> Int32 {
    let options = DumpOptions(
      bundle: bundle,
      preferredLanguages: languageOptions.language.flatMap { try? LanguageOptions.list($0) },
      idiom: idiom, dialect: dialect, rootPage: reading.root)
    let outcome: DumpOutcome
    do {
      outcome = try DumpFrontEnd.run(options, environment: environment)
    } catch {
      return CommandErrors.report(error, to: &errors)
    }
    switch format {
    case .text:
      // The labels are in the locale's language; --lang is the bundle's.
      let words = ToolStrings(preferenceList: nil, variables: environment.variables)
      print(outcome.text(words: words), to: &output)
    case .json: print(outcome.json.rendered(), to: &output)
    }
    ProblemPrinter.print(outcome.bundle.problems, bundle: outcome.shownPath, to: &errors)
    return outcome.hasErrors ? ExitStatus.failure : ExitStatus.success
  }
}
