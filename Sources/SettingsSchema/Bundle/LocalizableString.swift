import Plist

/// A string of a page that iOS looks up in the page's strings table: a
/// Title, FooterText, or an entry of Titles or ShortTitles (per the schema);
/// for a localizable key written as a dictionary (InAppSettingsKit's
/// `IASKSubtitle` by value), each string value.
public struct LocalizableString: Sendable, Hashable {
  public var text: String
  /// The page's position in `bundle.pages`.
  public var pageIndex: Int
  /// The value's byte offset in the page's text, when it has one.
  public var offset: Int?
  /// `PreferenceSpecifiers[2].Titles[1]`.
  public var keyPath: String
}

extension SettingsBundle {
  /// Every non-empty localizable string of every localized page reached from
  /// Root, by table name, in page order (a string used twice appears twice).
  ///
  /// ```swift
  /// let strings = bundle.localizableStrings(catalog: try SchemaCatalog.load(.apple))
  /// strings["Root"]?.map(\.text)  // ["Celsius First"]
  /// ```
  public func localizableStrings(catalog: SchemaCatalog) -> [String: [LocalizableString]] {
    var strings: [String: [LocalizableString]] = [:]
    var keysByType: [SpecifierType: [String]] = [:]
    // The page dictionary's own keys that are looked up (none in either schema: neither
    // Settings.app nor InAppSettingsKit's reader shows a page's `Title`; a child page is
    // titled by its parent's PSChildPaneSpecifier Title, which is a row's string).
    let pageKeys = catalog.pageKeys.filter(\.value.localizable).map(\.key).sorted()
    for (pageIndex, page) in pages.enumerated() {
      guard page.isReached, let table = page.stringsTable else { continue }
      func add(_ node: PlistNode, _ keyPath: String) {
        guard let text = node.string, !text.isEmpty else { return }
        strings[table, default: []].append(
          LocalizableString(text: text, pageIndex: pageIndex, offset: node.offset, keyPath: keyPath)
        )
      }
      for key in pageKeys {
        if let node = page.document?.root[key] { add(node, key) }
      }
      for specifier in page.specifiers {
        guard let type = specifier.type else { continue }
        let keys =
          keysByType[type]
          ?? {
            // In the order a row reads: its title, its footer, then its choices.
            let order = ["Title", "FooterText", "Titles", "ShortTitles"]
            let keys = catalog.localizableKeys(ofType: type).sorted {
              (order.firstIndex(of: $0) ?? order.count, $0) < (
                order.firstIndex(of: $1) ?? order.count, $1
              )
            }
            keysByType[type] = keys
            return keys
          }()
        for key in keys {
          guard let node = specifier[key] else { continue }
          let keyPath = specifier.keyPath + "." + key
          if let items = node.array {
            for (index, item) in items.enumerated() { add(item, "\(keyPath)[\(index)]") }
          } else if let entries = node.entries {
            // InAppSettingsKit's IASKSubtitle may be a dictionary of subtitles by stored
            // value; IASKSpecifier's subtitleForValue: looks the chosen one up in the table.
            for (index, entry) in entries.enumerated() {
              add(entry.value, keyPath + Self.memberPath(entry.key, index: index))
            }
          } else {
            add(node, keyPath)
          }
        }
      }
    }
    return strings
  }

  /// `.YES` for a dictionary entry whose key is a plain word, else its
  /// position (`[2]`): the path goes into notes and table comments, where a
  /// key's own text (`*/`, a line break) must not.
  static func memberPath(_ key: String, index: Int) -> String {
    let plain =
      !key.isEmpty && key.count <= 40
      && key.unicodeScalars.allSatisfy {
        $0.isASCII
          && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-")
      }
    return plain ? "." + key : "[\(index)]"
  }
}
