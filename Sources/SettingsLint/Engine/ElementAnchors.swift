import Plist
import SettingsSchema

/// Key paths that name a page's elements by what they are rather than by
/// where they stand: `PreferenceSpecifiers[3].DefaultValue` becomes
/// `PreferenceSpecifiers[Key=sound].DefaultValue`, so a baseline entry still
/// matches when an element is added above it.
///
/// An element is named by its `Key`; one without a `Key` by its `Type` and
/// `Title`; the second element with the same name gets `#2`, and so on.
///
/// ```swift
/// let anchors = ElementAnchors(readings: [bundle])
/// anchors.anchored("PreferenceSpecifiers[0].Title", in: "Root.plist")
/// // "PreferenceSpecifiers[PSGroupSpecifier:General].Title"
/// ```
struct ElementAnchors {
  private static let arrayKey = "PreferenceSpecifiers"
  /// For each page file, each element's name, in element order.
  private var names: [String: [String]] = [:]

  init(readings: [SettingsBundle]) {
    for reading in readings {
      for page in reading.pages where names[page.file] == nil {
        guard let elements = page.writtenSpecifierList?.array else { continue }
        names[page.file] = Self.names(of: elements)
      }
    }
  }

  /// `keyPath` with its element index replaced by the element's name; the
  /// key path as it is when it names no element of a page.
  func anchored(_ keyPath: String, in file: String) -> String {
    let prefix = Self.arrayKey + "["
    guard keyPath.hasPrefix(prefix), let pageNames = names[file],
      let close = keyPath.firstIndex(of: "]"),
      let index = Int(keyPath[keyPath.index(keyPath.startIndex, offsetBy: prefix.count)..<close]),
      pageNames.indices.contains(index)
    else { return keyPath }
    return prefix + pageNames[index] + keyPath[close...]
  }

  static func names(of elements: [PlistNode]) -> [String] {
    var seen: [String: Int] = [:]
    return elements.enumerated().map { index, element in
      let element = Specifier(index: index, node: element)
      let base: String
      if let key = element.key, !key.isEmpty {
        base = "Key=\(key)"
      } else {
        let type = element.type?.rawValue ?? "?"
        base = element.title.map { "\(type):\($0)" } ?? type
      }
      seen[base, default: 0] += 1
      let count = seen[base] ?? 1
      return count == 1 ? base : "\(base)#\(count)"
    }
  }
}
