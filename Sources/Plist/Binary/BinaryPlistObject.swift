/// The bytes of one object of a binary property list (`bplist00`), as
/// CoreFoundation writes them: the one encoding ``BinaryPlistWriter`` and the
/// bundle editor's in-place patcher (which appends objects to a file) share.
///
/// ```swift
/// var bytes: [UInt8] = []
/// BinaryPlistObject.scalar(.integer(300), into: &bytes)  // [0x11, 0x01, 0x2C]
/// ```
package enum BinaryPlistObject {
  /// A scalar's object; arrays and dictionaries are objects of their own
  /// (a ``header(_:count:into:)`` and references) and add nothing here.
  package static func scalar(_ value: PlistValue, into output: inout [UInt8]) {
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
    case .array, .dictionary: break  // containers are objects of their own
    }
  }

  /// ASCII as bytes, anything else as UTF-16 code units, as CoreFoundation writes them.
  static func string(_ text: String, into output: inout [UInt8]) {
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
  static func integer(_ number: Int64, into output: inout [UInt8]) {
    let size = number < 0 ? 8 : byteCount(UInt64(number))
    let power = [1: 0, 2: 1, 4: 2, 8: 3][size] ?? 3
    output.append(0x10 | UInt8(power))
    append(UInt64(bitPattern: number), size: 1 << power, to: &output)
  }

  /// An object's marker: its kind in the high nibble and its count in the
  /// low one, or 0xF and the count as an integer object when it is 15 or more.
  package static func header(_ kind: UInt8, count: Int, into output: inout [UInt8]) {
    if count < 15 {
      output.append(kind << 4 | UInt8(count))
    } else {
      output.append(kind << 4 | 0x0F)
      integer(Int64(count), into: &output)
    }
  }

  /// The fewest of 1, 2, 4 or 8 bytes that hold `value`.
  package static func byteCount(_ value: UInt64) -> Int {
    switch value {
    case 0...0xFF: 1
    case 0...0xFFFF: 2
    case 0...0xFFFF_FFFF: 4
    default: 8
    }
  }

  /// `value`'s low `size` bytes, big-endian (references, offsets, numbers).
  package static func append(_ value: UInt64, size: Int, to output: inout [UInt8]) {
    for shift in stride(from: (size - 1) * 8, through: 0, by: -8) {
      output.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
    }
  }
}
