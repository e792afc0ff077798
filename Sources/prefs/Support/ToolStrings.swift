import Localization
import Plist

/// The tool's own words, from `Localizations/<lang>.lproj/Prefs.strings`
/// (embedded in the binary), in the language chosen like a bundle's.
struct ToolStrings: Sendable {
  let table: [String: String]
  let fallback: [String: String]

  init(preferredLanguages: [String]) {
    let available = EmbeddedLocalizations.files.keys.compactMap { path -> String? in
      path.split(separator: "/").dropFirst().first.map { String($0.dropLast(".lproj".count)) }
    }
    let chosen =
      LanguageNegotiation.choose(available: available, preferred: preferredLanguages) ?? "en"
    table = Self.load(chosen)
    fallback = Self.load("en")
  }

  static func load(_ language: String) -> [String: String] {
    guard let text = EmbeddedLocalizations.files["Localizations/\(language).lproj/Prefs.strings"],
      let read = try? StringsReader.read(Array(text.utf8))
    else { return [:] }
    return Dictionary(read.file.lookup.map { ($0.key.string, $0.value) }) { $1 }
  }

  subscript(_ key: String) -> String {
    table[key] ?? fallback[key] ?? key
  }
}
