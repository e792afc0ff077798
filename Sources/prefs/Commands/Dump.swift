import ArgumentParser
import Foundation
import Localization
import Plist
import SettingsSchema

/// `prefs dump BUNDLE [--lang L] [--format text|json]`: the bundle as prefs sees it.
struct Dump: ParsableCommand, StreamingCommand {
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
      the bundle is opened (an InAppSettings.bundle or .inApp pages only: iask).
      """)
  var dialect: Dialect?

  @OptionGroup var reading: RootPageOption

  mutating func run() throws { try runOnStandardStreams() }

  func execute(output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
    let environment = ProcessInfo.processInfo.environment
    let preferred = languageOptions.preferredLanguages(environment: environment)
    let words = ToolStrings(
      preferredLanguages: LanguageNegotiation.preferredLanguages(environment: environment))
    let loaded: SettingsBundle
    do {
      loaded = try SettingsBundle.load(
        at: bundle,
        options: reading.options(
          forBundle: bundle, LoadOptions(idiom: idiom, preferredLanguages: preferred),
          dialect: dialect))
    } catch {
      return CommandErrors.report(error, to: &errors)
    }
    let renderer = DumpRenderer(bundle: loaded, words: words)
    switch format {
    case .text: print(renderer.text(), to: &output)
    case .json: print(renderer.json().rendered(), to: &output)
    }
    ProblemPrinter.print(loaded.problems, bundle: loaded.path, to: &errors)
    return loaded.problems.contains { $0.issue.severity == .error }
      ? ExitStatus.failure : ExitStatus.success
  }
}
