import Plist
import SettingsSchema

/// What of a bundle matters to values people stored and to translators:
/// every stored setting reached from Root (phone and pad pages, the first
/// element of each key winning, as in the registered defaults), the pages,
/// and the strings each table must translate with each language's translations.
///
/// ```swift
/// let snapshot = BundleSnapshot(bundles: [phone, pad])
/// snapshot.settings.map(\.key)
/// ```
public struct BundleSnapshot: Sendable {
  public struct Setting: Sendable, Hashable {
    public var key: String
    public var type: SpecifierType
    /// The kind of value stored, from the schema.
    public var stores: ValueKind
    public var rule: ValueRule
    public var defaultValue: PlistValue?
    public var values: [PlistValue]
    /// The raw titles (localization keys) of `values`, and of the element.
    public var titles: [String]
    public var title: String?
    public var minimum: Double?
    public var maximum: Double?
    public var trueValue: PlistValue?
    public var falseValue: PlistValue?
    public var place: BundlePlace
  }

  public var settings: [Setting]
  /// The page files reached from Root, in the order first reached.
  public var pages: [String]
  /// Table → the strings the pages show from it, in page order, each once.
  public var strings: [String: [String]]
  /// Where each string of a table is first shown.
  public var stringPlaces: [String: [PlistKey: BundlePlace]]
  /// `.lproj` folder → table → the table as read (a comparison reads only
  /// the tables that differ between the versions; see `TableSelection`).
  public var tables: [String: [String: LoadedStrings]]
  /// The bundle the snapshot was taken of, to read a table it left out.
  let source: SettingsBundle?
  /// The `.lproj` folders of the bundle.
  public var languages: [String]

  public init(bundles: [SettingsBundle]) {
    var settings: [Setting] = []
    var seen = Set<PlistKey>()
    var pages: [String] = []
    var strings: [String: [String]] = [:]
    var stringPlaces: [String: [PlistKey: BundlePlace]] = [:]
    var tables: [String: [String: LoadedStrings]] = [:]
    var languages = Set<String>()
    var shown: [String: Set<PlistKey>] = [:]
    for bundle in bundles {
      for page in bundle.pages where !pages.contains(page.file) { pages.append(page.file) }
      for page in bundle.pages {
        for specifier in page.specifiers {
          guard let key = specifier.key, !key.isEmpty, let type = specifier.type,
            let spec = bundle.catalog.spec(of: type), let stores = spec.stores,
            let rule = spec.valueRule, seen.insert(PlistKey(key)).inserted
          else { continue }
          settings.append(
            Setting(
              key: key, type: type, stores: stores, rule: rule,
              defaultValue: specifier.defaultValue?.value,
              values: specifier["Values"]?.array?.map(\.value) ?? [],
              titles: specifier["Titles"]?.array?.compactMap(\.string) ?? [],
              title: specifier.title, minimum: specifier["MinimumValue"]?.number,
              maximum: specifier["MaximumValue"]?.number,
              trueValue: specifier["TrueValue"]?.value, falseValue: specifier["FalseValue"]?.value,
              place: Self.place(of: specifier.node, keyPath: specifier.keyPath, on: page)))
        }
      }
      for (table, list) in bundle.localizableStrings(catalog: bundle.catalog) {
        for string in list where shown[table, default: []].insert(PlistKey(string.text)).inserted {
          strings[table, default: []].append(string.text)
          let page = bundle.pages[string.pageIndex]
          stringPlaces[table, default: [:]][PlistKey(string.text)] = BundlePlace(
            file: page.file, issuePlace: nil)
        }
      }
      languages.formUnion(bundle.inventory.folders)
      for (file, loaded) in bundle.strings {
        let parts = file.split(separator: "/")
        guard parts.count == 2, parts[0].hasSuffix(".lproj") else { continue }
        let folder = String(parts[0].dropLast(".lproj".count))
        tables[folder, default: [:]][String(parts[1].dropLast(".strings".count))] = loaded
      }
    }
    self.settings = settings
    self.pages = pages
    self.strings = strings
    self.stringPlaces = stringPlaces
    self.tables = tables
    self.languages = languages.sorted()
    self.source = bundles.first
  }

  /// A language's table: the one read, else read now.
  func table(_ table: String, language: String) -> LoadedStrings? {
    tables[language]?[table] ?? source?.stringsTable("\(language).lproj/\(table).strings")
  }

  static func place(of node: PlistNode, keyPath: String, on page: Page) -> BundlePlace {
    let place = page.place(of: node, keyPath: keyPath)
    if case .text(let snippet) = place {
      return BundlePlace(
        file: page.file, line: snippet.location.line, column: snippet.location.column,
        issuePlace: place)
    }
    return BundlePlace(file: page.file, issuePlace: place)
  }
}
