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

  /// Old folder names that Apple's bundles still honour (`English`, `German`), from
  /// Apple's aliases in ``LanguageFallbackData``.
  static let legacyNames = LanguageFallbackData.embedded.legacyNames

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

  /// Parses a language tag exactly as a `.lproj` folder is named, refusing
  /// anything else. Unlike `init?(_:)`, which reads locale strings leniently
  /// and skips what it does not know, nothing is skipped: a language (2–3
  /// letters, or a legacy name such as `English`), then an optional script
  /// (4 letters), an optional region (2 letters or 3 digits) and BCP 47
  /// variants, joined by `-` or `_`, ASCII only. A name that becomes a path
  /// must pass this, so that a tag can never hold `/`, `..` or a control character.
  ///
  /// ```swift
  /// LanguageTag(folderName: "zh_Hans-CN")?.script  // "Hans"
  /// LanguageTag(folderName: "de-../../x")         // nil
  /// LanguageTag(folderName: "pt_BR.UTF-8")        // nil (a locale, not a folder)
  /// ```
  public init?(folderName text: String) {
    let parts = text.split(
      separator: "-", maxSplits: .max, omittingEmptySubsequences: false
    ).flatMap { $0.split(separator: "_", maxSplits: .max, omittingEmptySubsequences: false) }
    func isAlphanumeric(_ part: Substring) -> Bool {
      part.unicodeScalars.allSatisfy {
        $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))
      }
    }
    guard let first = parts.first, parts.allSatisfy({ !$0.isEmpty && isAlphanumeric($0) }),
      let tag = LanguageTag(text)
    else { return nil }
    let isLegacy = Self.legacyNames[first.lowercased()] != nil && parts.count == 1
    guard isLegacy || ((2...3).contains(first.count) && first.allSatisfy(\.isLetter)) else {
      return nil
    }
    // Script, region and variants in that order, each at most once (variants excepted).
    var rest = parts.dropFirst()
    if let part = rest.first, part.count == 4, part.allSatisfy(\.isLetter) {
      rest = rest.dropFirst()
    }
    if let part = rest.first,
      (part.count == 2 && part.allSatisfy(\.isLetter))
        || (part.count == 3 && part.allSatisfy(\.isNumber))
    {
      rest = rest.dropFirst()
    }
    let isVariant = { (part: Substring) in
      (5...8).contains(part.count) || (part.count == 4 && part.first?.isNumber == true)
    }
    guard rest.allSatisfy(isVariant) else { return nil }
    self = tag
  }

  /// Whether a name may stand before `.lproj` in a folder prefs creates: a
  /// language tag as `init?(folderName:)` reads it, or `Base`.
  ///
  /// ```swift
  /// LanguageTag.isFolderName("Base")   // true
  /// LanguageTag.isFolderName("../de")  // false
  /// ```
  public static func isFolderName(_ name: String) -> Bool {
    name == "Base" || LanguageTag(folderName: name) != nil
  }

  public var description: String {
    [language, script, region].compactMap { $0 }.joined(separator: "-")
  }
}
