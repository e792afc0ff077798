import Foundation
import Plist

/// Foundation's `PropertyListSerialization`, the reference the readers are compared with.
public enum FoundationOracle {
  /// Foundation's reading of a file as a plain value, or nil where Foundation fails.
  public static func read(_ bytes: [UInt8]) -> PlistValue? {
    guard let object = try? PropertyListSerialization.propertyList(from: Data(bytes), format: nil)
    else {
      return nil
    }
    return value(object)
  }

  public static func value(_ object: Any) -> PlistValue {
    switch object {
    case let bool as Bool where type(of: object) == Bool.self:
      return .bool(bool)
    case let string as String:
      return .string(string)
    case let number as NSNumber:
      let type = String(cString: number.objCType)
      if type == "d" || type == "f" { return .real(number.doubleValue) }
      if type == "c" || type == "B" { return .bool(number.boolValue) }
      return .integer(number.int64Value)
    case let date as Date:
      return .date(date)
    case let data as Data:
      return .data(data)
    case let array as [Any]:
      return .array(array.map(value))
    case let dictionary as [String: Any]:
      return .dictionary(dictionary.mapValues(value))
    default:
      return .string("<unsupported \(type(of: object))>")
    }
  }
}
