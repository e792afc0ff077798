import Plist

/// Where a value sits in a property list: dictionary keys and array indices
/// from the root.
///
/// ```swift
/// let path = PlistPath([.key("PreferenceSpecifiers"), .index(2), .key("DefaultValue")])
/// path.description  // "PreferenceSpecifiers[2].DefaultValue"
/// ```
public struct PlistPath: Sendable, Hashable, CustomStringConvertible {
  public enum Component: Sendable, Hashable {
    case key(String)
    case index(Int)
  }

  public var components: [Component]

  public init(_ components: [Component]) {
    self.components = components
  }

  /// The path of element `index` of a page's `PreferenceSpecifiers`.
  public static func specifier(_ index: Int) -> PlistPath {
    PlistPath([.key("PreferenceSpecifiers"), .index(index)])
  }

  /// This path with one more component.
  public func appending(_ component: Component) -> PlistPath {
    PlistPath(components + [component])
  }

  /// The key path as the rest of prefs names places without lines.
  public var description: String {
    var text = ""
    for component in components {
      switch component {
      case .key(let key): text += text.isEmpty ? key : "." + key
      case .index(let index): text += "[\(index)]"
      }
    }
    return text
  }
}

/// One change to a property list, by the path of what it changes. New values
/// are `PlistNode`s without places, so that a new dictionary keeps the order
/// its entries are given in.
///
/// ```swift
/// let edit = PlistEdit.setValue(
///   in: .specifier(3), key: "DefaultValue", to: PlistNode(.string("2.1")))
/// let bytes = try FormatKeepingWriter.apply([edit], to: original, file: "Root.plist")
/// ```
public enum PlistEdit: Sendable, Hashable {
  /// The value of `key` in the dictionary at the path becomes the new value;
  /// an entry is added after the dictionary's last one when the key is absent.
  case setValue(in: PlistPath, key: String, to: PlistNode)
  /// A new element at `index` of the array at the path (the array's count appends).
  case insertElement(in: PlistPath, at: Int, PlistNode)
  /// The element at `index` of the array at the path goes.
  case removeElement(in: PlistPath, at: Int)
  /// The entry for `key` (every entry for it) of the dictionary at the path goes.
  case removeEntry(in: PlistPath, key: String)

  /// The container the edit changes.
  public var container: PlistPath {
    switch self {
    case .setValue(let path, _, _), .insertElement(let path, _, _), .removeElement(let path, _),
      .removeEntry(let path, _):
      path
    }
  }

  /// The plain value `root` becomes with this edit, or nil when the path does
  /// not lead to a container of the right kind: what a reader must read back.
  public func applied(to root: PlistNode) -> PlistNode? {
    Self.modify(root, along: container.components[...]) { container in
      switch (self, container.content) {
      case (.setValue(_, let key, let value), .dictionary(var entries)):
        if let last = entries.lastIndex(where: { $0.key.isSameKey(as: key) }) {
          entries[last].value = value
        } else {
          entries.append(PlistEntry(key: key, value: value))
        }
        return PlistNode(.dictionary(entries))
      case (.insertElement(_, let index, let value), .array(var items)):
        guard (0...items.count).contains(index) else { return nil }
        items.insert(value, at: index)
        return PlistNode(.array(items))
      case (.removeElement(_, let index), .array(var items)):
        guard items.indices.contains(index) else { return nil }
        items.remove(at: index)
        return PlistNode(.array(items))
      case (.removeEntry(_, let key), .dictionary(var entries)):
        entries.removeAll { $0.key.isSameKey(as: key) }
        return PlistNode(.dictionary(entries))
      default:
        return nil
      }
    }
  }

  private static func modify(
    _ node: PlistNode, along path: ArraySlice<PlistPath.Component>,
    _ change: (PlistNode) -> PlistNode?
  ) -> PlistNode? {
    guard let first = path.first else { return change(node) }
    switch (first, node.content) {
    case (.key(let key), .dictionary(var entries)):
      guard let last = entries.lastIndex(where: { $0.key.isSameKey(as: key) }),
        let changed = modify(entries[last].value, along: path.dropFirst(), change)
      else { return nil }
      entries[last].value = changed
      return PlistNode(.dictionary(entries))
    case (.index(let index), .array(var items)):
      guard items.indices.contains(index),
        let changed = modify(items[index], along: path.dropFirst(), change)
      else { return nil }
      items[index] = changed
      return PlistNode(.array(items))
    default:
      return nil
    }
  }
}

extension PlistNode {
  /// The node at `path`, when every step exists (the last entry of a key wins).
  public func node(at path: PlistPath) -> PlistNode? {
    var node = self
    for component in path.components {
      switch component {
      case .key(let key):
        guard let next = node[key] else { return nil }
        node = next
      case .index(let index):
        guard let next = node[index] else { return nil }
        node = next
      }
    }
    return node
  }

  /// A value as a node without places; a dictionary's entries sorted by key,
  /// as the writers order them.
  ///
  /// ```swift
  /// PlistNode(plain: .bool(true)).content  // .bool(true)
  /// ```
  public init(plain value: PlistValue) {
    switch value {
    case .string(let text): self.init(.string(text))
    case .integer(let number): self.init(.integer(number))
    case .real(let number): self.init(.real(number))
    case .bool(let flag): self.init(.bool(flag))
    case .date(let date): self.init(.date(date))
    case .data(let data): self.init(.data(data))
    case .array(let items): self.init(.array(items.map(PlistNode.init(plain:))))
    case .dictionary(let entries):
      self.init(
        .dictionary(
          entries.sorted { $0.key < $1.key }.map {
            PlistEntry(key: $0.key.string, value: PlistNode(plain: $0.value))
          }))
    }
  }
}
