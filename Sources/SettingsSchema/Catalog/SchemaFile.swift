import Plist

/// One `Schemas/<dialect>.json`, read with the Plist module's JSON reader and
/// mapped by hand: `JSONDecoder`'s reflection was a tenth of a small bundle's
/// lint, paid at every start.
struct SchemaFile {
  struct TypeEntry {
    var summary: String?
    var section: Bool?
    var sectionHoldsOnlyOptions: Bool?
    var drawnByApp: Bool?
    var opensPageInFile: Bool?
    var editable: Bool?
    var stores: ValueKind?
    var keys: [String: KeySpec]
  }
  var dialect: String
  var summary: String
  var extends: String?
  var page: [String: KeySpec]?
  var common: [String: KeySpec]?
  var types: [String: TypeEntry]
  var valueRules: [String: ValueRule]?
  var displayNames: [String: String]?
  var readsScalarsFromText: Bool?
  var bundleNames: [String]?
  var stringsTableWhenAbsent: [String]?

  init(json text: String, name: String) throws(SchemaCatalogError) {
    let value: PlistValue
    do {
      value = try JSONPlistReader.read(Array(text.utf8))
    } catch {
      throw SchemaCatalogError(message: "\(name): \(error)")
    }
    let file = try Fields(value, path: name)
    dialect = try file.required("dialect", file.string)
    summary = try file.required("summary", file.string)
    extends = try file.string("extends")
    page = try file.objects("page", Self.keySpec)
    common = try file.objects("common", Self.keySpec)
    types = try file.required("types") { key throws(SchemaCatalogError) in
      try file.objects(key, Self.typeEntry)
    }
    valueRules = try file.objects("valueRules") { value, path throws(SchemaCatalogError) in
      try Fields.enumerated(value, path: path, as: ValueRule.self)
    }
    displayNames = try file.objects("displayNames") { value, path throws(SchemaCatalogError) in
      try Fields.text(value, path: path)
    }
    readsScalarsFromText = try file.bool("readsScalarsFromText")
    bundleNames = try file.strings("bundleNames")
    stringsTableWhenAbsent = try file.strings("stringsTableWhenAbsent")
  }

  static func keySpec(_ value: PlistValue, path: String) throws(SchemaCatalogError) -> KeySpec {
    let fields = try Fields(value, path: path)
    return KeySpec(
      type: try fields.required("type") { key throws(SchemaCatalogError) in
        try fields.kind(key)
      },
      required: try fields.bool("required") ?? false,
      localizable: try fields.bool("localizable") ?? false,
      values: try fields.strings("values"),
      elements: try fields.kind("elements"),
      opensInsteadOfPage: try fields.bool("opensInsteadOfPage") ?? false)
  }

  static func typeEntry(_ value: PlistValue, path: String) throws(SchemaCatalogError) -> TypeEntry {
    let fields = try Fields(value, path: path)
    return TypeEntry(
      summary: try fields.string("summary"), section: try fields.bool("section"),
      sectionHoldsOnlyOptions: try fields.bool("sectionHoldsOnlyOptions"),
      drawnByApp: try fields.bool("drawnByApp"),
      opensPageInFile: try fields.bool("opensPageInFile"),
      editable: try fields.bool("editable"), stores: try fields.kind("stores"),
      keys: try fields.required("keys") { key throws(SchemaCatalogError) in
        try fields.objects(key, keySpec)
      })
  }
}

/// An object of a schema file, with typed reads that name the key path of a
/// value of the wrong kind.
private struct Fields {
  let entries: [PlistKey: PlistValue]
  let path: String

  init(_ value: PlistValue, path: String) throws(SchemaCatalogError) {
    guard case .dictionary(let entries) = value else {
      throw SchemaCatalogError(message: "\(path) is not an object")
    }
    (self.entries, self.path) = (entries, path)
  }

  func required<T>(_ key: String, _ read: (String) throws(SchemaCatalogError) -> T?)
    throws(SchemaCatalogError) -> T
  {
    guard let value = try read(key) else {
      throw SchemaCatalogError(message: "\(path) has no \"\(key)\"")
    }
    return value
  }

  func string(_ key: String) throws(SchemaCatalogError) -> String? {
    try entries[PlistKey(key)].map { value throws(SchemaCatalogError) in
      try Self.text(value, path: "\(path).\(key)")
    }
  }

  func bool(_ key: String) throws(SchemaCatalogError) -> Bool? {
    guard let value = entries[PlistKey(key)] else { return nil }
    guard case .bool(let flag) = value else {
      throw SchemaCatalogError(message: "\(path).\(key) is not true or false")
    }
    return flag
  }

  func strings(_ key: String) throws(SchemaCatalogError) -> [String]? {
    guard let value = entries[PlistKey(key)] else { return nil }
    guard case .array(let items) = value else {
      throw SchemaCatalogError(message: "\(path).\(key) is not an array")
    }
    var texts: [String] = []
    for (index, item) in items.enumerated() {
      texts.append(try Self.text(item, path: "\(path).\(key)[\(index)]"))
    }
    return texts
  }

  func kind(_ key: String) throws(SchemaCatalogError) -> ValueKind? {
    try entries[PlistKey(key)].map { value throws(SchemaCatalogError) in
      try Self.enumerated(value, path: "\(path).\(key)", as: ValueKind.self)
    }
  }

  /// An object whose every value is read by `read`, keyed by its keys.
  func objects<T>(_ key: String, _ read: (PlistValue, String) throws(SchemaCatalogError) -> T)
    throws(SchemaCatalogError) -> [String: T]?
  {
    guard let value = entries[PlistKey(key)] else { return nil }
    let object = try Fields(value, path: "\(path).\(key)")
    var result: [String: T] = [:]
    for (name, item) in object.entries {
      result[name.string] = try read(item, "\(path).\(key).\(name.string)")
    }
    return result
  }

  static func text(_ value: PlistValue, path: String) throws(SchemaCatalogError) -> String {
    guard case .string(let text) = value else {
      throw SchemaCatalogError(message: "\(path) is not a string")
    }
    return text
  }

  static func enumerated<T: RawRepresentable<String>>(
    _ value: PlistValue, path: String, as: T.Type
  ) throws(SchemaCatalogError) -> T {
    let text = try text(value, path: path)
    guard let known = T(rawValue: text) else {
      throw SchemaCatalogError(message: "\(path): \"\(text)\" is not a known \(T.self)")
    }
    return known
  }
}
