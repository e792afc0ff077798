import Plist
import SettingsSchema

/// What of a bundle matters to values people stored and to translators:
/// for each device variant (the phone pages and the pad pages, which a
/// bundle may hold in different files such as `Root~ipad.plist`) every
/// stored setting reached from Root (the first element of each key winning,
/// as in the registered defaults), the pages and their elements in order;
/// and the strings each table must translate with each language's translations.
///
/// ```swift
/// let snapshot = BundleSnapshot(bundles: [phone, pad])
/// snapshot.variants.map(\.idiom)  // [.phone, .pad]
/// snapshot.settings.map(\.key)    // every key of either variant, once
/// ```
public struct BundleSnapshot: Sendable {
  public struct Setting: Sendable {
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
    /// Whether the app draws the element (the schema's `drawnByApp`:
    /// InAppSettingsKit's custom view): the reader itself stores nothing
    /// under its Key but its `DefaultValue`; what else is there the app wrote.
    public var isDrawnByApp: Bool = false
    /// The name of the page the element is on (`Root`, whatever file the
    /// device reads it from).
    public var page: String
    /// The element as written and its page, to find its place when a change
    /// is reported (finding places is most of the cost of a snapshot).
    var node: PlistNode
    var keyPath: String
    let source: Page

    /// Where the element is.
    public var place: BundlePlace { BundleSnapshot.place(of: node, keyPath: keyPath, on: source) }

    /// Where one of the element's entries is written (`DefaultValue`, or
    /// the `index`th of `Values`): the line a change to it is on; the
    /// element's when the entry is gone.
    public func place(of entry: String, index: Int? = nil) -> BundlePlace {
      guard let value = node[entry] else { return place }
      guard let index else {
        return BundleSnapshot.place(of: value, keyPath: keyPath + "." + entry, on: source)
      }
      guard let items = value.array, items.indices.contains(index) else {
        return BundleSnapshot.place(of: value, keyPath: keyPath + "." + entry, on: source)
      }
      return BundleSnapshot.place(
        of: items[index], keyPath: "\(keyPath).\(entry)[\(index)]", on: source)
    }
  }

  /// One element of a page, keyed or not, as far as what it shows goes.
  public struct Element: Sendable, Hashable {
    /// Stable across versions: the key, a child pane's `File`, or for other
    /// elements without a key their type and the first key (or `File`) of
    /// their section; repeated ones are numbered.
    public var id: String
    public var key: String?
    /// How messages name it: `"sound"`, `PSGroupSpecifier "General"`.
    public var name: String
    /// The element's localizable text keys (from the schema) → their raw text.
    public var texts: [String: String]
    /// Whether its id names it (a key, a `File`, its section's first key);
    /// else the id is its type and position, and a comparison matches it by
    /// what it shows first (``BundleDiff``).
    public var anchored: Bool
    /// The element as written, to find its place when a change is reported
    /// (finding it is most of the cost of a snapshot, and few are reported).
    var node: PlistNode
    var keyPath: String
  }

  /// A page of one variant: the name child panes use, the file it is read from.
  public struct PageOutline: Sendable {
    public var name: String
    public var file: String
    public var elements: [Element]
    let page: Page

    /// Where an element of the page is.
    public func place(of element: Element) -> BundlePlace {
      BundleSnapshot.place(of: element.node, keyPath: element.keyPath, on: page)
    }

    /// Where one of an element's entries (its `FooterText`) is written; the
    /// element's place when it has no such entry.
    public func place(of element: Element, entry: String) -> BundlePlace {
      guard let value = element.node[entry] else { return place(of: element) }
      return BundleSnapshot.place(of: value, keyPath: element.keyPath + "." + entry, on: page)
    }
  }

  /// What one reading shows: a kind of device, read by Settings.app or by
  /// InAppSettingsKit (which prefers the `.inApp` pages and knows more types).
  public struct Variant: Sendable {
    public var idiom: Idiom
    public var dialect: Dialect
    public var settings: [Setting]
    /// The pages reached from Root, in the order first reached.
    public var pages: [PageOutline]
  }

  public var variants: [Variant]
  /// Table → the strings the pages show from it, in page order, each once.
  public var strings: [String: [String]]
  /// Where each string of a table is first shown.
  public func stringPlace(table: String, text: PlistKey) -> BundlePlace? {
    stringSources[table]?[text]?.place
  }
  /// Where each string of a table is first shown, as found: its place is
  /// worked out only for the strings a change reports.
  var stringSources: [String: [PlistKey: StringSource]]
  /// `.lproj` folder → table → the table as read (a comparison reads only
  /// the tables that differ between the versions; see `TableSelection`).
  public var tables: [String: [String: LoadedStrings]]
  /// The bundle the snapshot was taken of, to read a table it left out.
  let source: SettingsBundle?
  /// The `.lproj` folders of the bundle.
  public var languages: [String]

  /// Every stored setting of any variant, each key once (the first
  /// variant's element winning): what a stored domain is migrated against.
  public var settings: [Setting] {
    var seen = Set<PlistKey>()
    return variants.flatMap(\.settings).filter { seen.insert(PlistKey($0.key)).inserted }
  }

  /// The page files reached from Root on any variant, in the order first reached.
  public var pages: [String] {
    var seen = Set<String>()
    return variants.flatMap(\.pages).map(\.file).filter { seen.insert($0).inserted }
  }

  public init(bundles: [SettingsBundle]) {
    var variants: [Variant] = []
    var strings: [String: [String]] = [:]
    var stringSources: [String: [PlistKey: StringSource]] = [:]
    var tables: [String: [String: LoadedStrings]] = [:]
    var languages = Set<String>()
    var shown: [String: Set<PlistKey>] = [:]
    for bundle in bundles {
      variants.append(Self.variant(of: bundle))
      for (table, list) in bundle.localizableStrings(catalog: bundle.catalog) {
        for string in list where shown[table, default: []].insert(PlistKey(string.text)).inserted {
          strings[table, default: []].append(string.text)
          stringSources[table, default: [:]][PlistKey(string.text)] = StringSource(
            page: bundle.pages[string.pageIndex], offset: string.offset, keyPath: string.keyPath)
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
    self.variants = variants
    self.strings = strings
    self.stringSources = stringSources
    self.tables = tables
    self.languages = languages.sorted()
    self.source = bundles.first
  }

  /// The settings and page outlines a device of the bundle's idiom shows.
  static func variant(of bundle: SettingsBundle) -> Variant {
    let idiom = bundle.options.idiom
    let catalog = bundle.catalog
    var settings: [Setting] = []
    var seen = Set<PlistKey>()
    var outlines: [PageOutline] = []
    var textKeys: [SpecifierType: [String]] = [:]
    func texts(of type: SpecifierType) -> [String] {
      if let known = textKeys[type] { return known }
      let keys = catalog.localizableKeys(ofType: type).filter {
        catalog.key($0, ofType: type)?.type == .string
      }
      textKeys[type] = keys
      return keys
    }
    for page in bundle.pages {
      let shown = page.specifiers.filter { $0.isShown(on: idiom) }
      var elements: [Element] = []
      var repeated: [String: Int] = [:]
      for (position, specifier) in shown.enumerated() {
        let base = elementID(of: specifier, following: shown[(position + 1)...], catalog: catalog)
        let count = repeated[base, default: 0]
        repeated[base] = count + 1
        var shownTexts: [String: String] = [:]
        if let type = specifier.type {
          for key in texts(of: type) {
            if let text = specifier[key]?.string { shownTexts[key] = text }
          }
        }
        elements.append(
          Element(
            id: count == 0 ? base : "\(base) #\(count + 1)", key: specifier.key,
            name: name(of: specifier), texts: shownTexts,
            anchored: base != (specifier.type?.rawValue ?? "?"), node: specifier.node,
            keyPath: specifier.keyPath))
        guard let key = specifier.key, !key.isEmpty, let type = specifier.type,
          let spec = catalog.spec(of: type), let stores = spec.stores,
          let rule = spec.valueRule, seen.insert(PlistKey(key)).inserted
        else { continue }
        settings.append(
          Setting(
            key: key, type: type, stores: stores, rule: rule,
            defaultValue: specifier.defaultValue?.value,
            values: specifier.choiceValues, titles: specifier.titleList,
            title: specifier.title, minimum: specifier.range.writtenMinimum,
            maximum: specifier.range.writtenMaximum,
            trueValue: specifier.toggleStates.writtenOn,
            falseValue: specifier.toggleStates.writtenOff,
            isDrawnByApp: spec.isDrawnByApp, page: page.name, node: specifier.node,
            keyPath: specifier.keyPath, source: page))
      }
      outlines.append(
        PageOutline(name: page.name, file: page.file, elements: elements, page: page))
    }
    return Variant(
      idiom: idiom, dialect: bundle.options.dialect, settings: settings, pages: outlines)
  }

  /// The id of an element: its key; else its type with the page it opens
  /// (`File`), or with the first key or `File` of the rest of its section.
  static func elementID(
    of specifier: Specifier, following rest: ArraySlice<Specifier>, catalog: SchemaCatalog
  ) -> String {
    if let key = specifier.key, !key.isEmpty { return "key " + key }
    let type = specifier.type?.rawValue ?? "?"
    if let file = specifier.file, !file.isEmpty { return "\(type) file \(file)" }
    for next in rest {
      if catalog.startsSection(next.type) { break }
      if let key = next.key, !key.isEmpty { return "\(type) before key \(key)" }
      if let file = next.file, !file.isEmpty { return "\(type) before file \(file)" }
    }
    return type
  }

  /// How messages name an element.
  static func name(of specifier: Specifier) -> String {
    if let key = specifier.key, !key.isEmpty { return "\"\(key)\"" }
    let type = specifier.type?.rawValue ?? "element"
    if let title = specifier.title, !title.isEmpty { return "\(type) \"\(title)\"" }
    if let file = specifier.file, !file.isEmpty { return "\(type) (\(file))" }
    return type
  }

  /// A language's table: the one read, else read now.
  func table(_ table: String, language: String) -> LoadedStrings? {
    tables[language]?[table] ?? source?.stringsTable("\(language).lproj/\(table).strings")
  }

  /// A string where a page shows it.
  struct StringSource: Sendable {
    let page: Page
    let offset: Int?
    let keyPath: String

    var place: BundlePlace {
      let place = page.document?.place(offset: offset, keyPath: keyPath) ?? .keyPath(keyPath)
      return BundlePlace(file: page.file, place: place)
    }
  }

  static func place(of node: PlistNode, keyPath: String, on page: Page) -> BundlePlace {
    BundlePlace(file: page.file, place: page.place(of: node, keyPath: keyPath))
  }
}
