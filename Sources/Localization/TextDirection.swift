/// Which way a language's lines run, as CLDR's `characterOrder` says: right
/// to left for the languages whose default script is Arabic, Hebrew, Thaana,
/// Syriac, N'Ko or Adlam, and for any tag that names such a script.
///
/// iOS lays its whole interface out by the system language's direction
/// (`UIApplication.userInterfaceLayoutDirection`), whatever language a
/// bundle's own strings end up in.
///
/// ```swift
/// TextDirection(of: LanguageTag("he")!)        // .rightToLeft
/// TextDirection(of: LanguageTag("az-Arab")!)   // .rightToLeft
/// TextDirection(of: LanguageTag("sd-Deva")!)   // .leftToRight
/// ```
public enum TextDirection: String, Sendable, Hashable {
  case leftToRight, rightToLeft

  /// The direction of the language `tag` names; a tag without a script takes
  /// its language's usual one.
  public init(of tag: LanguageTag) {
    if let script = tag.script {
      self = Self.rightToLeftScripts.contains(script) ? .rightToLeft : .leftToRight
    } else {
      self = Self.rightToLeftLanguages.contains(tag.language) ? .rightToLeft : .leftToRight
    }
  }

  /// The direction of a language identifier as a person or a folder writes it
  /// (`ar`, `he_IL`, `Hebrew`); left to right when it names no language.
  public init(ofIdentifier identifier: String) {
    self = LanguageTag(identifier).map(TextDirection.init(of:)) ?? .leftToRight
  }

  /// CLDR scripts with `characterOrder` right-to-left.
  static let rightToLeftScripts: Set<String> = [
    "Arab", "Hebr", "Thaa", "Syrc", "Nkoo", "Adlm", "Rohg", "Mand", "Samr", "Mend", "Aran",
  ]

  /// Languages whose default script (CLDR likely subtags) is one of those;
  /// `iw` and `ji` are the old codes of Hebrew and Yiddish that iOS still reads.
  static let rightToLeftLanguages: Set<String> = [
    "ar", "bal", "bqi", "ckb", "dv", "fa", "glk", "he", "iw", "ji", "ks", "lrc", "mzn", "nqo",
    "prs", "ps", "sd", "sdh", "syr", "ug", "ur", "yi",
  ]
}
