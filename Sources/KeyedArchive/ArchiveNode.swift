import Foundation

/// An `NSKeyedArchiver` archive read as a tree: what `$top` names, each
/// object with its class chain, references resolved.
///
/// ```swift
/// let tree = try KeyedArchive.read(data)
/// tree.root?.className  // "UIColor"
/// ```
public struct ArchiveTree: Sendable, Hashable {
  /// `$top`'s entries in the order written; `archivedData(withRootObject:)` writes `root` alone.
  public var top: [ArchiveField]
  /// `$version` (100000 for every archiver Apple and swift-corelibs-foundation ship).
  public var version: Int64?
  /// How many objects `$objects` holds.
  public var objectCount: Int

  public init(top: [ArchiveField], version: Int64?, objectCount: Int) {
    self.top = top
    self.version = version
    self.objectCount = objectCount
  }

  /// The one object of an archive made with `archivedData(withRootObject:)`;
  /// nil when `$top` holds other keys.
  public var root: ArchiveNode? {
    guard top.count == 1, top[0].key == "root" else { return nil }
    return top[0].value
  }
}

/// A key of an object (or of `$top`) and the value archived under it.
public struct ArchiveField: Sendable, Hashable {
  public var key: String
  public var value: ArchiveNode

  public init(key: String, value: ArchiveNode) {
    self.key = key
    self.value = value
  }
}

/// One entry of an archived dictionary: keys are objects too.
public struct ArchiveEntry: Sendable, Hashable {
  public var key: ArchiveNode
  public var value: ArchiveNode

  public init(key: ArchiveNode, value: ArchiveNode) {
    self.key = key
    self.value = value
  }
}

/// A value of an archive: a plain property-list value, or an object of
/// `$objects` decoded by its class.
///
/// ```swift
/// if case .list(let items) = node.kind { print(node.className ?? "", items.count) }  // NSArray 2
/// ```
public struct ArchiveNode: Sendable, Hashable {
  /// The index in `$objects` of an object written as a class instance;
  /// nil for a plain value (a string, a number, data written in place).
  public var object: Int?
  /// `$classname` then its superclasses, as `$classes` names them
  /// (`NSMutableArray`, `NSArray`, `NSObject`); empty for a plain value.
  public var classes: [String]
  public var kind: Kind

  public init(object: Int? = nil, classes: [String] = [], kind: Kind) {
    self.object = object
    self.classes = classes
    self.kind = kind
  }

  /// `$classname`, when the value is a class instance.
  public var className: String? { classes.first }

  /// What the value is, decoded as Foundation's classes archive themselves.
  public indirect enum Kind: Sendable, Hashable {
    /// `$null` (reference 0): nil; or an `NSNull`.
    case null
    /// A plain string, or `NSString`/`NSMutableString` (`NS.string`, `NS.bytes`).
    case string(String)
    /// A plain integer (an `NSNumber`).
    case integer(Int64)
    /// A plain real (an `NSNumber`).
    case real(Double)
    /// A plain boolean (an `NSNumber`).
    case bool(Bool)
    /// `NSDate` (`NS.time`, seconds since 2001-01-01), or a plain date.
    case date(Date)
    /// Plain data, or `NSData`/`NSMutableData` (`NS.data`, `NS.bytes`).
    case data(Data)
    /// `NSUUID` (`NS.uuidbytes`).
    case uuid(UUID)
    /// `NSURL`: `NS.relative` and the URL it is relative to (`NS.base`), if any.
    case url(relative: String, base: ArchiveNode?)
    /// `UIColor` or `NSColor` components.
    case color(ArchivedColor)
    /// `NSArray`, `NSSet`, `NSOrderedSet` and their mutable kinds (`NS.objects`, `NS.object.N`).
    case list([ArchiveNode])
    /// `NSDictionary`, `NSMutableDictionary` (`NS.keys` with `NS.objects`).
    case dictionary([ArchiveEntry])
    /// Any other object: its keyed fields as written (sorted by key).
    case fields([ArchiveField])
    /// An object already shown at its first place in the tree (a shared reference).
    case shared(object: Int)
    /// An object inside itself: a reference back to where it is being shown.
    case cycle(object: Int)
  }
}

/// A colour's components as `UIColor` and `NSColor` archive them.
///
/// ```swift
/// ArchivedColor(components: .rgb(red: 1, green: 0, blue: 0, alpha: 1), colorSpace: 1)
/// ```
public struct ArchivedColor: Sendable, Hashable {
  public enum Components: Sendable, Hashable {
    case rgb(red: Double, green: Double, blue: Double, alpha: Double)
    case white(white: Double, alpha: Double)
  }

  public var components: Components
  /// `NSColorSpace` when written: 1 calibrated RGB, 2 device RGB, 3 calibrated white, 4 device white.
  public var colorSpace: Int64?

  public init(components: Components, colorSpace: Int64? = nil) {
    self.components = components
    self.colorSpace = colorSpace
  }
}
