import Plist

/// One element of a page's `PreferenceSpecifiers`.
///
/// ```swift
/// let toggle = bundle.pages[0].specifiers[0]
/// toggle.type         // .toggleSwitch
/// toggle.key          // "celsiusPref"
/// toggle.defaultValue // PlistNode(.bool(false))
/// ```
public struct Specifier: Sendable, Hashable {
  /// The position in `PreferenceSpecifiers`.
  public var index: Int
  /// The element as written (normally a dictionary).
  public var node: PlistNode
  /// `PreferenceSpecifiers[index]`, to name the element where there are no lines.
  public var keyPath: String
  /// For a child pane: the page file it opens, when that file exists in the bundle.
  public var childPage: String?

  /// `Type`, read once: every checker and view asks for it.
  public let type: SpecifierType?

  public init(index: Int, node: PlistNode, childPage: String? = nil) {
    self.index = index
    self.node = node
    self.keyPath = "PreferenceSpecifiers[\(index)]"
    self.childPage = childPage
    self.type = node["Type"]?.string.map(SpecifierType.init(rawValue:))
  }

  /// The value of one of the element's keys.
  public subscript(key: String) -> PlistNode? { node[key] }

  public var key: String? { node["Key"]?.string }
  /// The raw `Title`, before localization.
  public var title: String? { node["Title"]?.string }
  public var defaultValue: PlistNode? { node["DefaultValue"] }
  public var file: String? { node["File"]?.string }

  /// The idioms the element is limited to; empty means every idiom.
  public var idioms: [String] {
    node["SupportedUserInterfaceIdioms"]?.array?.compactMap(\.string) ?? []
  }

  /// Whether the element shows on a device of `idiom`.
  public func isShown(on idiom: Idiom) -> Bool {
    let idioms = idioms
    return idioms.isEmpty || idioms.contains(idiom.schemaName)
  }
}

/// The kind of device a bundle is shown on.
public enum Idiom: String, Sendable, CaseIterable {
  case phone, pad

  /// The value `SupportedUserInterfaceIdioms` uses.
  public var schemaName: String { self == .phone ? "Phone" : "Pad" }
  /// The file-name suffix of device-specific pages (`Root~iphone.plist`).
  public var fileSuffix: String { self == .phone ? "~iphone" : "~ipad" }
}
