import Foundation
import Localization

/// What a user may name a language by, checked one way for every front end:
/// a preference list (`de-AT,en`, as iOS's `AppleLanguages`) or the one
/// language a workflow is given (`strings missing`, `add-language`,
/// `generate`). A tag, or a name a bundle's `.lproj` folder has that is no
/// tag (`Croatian`, `en_UK`); never a path (`../x`), a list where one
/// language is asked for (`de,fr`) or a locale (`de@euro`).
///
/// ```swift
/// try LanguageArgument.preferenceList("de-AT,en")                   // ["de-AT", "en"]
/// try LanguageArgument.checkOne("German")                            // accepted
/// try LanguageArgument.checkOne("pt-BR", makesNewFolder: true)       // accepted
/// try LanguageArgument.checkOne("de,fr")                             // throws .notALanguage
/// ```
public enum LanguageArgument {
  /// Why a language argument was refused; the caller says it in its own words.
  public enum Refusal: Error, Sendable, Equatable {
    /// The item (as given) names no language.
    case notALanguage(String)
    /// A folder's whole name (`de.lproj`) where its language is asked for:
    /// the language is the name without `.lproj` (`languageName`).
    case folderNameWithSuffix(String, languageName: String)
    /// A preference list longer than ``maximumItems``.
    case tooManyItems(count: Int, maximum: Int)
  }

  /// More languages than anyone prefers; a longer list is a mistake, refused
  /// before any work (iOS offers a few hundred languages in all).
  public static let maximumItems = 1_000

  /// Splits a preference list at commas; every item must name a language.
  /// A repeated tag (in any case, `-` or `_`) counts at its first place only,
  /// as a repeated `LANGUAGE` entry does.
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
      let item = piece.trimmingCharacters(in: .whitespaces)
      // A bundle's own folder name that is no tag (Croatian) names that folder.
      guard let key = languageKey(item, allowsBase: false) else {
        throw refusal(of: item, allowsBase: false)
      }
      if seen.insert(key.lowercased()).inserted { items.append(item) }
    }
    return items
  }

  /// Checks the one language a workflow is given, as list items are checked.
  /// A language a workflow makes a new folder for (`makesNewFolder`) must be
  /// a tag or `Base`; otherwise a bundle's own folder name that is no tag
  /// (`Croatian`, `en_UK`) and `Base` are accepted too.
  public static func checkOne(_ text: String, makesNewFolder: Bool = false) throws(Refusal) {
    let accepted =
      makesNewFolder
      ? LanguageTag.isFolderName(text) : languageKey(text, allowsBase: true) != nil
    guard accepted else { throw refusal(of: text, allowsBase: !makesNewFolder) }
  }

  /// Why an item is refused: a folder's whole name (`de.lproj`) is told
  /// apart, so the user learns the name to give instead.
  static func refusal(of item: String, allowsBase: Bool) -> Refusal {
    let suffix = ".lproj"
    if item.count > suffix.count, item.lowercased().hasSuffix(suffix) {
      let name = String(item.dropLast(suffix.count))
      if languageKey(name, allowsBase: allowsBase) != nil {
        return .folderNameWithSuffix(item, languageName: name)
      }
    }
    return .notALanguage(item)
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
