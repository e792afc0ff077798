import Foundation
import Plist

/// Reads `NSKeyedArchiver` archives (a `Data` value whose plist names
/// `$archiver`) as a tree of classes and values, without loading, creating or
/// running anything they name: class names are only text here.
///
/// ```swift
/// if KeyedArchive.isArchive(data) {
///   let tree = try KeyedArchive.read(data)
///   print(tree.text())  // archived UIColor red 1 green 0.5 blue 0 alpha 1
/// }
/// ```
public enum KeyedArchive {
  /// The `$archiver` every archiver Apple and swift-corelibs-foundation ship writes.
  public static let archiverName = "NSKeyedArchiver"

  /// Bounds on what one archive may make, so hostile bytes cannot exhaust memory or the stack.
  public struct Limits: Sendable, Hashable {
    /// Largest archive read, in bytes.
    public var maximumBytes: Int
    /// Deepest nesting of objects (each reference followed is a level).
    public var maximumDepth: Int
    /// Most values the tree may hold (shared plain values count each time they are used).
    public var maximumValues: Int

    public init(
      maximumBytes: Int = 16 << 20, maximumDepth: Int = 200, maximumValues: Int = 1_000_000
    ) {
      self.maximumBytes = maximumBytes
      self.maximumDepth = maximumDepth
      self.maximumValues = maximumValues
    }

    public static let standard = Limits()
  }

  /// Whether `data` is a property list (binary or XML, as archivers write them)
  /// whose root names `$archiver` `NSKeyedArchiver`: what prefs shows as a tree.
  /// Other data, and data that does not read as a plist, is not.
  public static func isArchive(_ data: Data, limits: Limits = .standard) -> Bool {
    (try? propertyList(data, limits: limits)) != nil
  }

  /// Why data that names itself an archive cannot be read within `limits`
  /// (its property list is too large, has too many values or is nested too
  /// deep), as an ``KeyedArchiveError/Reason/overReadLimits(_:)`` error; nil
  /// for other data and for archives the reader takes (``isArchive(_:limits:)``).
  ///
  /// ```swift
  /// KeyedArchive.overReadLimits(huge)?.description
  /// // the binary plist expands to more than 1000000 values
  /// ```
  public static func overReadLimits(_ data: Data, limits: Limits = .standard)
    -> KeyedArchiveError?
  {
    let bytes = [UInt8](data)
    guard looksLikeArchiveFormat(bytes) else { return nil }
    do throws(ReadIssue) {
      _ = try PropertyListReader.read(
        bytes, limits: ReadLimits(maximumBytes: limits.maximumBytes), uids: .asCFUIDDictionary)
      return nil
    } catch {
      // A plist the reader refuses cannot be asked for its `$archiver`: the
      // names an archiver writes as they are (both plist formats store ASCII
      // strings as their bytes) are the evidence that it is an archive.
      guard error.kind == .limit, data.range(of: Data("$archiver".utf8)) != nil,
        data.range(of: Data(archiverName.utf8)) != nil
      else { return nil }
      return KeyedArchiveError(.overReadLimits(error.message))
    }
  }

  /// The archive's tree. Throws a ``KeyedArchiveError`` naming what is wrong
  /// and where; never loads or runs a class it names.
  public static func read(_ data: Data, limits: Limits = .standard) throws(KeyedArchiveError)
    -> ArchiveTree
  {
    let root = try propertyList(data, limits: limits)
    var reader = try ArchiveReader(root: root, limits: limits)
    return try reader.tree()
  }

  /// The archive's tree, or nil for data that is no archive (what
  /// ``isArchive(_:limits:)`` says no to); throws for an archive that does not
  /// read, as ``read(_:limits:)`` does. One reading of the property list,
  /// where `isArchive` then `read` make two.
  ///
  /// ```swift
  /// if let tree = try KeyedArchive.readIfArchive(data) { print(tree.summary) }
  /// ```
  public static func readIfArchive(_ data: Data, limits: Limits = .standard)
    throws(KeyedArchiveError) -> ArchiveTree?
  {
    let root: PlistNode
    do throws(KeyedArchiveError) {
      root = try propertyList(data, limits: limits)
    } catch {
      return nil
    }
    var reader = try ArchiveReader(root: root, limits: limits)
    return try reader.tree()
  }

  /// The root dictionary of an archive's property list.
  static func propertyList(_ data: Data, limits: Limits) throws(KeyedArchiveError) -> PlistNode {
    // Archivers write binary or XML plists only: any other data is no archive,
    // whatever an OpenStep reading of its bytes would make of it.
    let bytes = [UInt8](data)
    guard looksLikeArchiveFormat(bytes) else { throw KeyedArchiveError(.notAnArchive) }
    let document: PlistDocument
    do throws(ReadIssue) {
      document = try PropertyListReader.read(
        bytes, limits: ReadLimits(maximumBytes: limits.maximumBytes), uids: .asCFUIDDictionary)
    } catch {
      throw KeyedArchiveError(.notAPropertyList(error.message))
    }
    guard document.format != .openStep, let archiver = document.root["$archiver"]?.string,
      archiver == archiverName
    else { throw KeyedArchiveError(.notAnArchive) }
    return document.root
  }

  static func looksLikeArchiveFormat(_ bytes: [UInt8]) -> Bool {
    if bytes.starts(with: Array("bplist00".utf8)) { return true }
    // An XML plist: `<?xml` or `<!DOCTYPE` or `<plist`, after a byte order mark or spaces.
    var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
    return bytes[start...].starts(with: Array("<?xml".utf8))
      || bytes[start...].starts(with: Array("<!DOCTYPE".utf8))
      || bytes[start...].starts(with: Array("<plist".utf8))
  }
}
