import Plist

/// The values a multi value or radio group offers, with every name a user
/// may know them by: the raw `Titles` and `ShortTitles`, and their
/// translations in the bundle's development language (the table iOS falls
/// back to) and in the language asked for.
///
/// Values pair with their titles as ``SpecifierChoice`` says.
///
/// ```swift
/// let choices = BundleTitles.choices(forKey: "theme_preference", in: [development, chosen])
/// choices[1].shownTitle  // "Claro"
/// ```
public enum BundleTitles {
  /// A value of a multi value or radio group with every name it is known by.
  public struct Choice: Sendable, Equatable {
    public var value: PlistValue
    /// The title as the last reading shows it (the language asked for).
    public var shownTitle: String?
    public var shownShortTitle: String?
    /// Every name of the value, in every reading, raw ones first.
    public var names: [String]

    public init(
      value: PlistValue, shownTitle: String? = nil, shownShortTitle: String? = nil,
      names: [String] = []
    ) {
      self.value = value
      self.shownTitle = shownTitle
      self.shownShortTitle = shownShortTitle
      self.names = names
    }
  }

  /// The choices of the element storing `key`, as each reading shows them;
  /// empty when it offers no list of values.
  public static func choices(forKey key: String, in readings: [SettingsBundle]) -> [Choice] {
    var result: [Choice] = []
    for reading in readings {
      guard let (page, specifier) = reading.specifier(forKey: key),
        let choices = specifier.choices
      else { continue }
      for (index, choice) in choices.enumerated() {
        let (value, title, short) = (choice.value, choice.title, choice.shortTitle)
        let localizedTitle = title.map { reading.localized($0, on: page) }
        let localizedShort = short.map { reading.localized($0, on: page) }
        if result.count <= index {
          result.append(Choice(value: value, names: []))
        }
        result[index].shownTitle = localizedTitle
        result[index].shownShortTitle = localizedShort
        for name in [title, short, localizedTitle, localizedShort].compactMap({ $0 })
        where !result[index].names.contains(name) {
          result[index].names.append(name)
        }
      }
    }
    return result
  }

  /// The readings whose titles a user may type: the development language's
  /// (iOS's own fallback), then the one asked for.
  public static func readings(of bundle: String, languages: [String]) throws -> [SettingsBundle] {
    let development = try SettingsBundle.load(at: bundle)
    guard !languages.isEmpty else { return [development] }
    return [
      development,
      try SettingsBundle.load(at: bundle, options: LoadOptions(preferredLanguages: languages)),
    ]
  }

  /// The value to store for `text` typed for `key`: a value as written wins,
  /// then a title or short title (exact, then ignoring case) in any reading;
  /// a title that names several values is refused with the candidates.
  /// Elements without a list of values convert as ``SpecifierValue`` says.
  public static func convert(
    _ text: String, key: String, bundle: String, loaded: SettingsBundle, languages: [String]
  ) throws -> PlistValue {
    let specifier: Specifier
    switch loaded.storingSpecifier(forKey: key) {
    case .success(let found): specifier = found.specifier
    case .failure(let refusal): throw refusal
    }
    var options = LoadOptions(dialect: loaded.options.dialect)
    options.rootPage = loaded.options.rootPage
    options.followsBundleReader = loaded.options.followsBundleReader
    options.preferredLanguages = languages
    let readings =
      languages.isEmpty
      ? [loaded] : [loaded, try SettingsBundle.load(at: bundle, options: options)]
    let choices = choices(forKey: key, in: readings)
    guard !choices.isEmpty else {
      return try SpecifierValue.convert(text, for: specifier, in: loaded.catalog)
    }
    // Several values may be spelled alike (1 and '1'): the first wins; a type flag picks another.
    if let exact = choices.first(where: { SpecifierValue.text(of: $0.value) == text }) {
      return exact.value
    }
    if let number = SpecifierValue.numericMatch(text, in: choices.map(\.value)) { return number }
    for matches in [
      choices.filter { $0.names.contains(text) },
      choices.filter { $0.names.contains { $0.lowercased() == text.lowercased() } },
    ] where !matches.isEmpty {
      guard matches.count > 1 else { return matches[0].value }
      let listed = matches.map { choice in
        "\(SpecifierValue.quoted(choice.value)) (\(choice.names.joined(separator: ", ")))"
      }
      throw SpecifierValue.Refusal(
        reason:
          "\"\(text)\" names \(matches.count) values of \(MessageText.key(key)): \(listed.joined(separator: "; ")); give the value"
      )
    }
    return try SpecifierValue.convert(text, for: specifier, in: loaded.catalog)
  }
}

extension SettingsBundle {
  /// The element storing `key`, with its page; else why none was found,
  /// naming the page files that did not read (whose elements nobody knows).
  public func storingSpecifier(forKey key: String) -> Result<
    (page: Page, specifier: Specifier), SpecifierValue.Refusal
  > {
    if let found = specifier(forKey: key) { return .success(found) }
    var reason = "no element of \(path) stores the key \"\(key)\""
    // A page the walk refused (a link out of the bundle) did not read either.
    let unread = problems.filter {
      ($0.origin == .reader || $0.origin == .layout) && $0.issue.severity == .error
    }
    if !unread.isEmpty {
      reason +=
        " (and these pages did not read: "
        + unread.map { "\($0.file): \($0.issue.message)" }.joined(separator: "; ") + ")"
    }
    let inAppPagesUnread =
      options.dialect == .apple && files.contains(where: { $0.hasSuffix(".inApp.plist") })
    return .failure(SpecifierValue.Refusal(reason: reason, inAppPagesUnread: inAppPagesUnread))
  }
}
