import Plist

/// The name of an attribute a specifier writes (`Values`, `Titles`, `File`, …):
/// an open set of names, with a constant for each one the tool reads, so the
/// spelling of a key lives here once.
///
/// Most readers want what iOS makes of an attribute (``Specifier/choices``,
/// ``Specifier/range``, ``Specifier/toggleStates``, ``Specifier/key``). A check
/// of what is WRITTEN (a value of the wrong type, a list of the wrong length, an
/// extension left on a file name) asks ``Specifier/written(_:)`` for the node
/// as written, which keeps its place in the file.
///
/// ```swift
/// specifier.written(.titles)?.array?.count  // 3, as written
/// SpecifierAttribute.titles.rawValue        // "Titles"
/// ```
public struct SpecifierAttribute: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// The key as written in the plist.
  public let rawValue: String

  public init(rawValue: String) { self.rawValue = rawValue }

  public var description: String { rawValue }

  public static let type = SpecifierAttribute(rawValue: "Type")
  public static let key = SpecifierAttribute(rawValue: "Key")
  public static let title = SpecifierAttribute(rawValue: "Title")
  public static let footerText = SpecifierAttribute(rawValue: "FooterText")
  public static let defaultValue = SpecifierAttribute(rawValue: "DefaultValue")
  public static let values = SpecifierAttribute(rawValue: "Values")
  public static let titles = SpecifierAttribute(rawValue: "Titles")
  public static let shortTitles = SpecifierAttribute(rawValue: "ShortTitles")
  public static let minimumValue = SpecifierAttribute(rawValue: "MinimumValue")
  public static let maximumValue = SpecifierAttribute(rawValue: "MaximumValue")
  public static let trueValue = SpecifierAttribute(rawValue: "TrueValue")
  public static let falseValue = SpecifierAttribute(rawValue: "FalseValue")
  public static let file = SpecifierAttribute(rawValue: "File")
  public static let supportedUserInterfaceIdioms = SpecifierAttribute(
    rawValue: "SupportedUserInterfaceIdioms")
  public static let minimumValueImage = SpecifierAttribute(rawValue: "MinimumValueImage")
  public static let maximumValueImage = SpecifierAttribute(rawValue: "MaximumValueImage")
  public static let displaySortedByTitle = SpecifierAttribute(rawValue: "DisplaySortedByTitle")
  /// InAppSettingsKit's subtitle (a string, or a dictionary from values to subtitles).
  public static let subtitle = SpecifierAttribute(rawValue: "IASKSubtitle")
  /// InAppSettingsKit's placeholder of a text field.
  public static let placeholder = SpecifierAttribute(rawValue: "IASKPlaceholder")
}

/// The keys of a page's root dictionary, spelled once.
///
/// ```swift
/// root[PageAttribute.preferenceSpecifiers]?.array  // the page's elements
/// ```
public enum PageAttribute {
  public static let preferenceSpecifiers = "PreferenceSpecifiers"
  public static let stringsTable = "StringsTable"
}

extension Specifier {
  /// An attribute as written, nil when the element does not write it: the node
  /// keeps its value's type and its place, for a check of what is written.
  ///
  /// ```swift
  /// if let file = specifier.written(.file), file.string == nil { /* File is no string */ }
  /// ```
  public func written(_ attribute: SpecifierAttribute) -> PlistNode? { node[attribute.rawValue] }
}

extension Page {
  /// The root's `StringsTable` as written, with its place; nil when the page
  /// writes none (``stringsTable`` is the table the page is shown from,
  /// which InAppSettingsKit may pick without one being written).
  ///
  /// ```swift
  /// page.writtenStringsTable?.string  // "Root"
  /// ```
  public var writtenStringsTable: PlistNode? { document?.root["StringsTable"] }

  /// The root's `PreferenceSpecifiers` as written, with its place (an array
  /// of elements on a page; anything else is the page's fault); nil when the
  /// page writes none.
  ///
  /// ```swift
  /// page.writtenSpecifierList?.array?.count  // 12
  /// ```
  public var writtenSpecifierList: PlistNode? { document?.root["PreferenceSpecifiers"] }
}

extension SettingsBundle {
  /// The root page's `ApplicationGroupContainerIdentifier` as written (empty
  /// when it is written empty); nil when it is absent or not a string.
  ///
  /// ```swift
  /// bundle.applicationGroup  // "group.com.example.app"
  /// ```
  public var applicationGroup: String? {
    pages.first?.document?.root["ApplicationGroupContainerIdentifier"]?.string
  }
}
