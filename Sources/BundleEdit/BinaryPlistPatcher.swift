import Foundation
import Plist

/// Edits a `bplist00` file by appending: the new values, and a copy of each
/// container on the way from the root to the change (with its references
/// pointing at the copies), go after the last object; then a new offset
/// table and trailer. Every object of the file keeps its bytes and its
/// offset, so the file up to its old offset table is unchanged; the objects
/// the edit replaced stay there unreferenced, as CoreFoundation allows.
///
/// When the objects outgrow the file's reference size (256 objects with
/// 1-byte references), every container is written again with wider
/// references; strings, numbers and the other scalars keep their bytes.
struct BinaryPlistPatcher {
  let bytes: [UInt8]
  let file: String
  let offsetSize: Int
  let referenceSize: Int
  let objectCount: Int
  let topObject: Int
  let offsetTable: Int
  let offsets: [Int]

  init(bytes: [UInt8], file: String) throws(BundleEditError) {
    self.bytes = bytes
    self.file = file
    guard bytes.count >= 40 else { throw Self.damaged(file, "the file is truncated") }
    let trailer = bytes.count - 32
    offsetSize = Int(bytes[trailer + 6])
    referenceSize = Int(bytes[trailer + 7])
    let count = Self.bigEndian(bytes, trailer + 8, 8)
    let top = Self.bigEndian(bytes, trailer + 16, 8)
    let table = Self.bigEndian(bytes, trailer + 24, 8)
    guard (1...8).contains(offsetSize), (1...8).contains(referenceSize), count > 0,
      count < UInt64(bytes.count), top < count, table >= 8, table < UInt64(trailer),
      count * UInt64(offsetSize) <= UInt64(trailer) - table
    else { throw Self.damaged(file, "the trailer points outside the file") }
    objectCount = Int(count)
    topObject = Int(top)
    offsetTable = Int(table)
    var offsets: [Int] = []
    offsets.reserveCapacity(objectCount)
    for index in 0..<objectCount {
      let offset = Self.bigEndian(bytes, offsetTable + index * offsetSize, offsetSize)
      guard offset >= 8, offset < table else {
        throw Self.damaged(file, "object \(index) lies outside the file")
      }
      offsets.append(Int(offset))
    }
    self.offsets = offsets
  }

  // MARK: - Objects as written

  /// A container's references as written.
  enum Container {
    case array([Int])
    case dictionary(keys: [Int], values: [Int])
  }

  /// The count of an object and where its content starts.
  private func header(at offset: Int) throws(BundleEditError) -> (count: Int, start: Int) {
    let marker = bytes[offset]
    let nibble = Int(marker & 0x0F)
    guard nibble == 0x0F else { return (nibble, offset + 1) }
    guard offset + 2 <= offsetTable else {
      throw Self.damaged(file, "a count runs past the objects")
    }
    let intMarker = bytes[offset + 1]
    guard intMarker & 0xF0 == 0x10, intMarker & 0x0F <= 3 else {
      throw Self.damaged(file, "a count is not an integer")
    }
    let size = 1 << Int(intMarker & 0x0F)
    guard offset + 2 + size <= offsetTable else {
      throw Self.damaged(file, "a count runs past the objects")
    }
    let value = Self.bigEndian(bytes, offset + 2, size)
    guard value < UInt64(bytes.count) else {
      throw Self.damaged(file, "a count runs past the file")
    }
    return (Int(value), offset + 2 + size)
  }

  func container(_ object: Int) throws(BundleEditError) -> Container? {
    let offset = offsets[object]
    let kind = bytes[offset] >> 4
    guard kind == 0xA || kind == 0xD else { return nil }
    let (count, start) = try header(at: offset)
    let total = kind == 0xD ? count * 2 : count
    guard start + total * referenceSize <= offsetTable else {
      throw Self.damaged(file, "object \(object)'s references run past the objects")
    }
    var references: [Int] = []
    references.reserveCapacity(total)
    for index in 0..<total {
      let value = Self.bigEndian(bytes, start + index * referenceSize, referenceSize)
      guard value < UInt64(objectCount) else {
        throw Self.damaged(file, "a reference to object \(value), which does not exist")
      }
      references.append(Int(value))
    }
    if kind == 0xA { return .array(references) }
    return .dictionary(keys: Array(references[..<count]), values: Array(references[count...]))
  }

  /// The text of a string object, nil for any other object.
  func string(_ object: Int) throws(BundleEditError) -> String? {
    let offset = offsets[object]
    let kind = bytes[offset] >> 4
    guard kind == 0x5 || kind == 0x6 else { return nil }
    let (count, start) = try header(at: offset)
    let length = kind == 0x6 ? count * 2 : count
    guard start + length <= offsetTable else {
      throw Self.damaged(file, "a string runs past the objects")
    }
    if kind == 0x5 { return String(decoding: bytes[start..<(start + length)], as: UTF8.self) }
    var units: [UInt16] = []
    for index in 0..<count {
      units.append(UInt16(bytes[start + 2 * index]) << 8 | UInt16(bytes[start + 2 * index + 1]))
    }
    return String(decoding: units, as: UTF16.self)
  }

  // MARK: - The edit

  /// An object the edit writes: a new value's scalar or a container's copy.
  private enum NewObject {
    case bytes([UInt8])
    case array([Int])
    case dictionary(keys: [Int], values: [Int])
  }

  func apply(_ edit: PlistEdit) throws(BundleEditError) -> [UInt8] {
    // The objects from the root to the container, each with the step to the next.
    var chain: [(object: Int, step: PlistPath.Component?)] = []
    var current = topObject
    for component in edit.container.components {
      chain.append((current, component))
      guard let next = try child(of: current, at: component) else {
        throw .cannotEditInPlace(
          file: file, place: .keyPath(edit.container.description),
          reason: "\(edit.container) is not in the file")
      }
      current = next
    }
    chain.append((current, nil))
    guard chain.count <= 512 else {
      throw .cannotEditInPlace(file: file, place: nil, reason: "the path is nested too deep")
    }

    var created: [NewObject] = []
    func add(_ object: NewObject) -> Int {
      created.append(object)
      return objectCount + created.count - 1
    }
    func encode(_ node: PlistNode) -> Int {
      switch node.content {
      case .array(let items):
        let index = add(.array([]))
        let references = items.map(encode)
        created[index - objectCount] = .array(references)
        return index
      case .dictionary(let entries):
        let index = add(.dictionary(keys: [], values: []))
        var keys: [Int] = []
        var values: [Int] = []
        for entry in entries {
          keys.append(add(.bytes(Self.scalar(.string(entry.key)))))
          values.append(encode(entry.value))
        }
        created[index - objectCount] = .dictionary(keys: keys, values: values)
        return index
      default:
        return add(.bytes(Self.scalar(node.value)))
      }
    }

    // The changed container, as a new object.
    let target = chain[chain.count - 1].object
    var replacement: Int
    switch (edit, try container(target)) {
    case (.setValue(_, let key, let value), .dictionary(var keys, var values)?):
      let valueIndex = encode(value)
      if let last = try lastIndex(of: key, in: keys) {
        values[last] = valueIndex
      } else {
        keys.append(add(.bytes(Self.scalar(.string(key)))))
        values.append(valueIndex)
      }
      replacement = add(.dictionary(keys: keys, values: values))
    case (.insertElement(_, let index, let value), .array(var items)?):
      guard (0...items.count).contains(index) else { throw noContainer(edit) }
      items.insert(encode(value), at: index)
      replacement = add(.array(items))
    case (.removeElement(_, let index), .array(var items)?):
      guard items.indices.contains(index) else { throw noContainer(edit) }
      items.remove(at: index)
      replacement = add(.array(items))
    case (.removeEntry(_, let key), .dictionary(let keys, let values)?):
      var keptKeys: [Int] = []
      var keptValues: [Int] = []
      for (position, keyObject) in keys.enumerated() {
        if let text = try string(keyObject), text.isSameKey(as: key) { continue }
        keptKeys.append(keyObject)
        keptValues.append(values[position])
      }
      replacement = add(.dictionary(keys: keptKeys, values: keptValues))
    default:
      throw noContainer(edit)
    }

    // Each container above points at the copy below it.
    for (object, step) in chain.dropLast().reversed() {
      guard let step else { continue }
      switch (step, try container(object)) {
      case (.key(let key), .dictionary(let keys, var values)?):
        guard let last = try lastIndex(of: key, in: keys) else { throw noContainer(edit) }
        values[last] = replacement
        replacement = add(.dictionary(keys: keys, values: values))
      case (.index(let index), .array(var items)?):
        guard items.indices.contains(index) else { throw noContainer(edit) }
        items[index] = replacement
        replacement = add(.array(items))
      default:
        throw noContainer(edit)
      }
    }
    return try write(created, top: replacement)
  }

  private func child(of object: Int, at step: PlistPath.Component) throws(BundleEditError) -> Int? {
    switch (step, try container(object)) {
    case (.key(let key), .dictionary(let keys, let values)?):
      return try lastIndex(of: key, in: keys).map { values[$0] }
    case (.index(let index), .array(let items)?):
      return items.indices.contains(index) ? items[index] : nil
    default:
      return nil
    }
  }

  /// The position of the last key object spelling `key` (the last wins, as when read).
  private func lastIndex(of key: String, in keys: [Int]) throws(BundleEditError) -> Int? {
    for position in keys.indices.reversed() {
      if let text = try string(keys[position]), text.isSameKey(as: key) { return position }
    }
    return nil
  }

  private func noContainer(_ edit: PlistEdit) -> BundleEditError {
    .cannotEditInPlace(
      file: file, place: .keyPath(edit.container.description),
      reason: "\(edit.container) is not a container the edit applies to")
  }

  // MARK: - Writing

  private func write(_ created: [NewObject], top: Int) throws(BundleEditError) -> [UInt8] {
    let total = objectCount + created.count
    let needed = BinaryPlistObject.byteCount(UInt64(total - 1))
    if needed > referenceSize {
      return try widened(created, top: top, referenceSize: needed)
    }
    var output = Array(bytes[..<offsetTable])
    var newOffsets = offsets
    for object in created {
      newOffsets.append(output.count)
      Self.encode(object, referenceSize: referenceSize, into: &output)
    }
    return finish(output, offsets: newOffsets, referenceSize: referenceSize, top: top)
  }

  /// Every object again, containers with `referenceSize`-byte references.
  private func widened(_ created: [NewObject], top: Int, referenceSize: Int)
    throws(BundleEditError) -> [UInt8]
  {
    // Each object's bytes end where the next one (in file order) starts.
    let starts = Set(offsets).union([offsetTable]).sorted()
    var output = Array(bytes[..<8])
    var newOffsets: [Int] = []
    for object in 0..<objectCount {
      newOffsets.append(output.count)
      if let container = try container(object) {
        switch container {
        case .array(let items):
          Self.encode(.array(items), referenceSize: referenceSize, into: &output)
        case .dictionary(let keys, let values):
          Self.encode(
            .dictionary(keys: keys, values: values), referenceSize: referenceSize, into: &output)
        }
      } else {
        let start = offsets[object]
        guard let position = Self.firstIndex(in: starts, after: start) else {
          throw Self.damaged(file, "object \(object) has no end")
        }
        output += bytes[start..<starts[position]]
      }
    }
    for object in created {
      newOffsets.append(output.count)
      Self.encode(object, referenceSize: referenceSize, into: &output)
    }
    return finish(output, offsets: newOffsets, referenceSize: referenceSize, top: top)
  }

  /// The index in sorted `starts` of the first value above `start`.
  private static func firstIndex(in starts: [Int], after start: Int) -> Int? {
    var low = 0
    var high = starts.count
    while low < high {
      let middle = (low + high) / 2
      if starts[middle] <= start { low = middle + 1 } else { high = middle }
    }
    return low < starts.count ? low : nil
  }

  private func finish(_ objects: [UInt8], offsets: [Int], referenceSize: Int, top: Int) -> [UInt8] {
    var output = objects
    let table = output.count
    let offsetSize = max(self.offsetSize, BinaryPlistObject.byteCount(UInt64(table)))
    for offset in offsets {
      BinaryPlistObject.append(UInt64(offset), size: offsetSize, to: &output)
    }
    // The trailer's first six bytes (unused, and the sort version) as they were.
    output += bytes[(bytes.count - 32)..<(bytes.count - 26)]
    output += [UInt8(offsetSize), UInt8(referenceSize)]
    BinaryPlistObject.append(UInt64(offsets.count), size: 8, to: &output)
    BinaryPlistObject.append(UInt64(top), size: 8, to: &output)
    BinaryPlistObject.append(UInt64(table), size: 8, to: &output)
    return output
  }

  private static func encode(_ object: NewObject, referenceSize: Int, into output: inout [UInt8]) {
    switch object {
    case .bytes(let bytes): output += bytes
    case .array(let items):
      BinaryPlistObject.header(0xA, count: items.count, into: &output)
      for item in items { BinaryPlistObject.append(UInt64(item), size: referenceSize, to: &output) }
    case .dictionary(let keys, let values):
      BinaryPlistObject.header(0xD, count: keys.count, into: &output)
      for key in keys { BinaryPlistObject.append(UInt64(key), size: referenceSize, to: &output) }
      for value in values {
        BinaryPlistObject.append(UInt64(value), size: referenceSize, to: &output)
      }
    }
  }

  /// A scalar's object as CoreFoundation writes it.
  static func scalar(_ value: PlistValue) -> [UInt8] {
    var output: [UInt8] = []
    BinaryPlistObject.scalar(value, into: &output)
    return output
  }

  static func bigEndian(_ bytes: [UInt8], _ start: Int, _ count: Int) -> UInt64 {
    var value: UInt64 = 0
    for index in start..<(start + count) { value = value << 8 | UInt64(bytes[index]) }
    return value
  }

  private static func damaged(_ file: String, _ reason: String) -> BundleEditError {
    .cannotEditInPlace(file: file, place: nil, reason: "the binary plist is damaged: \(reason)")
  }
}
