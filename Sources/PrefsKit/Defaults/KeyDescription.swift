import Foundation
import Plist
import SettingsSchema

/// What the element storing a key offers, as `gsettings describe` and
/// `gsettings range` tell of a schema's key: read from the bundle alone.
///
/// ```swift
/// let described = try KeyDescription(key: "volume_preference", bundle: bundle)
/// described.minimum  // 0.0
/// ```
public struct KeyDescription: Sendable {
  public var key: String
  /// The element's title in the bundle's language asked for.
  public var title: String?
  public var type: SpecifierType
  /// What the schema says the type is.
  public var summary: String?
  public var stores: ValueKind?
  public var rule: ValueRule?
  /// The values a multi value or radio group offers, with their titles.
  public var choices: [BundleTitles.Choice]
  /// A slider's range, as written.
  public var minimum: Double?
  public var maximum: Double?
  /// A toggle's stored values.
  public var toggle: (on: PlistValue, off: PlistValue)?
  public var defaultValue: PlistValue?

  /// No element of the bundle stores the key (the reason names the pages that did not read).
  public struct NoElement: Error, Sendable, Hashable {
    public var reason: String
    /// Only InAppSettingsKit's reading sees the bundle's `.inApp` pages.
    public var inAppPagesUnread = false
  }

  public init(key: String, bundle: SettingsBundle) throws(NoElement) {
    let (page, specifier): (Page, Specifier)
    switch bundle.storingSpecifier(forKey: key) {
    case .success(let found): (page, specifier) = found
    case .failure(let refusal):
      throw NoElement(reason: refusal.reason, inAppPagesUnread: refusal.inAppPagesUnread)
    }
    self.key = key
    title = specifier.title.map { bundle.localized($0, on: page) }
    type = specifier.type ?? SpecifierType("")
    let spec = bundle.catalog.spec(of: specifier.type)
    summary = spec?.summary
    stores = spec?.stores
    rule = spec?.valueRule
    choices = BundleTitles.choices(forKey: key, in: [bundle])
    if rule == .range {
      minimum = specifier.range.writtenMinimum
      maximum = specifier.range.writtenMaximum
    }
    if rule == .toggle { toggle = SpecifierValue.states(of: specifier) }
    defaultValue = specifier.defaultValue?.value
  }
}

/// The text `gsettings describe` and `gsettings range` would print, with what a
/// Settings bundle knows besides; control characters escaped.
extension KeyDescription {
  /// A value as GVariant text writes it: strings in single quotes.
  public static func variant(_ value: PlistValue) -> String {
    switch value {
    case .string(let text): "'" + text.replacingOccurrences(of: "'", with: "\\'") + "'"
    default: SpecifierValue.text(of: value)
    }
  }

  /// The GVariant type letter of a kind, where GVariant has one.
  public static func letter(_ kind: ValueKind?) -> String {
    switch kind {
    case .string: "s"
    case .integer: "x"
    case .real, .number: "d"
    case .boolean: "b"
    case .data: "ay"
    case .array: "av"
    case .dictionary: "a{sv}"
    case .date: "date"
    case .scalar, .any, nil: "v"
    }
  }

  /// `gsettings range` style: `type b`, `enum` and its values, `range d 0 1`.
  public var rangeText: String {
    if let minimum, let maximum {
      return
        "range d \(SpecifierValue.text(of: .real(minimum))) \(SpecifierValue.text(of: .real(maximum)))"
    }
    if let toggle, toggle != (.bool(true), .bool(false)) {
      return "enum\n" + Self.variant(toggle.on) + "\n" + Self.variant(toggle.off)
    }
    if !choices.isEmpty, rule == .oneOfValues {
      return (["enum"] + choices.map { Self.variant($0.value) }).joined(separator: "\n")
    }
    if toggle != nil { return "type b" }
    return "type " + Self.letter(stores)
  }

  /// `gsettings describe` style, with what a Settings bundle knows besides.
  public var describeText: String {
    let shownKey = MessageText.key(key)
    var lines = [title.map { $0.isEmpty ? shownKey : $0 } ?? shownKey]
    lines.append("  key: \(shownKey)")
    lines.append(
      "  type: \(type.rawValue)"
        + (summary.map { " (\($0.trimmingCharacters(in: .punctuationCharacters)))" } ?? ""))
    if let stores { lines.append("  stores: \(stores.phrase)") }
    if let minimum, let maximum {
      lines.append(
        "  range: \(SpecifierValue.text(of: .real(minimum))) to \(SpecifierValue.text(of: .real(maximum)))"
      )
    }
    if let toggle {
      lines.append("  on: \(SpecifierValue.describe(toggle.on))")
      lines.append("  off: \(SpecifierValue.describe(toggle.off))")
    }
    if !choices.isEmpty {
      lines.append("  values:")
      let width = choices.map { Self.variant($0.value).count }.max() ?? 0
      for choice in choices {
        let value = Self.variant(choice.value)
        var named = choice.shownTitle ?? ""
        if let short = choice.shownShortTitle, short != named { named += " (short: \(short))" }
        lines.append(
          "    " + value + String(repeating: " ", count: width - value.count) + "  " + named)
      }
    }
    if let defaultValue {
      let title = choices.first { $0.value == defaultValue }?.shownTitle
      lines.append(
        "  default: \(Self.variant(defaultValue))" + (title.map { " (\($0))" } ?? ""))
    } else {
      lines.append("  default: none")
    }
    return lines.map(\.escapingControlCharacters).joined(separator: "\n")
  }
}
