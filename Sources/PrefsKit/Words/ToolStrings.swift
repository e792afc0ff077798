import Localization
import Plist
import SettingsForm

/// The tool's own words (a dump's labels, the form's help line and
/// messages, the edit command's refusals), read from
/// `Localizations/<lang>.lproj/Prefs.strings` as embedded in the library,
/// in the language iOS would choose for the preferred ones; a word the
/// chosen language lacks is English, and a key nobody has is itself.
///
/// ```swift
/// let words = ToolStrings(preferredLanguages: ["pt-BR", "en"])
/// words["dump.language"]  // "Idioma"
/// let form = words.formWords  // for FormState and PlainFormSession
/// ```
public struct ToolStrings: Sendable {
  let table: [String: String]
  let fallback: [String: String]

  public init(preferredLanguages: [String]) {
    let chosen =
      LanguageNegotiation.choose(available: Self.languages, preferred: preferredLanguages)
      ?? "en"
    table = Self.words(in: chosen)
    fallback = Self.words(in: "en")
  }

  /// The words in the languages a `--lang`-style preference list names
  /// (`de-AT,en`), else in those of the locale variables (`LANGUAGE`,
  /// `LC_ALL`, `LC_MESSAGES`, `LANG`); a list ``LanguageArgument`` refuses
  /// counts as none, the caller having refused it already.
  ///
  /// ```swift
  /// let words = ToolStrings(preferenceList: nil, variables: ["LANG": "cs_CZ.UTF-8"])
  /// words["value.on"]  // "zap."
  /// ```
  public init(preferenceList: String?, variables: [String: String]) {
    self.init(
      preferredLanguages: preferenceList.flatMap { try? LanguageArgument.preferenceList($0) }
        ?? LanguageNegotiation.preferredLanguages(environment: variables))
  }

  public subscript(_ key: String) -> String {
    table[key] ?? fallback[key] ?? key
  }

  /// The same words for SettingsForm's screens and plain session.
  public var formWords: FormWords {
    let copy = self
    return FormWords { copy[$0] }
  }

  /// The languages the tool has words in (`en`, `pt`, …).
  public static var languages: [String] {
    EmbeddedLocalizations.files.keys.compactMap { path -> String? in
      path.split(separator: "/").dropFirst().first.map { String($0.dropLast(".lproj".count)) }
    }
    .sorted()
  }

  /// Every word of one language by its key; empty for a language the tool
  /// has no words in.
  public static func words(in language: String) -> [String: String] {
    guard let text = embeddedText(language), let read = try? StringsReader.read(Array(text.utf8))
    else { return [:] }
    return Dictionary(read.file.lookup.map { ($0.key.string, $0.value) }) { $1 }
  }

  /// The `Prefs.strings` of a language as embedded by `scripts/embed-data`
  /// (a test compares it with the file in the repository).
  public static func embeddedText(_ language: String) -> String? {
    EmbeddedLocalizations.files["Localizations/\(language).lproj/Prefs.strings"]
  }
}
