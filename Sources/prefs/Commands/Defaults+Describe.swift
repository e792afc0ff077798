import ArgumentParser
import Foundation
import Plist
import PrefsKit
import SettingsSchema

extension Defaults {
  /// `prefs defaults describe KEY --bundle B`: as `gsettings describe`.
  struct Describe: StreamingCommand {
    static let configuration = CommandConfiguration(
      commandName: "describe",
      abstract:
        "Describe the key's element in a Settings.bundle: title, type, values, range, default.",
      discussion: "Titles are shown in --lang (default: LC_ALL, LC_MESSAGES or LANG).")
    @Argument(help: "The key.") var key: String
    @Option(help: "The Settings.bundle.") var bundle: String
    @Option(help: DialectHelp.bundle) var dialect: Dialect?
    @OptionGroup var reading: RootPageOption
    @OptionGroup var languageOptions: LanguageOptions

    func execute(
      environment: PrefsEnvironment, output: inout some TextOutputStream,
      errors: inout some TextOutputStream
    ) -> Int32 {
      CommandErrors.run(errors: &errors) { errors in
        let languages = languageOptions.preferredLanguages(environment: environment.variables)
        let bundle = KeyBundle(
          bundle, rootPage: reading.root, dialect: dialect, preferredLanguages: languages)
        let described = try DefaultsFrontEnd.describe(
          key: key, in: bundle, environment: environment)
        print(described.describeText, to: &output)
        return ExitStatus.success
      }
    }
  }

  /// `prefs defaults range KEY --bundle B`: as `gsettings range`.
  struct RangeCommand: StreamingCommand {
    static let configuration = CommandConfiguration(
      commandName: "range",
      abstract: "Print what the key's element accepts, as gsettings range does.",
      discussion: """
        type s (any text; the letter is GVariant's: s x d b), enum and one value a line \\
        (a multi value, a radio group, a toggle with TrueValue/FalseValue), or range d MIN MAX \\
        (a slider).
        """)
    @Argument(help: "The key.") var key: String
    @Option(help: "The Settings.bundle.") var bundle: String
    @Option(help: DialectHelp.bundle) var dialect: Dialect?
    @OptionGroup var reading: RootPageOption

    func execute(
      environment: PrefsEnvironment, output: inout some TextOutputStream,
      errors: inout some TextOutputStream
    ) -> Int32 {
      CommandErrors.run(errors: &errors) { errors in
        let bundle = KeyBundle(bundle, rootPage: reading.root, dialect: dialect)
        let text = try DefaultsFrontEnd.describe(key: key, in: bundle, environment: environment)
          .rangeText
        print(
          text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0).escapingControlCharacters }.joined(separator: "\n"), to: &output)
        return ExitStatus.success
      }
    }
  }
}
