import Foundation

/// A property-list value as read from a file, with the place it came from.
///
/// Every reader produces the same tree whatever the file's format. Text formats
/// (XML, OpenStep, `.strings`) record a byte offset into the decoded text of
/// the file; binary plists have no text, so their offsets are `nil` and
/// callers name a place by its key path instead.
///
/// ```swift
/// let document = try PropertyListReader.read(data)
/// if let type = document.root["PreferenceSpecifiers"]?[0]?["Type"]?.string {
///   print(type)  // PSToggleSwitchSpecifier
/// }
/// ```
public struct PlistNode: Sendable, Hashable {
  /// What the value is. Not `indirect`: a container's elements are already
  /// behind its array, and every other case fits inline, so a node costs no
  /// allocation of its own.
  public enum Content: Sendable, Hashable {
    case string(String)
    case integer(Int64)
    case real(Double)
    case bool(Bool)
    case date(Date)
    case data(Data)
    case array([PlistNode])
    /// Entries in file order. A key may appear more than once; lookups use
    /// the last one, as CoreFoundation does.
    case dictionary([PlistEntry])
  }

  public var content: Content
  /// Byte offset of the value in the decoded UTF-8 text, when the format has text.
  public var offset: Int?
  /// Byte offset just past the value's text (its closing tag or quote), when
  /// the reader records it: what a textual edit of the value replaces.
  public var endOffset: Int?

  public init(_ content: Content, offset: Int? = nil, endOffset: Int? = nil) {
    self.content = content
    self.offset = offset
    self.endOffset = endOffset
  }
}

/// One key and its value inside a dictionary.
public struct PlistEntry: Sendable, Hashable {
  public var key: String
  /// Byte offset of the key in the decoded text, when the format has text.
  public var keyOffset: Int?
  /// Byte offset just past the key's text (`</key>` or its closing quote).
  public var keyEndOffset: Int?
  /// Byte offset just past the whole entry: its `;` in OpenStep text; nil
  /// where the entry ends with its value (XML).
  public var endOffset: Int?
  public var value: PlistNode

  public init(
    key: String, keyOffset: Int? = nil, keyEndOffset: Int? = nil, endOffset: Int? = nil,
    value: PlistNode
  ) {
    self.key = key
    self.keyOffset = keyOffset
    self.keyEndOffset = keyEndOffset
    self.endOffset = endOffset
    self.value = value
  }
}

extension PlistNode {
  /// The value for `key` when this is a dictionary (the last entry wins; keys
  /// compare by their exact scalars, as CoreFoundation's do).
  public subscript(key: String) -> PlistNode? {
    // The value read in place: `entry(forKey:)` copies the whole entry (its key and
    // offsets) to hand back one field, and every row's every field is asked for so.
    guard case .dictionary(let entries) = content else { return nil }
    var index = entries.endIndex
    while index > entries.startIndex {
      index -= 1
      if entries[index].key.isSameKey(as: key) { return entries[index].value }
    }
    return nil
  }

  /// The element at `index` when this is an array and the index exists.
  public subscript(index: Int) -> PlistNode? {
    guard case .array(let items) = content, items.indices.contains(index) else { return nil }
    return items[index]
  }

  /// The last entry for `key` when this is a dictionary.
  public func entry(forKey key: String) -> PlistEntry? {
    guard case .dictionary(let entries) = content else { return nil }
    return entries.last { $0.key.isSameKey(as: key) }
  }

  public var string: String? {
    if case .string(let value) = content { return value }
    return nil
  }

  public var array: [PlistNode]? {
    if case .array(let value) = content { return value }
    return nil
  }

  public var entries: [PlistEntry]? {
    if case .dictionary(let value) = content { return value }
    return nil
  }

  public var bool: Bool? {
    if case .bool(let value) = content { return value }
    return nil
  }

  /// A numeric value as a `Double`, for integers and reals alike.
  public var number: Double? {
    switch content {
    case .integer(let value): return Double(value)
    case .real(let value): return value
    default: return nil
    }
  }

  /// The plain value, without locations.
  public var value: PlistValue {
    switch content {
    case .string(let value): return .string(value)
    case .integer(let value): return .integer(value)
    case .real(let value): return .real(value)
    case .bool(let value): return .bool(value)
    case .date(let value): return .date(value)
    case .data(let value): return .data(value)
    case .array(let items): return .array(items.map(\.value))
    case .dictionary(let entries):
      var result: [PlistKey: PlistValue] = [:]
      for entry in entries { result[PlistKey(entry.key)] = entry.value.value }
      return .dictionary(result)
    }
  }

  /// The name of the value's type as property lists spell it (`string`, `integer`, ...).
  public var typeName: String { value.typeName }
}
