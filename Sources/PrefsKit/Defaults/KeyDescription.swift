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
  }

  public init(key: String, bundle: SettingsBundle) throws(NoElement) {
    let (page, specifier): (Page, Specifier)
    switch bundle.storingSpecifier(forKey: key) {
    case .success(let found): (page, specifier) = found
    case .failure(let refusal): throw NoElement(reason: refusal.reason)
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
