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

  /// More languages than anyone prefers; a longer list is a mistake, refused
  /// before any work (iOS offers a few hundred languages in all).
  static let maximumItems = 1_000

  /// Splits a `--lang` value at commas; every item must be a language tag.
  /// A repeated tag (in any case, `-` or `_`) counts at its first place only,
  /// as a repeated `LANGUAGE` entry does.
  static func list(_ text: String) throws -> [String] {
    let pieces = text.split(separator: ",", omittingEmptySubsequences: false)
    guard pieces.count <= maximumItems else {
      throw ValidationError(
        "--lang: \(pieces.count) languages is more than \(maximumItems); give the few you prefer, most preferred first (de-AT,en)"
      )
    }
    var seen = Set<String>()
    var items: [String] = []
    for piece in pieces {
      let item = piece.trimmingCharacters(in: .whitespaces)
      // A bundle's own folder name that is no tag (Croatian) names that folder.
      guard let key = languageKey(item, allowsBase: false) else {
        throw ValidationError(
          "--lang: \(Self.visible(item)) is not a language tag; give tags such as de-AT or zh-Hans (or a .lproj folder's name), most preferred first, separated by commas (de-AT,en)"
        )
      }
      if seen.insert(key.lowercased()).inserted { items.append(item) }
    }
    return items
  }

  /// Checks the one language a command is given (`strings missing --lang de`,
  /// `add-language pt-BR`, `generate --lang German`) as `--lang` lists are
  /// checked, so every command refuses the same values the same way: a usage
  /// error. A tag, or a name a bundle's `.lproj` folder has that is no tag
  /// (`Croatian`, `en_UK`, `Base`); a language a command makes a new folder
  /// for must be a tag or `Base`. Never a path (`../x`), a list (`de,fr`) or a
  /// locale (`de@euro`).
  ///
  /// ```swift
  /// try LanguageOptions.checkOne("German", argument: "--lang")  // accepted
  /// try LanguageOptions.checkOne("de,fr", argument: "--lang")   // throws
  /// ```
  static func checkOne(_ text: String, argument: String, newFolder: Bool = false) throws {
    let accepted =
      newFolder ? LanguageTag.isFolderName(text) : languageKey(text, allowsBase: true) != nil
    guard accepted else {
      throw ValidationError(
        "\(argument): \(visible(text)) is not a language tag; give one tag such as de-AT or zh-Hans\(newFolder ? "" : " (or a .lproj folder's name)")"
      )
    }
  }

  /// What an item names a language by (its tag, or the folder name that is
  /// no tag), or nil when it names none.
  static func languageKey(_ item: String, allowsBase: Bool) -> String? {
    if let tag = LanguageTag(folderName: item) { return tag.description }
    if allowsBase, item == "Base" { return item }
    return isFolderName(item) ? item : nil
  }

  /// Whether an item can be a `.lproj` folder's own name that is no tag
  /// (`Croatian`): ASCII letters, digits, `-` and `_`, a letter first, at most
  /// 32; never `Base`, which is no language. Matched against folder names
  /// only, never made into a path.
  static func isFolderName(_ item: String) -> Bool {
    guard let first = item.unicodeScalars.first, item.unicodeScalars.count <= 32,
      item.lowercased() != "base", first.properties.isAlphabetic, first.isASCII
    else { return false }
    return item.unicodeScalars.allSatisfy {
      $0.isASCII
        && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_")
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
    "Read the bundle as apple (Settings.app) or iask (InAppSettingsKit: its .inApp pages and types) does; default: the reader that opens it (an InAppSettings.bundle: iask).",
    valueName: "dialect")
}
extension Idiom: ExpressibleByArgument {}
