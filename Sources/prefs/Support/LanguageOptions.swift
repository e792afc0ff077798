import ArgumentParser
import Foundation
import Localization
import PrefsKit
import SettingsSchema

/// `--lang`, a preference list like iOS's `AppleLanguages` (`de-AT,en`),
/// falling back to the locale variables the CLI was started with.
struct LanguageOptions: ParsableArguments {
  @Option(
    name: .customLong("lang"),
    help: ArgumentHelp(
      "The languages to show the bundle in, most preferred first (de-AT,en), as tags or the bundle's .lproj folder names (German); default: the locale variables (LANGUAGE's list, then LC_ALL, LC_MESSAGES or LANG).",
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

  /// A `--lang` list, checked by ``LanguageArgument``; a refusal is a usage error in its words.
  static func list(_ text: String) throws -> [String] {
    do throws(LanguageArgument.Refusal) {
      return try LanguageArgument.preferenceList(text)
    } catch .tooManyItems(let count, let maximum) {
      throw ValidationError(
        "--lang: \(count) languages is more than \(maximum); give the few you prefer, most preferred first (de-AT,en)"
      )
    } catch .notALanguage(let item) {
      throw ValidationError(
        "--lang: \(Self.visible(item)) is not a language tag; give tags such as de-AT or zh-Hans (or a .lproj folder's name, such as German or de.lproj), most preferred first, separated by commas (de-AT,en)"
      )
    }
  }

  /// Checks the one language a command is given (`strings missing --lang de`,
  /// `add-language pt-BR`, `generate --lang German`) with ``LanguageArgument``,
  /// so every command refuses the same values the same way: a usage error
  /// naming `argument`.
  ///
  /// ```swift
  /// try LanguageOptions.checkOne("German", argument: "--lang")    // "German"
  /// try LanguageOptions.checkOne("de.lproj", argument: "--lang")  // "de"
  /// try LanguageOptions.checkOne("de,fr", argument: "--lang")     // throws
  /// ```
  /// The language to use is given back (a folder's whole name without
  /// `.lproj`): a command's `validate()` stores it in place of the text.
  static func checkOne(_ text: String, argument: String, newFolder: Bool = false) throws -> String {
    do throws(LanguageArgument.Refusal) {
      return try LanguageArgument.checkOne(text, makesNewFolder: newFolder)
    } catch {
      throw ValidationError(
        "\(argument): \(visible(text)) is not a language tag; give one tag such as de-AT or zh-Hans\(newFolder ? "" : " (or a .lproj folder's name, such as German or de.lproj)")"
      )
    }
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
    "Read the bundle as apple (Settings.app) or iask (InAppSettingsKit: its .inApp pages and types) does; default: the reader that opens it (a folder not named Settings.bundle, or .inApp pages only: iask).",
    valueName: "dialect")
}
extension Idiom: ExpressibleByArgument {}
