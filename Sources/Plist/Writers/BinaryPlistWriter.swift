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
    let referenceSize = BinaryPlistObject.byteCount(UInt64(objects.count))
    var output = Array("bplist00".utf8)
    var offsets: [Int] = []
    offsets.reserveCapacity(objects.count)
    for object in objects {
      offsets.append(output.count)
      encode(object, referenceSize: referenceSize, into: &output)
    }
    let table = output.count
    let offsetSize = BinaryPlistObject.byteCount(UInt64(table))
    for offset in offsets {
      BinaryPlistObject.append(UInt64(offset), size: offsetSize, to: &output)
    }
    output += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
    BinaryPlistObject.append(UInt64(objects.count), size: 8, to: &output)
    BinaryPlistObject.append(0, size: 8, to: &output)
    BinaryPlistObject.append(UInt64(table), size: 8, to: &output)
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
      for reference in list {
        BinaryPlistObject.append(UInt64(reference), size: referenceSize, to: &output)
      }
    }
    switch object {
    case .key(let text): BinaryPlistObject.string(text, into: &output)
    case .array(let items):
      BinaryPlistObject.header(0xA, count: items.count, into: &output)
      references(items)
    case .dictionary(let keys, let values):
      BinaryPlistObject.header(0xD, count: keys.count, into: &output)
      references(keys)
      references(values)
    case .scalar(let value): BinaryPlistObject.scalar(value, into: &output)
    }
  }
}
