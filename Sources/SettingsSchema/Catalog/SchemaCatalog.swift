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
}

/// What the schema says about one key.
public struct KeySpec: Sendable, Decodable, Hashable {
  public var type: ValueKind
  public var required: Bool
  /// The value (or each element) is looked up in the page's strings table.
  public var localizable: Bool
  /// The allowed values, when the key takes one of a list.
  public var values: [String]?
  /// The kind of each element, for arrays.
  public var elements: ValueKind?

  enum CodingKeys: String, CodingKey { case type, required, localizable, values, elements }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    type = try container.decode(ValueKind.self, forKey: .type)
    required = try container.decodeIfPresent(Bool.self, forKey: .required) ?? false
    localizable = try container.decodeIfPresent(Bool.self, forKey: .localizable) ?? false
    values = try container.decodeIfPresent([String].self, forKey: .values)
    elements = try container.decodeIfPresent(ValueKind.self, forKey: .elements)
  }
}

/// What the schema says about one specifier type.
public struct TypeSpec: Sendable, Hashable {
  public var summary: String
  /// Whether the control stores a value under its `Key`.
  public var writesValue: Bool
  public var keys: [String: KeySpec]
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

  private struct File: Decodable {
    struct TypeEntry: Decodable {
      var summary: String?
      var writesValue: Bool?
      var keys: [String: KeySpec]
    }
    var dialect: String
    var summary: String
    var extends: String?
    var page: [String: KeySpec]?
    var common: [String: KeySpec]?
    var types: [String: TypeEntry]
    var displayNames: [String: String]?
  }

  static func decode(_ dialect: Dialect) throws -> SchemaCatalog {
    guard let text = EmbeddedSchemas.files["Schemas/\(dialect.rawValue).json"] else {
      throw SchemaCatalogError(message: "no schema for the dialect \(dialect.rawValue)")
    }
    let file = try JSONDecoder().decode(File.self, from: Data(text.utf8))
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
    for (name, entry) in file.types {
      let name = SpecifierType(rawValue: name)
      var spec = catalog.types[name] ?? TypeSpec(summary: "", writesValue: false, keys: [:])
      if let summary = entry.summary { spec.summary = summary }
      if let writesValue = entry.writesValue { spec.writesValue = writesValue }
      spec.keys.merge(entry.keys) { $1 }
      catalog.types[name] = spec
    }
    return catalog
  }

  /// The schema file as embedded in the binary.
  public static func embeddedText(_ dialect: Dialect) -> String? {
    EmbeddedSchemas.files["Schemas/\(dialect.rawValue).json"]
  }

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

/// The embedded schema data could not be read (a packaging mistake, never user input).
public struct SchemaCatalogError: Error, CustomStringConvertible {
  public var message: String
  public var description: String { message }
}
