import ArgumentParser
import Foundation
import Plist
import PrefsKit
import SettingsSchema

/// What a key's element offers, for `prefs defaults describe` and `range`.
extension KeyDescription {
  /// The description, or why there is none in the command's words: nothing
  /// is written here, so the refusal's "nothing was written" would mislead.
  static func of(_ key: String, in bundle: SettingsBundle) throws(CommandFailure)
    -> KeyDescription
  {
    do throws(NoElement) {
      return try KeyDescription(key: key, bundle: bundle)
    } catch {
      throw .failure(error.reason + CommandErrors.inAppRemedy(error.inAppPagesUnread))
    }
  }
}

extension Defaults {
  /// `prefs defaults describe KEY --bundle B`: as `gsettings describe`.
  struct Describe: ParsableCommand, StreamingCommand {
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

    mutating func run() throws { try runOnStandardStreams() }

    func execute(
      environment: PrefsEnvironment, output: inout some TextOutputStream,
      errors: inout some TextOutputStream
    ) -> Int32 {
      CommandErrors.run(errors: &errors) { errors in
        let languages = languageOptions.preferredLanguages(environment: environment.variables)
        let loaded = try Defaults.load(
          bundle, environment: environment, reading: reading, dialect: dialect,
          LoadOptions(preferredLanguages: languages))
        print(try KeyDescription.of(key, in: loaded).describeText, to: &output)
        return ExitStatus.success
      }
    }
  }

  /// `prefs defaults range KEY --bundle B`: as `gsettings range`.
  struct RangeCommand: ParsableCommand, StreamingCommand {
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

    mutating func run() throws { try runOnStandardStreams() }

    func execute(
      environment: PrefsEnvironment, output: inout some TextOutputStream,
      errors: inout some TextOutputStream
    ) -> Int32 {
      CommandErrors.run(errors: &errors) { errors in
        let loaded = try Defaults.load(
          bundle, environment: environment, reading: reading, dialect: dialect)
        let text = try KeyDescription.of(key, in: loaded).rangeText
        print(
          text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0).escapingControlCharacters }.joined(separator: "\n"), to: &output)
        return ExitStatus.success
      }
    }
  }
}
