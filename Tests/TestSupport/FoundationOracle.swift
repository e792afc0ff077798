import CoreFoundation
import Foundation
import Plist

/// Foundation's property-list reader and writer (CoreFoundation's
/// `CFPropertyListCreateWithData` / `CFPropertyListCreateData`, what
/// `PropertyListSerialization` and `UserDefaults` run), the reference the
/// readers and the writer are compared with.
///
/// Values cross at the CoreFoundation level, not through Swift bridging:
/// bridging a `CFDictionary` to `[AnyHashable: Any]` merges keys that are
/// canonically equivalent (`café` composed and decomposed), which
/// CoreFoundation itself keeps apart.
public enum FoundationOracle {
  /// Foundation's reading of a file as a plain value, or nil where Foundation fails.
  public static func read(_ bytes: [UInt8]) -> PlistValue? {
    guard let data = CFDataCreate(nil, bytes, bytes.count) else { return nil }
    var error: Unmanaged<CFError>?
    guard let plist = CFPropertyListCreateWithData(nil, data, 0, nil, &error) else {
      error?.release()
      return nil
    }
    return value(cf: plist.takeRetainedValue())
  }

  /// Foundation's bytes for `value` (XML unless told), or nil where Foundation refuses it.
  public static func write(_ value: PlistValue, binary: Bool = false) -> [UInt8]? {
    let object = cfObject(value)
    var error: Unmanaged<CFError>?
    guard
      let format = CFPropertyListFormat(rawValue: binary ? 200 : 100),
      let data = CFPropertyListCreateData(nil, object, format, 0, &error)?.takeRetainedValue()
    else {
      error?.release()
      return nil
    }
    return Array(UnsafeBufferPointer(start: CFDataGetBytePtr(data), count: CFDataGetLength(data)))
  }

  /// A value that went through Swift bridging (`PropertyListSerialization`'s result).
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
      return .dictionary(
        Dictionary(dictionary.map { (PlistKey($0.key), value($0.value)) }) { $1 })
    default:
      return .string("<unsupported \(type(of: object))>")
    }
  }

  /// A CoreFoundation object as the type its type id names (Swift sees every CF type as one class).
  static func cast<T: AnyObject>(_ object: CFTypeRef, to type: T.Type) -> T {
    Unmanaged<T>.fromOpaque(Unmanaged.passUnretained(object).toOpaque()).takeUnretainedValue()
  }

  static func string(_ cf: CFString) -> String {
    let length = CFStringGetLength(cf)
    var units = [UniChar](repeating: 0, count: length)
    CFStringGetCharacters(cf, CFRangeMake(0, length), &units)
    return String(decoding: units, as: UTF16.self)
  }

  static func value(cf object: CFTypeRef) -> PlistValue {
    let type = CFGetTypeID(object)
    if type == CFStringGetTypeID() {
      return .string(string(cast(object, to: CFString.self)))
    }
    if type == CFBooleanGetTypeID() {
      return .bool(CFBooleanGetValue(cast(object, to: CFBoolean.self)))
    }
    if type == CFNumberGetTypeID() {
      let number = cast(object, to: CFNumber.self)
      if CFNumberIsFloatType(number) {
        var real = 0.0
        _ = CFNumberGetValue(number, CFNumberType(rawValue: 13)!, &real)  // kCFNumberDoubleType
        return .real(real)
      }
      var integer: Int64 = 0
      _ = CFNumberGetValue(number, CFNumberType(rawValue: 4)!, &integer)  // kCFNumberSInt64Type
      return .integer(integer)
    }
    if type == CFDateGetTypeID() {
      return .date(
        Date(
          timeIntervalSinceReferenceDate: CFDateGetAbsoluteTime(
            cast(object, to: CFDate.self))))
    }
    if type == CFDataGetTypeID() {
      let data = cast(object, to: CFData.self)
      return .data(Data(bytes: CFDataGetBytePtr(data), count: CFDataGetLength(data)))
    }
    if type == CFArrayGetTypeID() {
      let array = cast(object, to: CFArray.self)
      return .array(
        (0..<CFArrayGetCount(array)).map { index in
          value(cf: unsafeBitCast(CFArrayGetValueAtIndex(array, index), to: CFTypeRef.self))
        })
    }
    if type == CFDictionaryGetTypeID() {
      let dictionary = cast(object, to: CFDictionary.self)
      let count = CFDictionaryGetCount(dictionary)
      var keys = [UnsafeRawPointer?](repeating: nil, count: count)
      var values = [UnsafeRawPointer?](repeating: nil, count: count)
      CFDictionaryGetKeysAndValues(dictionary, &keys, &values)
      var result: [PlistKey: PlistValue] = [:]
      for (key, item) in zip(keys, values) {
        result[PlistKey(string(unsafeBitCast(key, to: CFString.self)))] = value(
          cf: unsafeBitCast(item, to: CFTypeRef.self))
      }
      return .dictionary(result)
    }
    return .string("<unsupported CF type \(type)>")
  }

  static func cfString(_ text: String) -> CFString {
    let units = Array(text.utf16)
    return CFStringCreateWithCharacters(nil, units, units.count)
  }

  static func cfObject(_ value: PlistValue) -> CFTypeRef {
    switch value {
    case .string(let text):
      return cfString(text)
    case .integer(var number):
      return CFNumberCreate(nil, CFNumberType(rawValue: 4)!, &number)
    case .real(var number):
      return CFNumberCreate(nil, CFNumberType(rawValue: 13)!, &number)
    case .bool(let flag):
      return (flag ? kCFBooleanTrue : kCFBooleanFalse) as CFTypeRef
    case .date(let date):
      return CFDateCreate(nil, date.timeIntervalSinceReferenceDate)
    case .data(let data):
      return CFDataCreate(nil, Array(data), data.count)
    case .array(let items):
      let objects = items.map(cfObject)
      var pointers = objects.map { unsafeBitCast($0, to: UnsafeRawPointer?.self) }
      return withExtendedLifetime(objects) {
        withUnsafePointer(to: kCFTypeArrayCallBacks) { callbacks in
          CFArrayCreate(nil, &pointers, pointers.count, callbacks)
        }
      }
    case .dictionary(let entries):
      let keys = entries.keys.map { cfString($0.string) }
      let objects = entries.values.map(cfObject)
      var keyPointers = keys.map { unsafeBitCast($0, to: UnsafeRawPointer?.self) }
      var valuePointers = objects.map { unsafeBitCast($0, to: UnsafeRawPointer?.self) }
      return withExtendedLifetime((keys, objects)) {
        withUnsafePointer(to: kCFTypeDictionaryKeyCallBacks) { keyCallbacks in
          withUnsafePointer(to: kCFTypeDictionaryValueCallBacks) { valueCallbacks in
            CFDictionaryCreate(
              nil, &keyPointers, &valuePointers, keyPointers.count, keyCallbacks, valueCallbacks)
          }
        }
      }
    }
  }
}
