import Localization
import Parallel
import Plist

/// How each language's strings tables cover the strings of the pages: which
/// string of which page each table translates, leaves out, marks untranslated
/// or translates as empty, and which entries no page shows. Worked out once,
/// on every core, and read by lint's translation rules, `prefs strings` and
/// the XLIFF and String Catalog exports, so that they always agree.
///
/// ```swift
/// let coverage = TranslationCoverage(bundle: bundle, catalog: try SchemaCatalog.load(.apple))
/// coverage.untranslated(in: "de").map(\.string.text)  // ["Enabled", "Server"]
/// coverage.files["de.lproj/Root.strings"]?.unusedEntries  // positions of stale entries
/// ```
public struct TranslationCoverage: Sendable {
  public let policy: CoveragePolicy
  /// The tables pages use, in the order their first page is reached from Root.
  public let tables: [TableCoverage]
  /// Every strings table of the bundle that could be read, by its path inside the bundle.
  public let files: [String: FileCoverage]
  /// The `.lproj` folder names, sorted.
  public let languages: [String]
  /// Whether unused entries are known: false when the policy waits for page
  /// variants that were not loaded (``CoveragePolicy/needsEveryPageVariantForUnused``).
  public let knowsUnusedEntries: Bool
  private let tableIndex: [String: Int]

  public init(bundle: SettingsBundle, catalog: SchemaCatalog, policy: CoveragePolicy = .standard) {
    self.init(bundle: bundle, strings: bundle.localizableStrings(catalog: catalog), policy: policy)
  }

  /// The coverage of the pages of every reading of a bundle (each device,
  /// each dialect), as lint reads them together.
  ///
  /// ```swift
  /// let readings = try TranslatedReadings(base: phone, others: [pad, inAppSettingsKit])
  /// TranslationCoverage(readings: readings).untranslated(in: "de")
  /// ```
  public init(readings: TranslatedReadings, policy: CoveragePolicy = .standard) {
    self.init(bundle: readings.bundle, strings: readings.strings, policy: policy)
  }

  init(bundle: SettingsBundle, strings all: [String: [LocalizableString]], policy: CoveragePolicy) {
    self.policy = policy
    let folders = bundle.inventory.folders.filter { policy.languages?.contains($0) ?? true }
    languages = folders
    let loadedPages = Set(bundle.pages.map(\.file))
    let unloadedVariants = bundle.files.contains { file in
      file.hasSuffix(".plist") && !loadedPages.contains(file)
        && (file.contains("~") || file.contains(".inApp."))
    }
    knowsUnusedEntries = !(policy.needsEveryPageVariantForUnused && unloadedVariants)

    // The distinct strings of each table (the first use of each text), in page order.
    // Texts compare as the tables' keys do on a device, by exact scalars.
    let excludedIndices = Set(
      bundle.pages.indices.filter { policy.excludedPages.contains(bundle.pages[$0].file) })
    let strings = all.mapValues { list in
      var seen = Set<PlistKey>()
      return list.filter {
        !excludedIndices.contains($0.pageIndex) && seen.insert(PlistKey($0.text)).inserted
      }
    }.filter { !$0.value.isEmpty }
    // What excluded pages show is still used: never unused, never pruned.
    let excludedKeys = all.mapValues { list in
      Set(list.filter { excludedIndices.contains($0.pageIndex) }.map { PlistKey($0.text) })
    }.filter { !$0.value.isEmpty }
    let names = strings.keys.sorted {
      (strings[$0]?.first?.pageIndex ?? 0, $0) < (strings[$1]?.first?.pageIndex ?? 0, $1)
    }
    tableIndex = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })

    let scanned = Self.scan(
      tables: bundle.strings.values.sorted { $0.file < $1.file }, strings: strings,
      excludedKeys: excludedKeys, policy: policy, knowsUnused: knowsUnusedEntries)
    var files = Dictionary(uniqueKeysWithValues: scanned.map { ($0.entries.file, $0) })
    Self.settleBlanks(&files, strings: strings, bundle: bundle, policy: policy)
    self.files = files.mapValues(\.entries)

    let inventory = bundle.inventory
    // A licence page's text is read in the language it is written in: it needs no translation.
    let licences = LicencePages(bundle: bundle, catalog: bundle.catalog)
    let licenceIndices = Set(
      bundle.pages.indices.filter { licences.contains(bundle.pages[$0].file) })
    // The folders that write "0.00" otherwise than the pages do (de, pt-BR).
    let otherMarks =
      policy.skipsStringsWithoutWords
      ? Set(folders.filter(policy.writesNumbersOtherwise)) : []
    let sourceFolders = policy.sourceFolders(among: inventory.folders)
    tables = names.map { name in
      let list = strings[name] ?? []
      let isShadowed = policy.skipsShadowedTables && inventory.topLevelTables.contains(name)
      let numbers = list.map {
        policy.skipsStringsWithoutWords && CoveragePolicy.isNumberWithMarks($0.text)
      }
      let needs = list.indices.map {
        !isShadowed && !licenceIndices.contains(list[$0].pageIndex)
          && (policy.needsTranslation(list[$0].text) || (numbers[$0] && !otherMarks.isEmpty))
      }
      let languages = folders.map { folder -> LanguageCoverage in
        let file = "\(folder).lproj/\(name).strings"
        let presence: LanguageCoverage.Presence
        if files[file] != nil {
          presence = .read
        } else if inventory.tablesByFolder[folder]?.contains(name) == true {
          presence = .unreadable
        } else {
          presence = .absent
        }
        let isSource = sourceFolders.contains(folder)
        return LanguageCoverage(
          language: folder, file: file, presence: presence, isSourceLanguage: isSource,
          states: files[file]?.states
            ?? [TranslationState](repeating: .absent, count: list.count),
          entriesUnderNearMissKeys: isSource
            ? Self.nearMisses(of: list, in: bundle.strings[file]) : [])
      }
      // A top-level table that shows some string of the pages in other words is a translation.
      let topLevel = bundle.strings["\(name).strings"]?.translations
      let topLevelTranslates = list.contains { string in
        topLevel?[PlistKey(string.text)].map { $0 != string.text } ?? false
      }
      return TableCoverage(
        name: name, strings: list, needsTranslation: needs, isShadowed: isShadowed,
        topLevelTranslatesThePages: topLevelTranslates,
        languages: languages, isNumberOnly: numbers, languagesWritingNumbersOtherwise: otherMarks,
        policy: policy)
    }
  }

  /// The coverage of a table pages use.
  public subscript(table name: String) -> TableCoverage? {
    tableIndex[name].map { tables[$0] }
  }

  /// Every string a language does not translate, table by table in page
  /// order; for a language without a folder, every string that needs translation
  /// in it (``TableCoverage/needsTranslation(_:in:)``).
  public func untranslated(in language: String) -> [UntranslatedString] {
    tables.flatMap { table in
      let coverage = table.language(language)
      return table.strings.indices.compactMap { index -> UntranslatedString? in
        guard table.needsTranslation(index, in: language) else { return nil }
        let state = coverage?.states[index] ?? .absent
        guard state.isUntranslated else { return nil }
        return UntranslatedString(
          table: table.name, string: table.strings[index], state: state,
          presence: coverage?.presence ?? .absent)
      }
    }
  }

  /// The table name and folder of a strings file: `("Root", "de")` for
  /// `de.lproj/Root.strings`, a nil folder at the top level; nil for other files.
  public static func location(ofTable file: String) -> (table: String, language: String?)? {
    BundleLoader.tableLocation(of: file).map { ($0.table, $0.folder) }
  }
}

/// How the `.lproj` tables of one name cover the strings of the pages that use it.
public struct TableCoverage: Sendable {
  /// The table name (`Root` for `de.lproj/Root.strings`).
  public let name: String
  /// The distinct strings of its pages (the first use of each text), in page order.
  public let strings: [LocalizableString]
  /// For each string, whether the policy asks for a translation of it.
  public let needsTranslation: [Bool]
  /// Whether a top-level table of this name hides every language's (and the policy skips it).
  public let isShadowed: Bool
  /// Whether the top-level table of this name shows some string of the
  /// pages in other words than they are written in (a translation), not
  /// only as written.
  public let topLevelTranslatesThePages: Bool
  /// One for each `.lproj` folder, sorted by name.
  public let languages: [LanguageCoverage]
  /// For each string, whether it is only a number written with marks ("0.00"):
  /// asked only of the languages that write numbers otherwise.
  public let isNumberOnly: [Bool]
  /// The folders that write numbers with other marks than the pages (de, pt-BR).
  public let languagesWritingNumbersOtherwise: Set<String>
  let policy: CoveragePolicy

  /// Whether the string at `index` is asked of `language` (a folder, or a tag
  /// the bundle has no folder for): a number written with marks only where
  /// the language writes numbers otherwise (German `0,00`, not Japanese).
  ///
  /// ```swift
  /// table.needsTranslation(0, in: "pt-BR")  // true for "0.00"
  /// ```
  ///
  /// This is the one answer to "does this language need a translation of
  /// this string" that status, missing, sync, lint and every export read.
  /// The source language (``LanguageCoverage/isSourceLanguage``) is the one
  /// the pages are written in: a string its table lacks is shown as written,
  /// in its own words, as CFBundle returns the key when a table has no
  /// value for it; only a string written as a key
  /// (``CoveragePolicy/isWrittenAsKey(_:)``), which reads right in no
  /// language, is asked of it.
  public func needsTranslation(_ index: Int, in language: String) -> Bool {
    if let coverage = self.language(language) {
      return needsTranslation(index, in: coverage)
    }
    return needsTranslation(
      index,
      writingNumbersOtherwise: policy.skipsStringsWithoutWords
        && policy.writesNumbersOtherwise(language),
      isSource: policy.isSourceLanguage(language))
  }

  /// ``needsTranslation(_:in:)`` for a folder of the bundle.
  public func needsTranslation(_ index: Int, in language: LanguageCoverage) -> Bool {
    needsTranslation(
      index, writingNumbersOtherwise: languagesWritingNumbersOtherwise.contains(language.language),
      isSource: language.isSourceLanguage, nearMisses: language.entriesUnderNearMissKeys)
  }

  func needsTranslation(
    _ index: Int, writingNumbersOtherwise: Bool, isSource: Bool, nearMisses: Set<Int> = []
  ) -> Bool {
    guard needsTranslation[index] else { return false }
    // An entry of the source table under a near-miss key was written for the
    // string, and its words are never shown: the string is asked of it too.
    if isSource {
      return CoveragePolicy.isWrittenAsKey(strings[index].text) || nearMisses.contains(index)
    }
    return !isNumberOnly[index] || writingNumbersOtherwise
  }

  /// Whether the top-level table of this name (shown in every language,
  /// found before any `.lproj` copy) is asked the string at `index`. In a
  /// bundle with no language folder that translates none of the pages'
  /// strings into other words (an Xcode template left beside the pages), it
  /// is the unlocalized resource CFBundle finds for every language, in the
  /// pages' own language: it is asked as the source language is
  /// (``needsTranslation(_:in:)``), only the strings written as keys.
  public func needsTopLevelTranslation(_ index: Int) -> Bool {
    let text = strings[index].text
    guard policy.needsTranslation(text) else { return false }
    return !languages.isEmpty || topLevelTranslatesThePages || CoveragePolicy.isWrittenAsKey(text)
  }

  /// A language's coverage; nil when the bundle has no such folder.
  public func language(_ name: String) -> LanguageCoverage? {
    languages.first { $0.language == name }
  }

  /// Positions in ``strings`` of the strings that need translation and that
  /// the language leaves out or marks untranslated.
  public func untranslated(in language: LanguageCoverage) -> [Int] {
    strings.indices.filter {
      needsTranslation($0, in: language) && language.states[$0].isUntranslated
    }
  }

  /// Whether every language whose table could be read (and of which the
  /// string is asked) leaves the string untranslated (a font name, a brand);
  /// false when no table could be read.
  public func isTranslatedNowhere(_ index: Int) -> Bool {
    var read = false
    for language in languages where language.presence == .read {
      // A language not asked the string says nothing of it, but the source
      // language's entry for it is one: the string is translated somewhere.
      guard needsTranslation(index, in: language) else {
        if language.isSourceLanguage, !language.states[index].isUntranslated { return false }
        continue
      }
      guard language.states[index].isUntranslated else { return false }
      read = true
    }
    return read
  }
}

/// How one language's table of a name covers that table's strings.
public struct LanguageCoverage: Sendable {
  public enum Presence: Sendable, Hashable {
    /// The file was read.
    case read
    /// The folder holds no such file.
    case absent
    /// The file is there but could not be read (the loader reported why).
    case unreadable
  }

  /// The `.lproj` folder name.
  public let language: String
  /// `de.lproj/Root.strings`, whether or not it exists.
  public let file: String
  public let presence: Presence
  /// Whether the folder holds the pages' own language
  /// (``CoveragePolicy/sourceFolders(among:)``): what its table lacks is
  /// shown in its own words, so it is asked only the strings written as keys.
  public let isSourceLanguage: Bool
  /// For each of the table's strings, what this file does with it (every one
  /// `.absent` when the file is absent or unreadable).
  public let states: [TranslationState]
  /// For a source language's table, the positions of the strings it has an
  /// entry for under a near-miss key (``NearMissKey``: another letter case,
  /// white space or normalization) and none under their own: an entry
  /// meant for the string that iOS never finds. Empty for other languages.
  public let entriesUnderNearMissKeys: Set<Int>
}

/// What a table does with one string, as iOS reads it (the last entry of a key wins).
public enum TranslationState: UInt8, Sendable, Hashable {
  /// A non-empty string value (or a deliberate blank, per the policy).
  case translated
  /// The empty string: iOS shows a row without a label.
  case empty
  /// An entry marked with ``UntranslatedMark``: the source text, waiting for a translator.
  case markedUntranslated
  /// No entry, or one whose value is not a string: iOS shows the raw string.
  case absent

  /// Whether the string still needs a translation.
  public var isUntranslated: Bool { self == .absent || self == .markedUntranslated }
}

/// A string a language does not translate.
public struct UntranslatedString: Sendable, Hashable {
  public var table: String
  /// The first use of the text, on the page where it is first reached.
  public var string: LocalizableString
  /// `.absent` or `.markedUntranslated`.
  public var state: TranslationState
  /// Whether the language's table exists.
  public var presence: LanguageCoverage.Presence
}

/// What one strings table file's entries do: which no page shows, which are
/// empty, which repeat a key.
public struct FileCoverage: Sendable {
  /// The file's path inside the bundle.
  public let file: String
  /// The table name (`Root` for `de.lproj/Root.strings`).
  public let table: String
  /// The `.lproj` folder name; nil for a top-level table.
  public let language: String?
  /// Whether no page uses the table (false when that is not known, see
  /// ``TranslationCoverage/knowsUnusedEntries``).
  public let isTableUnused: Bool
  /// Positions in the file's entries of the entries whose key no page of the
  /// table shows (empty for an unused table, and when unused entries are not known).
  public let unusedEntries: [Int]
  /// Positions of the entries whose value is the empty string, deliberate
  /// blanks left out per the policy (only for tables pages use).
  public let emptyEntries: [Int]
  /// Positions of the entries whose key an earlier entry of the file already gave.
  public let duplicateEntries: [Int]
}

extension TranslationCoverage {
  /// One file's pass, with the states of its table's strings.
  struct Scanned: Sendable {
    var entries: FileCoverage
    var states: [TranslationState]
  }

  /// One pass per table file, on every core.
  static func scan(
    tables: [LoadedStrings], strings: [String: [LocalizableString]],
    excludedKeys: [String: Set<PlistKey>] = [:], policy: CoveragePolicy, knowsUnused: Bool
  ) -> [Scanned] {
    let indexByTable = strings.mapValues { list in
      Dictionary(
        list.enumerated().map { (PlistKey($1.text), $0) }, uniquingKeysWith: { first, _ in first })
    }
    let results = tables.concurrentMap { loaded -> Scanned? in
      guard let (table, language) = location(ofTable: loaded.file) else { return nil }
      let excluded = excludedKeys[table] ?? []
      guard let index = indexByTable[table], let list = strings[table] else {
        if !excluded.isEmpty {
          return scan(
            loaded, table: table, language: language, strings: [], index: [:],
            excludedKeys: excluded, policy: policy, knowsUnused: knowsUnused)
        }
        return Scanned(
          entries: FileCoverage(
            file: loaded.file, table: table, language: language, isTableUnused: knowsUnused,
            unusedEntries: [], emptyEntries: [],
            duplicateEntries: duplicates(in: loaded.strings.entries)),
          states: [])
      }
      return scan(
        loaded, table: table, language: language, strings: list, index: index,
        excludedKeys: excluded, policy: policy, knowsUnused: knowsUnused)
    }
    return results.compactMap { $0 }
  }

  static func scan(
    _ loaded: LoadedStrings, table: String, language: String?, strings: [LocalizableString],
    index: [PlistKey: Int], excludedKeys: Set<PlistKey> = [], policy: CoveragePolicy,
    knowsUnused: Bool
  ) -> Scanned {
    var states = [TranslationState](repeating: .absent, count: strings.count)
    var seen = [Bool](repeating: false, count: strings.count)
    var unused: [Int] = []
    var empty: [Int] = []
    var duplicates: [Int] = []
    var unusedKeys = Set<PlistKey>()
    let countsMarks = policy.countsMarkedEntriesAsUntranslated
    // Tables are usually written in the order of the page's strings: follow that order
    // with a cursor and hash only when the file departs from it.
    var cursor = 0
    loaded.strings.entries.withUnsafeBufferPointer { entries in
      // Fields are read in place: a copy of each entry costs a retain and release per
      // field, which a table of thousands of entries in thirty languages feels.
      for entryIndex in entries.indices {
        let isEmpty = entries[entryIndex].value.string?.isEmpty
        if isEmpty == true { empty.append(entryIndex) }
        let stringIndex: Int?
        if cursor < strings.count, strings[cursor].text.isSameKey(as: entries[entryIndex].key) {
          stringIndex = cursor
        } else {
          stringIndex = index[PlistKey(entries[entryIndex].key)]
        }
        guard let stringIndex else {
          if !excludedKeys.isEmpty, excludedKeys.contains(PlistKey(entries[entryIndex].key)) {
            continue
          }
          unused.append(entryIndex)
          if !unusedKeys.insert(PlistKey(entries[entryIndex].key)).inserted {
            duplicates.append(entryIndex)
          }
          continue
        }
        if seen[stringIndex] { duplicates.append(entryIndex) }
        seen[stringIndex] = true
        cursor = stringIndex + 1
        // The last entry of a key is the one iOS keeps; only a string value translates.
        states[stringIndex] =
          if countsMarks && UntranslatedMark.isMarked(entries[entryIndex]) {
            .markedUntranslated
          } else if let isEmpty {
            isEmpty ? .empty : .translated
          } else {
            .absent
          }
      }
    }
    return Scanned(
      entries: FileCoverage(
        file: loaded.file, table: table, language: language, isTableUnused: false,
        unusedEntries: knowsUnused ? unused : [], emptyEntries: empty,
        duplicateEntries: duplicates),
      states: states)
  }

  /// The positions of `strings` that a table has an entry for under a
  /// near-miss key (``NearMissKey/looseForm(_:)``) and none under their own.
  static func nearMisses(of strings: [LocalizableString], in table: LoadedStrings?) -> Set<Int> {
    guard let table, !strings.isEmpty else { return [] }
    let exact = Set(table.strings.entries.map { PlistKey($0.key) })
    var byLooseForm: [String: [Int]] = [:]
    for (index, string) in strings.enumerated() where !exact.contains(PlistKey(string.text)) {
      byLooseForm[NearMissKey.looseForm(string.text), default: []].append(index)
    }
    guard !byLooseForm.isEmpty else { return [] }
    // A key that is another of the strings as written translates that one: no near miss.
    let written = Set(strings.map { PlistKey($0.text) })
    var result = Set<Int>()
    for entry in table.strings.entries where !written.contains(PlistKey(entry.key)) {
      result.formUnion(byLooseForm[NearMissKey.looseForm(entry.key)] ?? [])
    }
    return result
  }

  static func duplicates(in entries: [StringsEntry]) -> [Int] {
    var seen = Set<PlistKey>()
    return entries.indices.filter { !seen.insert(PlistKey(entries[$0].key)).inserted }
  }

  /// Applies ``CoveragePolicy/treatsBlankEverywhereAsDeliberate``: a key empty
  /// in every table of its name (top level and folders) is not an empty
  /// translation. Only tables with an empty entry are looked at again.
  static func settleBlanks(
    _ files: inout [String: Scanned], strings: [String: [LocalizableString]],
    bundle: SettingsBundle, policy: CoveragePolicy
  ) {
    guard policy.treatsBlankEverywhereAsDeliberate else { return }
    let withBlanks = files.values.filter { !$0.entries.emptyEntries.isEmpty && !$0.states.isEmpty }
    guard !withBlanks.isEmpty else { return }
    let tablesByName = Dictionary(grouping: bundle.strings.values) {
      location(ofTable: $0.file)?.table ?? ""
    }
    for scanned in withBlanks {
      let file = scanned.entries.file
      guard let loaded = bundle.strings[file] else { continue }
      let entries = loaded.strings.entries
      let deliberate = Set(
        scanned.entries.emptyEntries.map { PlistKey(entries[$0].key) }.filter { key in
          !tablesByName[scanned.entries.table, default: []].contains {
            !($0.translations[key]?.isEmpty ?? true)
          }
        })
      guard !deliberate.isEmpty else { continue }
      let old = scanned.entries
      var updated = scanned
      updated.entries = FileCoverage(
        file: old.file, table: old.table, language: old.language, isTableUnused: old.isTableUnused,
        unusedEntries: old.unusedEntries,
        emptyEntries: old.emptyEntries.filter { !deliberate.contains(PlistKey(entries[$0].key)) },
        duplicateEntries: old.duplicateEntries)
      for (index, string) in (strings[old.table] ?? []).enumerated()
      where updated.states[index] == .empty && deliberate.contains(PlistKey(string.text)) {
        updated.states[index] = .translated
      }
      files[file] = updated
    }
  }
}
