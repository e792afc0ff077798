import Foundation
import Plist
import SettingsSchema

/// Text a user typed for an attribute, as the value the schema says the
/// attribute holds: a toggle's `DefaultValue` becomes a boolean (or its
/// `TrueValue`/`FalseValue`), a slider's a number inside its range, a
/// multi value's one of its `Values`, `IsSecure` a boolean, `KeyboardType`
/// one of the names the schema lists, a title a string.
///
/// ```swift
/// let catalog = try SchemaCatalog.load(.apple)
/// try AttributeValue.typed("YES", attribute: "DefaultValue", of: toggle, in: catalog)  // .bool(true)
/// ```
public enum AttributeValue {
  /// The value for `attribute` of `specifier`; `specifier` holds the element's
  /// other attributes (a new element's too), which a `DefaultValue` is checked against.
  public static func typed(
    _ text: String, attribute: String, of specifier: Specifier, in catalog: SchemaCatalog,
    element: ElementCandidate? = nil
  ) throws(BundleEditError) -> PlistValue {
    let typeName = specifier.type?.rawValue ?? "element"
    guard let type = specifier.type, let spec = catalog.key(attribute, ofType: type) else {
      let known = specifier.type.map { knownAttributes(of: $0, in: catalog) } ?? []
      throw .unknownAttribute(attribute, type: typeName, element: element, known: known)
    }
    func refused(_ reason: String) -> BundleEditError {
      .valueRefused(text, attribute: attribute, element: element, reason: reason)
    }
    if attribute == "DefaultValue", catalog.storesValue(type) {
      do {
        return try SpecifierValue.convert(text, for: specifier, in: catalog)
      } catch {
        throw refused(error.reason)
      }
    }
    if attribute == "Type" {
      guard catalog.types[SpecifierType(rawValue: text)] != nil else {
        throw refused(
          "the schema has no type \(text); it has \(catalog.types.keys.sorted().map(\.rawValue).joined(separator: ", "))"
        )
      }
      return .string(text)
    }
    return try scalar(
      text, kind: spec.type, allowed: spec.values, existing: specifier[attribute]?.value,
      refused: refused)
  }

  /// The value of an array attribute's element (`Values=1`, `Titles=Metric`).
  static func element(
    _ text: String, attribute: String, kind: ValueKind?, refused: (String) -> BundleEditError
  ) throws(BundleEditError) -> PlistValue {
    try scalar(text, kind: kind ?? .scalar, allowed: nil, existing: nil, refused: refused)
  }

  /// Every attribute the schema knows for `type`, sorted.
  public static func knownAttributes(of type: SpecifierType, in catalog: SchemaCatalog) -> [String]
  {
    Array(Set((catalog.types[type]?.keys ?? [:]).keys).union(catalog.commonKeys.keys)).sorted()
  }

  static func scalar(
    _ text: String, kind: ValueKind, allowed: [String]?, existing: PlistValue?,
    refused: (String) -> BundleEditError
  ) throws(BundleEditError) -> PlistValue {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    switch kind {
    case .string:
      if let allowed, !allowed.contains(text) {
        throw refused("it takes one of \(allowed.joined(separator: ", "))")
      }
      return .string(text)
    case .boolean:
      switch trimmed.lowercased() {
      case "true", "yes", "1": return .bool(true)
      case "false", "no", "0": return .bool(false)
      default: throw refused("it takes a boolean: true or false")
      }
    case .integer:
      guard let number = Int64(trimmed) else { throw refused("it takes an integer") }
      return .integer(number)
    case .real:
      guard let number = Double(trimmed), number.isFinite else {
        throw refused("it takes a number")
      }
      return .real(number)
    case .number:
      if case .real? = existing, let number = Double(trimmed), number.isFinite {
        return .real(number)
      }
      if let number = Int64(trimmed) { return .integer(number) }
      guard let number = Double(trimmed), number.isFinite else {
        throw refused("it takes a number")
      }
      return .real(number)
    case .scalar, .any:
      // The kind the attribute has now, when the text is one; else a number
      // written as one, else the text.
      switch existing {
      case .bool?:
        if let flag = try? scalar(
          text, kind: .boolean, allowed: nil, existing: nil, refused: refused)
        {
          return flag
        }
      case .string?: return .string(text)
      default: break
      }
      if let number = Int64(trimmed) { return .integer(number) }
      if trimmed.contains("."), let number = Double(trimmed), number.isFinite {
        return .real(number)
      }
      return .string(text)
    case .date, .data, .array, .dictionary:
      throw refused("it holds \(kind.phrase), which prefs does not take as text")
    }
  }
}
