import Plist

/// Why bytes that name `NSKeyedArchiver` do not read as an archive, with
/// where: the object of `$objects` being read and the key path to it.
///
/// ```swift
/// do { _ = try KeyedArchive.read(data) } catch { print(error.description) }
/// // $top.root.NS.objects[2]: a reference to object 40, but $objects holds 12
/// ```
public struct KeyedArchiveError: Error, Sendable, Hashable, CustomStringConvertible {
  public enum Reason: Sendable, Hashable {
    /// The bytes are no property list (the reader's words).
    case notAPropertyList(String)
    /// The property list is no `NSKeyedArchiver` archive (no `$archiver` of that name).
    case notAnArchive
    /// A key the archive format needs is missing (`$objects`, `$top`, `$class`, `$classname`).
    case missingKey(String)
    /// A value of the wrong type: what the format needs, and the type found.
    case wrongType(expected: String, found: String)
    /// A reference past the end of `$objects`.
    case referenceOutOfRange(Int64, objectCount: Int)
    /// Objects nested deeper than the limit.
    case tooDeep(limit: Int)
    /// More values than the limit (shared plain values count each time they are used).
    case tooLarge(limit: Int)
    /// Data that names itself an `NSKeyedArchiver` archive but whose property
    /// list is over the reader's limits (size, values, depth): the reader's words.
    case overReadLimits(String)
  }

  public var reason: Reason
  /// The index in `$objects` of the object being read, if any.
  public var object: Int?
  /// Where in the archive: `$top.root.NS.objects[2]`, `$objects[3].$class`.
  public var keyPath: String

  public init(_ reason: Reason, object: Int? = nil, keyPath: String = "") {
    self.reason = reason
    self.object = object
    self.keyPath = keyPath
  }

  public var description: String {
    let words: String =
      switch reason {
      case .notAPropertyList(let message): "the data is no property list: \(message)"
      case .notAnArchive: "the property list is no NSKeyedArchiver archive"
      case .missingKey(let key): "\(key) is missing"
      case .wrongType(let expected, let found): "\(expected) was expected, not \(found)"
      case .referenceOutOfRange(let index, let count):
        "a reference to object \(index), but $objects holds \(count)"
      case .tooDeep(let limit): "objects nested deeper than \(limit) levels"
      case .tooLarge(let limit): "more than \(limit) values"
      case .overReadLimits(let message): message
      }
    var place = keyPath.escapingControlCharacters
    if let object, !keyPath.hasPrefix("$objects[\(object)]") {
      place += place.isEmpty ? "$objects[\(object)]" : " (object \(object))"
    }
    return place.isEmpty ? words : place + ": " + words
  }
}
