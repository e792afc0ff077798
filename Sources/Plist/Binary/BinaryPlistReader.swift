import Foundation

/// Reads `bplist00` files. Every offset, count and reference is checked
/// against the file before it is used; a reference cycle, a count past the
/// end or too many objects is an error, never a crash.
enum BinaryPlistReader {
  static let magic: [UInt8] = Array("bplist00".utf8)

  static func isBinary(_ bytes: [UInt8]) -> Bool {
    bytes.count >= 8 && bytes[0..<8].elementsEqual(magic)
  }

  /// What a tree expands to when every use of a shared object is built anew:
  /// its values, and the bytes of its strings and data.
  struct Expansion: Hashable {
    var values: Int
    var bytes: Int
  }

  /// The bytes of strings and data a file of `size` bytes may expand to
  /// through shared references: a fixed multiple of the file and a constant,
  /// so a 1 MB file never needs gigabytes. Real files stay far below it: their
  /// shared objects are short keys and values (`Type`, `Title`, `PSGroupSpecifier`).
  static func byteBudget(forFileOf size: Int) -> Int {
    byteBudgetConstant + byteBudgetMultiple * size
  }
  static let byteBudgetMultiple = 16
  static let byteBudgetConstant = 16 << 20

  static func read(_ bytes: [UInt8], limits: ReadLimits, uids: UIDReading = .refused)
    throws(ReadIssue) -> PlistNode
  {
    var parser = try Parser(bytes: bytes, limits: limits)
    parser.uids = uids
    // Count what the tree would expand to before building any of it, each
    // object once (shared objects weigh what they expand to, times their
    // uses): a bomb of shared references is refused in microseconds.
    let budget = Expansion(values: limits.maximumObjects, bytes: byteBudget(forFileOf: bytes.count))
    if let expansion = parser.expansion(budget: budget) {
      if expansion.values > budget.values {
        throw ReadIssue(
          .limit, .error,
          "the binary plist expands to more than \(limits.maximumObjects) values through shared references"
        )
      }
      if expansion.bytes > budget.bytes { throw parser.bytesOverBudget() }
    }
    return try parser.object(parser.topObject, depth: 0, path: "")
  }

  /// What the tree of a binary plist expands to, counted up to `budget` and
  /// just past it (nil where it does not read): the work and memory a read
  /// would take, for tests.
  static func expansion(
    of bytes: [UInt8], limits: ReadLimits = .standard,
    budget: Expansion = Expansion(values: .max, bytes: .max)
  ) -> Expansion? {
    guard let parser = try? Parser(bytes: bytes, limits: limits) else { return nil }
    return parser.expansion(budget: budget)
  }

  private struct Parser {
    let bytes: [UInt8]
    let limits: ReadLimits
    let offsetSize: Int
    let referenceSize: Int
    let objectCount: Int
    let topObject: Int
    let offsetTable: Int
    var produced = 0
    var producedBytes = 0
    var active = Set<Int>()
    var uids = UIDReading.refused

    init(bytes: [UInt8], limits: ReadLimits) throws(ReadIssue) {
      self.bytes = bytes
      self.limits = limits
      guard bytes.count >= 8 + 32 else {
        throw ReadIssue(.syntax, .error, "the binary plist is truncated (\(bytes.count) bytes)")
      }
      let trailer = bytes.count - 32
      offsetSize = Int(bytes[trailer + 6])
      referenceSize = Int(bytes[trailer + 7])
      let objects = Self.bigEndian(bytes, trailer + 8, 8)
      let top = Self.bigEndian(bytes, trailer + 16, 8)
      let table = Self.bigEndian(bytes, trailer + 24, 8)
      guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
        throw ReadIssue(
          .syntax, .error, "the binary plist trailer is damaged (offset size \(offsetSize))")
      }
      guard objects > 0, objects < UInt64(bytes.count), top < objects, table >= 8,
        table < UInt64(trailer),
        objects.multipliedReportingOverflow(by: UInt64(offsetSize)).partialValue <= UInt64(trailer)
          - table
      else {
        throw ReadIssue(.syntax, .error, "the binary plist trailer points outside the file")
      }
      objectCount = Int(objects)
      topObject = Int(top)
      offsetTable = Int(table)
    }

    static func bigEndian(_ bytes: [UInt8], _ start: Int, _ count: Int) -> UInt64 {
      var value: UInt64 = 0
      for index in start..<(start + count) { value = value << 8 | UInt64(bytes[index]) }
      return value
    }

    func failure(_ message: String, _ path: String) -> ReadIssue {
      ReadIssue(.syntax, .error, message, place: path.isEmpty ? nil : .keyPath(path))
    }

    func offset(of object: Int, _ path: String) throws(ReadIssue) -> Int {
      let entry = offsetTable + object * offsetSize
      let value = Self.bigEndian(bytes, entry, offsetSize)
      guard value >= 8, value < UInt64(offsetTable) else {
        throw failure("object \(object) lies outside the file", path)
      }
      return Int(value)
    }

    func reference(at position: Int, _ path: String) throws(ReadIssue) -> Int {
      guard position + referenceSize <= offsetTable else {
        throw failure("a reference runs past the objects", path)
      }
      let value = Self.bigEndian(bytes, position, referenceSize)
      guard value < UInt64(objectCount) else {
        throw failure("a reference to object \(value), which does not exist", path)
      }
      return Int(value)
    }

    /// The count in the low nibble, or the integer object that follows when it is 0xF.
    func count(marker: UInt8, at position: Int, _ path: String) throws(ReadIssue) -> (
      count: Int, start: Int
    ) {
      let nibble = Int(marker & 0x0F)
      guard nibble == 0x0F else { return (nibble, position + 1) }
      guard position + 2 <= offsetTable else {
        throw failure("a count runs past the objects", path)
      }
      let intMarker = bytes[position + 1]
      guard intMarker & 0xF0 == 0x10, intMarker & 0x0F <= 3 else {
        throw failure("a count is not an integer", path)
      }
      let size = 1 << Int(intMarker & 0x0F)
      guard position + 2 + size <= offsetTable else {
        throw failure("a count runs past the objects", path)
      }
      let value = Self.bigEndian(bytes, position + 2, size)
      guard value < UInt64(bytes.count) else {
        throw failure("a count of \(value) is larger than the file", path)
      }
      return (Int(value), position + 2 + size)
    }

    /// What the top object expands to, each count capped just past the budget;
    /// nil where the structure is damaged or cyclic, which building reports with its place.
    func expansion(budget: Expansion) -> Expansion? {
      var sizes: [Int: Expansion] = [:]
      var visiting = Set<Int>()
      return expandedSize(
        topObject, depth: 0, budget: budget, sizes: &sizes, visiting: &visiting)
    }

    /// What object `index` expands to: one value for itself, the bytes of a
    /// string or data, and what its children expand to, each time they are used.
    func expandedSize(
      _ index: Int, depth: Int, budget: Expansion, sizes: inout [Int: Expansion],
      visiting: inout Set<Int>
    ) -> Expansion? {
      if let known = sizes[index] { return known }
      guard depth < limits.maximumDepth, !visiting.contains(index),
        let position = try? offset(of: index, "")
      else { return nil }
      let marker = bytes[position]
      let kind = marker >> 4
      switch kind {
      case 0x4, 0x5, 0x6:
        guard let (count, _) = try? count(marker: marker, at: position, "") else { return nil }
        return Expansion(values: 1, bytes: kind == 0x6 ? count * 2 : count)
      case 0xA, 0xD: break
      default: return Expansion(values: 1, bytes: 0)
      }
      guard let (count, start) = try? count(marker: marker, at: position, "") else { return nil }
      let references = kind == 0xA ? count : count * 2
      guard start + references * referenceSize <= offsetTable else { return nil }
      visiting.insert(index)
      defer { visiting.remove(index) }
      var total = Expansion(values: 1, bytes: 0)
      for item in 0..<references {
        guard let child = try? reference(at: start + item * referenceSize, ""),
          let size = expandedSize(
            child, depth: depth + 1, budget: budget, sizes: &sizes, visiting: &visiting)
        else { return nil }
        total.values = Self.cappedSum(total.values, size.values, cap: budget.values)
        total.bytes = Self.cappedSum(total.bytes, size.bytes, cap: budget.bytes)
      }
      sizes[index] = total
      return total
    }

    /// `a + b`, or `cap + 1` when the sum passes the cap (or overflows).
    static func cappedSum(_ a: Int, _ b: Int, cap: Int) -> Int {
      let (sum, overflow) = a.addingReportingOverflow(b)
      let ceiling = cap == .max ? cap : cap + 1
      return overflow ? ceiling : min(sum, ceiling)
    }

    func bytesOverBudget() -> ReadIssue {
      let budget = BinaryPlistReader.byteBudget(forFileOf: bytes.count)
      return ReadIssue(
        .limit, .error,
        "the binary plist expands to more than \(budget) bytes of strings and data through shared references (\(BinaryPlistReader.byteBudgetMultiple) times its \(bytes.count) bytes and \(BinaryPlistReader.byteBudgetConstant) more)"
      )
    }

    /// Counts the bytes of a string or data as it is built: a file whose
    /// expansion could not be counted beforehand (damaged further on) is
    /// still refused before it builds more than the budget.
    mutating func produce(bytes count: Int) throws(ReadIssue) {
      producedBytes += count
      guard producedBytes <= BinaryPlistReader.byteBudget(forFileOf: bytes.count) else {
        throw bytesOverBudget()
      }
    }

    mutating func object(_ index: Int, depth: Int, path: String) throws(ReadIssue) -> PlistNode {
      produced += 1
      guard produced <= limits.maximumObjects else {
        throw ReadIssue(
          .limit, .error, "the binary plist expands to more than \(limits.maximumObjects) values")
      }
      guard depth < limits.maximumDepth else {
        throw ReadIssue(
          .limit, .error, "nesting deeper than \(limits.maximumDepth) levels", place: .keyPath(path)
        )
      }
      let position = try offset(of: index, path)
      let marker = bytes[position]
      let end = offsetTable
      func need(_ size: Int, from start: Int) throws(ReadIssue) {
        guard size >= 0, start + size <= end else {
          throw failure("a value runs past the objects", path)
        }
      }
      switch marker >> 4 {
      case 0x0:
        switch marker {
        case 0x08: return PlistNode(.bool(false))
        case 0x09: return PlistNode(.bool(true))
        default:
          throw failure(
            "a null or fill object (0x\(String(marker, radix: 16))) is not a property-list value",
            path)
        }
      case 0x1:
        let size = 1 << Int(marker & 0x0F)
        guard size <= 16 else { throw failure("an integer of \(size) bytes", path) }
        try need(size, from: position + 1)
        if size == 16 {
          let high = Self.bigEndian(bytes, position + 1, 8)
          let low = Self.bigEndian(bytes, position + 9, 8)
          // CoreFoundation writes UInt64 values above Int64.max in 16 bytes
          // (high half 0). A stored integer is an Int64 here: such a value is
          // refused, as the XML reader refuses its text, never wrapped to a
          // negative number that a later write would store.
          let signed = Int64(bitPattern: low)
          guard (high == 0 && signed >= 0) || (high == UInt64.max && signed < 0) else {
            let shown = high == 0 ? "\(low)" : "a 128-bit value"
            throw failure(
              "the integer \(shown) does not fit in 64 bits (from \(Int64.min) to \(Int64.max))",
              path)
          }
          return PlistNode(.integer(signed))
        }
        let raw = Self.bigEndian(bytes, position + 1, size)
        // 1, 2 and 4-byte integers are unsigned; 8-byte ones are signed.
        return PlistNode(.integer(size == 8 ? Int64(bitPattern: raw) : Int64(raw)))
      case 0x2:
        let size = 1 << Int(marker & 0x0F)
        try need(size, from: position + 1)
        switch size {
        case 4:
          return PlistNode(
            .real(Double(Float(bitPattern: UInt32(Self.bigEndian(bytes, position + 1, 4))))))
        case 8: return PlistNode(.real(Double(bitPattern: Self.bigEndian(bytes, position + 1, 8))))
        default: throw failure("a real of \(size) bytes", path)
        }
      case 0x3:
        guard marker == 0x33 else {
          throw failure("a date with marker 0x\(String(marker, radix: 16))", path)
        }
        try need(8, from: position + 1)
        let seconds = Double(bitPattern: Self.bigEndian(bytes, position + 1, 8))
        return PlistNode(.date(Date(timeIntervalSinceReferenceDate: seconds)))
      case 0x4:
        let (count, start) = try count(marker: marker, at: position, path)
        try need(count, from: start)
        try produce(bytes: count)
        return PlistNode(.data(Data(bytes[start..<(start + count)])))
      case 0x5:
        let (count, start) = try count(marker: marker, at: position, path)
        try need(count, from: start)
        try produce(bytes: count)
        let slice = bytes[start..<(start + count)]
        guard slice.allSatisfy({ $0 < 0x80 }) else {
          // CoreFoundation reads these bytes as MacRoman; Latin-1 agrees on every byte Settings uses.
          return PlistNode(
            .string(String(decoding: TextDecoding.latin1(Array(slice)), as: UTF8.self)))
        }
        return PlistNode(.string(String(decoding: slice, as: UTF8.self)))
      case 0x6:
        let (count, start) = try count(marker: marker, at: position, path)
        try need(count * 2, from: start)
        try produce(bytes: count * 2)
        var units: [UInt16] = []
        units.reserveCapacity(count)
        for unit in 0..<count {
          units.append(UInt16(bytes[start + 2 * unit]) << 8 | UInt16(bytes[start + 2 * unit + 1]))
        }
        return PlistNode(.string(String(decoding: units, as: UTF16.self)))
      case 0x8:
        guard uids == .asCFUIDDictionary else {
          throw failure("a keyed-archiver UID is not a Settings value", path)
        }
        // CoreFoundation writes a UID in the fewest of 1 to 8 bytes the marker's nibble counts.
        let size = Int(marker & 0x0F) + 1
        guard size <= 8 else { throw failure("a keyed-archiver UID of \(size) bytes", path) }
        try need(size, from: position + 1)
        let raw = Self.bigEndian(bytes, position + 1, size)
        guard raw <= UInt64(Int64.max) else {
          throw failure("the keyed-archiver UID \(raw) does not fit in 64 bits", path)
        }
        return PlistNode(
          .dictionary([PlistEntry(key: UIDReading.key, value: PlistNode(.integer(Int64(raw))))]))
      case 0xA:
        let (count, start) = try count(marker: marker, at: position, path)
        try need(count * referenceSize, from: start)
        guard active.insert(index).inserted else { throw failure("an array contains itself", path) }
        defer { active.remove(index) }
        var items: [PlistNode] = []
        items.reserveCapacity(count)
        for item in 0..<count {
          let reference = try reference(at: start + item * referenceSize, path)
          items.append(try object(reference, depth: depth + 1, path: path + "[\(item)]"))
        }
        return PlistNode(.array(items))
      case 0xD:
        let (count, start) = try count(marker: marker, at: position, path)
        try need(count * referenceSize * 2, from: start)
        guard active.insert(index).inserted else {
          throw failure("a dictionary contains itself", path)
        }
        defer { active.remove(index) }
        var entries: [PlistEntry] = []
        entries.reserveCapacity(count)
        for entry in 0..<count {
          let keyReference = try reference(at: start + entry * referenceSize, path)
          let valueReference = try reference(at: start + (count + entry) * referenceSize, path)
          guard
            case .string(let key) = try object(keyReference, depth: depth + 1, path: path).content
          else {
            throw failure("a dictionary key that is not a string", path)
          }
          let childPath = path.isEmpty ? key : path + "." + key
          entries.append(
            PlistEntry(
              key: key, value: try object(valueReference, depth: depth + 1, path: childPath)))
        }
        return PlistNode(.dictionary(entries))
      default:
        throw failure(
          "an object with marker 0x\(String(marker, radix: 16)) is not a property-list value", path)
      }
    }
  }
}
