import Localization

/// The choices that decide what counts as untranslated, unused or empty. Lint,
/// `prefs strings` and the exports all use ``standard``, so that they agree
/// about every table; a field exists for each choice so that it is named once,
/// with its reason, instead of living as an `if` in each consumer.
///
/// ```swift
/// var policy = CoveragePolicy.standard
/// policy.skipsStringsWithoutWords = false  // ask for "10" and "0.25x" too
/// let coverage = TranslationCoverage(bundle: bundle, catalog: catalog, policy: policy)
/// ```
public struct CoveragePolicy: Sendable, Hashable {
  /// Strings without two letters in a row ("10", "—") and links
  /// ("https://example.com") read the same in every language: they need no
  /// translation, so none is reported missing. A number written with a mark
  /// ("0.00", "0.25x") is the exception: it is asked of the languages whose
  /// marks differ from ``pagesLanguage``'s (German writes "0,00"), see
  /// ``needsTranslation(_:in:)``.
  public var skipsStringsWithoutWords: Bool
  /// The language the pages' own text is written in, whose number marks
  /// (``NumberMarks``) the strings without words use.
  public var pagesLanguage: String = "en"
  /// An entry that `prefs strings add-language` or `sync` wrote with
  /// ``UntranslatedMark`` only repeats the source text until a translator
  /// replaces it (and the mark with it): it counts as untranslated, not translated.
  public var countsMarkedEntriesAsUntranslated: Bool
  /// A top-level `<table>.strings` is shown in every language and hides each
  /// `.lproj` copy (shadowing-strings reports it once): the strings of a shadowed
  /// table need no translation in the language folders.
  public var skipsShadowedTables: Bool
  /// Languages whose raw strings are usually the text itself (the English/Base
  /// rule): a key their table lacks still shows the right words, so it is
  /// not asked of them (``TableCoverage/needsTranslation(_:in:)``). With
  /// ``pagesLanguage``'s folder, they make ``sourceFolders(among:)``.
  public var sourceLanguages: Set<String>
  /// A key whose translation is empty in every table of its name is a
  /// deliberate blank (a footer left empty on purpose), not a forgotten one.
  public var treatsBlankEverywhereAsDeliberate: Bool
  /// Pages of another idiom or dialect (`Root~ipad.plist`, `Root.inApp.plist`)
  /// are not loaded and may use any entry: nothing is called unused (or pruned)
  /// unless every page variant was loaded.
  public var needsEveryPageVariantForUnused: Bool
  /// Pages left out of the strings workflow (`strings: exclude:` in
  /// `.prefs.yml`: licence pages, text no translator should touch), by their
  /// file name inside the bundle. Their strings need no translation, and the
  /// entries that translate them are not unused: they are neither asked for
  /// nor pruned, and no export carries them.
  ///
  /// ```swift
  /// var policy = CoveragePolicy.standard
  /// policy.excludedPages = ["Acknowledgements.plist"]
  /// ```
  public var excludedPages: Set<String> = []
  /// The `.lproj` folders asked to translate the pages, nil for every folder.
  /// A bundle whose pages lie in its `.lproj` folders (a localized
  /// `Root.plist`) shows each language its own copy, so a reading of one
  /// copy is translated by the folders whose language is shown it
  /// (``SettingsBundle/languagesShowingThesePages``) and by no other.
  ///
  /// ```swift
  /// var policy = CoveragePolicy.standard
  /// policy.languages = Set(spanishReading.languagesShowingThesePages)  // ["es"]
  /// ```
  public var languages: Set<String>? = nil
  /// For a language's own copy of a localized page (``languages`` shown it),
  /// the texts the source language's copy shows; nil for any other reading.
  /// A text of this copy that the source language's copy does not show
  /// (and that is not written as a key, ``isWrittenAsKey(_:)``) was written
  /// in the copy's language, as janevu/podchess's zh.lproj/Root.plist is in
  /// Chinese: it is shown in that language already and needs no translation.
  ///
  /// ```swift
  /// var policy = CoveragePolicy.standard
  /// policy.languages = ["zh"]
  /// policy.sourceCopyTexts = ["Sound", "Enable Sound"]  // English.lproj/Root.plist's
  /// policy.needsTranslation("声音")  // false: written in Chinese
  /// ```
  public var sourceCopyTexts: Set<String>? = nil

  public init(
    skipsStringsWithoutWords: Bool = true, countsMarkedEntriesAsUntranslated: Bool = true,
    skipsShadowedTables: Bool = true,
    sourceLanguages: Set<String> = ["en", "English", "Base", "en-US", "en_US"],
    treatsBlankEverywhereAsDeliberate: Bool = true, needsEveryPageVariantForUnused: Bool = true
  ) {
    self.skipsStringsWithoutWords = skipsStringsWithoutWords
    self.countsMarkedEntriesAsUntranslated = countsMarkedEntriesAsUntranslated
    self.skipsShadowedTables = skipsShadowedTables
    self.sourceLanguages = sourceLanguages
    self.treatsBlankEverywhereAsDeliberate = treatsBlankEverywhereAsDeliberate
    self.needsEveryPageVariantForUnused = needsEveryPageVariantForUnused
  }

  /// The policy lint and `prefs strings` share.
  public static let standard = CoveragePolicy()

  /// The folders of a bundle that hold the pages' own language, which every
  /// command treats alike (status says `source`; `missing`, lint, `sync` and
  /// the exports ask them only what their own words cannot show, see
  /// ``TableCoverage/needsTranslation(_:in:)``): those of ``sourceLanguages``.
  ///
  /// ```swift
  /// CoveragePolicy.standard.sourceFolders(among: ["English", "de"])  // ["English"]
  /// ```
  public func sourceFolders(among folders: [String]) -> Set<String> {
    Set(folders.filter(sourceLanguages.contains))
  }

  /// Whether a language (a folder or a tag, with or without a folder in the
  /// bundle) is the pages' own: one of ``sourceLanguages``, or the same tag
  /// as ``pagesLanguage``.
  public func isSourceLanguage(_ language: String) -> Bool {
    if sourceLanguages.contains(language) { return true }
    guard let tag = LanguageFolder.intendedTag(of: language) ?? LanguageFolder.tag(of: language)
    else { return false }
    return tag == (LanguageFolder.intendedTag(of: pagesLanguage) ?? pagesLanguage)
  }

  /// Whether `text` is asked for in every language: with
  /// ``skipsStringsWithoutWords``, strings without words and links (an
  /// InAppSettingsKit open-URL row's `File` is looked up in the table, and
  /// a URL opens the same page in every language) are not.
  ///
  /// ```swift
  /// CoveragePolicy.standard.needsTranslation("Units")  // true
  /// CoveragePolicy.standard.needsTranslation("https://example.com/help")  // false
  /// ```
  public func needsTranslation(_ text: String) -> Bool {
    if let sourceCopyTexts, !sourceCopyTexts.contains(text), !Self.isWrittenAsKey(text) {
      return false
    }
    return !skipsStringsWithoutWords || (Self.hasWords(text) && !Self.isLink(text))
  }

  /// Whether `text` is asked for in one language (a `.lproj` folder name or
  /// a tag): as ``needsTranslation(_:)``, and also a number written with a
  /// mark and no words ("0.00") where the language writes numbers with other
  /// marks than ``pagesLanguage`` (de, pt-BR: yes; ja: no).
  ///
  /// ```swift
  /// CoveragePolicy.standard.needsTranslation("0.00", in: "German")  // true
  /// CoveragePolicy.standard.needsTranslation("0.00", in: "ja")      // false
  /// ```
  public func needsTranslation(_ text: String, in language: String) -> Bool {
    needsTranslation(text)
      || (Self.isNumberWithMarks(text) && writesNumbersOtherwise(language))
  }

  /// Whether a text is only a number written with marks ("0.00", "0.25x"),
  /// which the languages write their own way.
  public static func isNumberWithMarks(_ text: String) -> Bool {
    !hasWords(text) && NumberMarks.isWrittenWithMarks(text)
  }

  /// Whether a language (folder or tag) writes numbers with other marks
  /// than ``pagesLanguage``; false for `Base` and names that are no language.
  public func writesNumbersOtherwise(_ language: String) -> Bool {
    guard let tag = LanguageFolder.intendedTag(of: language) ?? LanguageFolder.tag(of: language),
      let pages = LanguageFolder.intendedTag(of: pagesLanguage)
    else { return false }
    return NumberMarks(tag: tag) != NumberMarks(tag: pages)
  }

  /// Whether a text is one link and nothing else, written as links are: a
  /// lowercase scheme, then `//` and more (`https://…`), or one of
  /// ``schemesWithoutHost`` with an address or number after it
  /// (`mailto:a@b.org`, `tel:+4930…`; `app-settings:` alone); no spaces.
  /// Labels that only look alike (`Tel:`, `Help://Topics`, `tel:Zuhause`,
  /// `Note:`) are not links.
  public static func isLink(_ text: String) -> Bool {
    let bytes = text.utf8
    guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")),
      !text.contains(where: \.isWhitespace)
    else { return false }
    let scheme = bytes[..<colon]
    let rest = bytes[bytes.index(after: colon)...]
    func isLower(_ byte: UInt8) -> Bool { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) }
    func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
    guard let first = scheme.first, isLower(first),
      scheme.allSatisfy({ isLower($0) || isDigit($0) || "+-.".utf8.contains($0) })
    else { return false }
    if rest.starts(with: "//".utf8) { return rest.count > 2 }
    let name = String(decoding: scheme, as: UTF8.self)
    guard schemesWithoutHost.contains(name) else { return false }
    return name == "app-settings" || rest.contains { isDigit($0) || $0 == UInt8(ascii: "@") }
  }

  /// iOS's URL schemes that name no host: `app-settings:` (the app's page
  /// in Settings, `UIApplication.openSettingsURLString`), `mailto:`, `tel:`…
  public static let schemesWithoutHost: Set<String> = [
    "app-settings", "mailto", "tel", "sms", "facetime", "facetime-audio",
  ]

  /// Whether a text is written as a table's key rather than as words
  /// (`APPLICATION_INFO_TITLE`: capitals and digits in two or more words
  /// joined by `_`): shown as written, it reads right in no language, not
  /// even the one the pages are written in.
  ///
  /// ```swift
  /// CoveragePolicy.isWrittenAsKey("ENABLE_SUPPORT_MODE_TEXT")  // true
  /// CoveragePolicy.isWrittenAsKey("Enable support mode")       // false
  /// ```
  public static func isWrittenAsKey(_ text: String) -> Bool {
    let words = text.split(separator: "_", omittingEmptySubsequences: false)
    return words.count > 1
      && words.allSatisfy { word in
        !word.isEmpty
          && word.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
      } && text.unicodeScalars.first.map { ("A"..."Z").contains($0) } == true
  }

  /// Whether a text has something to translate: two letters in a row.
  public static func hasWords(_ text: String) -> Bool {
    var previousIsLetter = false
    for scalar in text.unicodeScalars {
      let isLetter = scalar.properties.isAlphabetic
      if isLetter && previousIsLetter { return true }
      previousIsLetter = isLetter
    }
    return false
  }
}
