/// The `Type` of a specifier: `PSToggleSwitchSpecifier`, `IASKButtonSpecifier`, ….
///
/// An open set, like Yams' `Tag.Name`: every type Apple's Settings.app and
/// InAppSettingsKit read has a constant here, and any other name (a misspelling,
/// a newer type) is kept as written, so that it survives a round trip and lint
/// can name it. What a type means — the keys it takes, whether a person edits
/// it, what it stores — is asked of the ``SchemaCatalog``, never decided by
/// comparing names. Outside the schema data (`Schemas/`) and the lint rules'
/// example bundles, this file is the only place the names are spelled (a test
/// walks `Sources/` for others).
///
/// ```swift
/// let type = SpecifierType(rawValue: "PSToggleSwitchSpecifier")
/// type == .toggleSwitch                            // true
/// try SchemaCatalog.load(.apple).isEditable(type)  // true
/// ```
public struct SpecifierType: RawRepresentable, Hashable, Sendable, Comparable,
  ExpressibleByStringLiteral, CustomStringConvertible
{
  /// The name as written in the plist.
  public let rawValue: String

  public init(rawValue: String) { self.rawValue = rawValue }
  public init(_ rawValue: String) { self.rawValue = rawValue }
  public init(stringLiteral value: String) { self.rawValue = value }

  public var description: String { rawValue }

  /// The name after the article English reads it with, for messages: an
  /// initial vowel letter takes "an".
  ///
  /// ```swift
  /// SpecifierType.group.withArticle               // "a PSGroupSpecifier"
  /// SpecifierType("IASKButtonSpecifier").withArticle  // "an IASKButtonSpecifier"
  /// ```
  public var withArticle: String { Self.withArticle(rawValue) }

  /// ``withArticle`` for any name: `SpecifierType.withArticle("element")` is "an element".
  public static func withArticle(_ name: String) -> String {
    let startsWithVowel = name.first.map { "AEIOUaeiou".contains($0) } ?? false
    return (startsWithVowel ? "an " : "a ") + name
  }

  public static func < (lhs: SpecifierType, rhs: SpecifierType) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}

// MARK: - Apple's Settings.app

extension SpecifierType {
  /// Starts a section, with an optional title and footer.
  public static let group: SpecifierType = "PSGroupSpecifier"
  /// A single-line text field.
  public static let textField: SpecifierType = "PSTextFieldSpecifier"
  /// A read-only row showing the value stored under its Key.
  public static let titleValue: SpecifierType = "PSTitleValueSpecifier"
  /// An on/off switch.
  public static let toggleSwitch: SpecifierType = "PSToggleSwitchSpecifier"
  /// A slider between a minimum and a maximum.
  public static let slider: SpecifierType = "PSSliderSpecifier"
  /// A row that opens a page of choices.
  public static let multiValue: SpecifierType = "PSMultiValueSpecifier"
  /// A section of mutually exclusive choices.
  public static let radioGroup: SpecifierType = "PSRadioGroupSpecifier"
  /// A row that opens another page.
  public static let childPane: SpecifierType = "PSChildPaneSpecifier"

  /// Every type Apple's Settings.app reads.
  public static let apple: [SpecifierType] = [
    .group, .textField, .titleValue, .toggleSwitch, .slider, .multiValue, .radioGroup, .childPane,
  ]
}

// MARK: - InAppSettingsKit

extension SpecifierType {
  /// A tappable row handled by the app's delegate.
  public static let button: SpecifierType = "IASKButtonSpecifier"
  /// A row that opens the URL in `File`.
  public static let openURL: SpecifierType = "IASKOpenURLSpecifier"
  /// A row that opens a mail sheet.
  public static let mailCompose: SpecifierType = "IASKMailComposeSpecifier"
  /// A cell the app's delegate draws.
  public static let customView: SpecifierType = "IASKCustomViewSpecifier"
  /// A multi-line text view.
  public static let textView: SpecifierType = "IASKTextViewSpecifier"
  /// A date and time picker.
  public static let datePicker: SpecifierType = "IASKDatePickerSpecifier"
  /// A section whose rows are the items of an array stored under `Key`.
  public static let listGroup: SpecifierType = "IASKListGroupSpecifier"

  /// The types InAppSettingsKit adds to Apple's.
  public static let inAppSettingsKit: [SpecifierType] = [
    .button, .openURL, .mailCompose, .customView, .textView, .datePicker, .listGroup,
  ]
}

extension SpecifierType {
  /// Whether the name is in InAppSettingsKit's namespace (`IASK…`), known or not: such an
  /// element is meant for the app's own settings screen, not for Settings.app.
  public var isInAppSettingsKitName: Bool { rawValue.hasPrefix("IASK") }
}
