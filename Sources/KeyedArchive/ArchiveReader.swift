import Foundation
import Plist

/// Walks `$top` through `$objects`, as NSKeyedUnarchiver resolves references,
/// but only ever building values: every reference is checked against
/// `$objects`, an object already shown becomes a `shared` (or, inside
/// itself, a `cycle`) node, and depth and size are bounded.
struct ArchiveReader {
  let objects: [PlistNode]
  let top: [PlistEntry]
  let version: Int64?
  let limits: KeyedArchive.Limits
  /// Objects shown so far, and those being shown (the path from the root).
  var shown = Set<Int>()
  var expanding = Set<Int>()
  var produced = 0
  /// Class chains by the index of their `$class` object, each read once.
  var classChains: [Int: [String]] = [:]

  init(root: PlistNode, limits: KeyedArchive.Limits) throws(KeyedArchiveError) {
    guard let objectsNode = root["$objects"] else {
      throw KeyedArchiveError(.missingKey("$objects"), keyPath: "$objects")
    }
    guard let objects = objectsNode.array else {
      throw KeyedArchiveError(
        .wrongType(expected: "an array", found: objectsNode.typeNameWithArticle),
        keyPath: "$objects")
    }
    guard let topNode = root["$top"] else {
      throw KeyedArchiveError(.missingKey("$top"), keyPath: "$top")
    }
    guard let top = topNode.entries else {
      throw KeyedArchiveError(
        .wrongType(expected: "a dictionary", found: topNode.typeNameWithArticle), keyPath: "$top")
    }
    self.objects = objects
    self.top = Self.lastOfEachKey(top)
    if case .integer(let version)? = root["$version"]?.content {
      self.version = version
    } else {
      self.version = nil
    }
    self.limits = limits
  }

  /// A repeated key (possible in XML) counts once, the last one winning, as CoreFoundation reads it.
  static func lastOfEachKey(_ entries: [PlistEntry]) -> [PlistEntry] {
    var seen = Set<PlistKey>()
    return entries.reversed().filter { seen.insert(PlistKey($0.key)).inserted }.reversed()
  }

  mutating func tree() throws(KeyedArchiveError) -> ArchiveTree {
    var fields: [ArchiveField] = []
    for entry in top {
      let path = "$top." + entry.key
      fields.append(
        ArchiveField(key: entry.key, value: try value(entry.value, depth: 0, path: path)))
    }
    return ArchiveTree(top: fields, version: version, objectCount: objects.count)
  }

  // MARK: - Values

  /// The UID a node spells (`{"CF$UID": n}`), if it is one.
  static func uid(_ node: PlistNode) -> Int64? {
    guard case .dictionary(let entries) = node.content, entries.count == 1,
      entries[0].key == UIDReading.key, case .integer(let index) = entries[0].value.content
    else { return nil }
    return index
  }

  mutating func count(_ path: String, object: Int? = nil) throws(KeyedArchiveError) {
    produced += 1
    guard produced <= limits.maximumValues else {
      throw KeyedArchiveError(.tooLarge(limit: limits.maximumValues), object: object, keyPath: path)
    }
  }

  /// A value written in place (inside an object or `$top`): a reference
  /// followed, or a plain value as it is.
  mutating func value(_ node: PlistNode, depth: Int, path: String, object: Int? = nil)
    throws(KeyedArchiveError) -> ArchiveNode
  {
    try count(path, object: object)
    guard depth < limits.maximumDepth else {
      throw KeyedArchiveError(.tooDeep(limit: limits.maximumDepth), object: object, keyPath: path)
    }
    if let index = Self.uid(node) {
      return try reference(index, depth: depth, path: path, from: object)
    }
    switch node.content {
    case .string(let text): return ArchiveNode(kind: .string(text))
    case .integer(let number): return ArchiveNode(kind: .integer(number))
    case .real(let number): return ArchiveNode(kind: .real(number))
    case .bool(let flag): return ArchiveNode(kind: .bool(flag))
    case .date(let date): return ArchiveNode(kind: .date(date))
    case .data(let data): return ArchiveNode(kind: .data(data))
    case .array(let items):
      var values: [ArchiveNode] = []
      for (index, item) in items.enumerated() {
        values.append(try value(item, depth: depth + 1, path: path + "[\(index)]", object: object))
      }
      return ArchiveNode(kind: .list(values))
    case .dictionary(let entries):
      var fields: [ArchiveField] = []
      for entry in Self.lastOfEachKey(entries).sorted(by: { $0.key < $1.key }) {
        fields.append(
          ArchiveField(
            key: entry.key,
            value: try value(
              entry.value, depth: depth + 1, path: path + "." + entry.key, object: object)))
      }
      return ArchiveNode(kind: .fields(fields))
    }
  }

  /// What reference `index` names: `$null`, a plain value of `$objects`, or
  /// an object (shown once; `shared` or `cycle` after that).
  mutating func reference(_ index: Int64, depth: Int, path: String, from: Int?)
    throws(KeyedArchiveError) -> ArchiveNode
  {
    guard index >= 0, index < Int64(objects.count) else {
      throw KeyedArchiveError(
        .referenceOutOfRange(index, objectCount: objects.count), object: from, keyPath: path)
    }
    let object = Int(index)
    let node = objects[object]
    // NSKeyedUnarchiver's rule (swift-corelibs-foundation's decodeObject): a
    // reference to the string `$null` (object 0 as archivers write it) is nil.
    if node.string == "$null" { return ArchiveNode(kind: .null) }
    guard case .dictionary(let entries) = node.content, Self.uid(node) == nil,
      node["$class"] != nil
    else {
      if Self.uid(node) != nil {
        throw KeyedArchiveError(
          .wrongType(expected: "an object", found: "a reference"), object: object, keyPath: path)
      }
      if case .dictionary = node.content {
        throw KeyedArchiveError(.missingKey("$class"), object: object, keyPath: path)
      }
      // A string, number or data written in $objects: shown at each use.
      return try value(node, depth: depth + 1, path: path, object: object)
    }
    if expanding.contains(object) {
      return ArchiveNode(object: object, kind: .cycle(object: object))
    }
    if shown.contains(object) { return ArchiveNode(object: object, kind: .shared(object: object)) }
    shown.insert(object)
    expanding.insert(object)
    defer { expanding.remove(object) }
    let fields = Self.lastOfEachKey(entries)
    let classes = try classChain(of: node, object: object, path: path)
    let decoded = try decode(
      fields.filter { $0.key != "$class" }, classes: classes, object: object, depth: depth + 1,
      path: path)
    return ArchiveNode(object: object, classes: classes, kind: decoded)
  }

  /// `$classname` then `$classes` of the object `$class` names.
  mutating func classChain(of node: PlistNode, object: Int, path: String) throws(KeyedArchiveError)
    -> [String]
  {
    let path = path + ".$class"
    guard let classReference = node["$class"], let index = Self.uid(classReference) else {
      throw KeyedArchiveError(
        .wrongType(
          expected: "a reference", found: node["$class"]?.typeNameWithArticle ?? "nothing"),
        object: object, keyPath: path)
    }
    guard index > 0, index < Int64(objects.count) else {
      throw KeyedArchiveError(
        .referenceOutOfRange(index, objectCount: objects.count), object: object, keyPath: path)
    }
    if let known = classChains[Int(index)] { return known }
    let description = objects[Int(index)]
    guard let name = description["$classname"] else {
      throw KeyedArchiveError(.missingKey("$classname"), object: Int(index), keyPath: path)
    }
    guard let className = name.string else {
      throw KeyedArchiveError(
        .wrongType(expected: "a string", found: name.typeNameWithArticle), object: Int(index),
        keyPath: path + ".$classname")
    }
    var chain = [className]
    // $classes is optional to NSKeyedUnarchiver; its strings after the class are the superclasses.
    if let classes = description["$classes"]?.array {
      let names = classes.compactMap(\.string)
      chain += names.first == className ? names.dropFirst() : names[...]
    }
    classChains[Int(index)] = chain
    return chain
  }

  // MARK: - Classes

  /// The object decoded as its first class Foundation (or UIKit) archives in a
  /// known way; any other, or a known one written in another shape, as its fields.
  mutating func decode(
    _ fields: [PlistEntry], classes: [String], object: Int, depth: Int, path: String
  ) throws(KeyedArchiveError) -> ArchiveNode.Kind {
    guard depth < limits.maximumDepth else {
      throw KeyedArchiveError(.tooDeep(limit: limits.maximumDepth), object: object, keyPath: path)
    }
    // A value may be written in place or as a reference to a plain object of
    // $objects (NSMutableData's NS.data): either reads the same.
    let objects = self.objects
    func field(_ key: String) -> PlistNode? {
      guard let node = fields.last(where: { $0.key == key })?.value else { return nil }
      guard let index = Self.uid(node), index > 0, index < Int64(objects.count),
        objects[Int(index)]["$class"] == nil
      else { return node }
      return objects[Int(index)]
    }
    let known = classes.first { ArchivedClass.family(of: $0) != nil }
    switch known.flatMap(ArchivedClass.family(of:)) {
    case .string:
      if let text = field("NS.string")?.string { return .string(text) }
      if case .data(let bytes)? = field("NS.bytes")?.content,
        let text = String(validating: bytes, as: UTF8.self)
      {
        return .string(text)
      }
    case .data:
      for key in ["NS.data", "NS.bytes"] {
        if case .data(let bytes)? = field(key)?.content { return .data(bytes) }
      }
    case .date:
      if let seconds = field("NS.time")?.number, seconds.isFinite {
        return .date(Date(timeIntervalSinceReferenceDate: seconds))
      }
    case .uuid:
      if case .data(let bytes)? = field("NS.uuidbytes")?.content, bytes.count == 16 {
        let b = [UInt8](bytes)
        return .uuid(
          UUID(
            uuid: (
              b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12],
              b[13], b[14], b[15]
            )))
      }
    case .null:
      return .null
    case .url:
      if let relative = field("NS.relative") {
        let relativeNode = try value(
          relative, depth: depth, path: path + ".NS.relative", object: object)
        if case .string(let text) = relativeNode.kind {
          var base: ArchiveNode?
          if let baseNode = field("NS.base") {
            let decoded = try value(baseNode, depth: depth, path: path + ".NS.base", object: object)
            if decoded.kind != .null { base = decoded }
          }
          return .url(relative: text, base: base)
        }
      }
    case .list:
      if let items = field("NS.objects")?.array {
        var values: [ArchiveNode] = []
        for (index, item) in items.enumerated() {
          values.append(
            try value(item, depth: depth, path: path + ".NS.objects[\(index)]", object: object))
        }
        return .list(values)
      }
      // NSOrderedSet (and older NSArray coders) write NS.object.0, NS.object.1, …
      if field("NS.object.0") != nil {
        var values: [ArchiveNode] = []
        var index = 0
        while let item = field("NS.object.\(index)") {
          values.append(
            try value(item, depth: depth, path: path + ".NS.object.\(index)", object: object))
          index += 1
        }
        if index == fields.count { return .list(values) }
      } else if fields.isEmpty {
        return .list([])
      }
    case .dictionary:
      if let keys = field("NS.keys")?.array, let items = field("NS.objects")?.array,
        keys.count == items.count
      {
        var entries: [ArchiveEntry] = []
        for index in keys.indices {
          entries.append(
            ArchiveEntry(
              key: try value(
                keys[index], depth: depth, path: path + ".NS.keys[\(index)]", object: object),
              value: try value(
                items[index], depth: depth, path: path + ".NS.objects[\(index)]", object: object)))
        }
        return .dictionary(entries)
      }
      if fields.isEmpty { return .dictionary([]) }
    case .color:
      if let color = ArchivedColor(fields: { field($0) }) { return .color(color) }
    case nil:
      break
    }
    var shownFields: [ArchiveField] = []
    for entry in fields.sorted(by: { $0.key < $1.key }) {
      shownFields.append(
        ArchiveField(
          key: entry.key,
          value: try value(entry.value, depth: depth, path: path + "." + entry.key, object: object))
      )
    }
    return .fields(shownFields)
  }
}

/// The classes whose archived form the tree decodes, by family.
enum ArchivedClass {
  case string, data, date, uuid, null, url, list, dictionary, color

  static func family(of name: String) -> ArchivedClass? { families[name] }

  static let families: [String: ArchivedClass] = [
    "NSString": .string, "NSMutableString": .string,
    "NSData": .data, "NSMutableData": .data,
    "NSDate": .date, "NSUUID": .uuid, "NSNull": .null,
    "NSURL": .url,
    "NSArray": .list, "NSMutableArray": .list, "NSSet": .list, "NSMutableSet": .list,
    "NSOrderedSet": .list, "NSMutableOrderedSet": .list,
    "NSDictionary": .dictionary, "NSMutableDictionary": .dictionary,
    "UIColor": .color, "NSColor": .color,
  ]
}

extension ArchivedColor {
  /// `UIColor`'s `UIRed`…`UIAlpha` or `UIWhite`, else `NSColor`'s `NSRGB` or
  /// `NSWhite` text ("0.5 0.25 1", alpha last when written); nil for a colour
  /// written otherwise (a catalog or pattern colour), shown as its fields.
  init?(fields: (String) -> PlistNode?) {
    let colorSpace: Int64? =
      if case .integer(let space)? = fields("NSColorSpace")?.content { space } else { nil }
    let alpha = fields("UIAlpha")?.number ?? 1
    if let red = fields("UIRed")?.number, let green = fields("UIGreen")?.number,
      let blue = fields("UIBlue")?.number
    {
      self.init(
        components: .rgb(red: red, green: green, blue: blue, alpha: alpha), colorSpace: colorSpace)
    } else if let white = fields("UIWhite")?.number {
      self.init(components: .white(white: white, alpha: alpha), colorSpace: colorSpace)
    } else if let numbers = Self.numbers(fields("NSRGB")), (3...4).contains(numbers.count) {
      self.init(
        components: .rgb(
          red: numbers[0], green: numbers[1], blue: numbers[2],
          alpha: numbers.count == 4 ? numbers[3] : 1), colorSpace: colorSpace)
    } else if let numbers = Self.numbers(fields("NSWhite")), (1...2).contains(numbers.count) {
      self.init(
        components: .white(white: numbers[0], alpha: numbers.count == 2 ? numbers[1] : 1),
        colorSpace: colorSpace)
    } else {
      return nil
    }
  }

  /// The numbers of NSColor's component text: ASCII, space separated, ending at a NUL.
  static func numbers(_ node: PlistNode?) -> [Double]? {
    guard case .data(let bytes)? = node?.content else { return nil }
    let text = bytes.prefix { $0 != 0 }
    guard text.count <= 256, let string = String(validating: text, as: UTF8.self) else {
      return nil
    }
    var numbers: [Double] = []
    for word in string.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }) {
      guard let number = Double(word), number.isFinite else { return nil }
      numbers.append(number)
    }
    return numbers
  }
}
