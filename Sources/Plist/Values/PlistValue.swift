import Foundation

/// A property-list value without source locations: what a defaults domain
/// stores and what two readers are compared by.
///
/// ```swift
/// let value: PlistValue = .dictionary(["celsiusPref": .bool(true)])
/// print(value.typeName)  // "dictionary"
/// ```
public enum PlistValue: Sendable, Hashable {
  case string(String)
  case integer(Int64)
  case real(Double)
  case bool(Bool)
  case date(Date)
  case data(Data)
  case array([PlistValue])
  /// Keys compare by their exact scalars, as Foundation's dictionaries do (see ``PlistKey``).
  case dictionary([PlistKey: PlistValue])

  /// The name of the type as property lists spell it.
  public var typeName: String {
    switch self {
    case .string: "string"
    case .integer: "integer"
    case .real: "real"
    case .bool: "boolean"
    case .date: "date"
    case .data: "data"
    case .array: "array"
    case .dictionary: "dictionary"
    }
  }
}
