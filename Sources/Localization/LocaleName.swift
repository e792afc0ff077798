/// A locale as ICU names it after `uloc_getBaseName`: `language[_Script][_REGION]`,
/// the form in which CLDR's and Apple's tables are keyed. An old folder name
/// (`English`) is kept as its lowercased word until an alias turns it into a language.
struct LocaleName: Sendable, Hashable {
  var language: String
  var script: String?
  var region: String?

  init(language: String, script: String? = nil, region: String? = nil) {
    self.language = language
    self.script = script
    self.region = region
  }

  /// Parses an ICU name as the tables write it (`zh_Hant_HK`, `en_001`).
  init?(name: String) {
    let parts = name.split(separator: "_").map(String.init)
    guard let first = parts.first, !first.isEmpty, parts.count <= 3 else { return nil }
    language = first
    for part in parts.dropFirst() {
      if part.count == 4, script == nil, region == nil {
        script = part
      } else if region == nil {
        region = part
      } else {
        return nil
      }
    }
  }

  /// The base name of a folder or preferred language; nil for what is not a
  /// language (`Base`, `C`, the empty string).
  init?(text: String, legacyNames: [String: String]) {
    let lowered = text.lowercased()
    if legacyNames[lowered] != nil {
      self.init(language: lowered)
      return
    }
    guard let tag = LanguageTag(text) else { return nil }
    self.init(language: tag.language, script: tag.script, region: tag.region)
  }

  var name: String { [language, script, region].compactMap { $0 }.joined(separator: "_") }

  /// ICU's `uloc_getParent`: the name without its last part; nil past the language.
  var truncated: LocaleName? {
    if region != nil { return LocaleName(language: language, script: script) }
    if script != nil { return LocaleName(language: language) }
    return nil
  }
}

/// CLDR likely subtags as ICU applies them (`uloc_addLikelySubtags`,
/// `uloc_minimizeSubtags`), limited to names whose language is known.
struct LikelySubtags: Sendable {
  let table: [String: String]

  /// `en_CA` → `en_Latn_CA`, `zh_TW` → `zh_Hant_TW`; unchanged when the language is unknown.
  func maximized(_ locale: LocaleName) -> LocaleName {
    var keys: [LocaleName] = []
    if locale.script != nil, locale.region != nil { keys.append(locale) }
    if let region = locale.region {
      keys.append(LocaleName(language: locale.language, region: region))
    }
    if let script = locale.script {
      keys.append(LocaleName(language: locale.language, script: script))
    }
    keys.append(LocaleName(language: locale.language))
    for key in keys {
      if let value = table[key.name], let likely = LocaleName(name: value) {
        return LocaleName(
          language: locale.language, script: locale.script ?? likely.script,
          region: locale.region ?? likely.region)
      }
    }
    return locale
  }

  /// The shortest name that maximizes to the same locale: `zh_Hant_TW` → `zh_TW`, `en_Latn_US` → `en`.
  func minimized(_ locale: LocaleName) -> LocaleName {
    let full = maximized(locale)
    guard full != locale || table[locale.name] != nil || table[locale.language] != nil else {
      return locale
    }
    let trials = [
      LocaleName(language: full.language),
      LocaleName(language: full.language, region: full.region),
      LocaleName(language: full.language, script: full.script),
    ]
    return trials.first { maximized($0) == full } ?? full
  }
}
