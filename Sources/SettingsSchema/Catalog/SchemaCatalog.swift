import Foundation
import Plist
import Synchronization

/// Which reader of Settings bundles the schema describes.
public enum Dialect: String, Sendable, CaseIterable {
  /// Apple's Settings.app.
  case apple
  /// InAppSettingsKit: Apple's schema plus its own types and keys.
  case iask
}

/// The plist type a key expects.
public enum ValueKind: String, Sendable, Decodable {
  case string, integer, real, boolean, date, data, array, dictionary
  /// An integer or a real.
  case number
  /// Any value that is not an array or a dictionary.
  case scalar
  case any

  /// The kind in words, for messages: `ValueKind.integer.phrase` is "an integer".
  public var phrase: String {
    switch self {
    case .string: "a string"
    case .integer: "an integer"
    case .real: "a real"
    case .boolean: "a boolean"
    case .date: "a date"
    case .data: "data"
    case .array: "an array"
    case .dictionary: "a dictionary"
    case .number: "a number"
    case .scalar: "a single value (a string, number, boolean, date or data)"
    case .any: "any value"
    }
  }

  /// Whether `node` has this kind.
  public func accepts(_ node: PlistNode) -> Bool {
    switch (self, node.content) {
    case (.any, _): true
    case (.string, .string), (.integer, .integer), (.real, .real), (.boolean, .bool),
      (.date, .date),
      (.data, .data), (.array, .array), (.dictionary, .dictionary):
      true
    case (.number, .integer), (.number, .real): true
    case (.scalar, .array), (.scalar, .dictionary): false
    case (.scalar, _): true
    default: false
    }
  }

  /// Whether a value to be stored has this kind.
  public func accepts(_ value: PlistValue) -> Bool {
    switch (self, value) {
    case (.any, _): true
    case (.string, .string), (.integer, .integer), (.real, .real), (.boolean, .bool),
      (.date, .date), (.data, .data), (.array, .array), (.dictionary, .dictionary):
      true
    case (.number, .integer), (.number, .real): true
    case (.scalar, .array), (.scalar, .dictionary): false
    case (.scalar, _): true
    default: false
    }
  }
}

/// What the schema says about one key.
public struct KeySpec: Sendable, Hashable {
  public var type: ValueKind
  public var required: Bool
  /// The value (or each element) is looked up in the page's strings table.
  public var localizable: Bool
  /// The allowed values, when the key takes one of a list.
  public var values: [String]?
  /// The kind of each element, for arrays.
  public var elements: ValueKind?
  /// A child pane with this key opens the app's own view (InAppSettingsKit's
  /// `IASKViewControllerClass`, `IASKSegueIdentifier`), not a page: its
  /// `File`, if any, is handed to that view.
  public var opensInsteadOfPage: Bool

  public init(
    type: ValueKind, required: Bool = false, localizable: Bool = false, values: [String]? = nil,
    elements: ValueKind? = nil, opensInsteadOfPage: Bool = false
  ) {
    (self.type, self.required, self.localizable) = (type, required, localizable)
    (self.values, self.elements, self.opensInsteadOfPage) = (values, elements, opensInsteadOfPage)
  }
}

/// What the schema says about one specifier type: its keys, whether a person
/// edits it in the Settings app, and what is stored under its `Key`.
///
/// Two facts, kept apart because a title value has one without the other: the
/// Settings app shows the value stored under its Key, read-only, and the app
/// writes it. So it is not ``isEditable``, but it ``storesValue``: its
/// `DefaultValue` is registered, a value written for its Key is checked against
/// it, and two elements sharing its Key share one stored value.
///
/// ```swift
/// let catalog = try SchemaCatalog.load(.apple)
/// catalog.types[.titleValue]?.isEditable  // false
/// catalog.types[.titleValue]?.stores      // .scalar
/// catalog.types[.slider]?.valueRule       // .range
/// ```
public struct TypeSpec: Sendable, Hashable {
  public var summary: String
  /// Whether the Settings app lets a person change the value (`editable`).
  public var isEditable: Bool
  /// The plist kind of the value stored under `Key` (`stores`); nil when the
  /// element stores nothing (a group, a child pane).
  public var stores: ValueKind?
  /// How a stored value is checked and typed (the schema's `valueRules` table);
  /// set exactly when ``stores`` is.
  public var valueRule: ValueRule?
  /// Whether the element starts a section of the page (`section`): a group, a
  /// radio group; the rows after it belong to it until the next one.
  public var startsSection: Bool
  /// Whether the section the element starts shows its options alone
  /// (`sectionHoldsOnlyOptions`): InAppSettingsKit gives a radio group's
  /// section as many rows as it has Values (IASKSettingsReader's
  /// `numberOfRowsInSection:`), so an element after it, before the next
  /// section, is never shown.
  public var sectionHoldsOnlyOptions: Bool = false
  /// Whether the app draws the element (`drawnByApp`): InAppSettingsKit hands
  /// an IASKCustomViewSpecifier to the app's delegate (`cellForSpecifier:`),
  /// which may read any key of it, so no key on it is unknown.
  public var isDrawnByApp: Bool = false
  /// Whether a row of the type opens the page its `File` names
  /// (`opensPageInFile`): Settings.app's child pane, and InAppSettingsKit's
  /// custom view, which IASKAppSettingsViewController's
  /// `didSelectRowAtIndexPath:` pushes like a child pane when it has a File.
  public var opensPageInFile: Bool = false
  public var keys: [String: KeySpec]

  /// Whether a value lives under the element's `Key`: registered as a default,
  /// checked when a value is written for the Key, shared by elements with that Key.
  public var storesValue: Bool { stores != nil }
}

/// The Settings.bundle schema, read from `Schemas/<dialect>.json`: for each
/// specifier type its keys, their plist types, which are required, their
/// allowed values and which are localizable; the page's root keys likewise.
/// Code asks the catalog; adding a key is a change to the data.
///
/// ```swift
/// let catalog = try SchemaCatalog.load(.apple)
/// catalog.key("KeyboardType", ofType: .textField)?.values  // ["Alphabet", ...]
/// ```
public struct SchemaCatalog: Sendable {
  public var dialect: Dialect
  public var summary: String
  public var pageKeys: [String: KeySpec]
  public var commonKeys: [String: KeySpec]
  public var types: [SpecifierType: TypeSpec]
  /// Names that people write by mistake (Xcode's display names, misspellings) → the raw key.
  public var displayNames: [String: String]
  /// Whether the reader takes a number or a boolean written as a string
  /// (`<string>2</string>` for a `MinimumValue`): InAppSettingsKit reads its
  /// keys with `floatValue`/`boolValue`, which strings answer too.
  public var readsScalarsFromText: Bool = false
  /// The bundle folder names the reader opens (`bundleNames`): Settings.app
  /// opens `Settings.bundle` (and the Watch app `Settings-Watch.bundle`),
  /// InAppSettingsKit `InAppSettings.bundle`, then `Settings.bundle`.
  public var bundleNames: [String] = []
  /// The tables a page without `StringsTable` is shown from, the first the
  /// bundle has (`stringsTableWhenAbsent`); empty when such a page is not
  /// localized, as in Settings.app. InAppSettingsKit takes the page's own
  /// name, then `Root` (IASKSettingsReader's `initWithFile:`).
  ///
  /// ```swift
  /// try SchemaCatalog.load(.iask).stringsTablesWhenAbsent  // [.pageName, .named("Root")]
  /// ```
  public var stringsTablesWhenAbsent: [ImplicitStringsTable] = []

  /// Whether a key's value has the kind the reader needs, with the
  /// dialect's reading of text (``readsScalarsFromText``).
  ///
  /// ```swift
  /// try SchemaCatalog.load(.iask).accepts(stringNode("2"), as: .number)   // true
  /// try SchemaCatalog.load(.apple).accepts(stringNode("2"), as: .number)  // false
  /// ```
  public func accepts(_ node: PlistNode, as kind: ValueKind) -> Bool {
    if kind.accepts(node) { return true }
    guard readsScalarsFromText, case .string(let text) = node.content else { return false }
    switch kind {
    case .number, .real, .integer: return Self.number(inText: text) != nil
    case .boolean: return Self.booleanWords.contains(text.lowercased())
    default: return false
    }
  }

  /// A number as the reader takes it: a number, or, where the dialect reads
  /// text, a string that is one.
  public func number(_ node: PlistNode) -> Double? {
    switch node.content {
    case .integer(let value): Double(value)
    case .real(let value): value.isFinite ? value : nil
    case .string(let text) where readsScalarsFromText: Self.number(inText: text)
    default: nil
    }
  }

  static let booleanWords: Set<String> = ["yes", "no", "true", "false", "1", "0"]

  static func number(inText text: String) -> Double? {
    Double(text.trimmingCharacters(in: .whitespaces)).flatMap { $0.isFinite ? $0 : nil }
  }

  /// Whether the element opens the page its `File` names, when tapped: a
  /// type that opens pages (``TypeSpec/opensPageInFile``), with a `File`,
  /// and no key that opens the app's own view instead.
  ///
  /// ```swift
  /// // IASKCustomViewSpecifier with File "Sub"
  /// try SchemaCatalog.load(.iask).opensPage(customView)   // true
  /// try SchemaCatalog.load(.apple).opensPage(customView)  // false: Settings.app skips it
  /// ```
  public func opensPage(_ specifier: Specifier) -> Bool {
    guard spec(of: specifier.type)?.opensPageInFile == true, specifier.file != nil else {
      return false
    }
    return !opensOwnView(specifier)
  }

  /// Whether a child pane opens the app's own view rather than a page of the bundle.
  public func opensOwnView(_ specifier: Specifier) -> Bool {
    guard let type = specifier.type, let entries = specifier.node.entries else { return false }
    return entries.contains { key($0.key, ofType: type)?.opensInsteadOfPage == true }
  }

  /// The catalog of a dialect, from the data embedded in the binary.
  public static func load(_ dialect: Dialect) throws -> SchemaCatalog {
    try cache.withLock { cached in
      if let catalog = cached[dialect] { return catalog }
      let catalog = try decode(dialect)
      cached[dialect] = catalog
      return catalog
    }
  }

  private static let cache = Mutex<[Dialect: SchemaCatalog]>([:])

  static func decode(_ dialect: Dialect) throws -> SchemaCatalog {
    guard let text = EmbeddedSchemas.files["Schemas/\(dialect.rawValue).json"] else {
      throw SchemaCatalogError(message: "no schema for the dialect \(dialect.rawValue)")
    }
    let file = try SchemaFile(json: text, name: "Schemas/\(dialect.rawValue).json")
    var catalog: SchemaCatalog
    if let base = file.extends {
      guard let baseDialect = Dialect(rawValue: base) else {
        throw SchemaCatalogError(
          message: "Schemas/\(dialect.rawValue).json extends an unknown dialect \(base)")
      }
      catalog = try decode(baseDialect)
    } else {
      catalog = SchemaCatalog(
        dialect: dialect, summary: "", pageKeys: [:], commonKeys: [:], types: [:], displayNames: [:]
      )
    }
    catalog.dialect = dialect
    catalog.summary = file.summary
    catalog.pageKeys.merge(file.page ?? [:]) { $1 }
    catalog.commonKeys.merge(file.common ?? [:]) { $1 }
    catalog.displayNames.merge(file.displayNames ?? [:]) { $1 }
    if let reads = file.readsScalarsFromText { catalog.readsScalarsFromText = reads }
    // A reader's own list, not the one it extends: InAppSettingsKit opens no Settings-Watch.bundle.
    if let names = file.bundleNames { catalog.bundleNames = names }
    if let tables = file.stringsTableWhenAbsent {
      catalog.stringsTablesWhenAbsent = tables.map(ImplicitStringsTable.init(schemaText:))
    }
    for (name, entry) in file.types {
      let name = SpecifierType(rawValue: name)
      var spec =
        catalog.types[name]
        ?? TypeSpec(
          summary: "", isEditable: false, stores: nil, valueRule: nil, startsSection: false,
          keys: [:])
      if let summary = entry.summary { spec.summary = summary }
      if let editable = entry.editable { spec.isEditable = editable }
      if let section = entry.section { spec.startsSection = section }
      if let only = entry.sectionHoldsOnlyOptions { spec.sectionHoldsOnlyOptions = only }
      if let byApp = entry.drawnByApp { spec.isDrawnByApp = byApp }
      if let opens = entry.opensPageInFile { spec.opensPageInFile = opens }
      if let stores = entry.stores { spec.stores = stores }
      spec.keys.merge(entry.keys) { $1 }
      catalog.types[name] = spec
    }
    for (name, rule) in file.valueRules ?? [:] {
      guard catalog.types[SpecifierType(rawValue: name)] != nil else {
        throw SchemaCatalogError(
          message: "Schemas/\(dialect.rawValue).json has a value rule for the unknown type \(name)")
      }
      catalog.types[SpecifierType(rawValue: name)]?.valueRule = rule
    }
    try catalog.validate()
    return catalog
  }

  /// The facts that must hold together: a type that stores a value has a rule
  /// for it, one that stores nothing has none, and what a person edits is stored.
  func validate() throws {
    for (type, spec) in types.sorted(by: { $0.key < $1.key }) {
      guard (spec.stores == nil) == (spec.valueRule == nil) else {
        throw SchemaCatalogError(
          message:
            "Schemas/\(dialect.rawValue).json: \(type) needs both \"stores\" and a value rule, or neither"
        )
      }
      guard !spec.isEditable || spec.stores != nil else {
        throw SchemaCatalogError(
          message: "Schemas/\(dialect.rawValue).json: \(type) is editable but stores nothing")
      }
    }
  }

  /// The schema file as embedded in the binary.
  public static func embeddedText(_ dialect: Dialect) -> String? {
    EmbeddedSchemas.files["Schemas/\(dialect.rawValue).json"]
  }

  /// The spec of a type, when the catalog knows it (nil for no `Type` too).
  public func spec(of type: SpecifierType?) -> TypeSpec? {
    type.flatMap { types[$0] }
  }

  /// Whether the Settings app lets a person change an element of `type`.
  public func isEditable(_ type: SpecifierType?) -> Bool { spec(of: type)?.isEditable ?? false }

  /// Whether an element of `type` starts a section of its page.
  public func startsSection(_ type: SpecifierType?) -> Bool {
    spec(of: type)?.startsSection ?? false
  }

  /// Whether the section an element of `type` starts shows only its options,
  /// never the elements written after it in that section.
  ///
  /// ```swift
  /// try SchemaCatalog.load(.iask).sectionHoldsOnlyOptions(.radioGroup)   // true
  /// try SchemaCatalog.load(.apple).sectionHoldsOnlyOptions(.radioGroup)  // false
  /// ```
  public func sectionHoldsOnlyOptions(_ type: SpecifierType?) -> Bool {
    spec(of: type)?.sectionHoldsOnlyOptions ?? false
  }

  /// Whether an element of `type` has a value stored under its `Key`.
  public func storesValue(_ type: SpecifierType?) -> Bool { spec(of: type)?.storesValue ?? false }

  /// The spec of `key` on a specifier of `type`, including the keys every type takes.
  public func key(_ key: String, ofType type: SpecifierType) -> KeySpec? {
    types[type]?.keys[key] ?? commonKeys[key]
  }

  /// Every key of `type` whose value is shown through the strings table.
  public func localizableKeys(ofType type: SpecifierType) -> [String] {
    let keys = (types[type]?.keys ?? [:]).merging(commonKeys) { first, _ in first }
    return keys.filter(\.value.localizable).map(\.key).sorted()
  }
}

/// A table a page without `StringsTable` is shown from, where the reader has one.
public enum ImplicitStringsTable: Sendable, Hashable {
  /// The page's file name without `.plist`, `.inApp` and the device's suffix (`$page` in the schema).
  case pageName
  /// A table of this name.
  case named(String)

  init(schemaText: String) {
    self = schemaText == "$page" ? .pageName : .named(schemaText)
  }
}

/// The embedded schema data could not be read (a packaging mistake, never user input).
public struct SchemaCatalogError: Error, CustomStringConvertible {
  public var message: String
  public var description: String { message }
}
