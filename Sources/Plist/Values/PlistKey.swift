import Foundation

/// A dictionary key as property lists and defaults domains compare it: by its
/// exact Unicode scalars.
///
/// Swift's `String` equality is canonical equivalence, so `"café"` composed
/// (U+00E9) and decomposed (`e` U+0301) are one `String` key, and U+212B
/// (ANGSTROM SIGN) equals U+00C5. CoreFoundation's dictionaries compare the
/// UTF-16 units: these are different keys on a device, and a `[String: …]`
/// would merge them and lose a value. Keys order as CoreFoundation's writer
/// sorts them, by UTF-16 unit, so characters beyond the Basic Multilingual
/// Plane sort before U+E000…U+FFFF.
///
/// ```swift
/// let composed: PlistKey = "caf\u{E9}"
/// let decomposed: PlistKey = "cafe\u{301}"
/// composed == decomposed  // false, as in Foundation's dictionaries
/// let values: [PlistKey: PlistValue] = [composed: .integer(1), decomposed: .integer(2)]
/// values.count  // 2
/// ```
public struct PlistKey: Sendable, Hashable, Comparable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  /// The key's text, exactly as stored.
  public let string: String

  public init(_ string: String) {
    self.string = string
  }

  public init(stringLiteral value: String) {
    self.string = value
  }

  public var description: String { string }

  public static func == (lhs: PlistKey, rhs: PlistKey) -> Bool {
    lhs.string.isSameKey(as: rhs.string)
  }

  public func hash(into hasher: inout Hasher) {
    // The same scalars are the same UTF-8 bytes: hashed in one call, not one per scalar.
    var text = string
    text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    hasher.combine(0xFF as UInt8)
  }

  /// UTF-16 unit order, as `CFStringCompare` without options sorts keys.
  public static func < (lhs: PlistKey, rhs: PlistKey) -> Bool {
    lhs.string.utf16.lexicographicallyPrecedes(rhs.string.utf16)
  }
}

extension String {
  /// Equality by exact Unicode scalars, as property-list keys compare
  /// (`==` on `String` would also match canonically equivalent text).
  ///
  /// ```swift
  /// "caf\u{E9}".isSameKey(as: "cafe\u{301}")  // false
  /// ```
  public func isSameKey(as other: String) -> Bool {
    // The same scalars are the same UTF-8 bytes, compared in place.
    guard utf8.count == other.utf8.count else { return false }
    var lhs = self
    var rhs = other
    return lhs.withUTF8 { left in
      rhs.withUTF8 { right in
        guard let leftStart = left.baseAddress, let rightStart = right.baseAddress else {
          return left.count == right.count
        }
        return memcmp(leftStart, rightStart, left.count) == 0
      }
    }
  }
}
