/// Chooses which `.lproj` folder a bundle is shown in, following Apple's
/// QA1828 rules as CoreFoundation applies them to a bundle without a
/// development region:
///
/// 1. for each preferred language in order: the exact folder (`-`/`_` and case
///    ignored, legacy names such as `English` included), then the same
///    language and script, then the language alone (`pt-BR` → `pt`), then any
///    region of the same language;
/// 2. otherwise `en`, `English` or `en_US`/`en-US`, whichever exists;
/// 3. otherwise `Base`, otherwise the first folder.
///
/// ```swift
/// let chosen = LanguageNegotiation.choose(available: ["en", "pt", "Base"], preferred: ["pt-BR"])
/// // "pt"
/// ```
public enum LanguageNegotiation {
  public static func choose(available: [String], preferred: [String]) -> String? {
    searchOrder(available: available, preferred: preferred).first
  }

  /// Every folder in the order resources are searched: the first choice,
  /// `Base`, the other preferred languages, then the development fallback.
  public static func searchOrder(available: [String], preferred: [String]) -> [String] {
    var order: [String] = []
    func add(_ folder: String?) {
      if let folder, !order.contains(folder) { order.append(folder) }
    }
    let matches = preferred.compactMap { match(LanguageTag($0), in: available) }
    add(matches.first ?? developmentFallback(available))
    add(available.first { $0.lowercased() == "base" })
    matches.dropFirst().forEach(add)
    add(developmentFallback(available))
    if order.isEmpty { add(available.sorted().first) }
    return order
  }

  /// The folder that best serves one preferred language, if any.
  public static func match(_ wanted: LanguageTag?, in available: [String]) -> String? {
    guard let wanted else { return nil }
    let candidates = available.compactMap { folder in LanguageTag(folder).map { (folder, $0) } }
      .sorted { $0.0 < $1.0 }
    if let exact = candidates.first(where: { $0.1 == wanted }) { return exact.0 }
    if let sameScript = candidates.first(where: {
      $0.1.language == wanted.language && $0.1.region == nil
        && $0.1.effectiveScript == wanted.effectiveScript
        && $0.1.script != nil
    }) {
      return sameScript.0
    }
    if let languageOnly = candidates.first(where: {
      $0.1.language == wanted.language && $0.1.region == nil && $0.1.script == nil
        && (wanted.language != "zh" || wanted.effectiveScript == nil)
    }) {
      return languageOnly.0
    }
    return candidates.first(where: {
      $0.1.language == wanted.language && $0.1.effectiveScript == wanted.effectiveScript
    })?.0
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
