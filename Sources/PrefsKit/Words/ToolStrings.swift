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

  /// The words in the language chosen for `preferredLanguages`; `adding`
  /// holds more tables by path (`Localizations/de.lproj/Commands.strings`),
  /// the caller's own words, looked up first in the same language.
  public init(preferredLanguages: [String], adding files: [String: String] = [:]) {
    let chosen =
      LanguageNegotiation.choose(available: Self.languages, preferred: preferredLanguages)
      ?? "en"
    func words(in language: String) -> [String: String] {
      let own = files.filter { Self.language(ofPath: $0.key) == language }.values
      return own.map(Self.words(reading:)).reduce(Self.words(in: language)) {
        $0.merging($1) { $1 }
      }
    }
    table = words(in: chosen)
    fallback = words(in: "en")
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
  public init(
    preferenceList: String?, variables: [String: String], adding files: [String: String] = [:]
  ) {
    self.init(
      preferredLanguages: preferenceList.flatMap { try? LanguageArgument.preferenceList($0) }
        ?? LanguageNegotiation.preferredLanguages(environment: variables),
      adding: files)
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
    EmbeddedLocalizations.files.keys.compactMap(language(ofPath:)).sorted()
  }

  /// The language of a table's path: `de` for `Localizations/de.lproj/Prefs.strings`.
  static func language(ofPath path: String) -> String? {
    path.split(separator: "/").dropFirst().first.map { String($0.dropLast(".lproj".count)) }
  }

  /// Every word of one language by its key; empty for a language the tool
  /// has no words in.
  public static func words(in language: String) -> [String: String] {
    embeddedText(language).map(words(reading:)) ?? [:]
  }

  /// The entries of a `.strings` table's text (none when it does not read).
  public static func words(reading text: String) -> [String: String] {
    guard let read = try? StringsReader.read(Array(text.utf8)) else { return [:] }
    return Dictionary(read.file.lookup.map { ($0.key.string, $0.value) }) { $1 }
  }

  /// The `Prefs.strings` of a language as embedded by `scripts/embed-data`
  /// (a test compares it with the file in the repository).
  public static func embeddedText(_ language: String) -> String? {
    EmbeddedLocalizations.files["Localizations/\(language).lproj/Prefs.strings"]
  }
}
