/// A `.strings` table as written: its entries in file order with their
/// comments, so that writers can preserve both.
///
/// ```swift
/// let table = try StringsReader.read(data).file
/// table["celsiusTitulo"]  // "Celsius First"
/// ```
public struct StringsFile: Sendable, Hashable {
  public var entries: [StringsEntry]
  /// Comments after the last entry.
  public var trailingComments: [PlistComment]
  public var encoding: TextEncoding
  /// The file was a binary or XML property list rather than `.strings` text.
  public var isPropertyList: Bool

  public init(
    entries: [StringsEntry], trailingComments: [PlistComment] = [], encoding: TextEncoding = .utf8,
    isPropertyList: Bool = false
  ) {
    self.entries = entries
    self.trailingComments = trailingComments
    self.encoding = encoding
    self.isPropertyList = isPropertyList
  }

  /// The translation of `key` as iOS sees it: the last entry's string value.
  public subscript(key: String) -> String? {
    entries.last { $0.key.isSameKey(as: key) }?.value.string
  }

  /// Key → string value, the last entry winning; entries whose value is not a string are left out.
  /// Keys compare by their exact scalars, as iOS looks them up.
  public var lookup: [PlistKey: String] {
    var result: [PlistKey: String] = [:]
    result.reserveCapacity(entries.count)
    for entry in entries {
      if let value = entry.value.string { result[PlistKey(entry.key)] = value }
    }
    return result
  }
}

/// One `"key" = "value";` line of a `.strings` table.
public struct StringsEntry: Sendable, Hashable {
  public var key: String
  public var keyOffset: Int?
  /// Just past the key as written (its closing quote, or `</key>`).
  public var keyEndOffset: Int?
  /// Just past the entry (its `;`, or the value's closing tag in an XML table).
  public var endOffset: Int?
  /// Usually a string; `.strings` syntax also allows arrays, dictionaries and data.
  public var value: PlistNode
  /// Comments right before the entry.
  public var comments: [PlistComment]
  /// Written as `"key";`, which means `"key" = "key";`.
  public var isShorthand: Bool

  public init(
    key: String, keyOffset: Int? = nil, keyEndOffset: Int? = nil, endOffset: Int? = nil,
    value: PlistNode, comments: [PlistComment] = [], isShorthand: Bool = false
  ) {
    self.key = key
    self.keyOffset = keyOffset
    self.keyEndOffset = keyEndOffset
    self.endOffset = endOffset
    self.value = value
    self.comments = comments
    self.isShorthand = isShorthand
  }
}
