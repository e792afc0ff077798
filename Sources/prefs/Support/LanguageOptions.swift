import ArgumentParser
import Localization
import SettingsSchema

/// `--lang`, falling back to the locale variables the CLI was started with.
struct LanguageOptions: ParsableArguments {
  @Option(
    name: .customLong("lang"),
    help:
      "The language to show the bundle in (pt-BR, cs, ...); default: LC_ALL, LC_MESSAGES or LANG.")
  var language: String?

  func preferredLanguages(environment: [String: String]) -> [String] {
    if let language { return [language] }
    return LanguageNegotiation.preferredLanguages(environment: environment)
  }
}

extension Dialect: ExpressibleByArgument {}
extension Idiom: ExpressibleByArgument {}
