import Foundation

/// The facts iOS uses to map preferred languages to a bundle's `.lproj`
/// folders, read from `Schemas/Localization/language-fallback.json`: CLDR's
/// parent locales, language aliases and likely subtags (with the CLDR version
/// they come from), ICU's aliases of old Chinese locale IDs, and the tables
/// Apple's ICU adds in `ualoc_localizationsToUse`.
///
/// Locale names are ICU base names: `language[_Script][_REGION]`.
///
/// ```swift
/// let data = LanguageFallbackData.embedded
/// data.cldrVersion                  // "47"
/// data.cldrParentLocales["pt_AO"]   // "pt_PT"
/// ```
public struct LanguageFallbackData: Sendable, Hashable, Decodable {
  /// A parent Apple consults only when looking for a near miss (its `locParentMap`);
  /// a smaller distance wins.
  public struct FallbackParent: Sendable, Hashable, Decodable {
    public var parent: String
    public var distance: Int
  }

  public var cldrVersion: String
  /// CLDR `parentLocales`: child → parent (`root` ends a chain).
  public var cldrParentLocales: [String: String]
  /// CLDR's parent locale rules; `nonlikelyScript` makes `lang_Script` a child of
  /// root when `Script` is not the language's likely script (`zh_Hant`, `sr_Latn`).
  public var cldrParentLocaleRules: [String]
  /// CLDR `languageAlias` for bare language codes (`iw` → `he`, `tl` → `fil`).
  public var cldrLanguageAliases: [String: String]
  /// CLDR `likelySubtags`, for the languages CLDR has data for.
  public var likelySubtags: [String: String]
  /// ICU's aliases of whole locale names (`zh_TW` → `zh_Hant_TW`).
  public var icuLocaleAliases: [String: String]
  /// Apple's aliases (`english` → `en`, `zh` → `zh_Hans`, `no_NO` → `nb_NO`).
  public var appleAliases: [String: String]
  /// Apple's parents, which replace CLDR's (`en_IN` → `en_GB`, `en_AU` → `en_GB`).
  public var appleParentLocales: [String: String]
  /// Apple's near-miss parents with their weights.
  public var appleFallbackParents: [String: FallbackParent]
  /// CFBundle's old language names (`Croatian` → `hr`), of which iOS reads only
  /// those ``appleAliases`` lists: a folder named with another is selected by no device.
  public var cfBundleLanguageNames: [String: String]
  /// Region codes CLDR replaced by one region (`UK` → `GB`): iOS matches them to no region.
  public var regionAliases: [String: String]

  enum Keys: String, CodingKey { case cldr, icu, apple, legacyFolderNames }
  enum LegacyKeys: String, CodingKey { case languageNames, regionAliases }
  enum CLDRKeys: String, CodingKey {
    case version, parentLocales, parentLocaleRules, languageAliases, likelySubtags
  }
  enum ICUKeys: String, CodingKey { case localeAliases }
  enum AppleKeys: String, CodingKey { case aliases, parentLocales, fallbackParents }

  public init(from decoder: any Decoder) throws {
    let root = try decoder.container(keyedBy: Keys.self)
    let cldr = try root.nestedContainer(keyedBy: CLDRKeys.self, forKey: .cldr)
    cldrVersion = try cldr.decode(String.self, forKey: .version)
    cldrParentLocales = try cldr.decode([String: String].self, forKey: .parentLocales)
    cldrParentLocaleRules = try cldr.decode([String].self, forKey: .parentLocaleRules)
    cldrLanguageAliases = try cldr.decode([String: String].self, forKey: .languageAliases)
    likelySubtags = try cldr.decode([String: String].self, forKey: .likelySubtags)
    let icu = try root.nestedContainer(keyedBy: ICUKeys.self, forKey: .icu)
    icuLocaleAliases = try icu.decode([String: String].self, forKey: .localeAliases)
    let apple = try root.nestedContainer(keyedBy: AppleKeys.self, forKey: .apple)
    appleAliases = try apple.decode([String: String].self, forKey: .aliases)
    appleParentLocales = try apple.decode([String: String].self, forKey: .parentLocales)
    appleFallbackParents = try apple.decode(
      [String: FallbackParent].self, forKey: .fallbackParents)
    let legacy = try root.nestedContainer(keyedBy: LegacyKeys.self, forKey: .legacyFolderNames)
    cfBundleLanguageNames = try legacy.decode([String: String].self, forKey: .languageNames)
    regionAliases = try legacy.decode([String: String].self, forKey: .regionAliases)
  }

  /// The path of the data file inside the repository.
  public static let path = "Schemas/Localization/language-fallback.json"

  /// The data file's text as the binary embeds it (scripts/embed-data).
  public static var embeddedText: String? { EmbeddedLanguageData.files[path] }

  /// Reads the data file's text: by a byte scan at start-up, by `JSONDecoder` (and its
  /// error) when the scan does not read it (FallbackDataReader says why).
  public static func decode(_ text: String) throws -> LanguageFallbackData {
    if let data = FallbackDataReader.read(text).flatMap(LanguageFallbackData.init) { return data }
    return try JSONDecoder().decode(LanguageFallbackData.self, from: Data(text.utf8))
  }

  /// The embedded data. A test proves it decodes; should it ever fail, no
  /// CLDR rule applies and only exact and same-language matches remain.
  public static let embedded: LanguageFallbackData =
    embeddedText.flatMap { try? decode($0) } ?? LanguageFallbackData()

  init() {
    cldrVersion = ""
    cldrParentLocales = [:]
    cldrParentLocaleRules = []
    cldrLanguageAliases = [:]
    likelySubtags = [:]
    icuLocaleAliases = [:]
    appleAliases = [:]
    appleParentLocales = [:]
    appleFallbackParents = [:]
    cfBundleLanguageNames = [:]
    regionAliases = [:]
  }

  /// Old folder names (`English`, `German`, ...), lowercased, → their language.
  var legacyNames: [String: String] {
    var names: [String: String] = [:]
    for (name, target) in appleAliases where name.count > 3 && name.allSatisfy(\.isLetter) {
      names[name] = String(target.prefix { $0 != "_" })
    }
    return names
  }
}
