/// Chooses which `.lproj` folder a bundle is shown in, as CFBundle does on
/// iOS for a bundle without a development region (a Settings.bundle has no
/// Info.plist):
///
/// 1. the folders Apple ICU's `ualoc_localizationsToUse` gives for the
///    preferred languages (`AppleLanguages`): the first preferred language any
///    folder serves, through aliases and CLDR's and Apple's parent locales
///    (`en-IN` takes `en-GB`, `pt-AO` takes `pt-PT`, `zh-MO` takes `zh-HK` before
///    `zh-Hant`, `nb` takes `no`), followed by that folder's own fallbacks;
///    see ``LanguageFallbackData`` for the tables;
/// 2. when no preferred language is served, the same for `en_US`;
/// 3. otherwise `Base`, otherwise the first folder.
///
/// Resources are then searched in that order with `Base` right after the
/// first folder and `en`, `English` or `en_US` last.
///
/// ```swift
/// LanguageNegotiation.choose(available: ["en", "en-GB", "Base"], preferred: ["en-IN"])  // "en-GB"
/// LanguageNegotiation.searchOrder(available: ["en", "en-GB", "Base"], preferred: ["en-AU"])
/// // ["en-GB", "Base", "en"]
/// ```
public enum LanguageNegotiation {
  static let matcher = LocalizationMatcher(data: .embedded)

  public static func choose(available: [String], preferred: [String]) -> String? {
    searchOrder(available: available, preferred: preferred).first
  }

  /// Every folder in the order resources are searched: the first choice,
  /// `Base`, the first choice's fallbacks, then `en`, `English` or `en_US`.
  public static func searchOrder(available: [String], preferred: [String]) -> [String] {
    var order: [String] = []
    func add(_ folder: String?) {
      if let folder, !order.contains(folder) { order.append(folder) }
    }
    let languages = available.filter { $0.lowercased() != "base" }
    var chosen = matcher.localizationsToUse(available: languages, preferred: preferred)
    // A folder iOS reads no language from (Croatian.lproj) is asked for by its own
    // name only (a device never does): it is shown when no earlier language is served.
    if let index = preferred.firstIndex(where: { name in
      languages.contains(name) && LocaleName(text: name, legacyNames: matcher.legacyNames) == nil
    }) {
      let earlier = matcher.localizationsToUse(
        available: languages, preferred: Array(preferred[..<index]))
      chosen = earlier.isEmpty ? [preferred[index]] : earlier
    }
    if chosen.isEmpty {
      chosen = matcher.localizationsToUse(available: languages, preferred: ["en_US"])
    }
    add(chosen.first)
    add(available.first { $0.lowercased() == "base" })
    chosen.dropFirst().forEach(add)
    add(developmentFallback(available))
    if order.isEmpty { add(available.sorted().first) }
    return order
  }

  /// The folders iOS uses for a list of preferred languages, best first with
  /// the best one's fallbacks after it; empty when none serves any of them.
  ///
  /// ```swift
  /// LanguageNegotiation.localizationsToUse(
  ///   available: ["zh-Hans", "zh-Hant", "zh-HK"], preferred: ["zh-MO"])  // ["zh-HK", "zh-Hant"]
  /// ```
  public static func localizationsToUse(available: [String], preferred: [String]) -> [String] {
    matcher.localizationsToUse(available: available, preferred: preferred)
  }

  /// The folder that best serves one preferred language, if any.
  public static func match(_ wanted: LanguageTag?, in available: [String]) -> String? {
    guard let wanted else { return nil }
    return matcher.localizationsToUse(available: available, preferred: [wanted.description]).first
  }

  static func developmentFallback(_ available: [String]) -> String? {
    for name in ["en", "english", "en_us", "en-us"] {
      if let folder = available.first(where: { $0.lowercased() == name }) { return folder }
    }
    return nil
  }

  /// The preferred languages a process was given: `LC_ALL`, else
  /// `LC_MESSAGES`, else `LANG`; `LANGUAGE`'s colon-separated list comes
  /// first when set. `C` and `POSIX` mean no preference.
  ///
  /// ```swift
  /// LanguageNegotiation.preferredLanguages(environment: ["LANG": "cs_CZ.UTF-8"])  // ["cs-CZ"]
  /// ```
  public static func preferredLanguages(environment: [String: String]) -> [String] {
    var result: [String] = []
    let primary = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first {
      !$0.isEmpty
    }
    if let primary, LanguageTag(primary) != nil, let list = environment["LANGUAGE"], !list.isEmpty {
      result += list.split(separator: ":").compactMap { LanguageTag(String($0))?.description }
    }
    if let primary, let tag = LanguageTag(primary) { result.append(tag.description) }
    var seen = Set<String>()
    return result.filter { seen.insert($0).inserted }
  }
}
