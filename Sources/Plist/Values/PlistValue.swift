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

  /// An integer, a real or a boolean as a number (true is 1), as `NSNumber`
  /// holds them all; nil for any other value.
  ///
  /// ```swift
  /// PlistValue.bool(true).numericValue  // 1.0
  /// ```
  public var numericValue: Double? {
    switch self {
    case .integer(let number): Double(number)
    case .real(let number): number
    case .bool(let flag): flag ? 1 : 0
    default: nil
    }
  }

  /// Whether two values are equal as Foundation's `isEqual:` compares stored
  /// objects: numbers and booleans by value (`1`, `1.0` and `true` are one),
  /// anything else exactly.
  public func isEqualAsStored(to other: PlistValue) -> Bool {
    if self == other { return true }
    guard let a = numericValue, let b = other.numericValue else { return false }
    return a == b
  }
}
