import ArgumentParser
import Foundation
import Localization
import SettingsSchema

/// `--lang`, a preference list like iOS's `AppleLanguages` (`de-AT,en`),
/// falling back to the locale variables the CLI was started with.
struct LanguageOptions: ParsableArguments {
  @Option(
    name: .customLong("lang"),
    help: ArgumentHelp(
      "The languages to show the bundle in, most preferred first (de-AT,en); default: the locale variables (LANGUAGE's list, then LC_ALL, LC_MESSAGES or LANG).",
      valueName: "languages"))
  var language: String?

  func validate() throws {
    if let language { _ = try Self.list(language) }
  }

  /// The preferred languages, best first.
  func preferredLanguages(environment: [String: String]) -> [String] {
    if let language, let list = try? Self.list(language) { return list }
    return LanguageNegotiation.preferredLanguages(environment: environment)
  }

  /// Splits a `--lang` value at commas; every item must be a language tag.
  static func list(_ text: String) throws -> [String] {
    let items = text.split(separator: ",", omittingEmptySubsequences: false).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    for item in items where LanguageTag(folderName: item) == nil {
      throw ValidationError(
        "--lang: \(Self.visible(item)) is not a language tag; give tags such as de-AT or zh-Hans, most preferred first, separated by commas (de-AT,en)"
      )
    }
    return items
  }

  /// The item as typed, quoted, with anything unprintable escaped.
  static func visible(_ text: String) -> String {
    let shown = text.unicodeScalars.map { scalar in
      (0x20..<0x7F).contains(scalar.value) && scalar != "\""
        ? String(scalar) : "\\u{\(String(scalar.value, radix: 16))}"
    }
    return "\"\(shown.joined())\""
  }
}

extension Dialect: ExpressibleByArgument {}

/// The help of `--dialect` where a command reads one key of a bundle.
enum DialectHelp {
  static let bundle = ArgumentHelp(
    "Read the bundle as apple (Settings.app) or iask (InAppSettingsKit: its .inApp pages and types) does.",
    valueName: "dialect")
}
extension Idiom: ExpressibleByArgument {}
