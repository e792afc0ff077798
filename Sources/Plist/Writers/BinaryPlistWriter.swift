import Foundation

/// Writes `bplist00` files, which keep what XML cannot: fractional-second
/// dates, the sign of -0.0 and every character of a string. A defaults
/// domain that was binary is written back binary, so an unrelated write
/// changes none of its values.
///
/// ```swift
/// let bytes = try BinaryPlistWriter.write(.dictionary(["at": .date(Date(timeIntervalSinceReferenceDate: 0.5))]))
/// try PropertyListReader.read(bytes).root.value  // the same dictionary
/// ```
///
/// Dictionary keys are written sorted and no object is shared, so equal
/// values give equal bytes; the readers' `ReadLimits` hold as for XML.
public enum BinaryPlistWriter {
  public static func write(_ value: PlistValue, limits: ReadLimits = .standard)
    throws(PlistWriteError) -> [UInt8]
  {
    var objects: [Object] = []
    _ = try flatten(value, depth: 0, limits: limits, keyPath: "", into: &objects)
    guard objects.count <= limits.maximumObjects else {
      throw PlistWriteError(
        keyPath: "",
        reason:
          "the value holds \(objects.count) objects, more than the \(limits.maximumObjects) a reader reads"
      )
    }
    let referenceSize = byteCount(UInt64(objects.count))
    var output = Array("bplist00".utf8)
    var offsets: [Int] = []
    offsets.reserveCapacity(objects.count)
    for object in objects {
      offsets.append(output.count)
      encode(object, referenceSize: referenceSize, into: &output)
    }
    let table = output.count
    let offsetSize = byteCount(UInt64(table))
    for offset in offsets { append(UInt64(offset), size: offsetSize, to: &output) }
    output += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
    append(UInt64(objects.count), size: 8, to: &output)
    append(0, size: 8, to: &output)
    append(UInt64(table), size: 8, to: &output)
    guard output.count <= limits.maximumBytes else {
      throw PlistWriteError(
        keyPath: "",
        reason:
          "the file would be \(output.count) bytes, more than the \(limits.maximumBytes) a reader reads",
        limit: .bytes(limits.maximumBytes))
    }
    return output
  }

  private enum Object {
    case scalar(PlistValue)
    case key(String)
    case array([Int])
    case dictionary(keys: [Int], values: [Int])
  }

  private static func flatten(
    _ value: PlistValue, depth: Int, limits: ReadLimits, keyPath: String,
    into objects: inout [Object]
  ) throws(PlistWriteError) -> Int {
    // The reader refuses an object at its depth limit.
    guard depth < limits.maximumDepth else {
      throw PlistWriteError(
        keyPath: keyPath,
        reason: "the value is nested deeper than the \(limits.maximumDepth) levels a reader reads",
        limit: .depth(limits.maximumDepth))
    }
    let index = objects.count
    switch value {
    case .array(let items):
      objects.append(.array([]))
      var references: [Int] = []
      for (position, item) in items.enumerated() {
        references.append(
          try flatten(
            item, depth: depth + 1, limits: limits, keyPath: "\(keyPath)[\(position)]",
            into: &objects))
      }
      objects[index] = .array(references)
    case .dictionary(let entries):
      objects.append(.dictionary(keys: [], values: []))
      var keys: [Int] = []
      var values: [Int] = []
      for (key, item) in entries.sorted(by: { $0.key < $1.key }) {
        keys.append(objects.count)
        objects.append(.key(key.string))
        let path = keyPath.isEmpty ? key.string : keyPath + "." + key.string
        values.append(
          try flatten(item, depth: depth + 1, limits: limits, keyPath: path, into: &objects))
      }
      objects[index] = .dictionary(keys: keys, values: values)
    default:
      objects.append(.scalar(value))
    }
    return index
  }

  private static func encode(_ object: Object, referenceSize: Int, into output: inout [UInt8]) {
    func references(_ list: [Int]) {
      for reference in list { append(UInt64(reference), size: referenceSize, to: &output) }
    }
    switch object {
    case .key(let text): string(text, into: &output)
    case .array(let items):
      header(0xA, count: items.count, into: &output)
      references(items)
    case .dictionary(let keys, let values):
      header(0xD, count: keys.count, into: &output)
      references(keys)
      references(values)
    case .scalar(let value):
      switch value {
      case .string(let text): string(text, into: &output)
      case .integer(let number): integer(number, into: &output)
      case .real(let number):
        output.append(0x23)
        append(number.bitPattern, size: 8, to: &output)
      case .bool(let flag): output.append(flag ? 0x09 : 0x08)
      case .date(let date):
        output.append(0x33)
        append(date.timeIntervalSinceReferenceDate.bitPattern, size: 8, to: &output)
      case .data(let bytes):
        header(0x4, count: bytes.count, into: &output)
        output += bytes
      case .array, .dictionary: break  // flattened above
      }
    }
  }

  /// ASCII as bytes, anything else as UTF-16 code units, as CoreFoundation writes them.
  private static func string(_ text: String, into output: inout [UInt8]) {
    if text.utf8.allSatisfy({ $0 < 0x80 }) {
      header(0x5, count: text.utf8.count, into: &output)
      output += text.utf8
    } else {
      let units = Array(text.utf16)
      header(0x6, count: units.count, into: &output)
      for unit in units { output += [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
    }
  }

  /// 1, 2 and 4-byte integers are unsigned; a negative one takes 8 bytes.
  private static func integer(_ number: Int64, into output: inout [UInt8]) {
    let size = number < 0 ? 8 : byteCount(UInt64(number))
    let power = [1: 0, 2: 1, 4: 2, 8: 3][size] ?? 3
    output.append(0x10 | UInt8(power))
    append(UInt64(bitPattern: number), size: 1 << power, to: &output)
  }

  private static func header(_ kind: UInt8, count: Int, into output: inout [UInt8]) {
    if count < 15 {
      output.append(kind << 4 | UInt8(count))
    } else {
      output.append(kind << 4 | 0x0F)
      integer(Int64(count), into: &output)
    }
  }

  /// The fewest of 1, 2, 4 or 8 bytes that hold `value`.
  private static func byteCount(_ value: UInt64) -> Int {
    switch value {
    case 0...0xFF: 1
    case 0...0xFFFF: 2
    case 0...0xFFFF_FFFF: 4
    default: 8
    }
  }

  private static func append(_ value: UInt64, size: Int, to output: inout [UInt8]) {
    for shift in stride(from: (size - 1) * 8, through: 0, by: -8) {
      output.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
    }
  }
}
