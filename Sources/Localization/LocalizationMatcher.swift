/// Maps preferred languages to a bundle's folders the way CFBundle does on
/// iOS, through Apple ICU's `ualoc_localizationsToUse`:
///
/// 1. For each preferred language in order: a folder with the same base name
///    (`pt_BR` for `pt-BR`); then the same after aliases on both sides (`zh-TW` is
///    `zh_Hant_TW`, `English` is `en`, `zh` is `zh_Hans`); then each parent in turn:
///    Apple's parent if it has one (`en_IN` → `en_GB` → `en_001` → `en`), else CLDR's
///    (`pt_AO` → `pt_PT`, `zh_Hant_MO` → `zh_Hant_HK`, `nb` → `no`), else the name
///    without its last part, ending at root (CLDR makes `zh_Hant` and `sr_Latn`
///    children of root, so Traditional Chinese never falls to `zh`).
/// 2. Meanwhile the first near miss is kept: a folder whose own parent, whose
///    region-less form, or whose minimal form is the preferred language or one of
///    its parents (`pt-BR` takes `pt-PT`, `zh-Hant-HK` takes `zh_TW`). It is used when
///    no preferred language matches, or instead of a match for a later preferred
///    language of another language or script.
/// 3. The chosen folder is followed by the folders on its own parent chain
///    (`en_AU` → `en_GB` → `en`), and for `zh_HK`/`zh_MO` by `zh_TW` when the
///    bundle has no `zh_Hant`.
///
/// Names are compared in ICU's base-name form, so `-`/`_` and letter case do not matter.
struct LocalizationMatcher: Sendable {
  let data: LanguageFallbackData
  let likely: LikelySubtags
  let legacyNames: [String: String]

  init(data: LanguageFallbackData) {
    self.data = data
    likely = LikelySubtags(table: data.likelySubtags)
    legacyNames = data.legacyNames
  }

  /// One available folder: its name, its base name and its aliased name.
  struct Folder {
    var name: String
    var base: LocaleName
    var normalized: LocaleName
  }

  /// The aliased form of a whole base name (ICU looks up the whole name only).
  func normalized(_ locale: LocaleName) -> LocaleName {
    let key = locale.name
    let replacement =
      data.appleAliases[key] ?? data.icuLocaleAliases[key] ?? data.cldrLanguageAliases[key]
    return replacement.flatMap { LocaleName(name: $0) } ?? locale
  }

  /// The explicit parent of a name, if a table gives one (`root` included).
  func tableParent(_ locale: LocaleName) -> String? {
    if let parent = data.appleParentLocales[locale.name] ?? data.cldrParentLocales[locale.name] {
      return parent
    }
    if data.cldrParentLocaleRules.contains("nonlikelyScript"), locale.region == nil,
      let script = locale.script,
      likely.maximized(LocaleName(language: locale.language)).script.map({ $0 != script }) ?? false
    {
      return "root"
    }
    return nil
  }

  /// The next name up the fallback chain; nil at root.
  func parent(_ locale: LocaleName) -> LocaleName? {
    if let parent = tableParent(locale) {
      return parent == "root" || parent == "und" ? nil : LocaleName(name: parent)
    }
    return locale.truncated
  }

  /// Every name up the chain, starting with the parent of `locale`.
  func ancestors(_ locale: LocaleName) -> [LocaleName] {
    var chain: [LocaleName] = []
    var current = locale
    // The tables are finite and acyclic, but data is input: bound the walk.
    while let next = parent(current), chain.count < 16, !chain.contains(next) {
      chain.append(next)
      current = next
    }
    return chain
  }

  /// The near-miss parent of an available folder and its weight.
  func fallbackParent(_ locale: LocaleName) -> (parent: String, distance: Int)? {
    if let entry = data.appleFallbackParents[locale.name] { return (entry.parent, entry.distance) }
    return tableParent(locale).map { ($0, 1) }
  }

  func folders(_ available: [String]) -> [Folder] {
    available.sorted().compactMap { name in
      LocaleName(text: name, legacyNames: legacyNames).map {
        Folder(name: name, base: $0, normalized: normalized($0))
      }
    }
  }

  /// The folders to use for the first preferred language that any folder
  /// serves, best first, each followed by its fallbacks; empty when none does.
  func localizationsToUse(available: [String], preferred: [String]) -> [String] {
    localizationsToUse(folders: folders(available), preferred: preferred)
  }

  /// ``localizationsToUse(available:preferred:)`` over folders already read
  /// (``folders(_:)``), for a caller that asks about one bundle many times.
  func localizationsToUse(folders: [Folder], preferred: [String]) -> [String] {
    guard !folders.isEmpty else { return [] }
    var found: (folder: Int, preference: Int)?
    var backup: (folder: Int, preference: Int, fromPortugal: Bool)?
    // A repeated language can match nothing its first mention did not: each
    // is tried once, so the work grows with the distinct languages only.
    var tried = Set<LocaleName>()
    for (index, text) in preferred.enumerated() {
      guard let base = LocaleName(text: text, legacyNames: legacyNames),
        tried.insert(base).inserted
      else { continue }
      // A folder named exactly as the language wins over one equal only
      // when case is ignored (`de` takes de.lproj, not DE.lproj).
      if let exact = folders.firstIndex(where: { $0.name == text })
        ?? folders.firstIndex(where: { $0.base == base })
      {
        found = (exact, index)
        break
      }
      let wanted = normalized(base)
      let chain = [wanted] + ancestors(wanted)
      if let match = chain.lazy.compactMap({ name in
        folders.firstIndex { $0.name == name.name && $0.normalized == name }
          ?? folders.firstIndex { $0.normalized == name }
      }).first {
        found = (match, index)
        break
      }
      if backup == nil, let near = nearMiss(chain: chain, in: folders) {
        backup = (near.folder, index, near.viaRegionlessParent && wanted.name == "pt_PT")
      }
    }
    guard let chosen = choose(found: found, backup: backup, folders: folders) else { return [] }
    return fallbacks(of: chosen, in: folders)
  }

  /// Step 2: the first folder near a name of the chain, nearest first.
  func nearMiss(chain: [LocaleName], in folders: [Folder]) -> (
    folder: Int, viaRegionlessParent: Bool
  )? {
    for name in chain {
      var best: (folder: Int, distance: Int, viaRegionlessParent: Bool)?
      for (index, folder) in folders.enumerated() {
        let own = fallbackParent(folder.normalized)
        if let own, own.parent == name.name, own.distance < (best?.distance ?? 8) {
          best = (index, own.distance, false)
          continue
        }
        if let best, best.distance <= 1 { continue }
        let numericParent = own.map { $0.parent.count >= 6 && $0.parent.last?.isNumber == true }
        if numericParent ?? true, folder.normalized.region != nil {
          let regionless = likely.maximized(folder.normalized).truncated.map(likely.minimized)
          if regionless == name {
            best = (index, 1, true)
            continue
          }
        }
        if likely.minimized(folder.normalized) == name { best = (index, 1, false) }
      }
      if let best { return (best.folder, best.viaRegionlessParent) }
    }
    return nil
  }

  func choose(
    found: (folder: Int, preference: Int)?,
    backup: (folder: Int, preference: Int, fromPortugal: Bool)?, folders: [Folder]
  ) -> Int? {
    guard let backup else { return found?.folder }
    guard let found else { return backup.folder }
    // pt-PT never prefers pt-BR over a match for a later language.
    let portugalToBrazil = backup.fromPortugal && folders[backup.folder].normalized.name == "pt_BR"
    guard backup.preference < found.preference, !portugalToBrazil else { return found.folder }
    let main = folders[found.folder].normalized
    let near = folders[backup.folder].normalized
    if main.language != near.language { return backup.folder }
    return likely.maximized(main).script != likely.maximized(near).script
      ? backup.folder : found.folder
  }

  /// Step 3: the chosen folder and the folders on its parent chain.
  func fallbacks(of chosen: Int, in folders: [Folder]) -> [String] {
    var result = [folders[chosen].name]
    func add(matching name: LocaleName) {
      let candidates = folders.filter {
        ($0.base == name || $0.normalized == name) && !result.contains($0.name)
      }
      if let folder = candidates.first(where: { $0.name == name.name }) ?? candidates.first {
        result.append(folder.name)
      }
    }
    let start = folders[chosen].normalized
    if start.name != folders[chosen].name { add(matching: start) }
    ancestors(start).forEach(add(matching:))
    let base = folders[chosen].base.name
    if base == "zh_HK" || base == "zh_MO",
      !folders.contains(where: { $0.base.name == "zh_Hant" }),
      let taiwan = folders.first(where: { $0.base.name == "zh_TW" }),
      !result.contains(taiwan.name)
    {
      result.append(taiwan.name)
    }
    return result
  }
}
