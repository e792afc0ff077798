/// A language identifier split into its parts, as `.lproj` folders and locale
/// variables write them (`pt-BR`, `pt_BR`, `zh-Hans`, `English`, `pt_BR.UTF-8`).
///
/// ```swift
/// let tag = LanguageTag("pt_BR.UTF-8")
/// tag?.language  // "pt"
/// tag?.region    // "BR"
/// ```
public struct LanguageTag: Sendable, Hashable, CustomStringConvertible {
  public var language: String
  public var script: String?
  public var region: String?

  /// Old folder names that Apple's bundles still honour.
  static let legacyNames: [String: String] = [
    "english": "en", "french": "fr", "german": "de", "italian": "it", "dutch": "nl",
    "spanish": "es",
    "japanese": "ja", "portuguese": "pt", "swedish": "sv", "danish": "da", "finnish": "fi",
    "korean": "ko",
    "norwegian": "no", "russian": "ru", "polish": "pl", "chinese": "zh",
  ]

  public init(language: String, script: String? = nil, region: String? = nil) {
    self.language = language
    self.script = script
    self.region = region
  }

  /// Parses a folder name or locale string; nil for `Base`, `C`, `POSIX` and the empty string.
  public init?(_ text: String) {
    var text = Substring(text)
    if let dot = text.firstIndex(where: { $0 == "." || $0 == "@" }) { text = text[..<dot] }
    let parts = text.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
    guard let first = parts.first, !first.isEmpty else { return nil }
    let lowered = first.lowercased()
    if lowered == "base" || lowered == "c" || lowered == "posix" { return nil }
    if let legacy = Self.legacyNames[lowered], parts.count == 1 {
      language = legacy
    } else {
      guard (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }) else {
        return nil
      }
      language = lowered
    }
    for part in parts.dropFirst() {
      if part.count == 4, part.allSatisfy(\.isLetter), script == nil {
        script = part.prefix(1).uppercased() + part.dropFirst().lowercased()
      } else if (part.count == 2 && part.allSatisfy(\.isLetter))
        || (part.count == 3 && part.allSatisfy(\.isNumber))
      {
        region = part.uppercased()
      }
    }
  }

  /// The script implied for Chinese when only a region is given.
  public var effectiveScript: String? {
    if let script { return script }
    guard language == "zh", let region else { return nil }
    switch region {
    case "TW", "HK", "MO": return "Hant"
    default: return "Hans"
    }
  }

  public var description: String {
    [language, script, region].compactMap { $0 }.joined(separator: "-")
  }
}
