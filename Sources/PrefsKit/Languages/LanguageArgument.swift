import Foundation
import Localization

/// What a user may name a language by, read one way for every front end:
/// a preference list (`de-AT,en`, as iOS's `AppleLanguages`) or the one
/// language a workflow is given (`strings missing`, `add-language`,
/// `generate`). A tag, or a name a bundle's `.lproj` folder has that is no
/// tag (`Croatian`, `en_UK`), each also as the folder's whole name
/// (`de.lproj`, `German.lproj`: that language); never a path (`../x`,
/// `../x.lproj`, `a/b.lproj`), a list where one language is asked for
/// (`de,fr`) or a locale (`de@euro`).
///
/// ```swift
/// try LanguageArgument.preferenceList("de-AT,en.lproj")              // ["de-AT", "en"]
/// try LanguageArgument.checkOne("German")                            // "German"
/// try LanguageArgument.checkOne("de.lproj")                          // "de"
/// try LanguageArgument.checkOne("pt-BR", makesNewFolder: true)       // "pt-BR"
/// try LanguageArgument.checkOne("de,fr")                             // throws .notALanguage
/// ```
public enum LanguageArgument {
  /// Why a language argument was refused; the caller says it in its own words.
  public enum Refusal: Error, Sendable, Equatable {
    /// The item (as given) names no language.
    case notALanguage(String)
    /// A preference list longer than ``maximumItems``.
    case tooManyItems(count: Int, maximum: Int)
  }

  /// More languages than anyone prefers; a longer list is a mistake, refused
  /// before any work (iOS offers a few hundred languages in all).
  public static let maximumItems = 1_000

  /// Splits a preference list at commas; every item must name a language,
  /// and is given back as ``checkOne(_:makesNewFolder:)`` reads it (`de`
  /// for `de.lproj`). A repeated tag (in any case, `-` or `_`) counts at its
  /// first place only, as a repeated `LANGUAGE` entry does.
  ///
  /// ```swift
  /// try LanguageArgument.preferenceList("de,en,DE,de_AT,de-AT")  // ["de", "en", "de_AT"]
  /// ```
  public static func preferenceList(_ text: String) throws(Refusal) -> [String] {
    let pieces = text.split(separator: ",", omittingEmptySubsequences: false)
    guard pieces.count <= maximumItems else {
      throw .tooManyItems(count: pieces.count, maximum: maximumItems)
    }
    var seen = Set<String>()
    var items: [String] = []
    for piece in pieces {
      let given = piece.trimmingCharacters(in: .whitespaces)
      let item = withoutFolderSuffix(given)
      // A bundle's own folder name that is no tag (Croatian) names that folder.
      guard let key = languageKey(item, allowsBase: false) else {
        throw .notALanguage(given)
      }
      if seen.insert(key.lowercased()).inserted { items.append(item) }
    }
    return items
  }

  /// Reads the one language a workflow is given, as list items are read,
  /// and gives back the language to use: the text, or a folder's whole name
  /// without its `.lproj` (`de.lproj` is `de`, as CFBundle names a folder's
  /// language). A language a workflow makes a new folder for
  /// (`makesNewFolder`) must be a tag or `Base`; otherwise a bundle's own
  /// folder name that is no tag (`Croatian`, `en_UK`) and `Base` are
  /// accepted too. The refusal names the text as given.
  @discardableResult
  public static func checkOne(_ text: String, makesNewFolder: Bool = false) throws(Refusal)
    -> String
  {
    let language = withoutFolderSuffix(text)
    let accepted =
      makesNewFolder
      ? LanguageTag.isFolderName(language) : languageKey(language, allowsBase: true) != nil
    guard accepted else { throw .notALanguage(text) }
    return language
  }

  /// A folder's whole name (`de.lproj`, in any letter case of the suffix)
  /// without its suffix; anything else as it is. What is left is then
  /// checked as a language, so `../x.lproj` and `a/b.lproj` name none.
  static func withoutFolderSuffix(_ item: String) -> String {
    let suffix = ".lproj"
    guard item.count > suffix.count, item.lowercased().hasSuffix(suffix) else { return item }
    return String(item.dropLast(suffix.count))
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
}
