/// What the name of a `.lproj` folder means to iOS, and which of a bundle's
/// folders a language names.
///
/// iOS hands a bundle's folder names to Apple ICU's `ualoc_localizationsToUse`
/// (see ``LanguageNegotiation``), which reads language tags and the old names in
/// Apple's alias table (`English`, `German`, ..., see
/// ``LanguageFallbackData/appleAliases``). CFBundle's longer table of old names
/// (`Croatian`, `Greek`, `Slovak`, ...) and retired region codes (`en_UK`) are
/// read by nothing: such a folder is selected by no device.
///
/// ```swift
/// LanguageFolder.folder(for: "de", in: ["English", "German"])      // "German"
/// LanguageFolder.tag(of: "pt_BR")                                  // "pt-BR"
/// LanguageFolder.intendedTag(of: "Croatian")                       // "hr"
/// LanguageFolder.unselected(in: ["en", "en_UK"]).map(\.folder)     // ["en_UK"]
/// ```
public enum LanguageFolder {
  static var matcher: LocalizationMatcher { LanguageNegotiation.matcher }
  static var data: LanguageFallbackData { matcher.data }

  /// The BCP 47 tag iOS reads a folder's name as (`German` → `de`, `pt_BR` →
  /// `pt-BR`, `zh_cn` → `zh-CN`); nil for `Base` and for a name iOS does not
  /// read as a language (`Croatian`).
  public static func tag(of folder: String) -> String? {
    LanguageTag(folderName: folder).map(\.description)
  }

  /// The BCP 47 tag a folder is meant for: the one iOS reads, except that an
  /// old CFBundle name iOS does not read means its language (`Croatian` →
  /// `hr`, `Tagalog` → `fil`) and a retired region code its successor
  /// (`en_UK` → `en-GB`). Nil for `Base` and for names that mean no language.
  ///
  /// ```swift
  /// LanguageFolder.intendedTag(of: "Greek")   // "el"
  /// LanguageFolder.intendedTag(of: "en_UK")   // "en-GB"
  /// ```
  public static func intendedTag(of folder: String) -> String? {
    if !folder.contains(where: { $0 == "-" || $0 == "_" }),
      LanguageTag.legacyNames[folder.lowercased()] == nil,
      let code = legacyLanguage(folder)
    {
      return data.cldrLanguageAliases[code].map { $0.replacingOccurrences(of: "_", with: "-") }
        ?? code
    }
    guard var tag = LanguageTag(folderName: folder) else { return nil }
    if let region = tag.region, let successor = data.regionAliases[region] {
      tag.region = successor
    }
    return tag.description
  }

  /// The language of one of CFBundle's old names, in any letter case.
  static func legacyLanguage(_ name: String) -> String? {
    if let code = data.cfBundleLanguageNames[name] { return code }
    let lowered = name.lowercased()
    return data.cfBundleLanguageNames.first { $0.key.lowercased() == lowered }?.value
  }

  /// The folder of `available` that `language` names: the folder of that very
  /// name; else the one iOS reads as the same language (`de` names `German`,
  /// `pt-BR` names `pt_BR`, `zh-TW` names `zh_Hant_TW`); else the one meant
  /// for it (`hr` names `Croatian`). Never a folder of a parent or near
  /// language: `de-AT` does not name `de`. Nil when none does.
  ///
  /// ```swift
  /// LanguageFolder.folder(for: "de", in: ["en", "German"])  // "German"
  /// LanguageFolder.folder(for: "de-AT", in: ["en", "de"])   // nil
  /// ```
  public static func folder(for language: String, in available: [String]) -> String? {
    if available.contains(language) { return language }
    let folders = matcher.folders(available.filter { $0.lowercased() != "base" })
    if let wanted = LocaleName(text: language, legacyNames: matcher.legacyNames) {
      if let same = folders.first(where: { $0.base == wanted }) { return same.name }
      let normalized = matcher.normalized(wanted)
      if let same = folders.first(where: { $0.normalized == normalized }) { return same.name }
    }
    guard let meant = intendedTag(of: language).flatMap({ LanguageTag($0) }) else { return nil }
    return available.sorted().first { folder in
      folder.lowercased() != "base" && intendedTag(of: folder).flatMap { LanguageTag($0) } == meant
    }
  }

  /// A folder that no device selects, whatever its languages.
  public struct Unselected: Sendable, Hashable {
    /// The folder's name (without `.lproj`).
    public var folder: String
    /// The tag the folder is meant for, if its name means a language (``LanguageFolder/intendedTag(of:)``).
    public var intendedTag: String?
    /// The folder a device that prefers ``intendedTag`` gets instead (English, as the
    /// last resort, when no folder serves that language), if any.
    public var servedBy: String?
  }

  /// The folders of `available` that no device selects: for no preferred
  /// language near the folder's own (its intended tag and the languages
  /// above it, every other folder's, and every locale of its language that
  /// CLDR's and Apple's tables name) does iOS's matching use it, first or as
  /// a fallback. `Base` is never one (resources are looked up in it for
  /// every language).
  ///
  /// ```swift
  /// LanguageFolder.unselected(in: ["English", "Croatian"]).first?.intendedTag  // "hr"
  /// LanguageFolder.unselected(in: ["de", "German"]).first?.servedBy           // "de"
  /// ```
  public static func unselected(in available: [String]) -> [Unselected] {
    let languages = available.filter { $0.lowercased() != "base" }
    let intended = Dictionary(
      languages.map { ($0, intendedTag(of: $0)) }, uniquingKeysWith: { first, _ in first })
    let others = Set(intended.values.compactMap { $0 })
    var result: [Unselected] = []
    var cache: [String: [String]] = [:]
    // Read once: a folder may be asked about for hundreds of device locales.
    let folders = matcher.folders(languages)
    func used(for tag: String) -> [String] {
      if let known = cache[tag] { return known }
      let found = matcher.localizationsToUse(folders: folders, preferred: [tag])
      cache[tag] = found
      return found
    }
    for folder in languages.sorted() {
      let meant = intended[folder] ?? nil
      func selected(for tags: some Sequence<String>) -> Bool {
        tags.contains { used(for: $0).contains(folder) }
      }
      // The candidates are `others` and the device preferences near `meant`
      // (one of `others`). Most folders are selected for their own tag: it is
      // tried first, and the preferences (hundreds of locales, each a
      // negotiation) are worked out only for a folder that it does not select.
      if let meant, selected(for: [meant]) { continue }
      if selected(for: others) { continue }
      if let meant, let tag = LanguageTag(meant),
        selected(for: devicePreferences(of: tag).subtracting(others))
      {
        continue
      }
      // What such a device gets: CFBundle's whole answer, English as the last resort.
      let instead = meant.flatMap {
        LanguageNegotiation.searchOrder(available: available, preferred: [$0]).first
      }
      result.append(Unselected(folder: folder, intendedTag: meant, servedBy: instead))
    }
    return result
  }

  /// Tags a device may prefer near `tag`: it, the languages above it, and
  /// every locale of its language that the tables name, without retired regions.
  static func devicePreferences(of tag: LanguageTag) -> Set<String> {
    var result: Set<String> = [tag.description]
    var current = LocaleName(language: tag.language, script: tag.script, region: tag.region)
    while let up = current.truncated {
      result.insert(up.name.replacingOccurrences(of: "_", with: "-"))
      current = up
    }
    let prefix = tag.language + "_"
    let tables = [
      Array(data.cldrParentLocales.keys), Array(data.appleParentLocales.keys),
      Array(data.likelySubtags.keys), Array(data.icuLocaleAliases.keys),
    ]
    for name in tables.joined() where name.hasPrefix(prefix) {
      guard let locale = LocaleName(name: name),
        locale.region.map({ data.regionAliases[$0] == nil }) ?? true
      else { continue }
      result.insert(name.replacingOccurrences(of: "_", with: "-"))
    }
    return result
  }
}
