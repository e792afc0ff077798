/// The encoding a text file was found in.
public enum TextEncoding: String, Sendable, Hashable {
  case utf8 = "UTF-8"
  case utf8WithBOM = "UTF-8 with BOM"
  case utf16LittleEndianWithBOM = "UTF-16LE with BOM"
  case utf16BigEndianWithBOM = "UTF-16BE with BOM"
  case utf16LittleEndianWithoutBOM = "UTF-16LE without BOM"
  case utf16BigEndianWithoutBOM = "UTF-16BE without BOM"
  case utf32LittleEndianWithBOM = "UTF-32LE with BOM"
  case utf32BigEndianWithBOM = "UTF-32BE with BOM"
  /// ISO Latin 1, named by an XML declaration.
  case latin1 = "ISO-8859-1"
}

/// Text decoded to UTF-8, with the encoding it came in and what iOS would make of it.
public struct DecodedText: Sendable {
  public var utf8: [UInt8]
  public var encoding: TextEncoding
  /// Problems with the encoding that do not stop the read.
  public var issues: [ReadIssue]
}

/// Detects the encoding of a text property list or `.strings` file the way
/// CoreFoundation does, and decodes it to UTF-8.
///
/// Detection order: UTF-32 BOM, UTF-8 BOM, UTF-16 BOM, a zero in the first
/// two bytes (BOM-less UTF-16), otherwise UTF-8. CoreFoundation reads a
/// BOM-less UTF-16 file in host order and skips its first two bytes, so such
/// a file is decoded in full here but reported.
///
/// ```swift
/// let text = try TextDecoding.decode([0xFF, 0xFE, 0x61, 0x00])
/// text.encoding  // .utf16LittleEndianWithBOM
/// ```
public enum TextDecoding {
  public static func decode(_ bytes: [UInt8], validateUTF8: Bool = true) throws(ReadIssue)
    -> DecodedText
  {
    if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) {
      return DecodedText(
        utf8: try utf32(bytes.dropFirst(4), bigEndian: true), encoding: .utf32BigEndianWithBOM,
        issues: [])
    }
    if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) {
      return DecodedText(
        utf8: try utf32(bytes.dropFirst(4), bigEndian: false), encoding: .utf32LittleEndianWithBOM,
        issues: [])
    }
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      let body = Array(bytes.dropFirst(3))
      if validateUTF8 { try checkUTF8(body, offsetShift: 3) }
      return DecodedText(utf8: body, encoding: .utf8WithBOM, issues: [])
    }
    if bytes.starts(with: [0xFF, 0xFE]) {
      let utf8 = utf16(bytes.dropFirst(2), bigEndian: false)
      return DecodedText(
        utf8: utf8, encoding: .utf16LittleEndianWithBOM,
        issues: oddByteIssue(bytes, decoded: utf8).map { [$0] } ?? [])
    }
    if bytes.starts(with: [0xFE, 0xFF]) {
      let utf8 = utf16(bytes.dropFirst(2), bigEndian: true)
      return DecodedText(
        utf8: utf8, encoding: .utf16BigEndianWithBOM,
        issues: oddByteIssue(bytes, decoded: utf8).map { [$0] } ?? [])
    }
    if bytes.count >= 2, bytes[0] == 0 || bytes[1] == 0 {
      let bigEndian = bytes[0] == 0 && bytes[1] != 0
      let utf8 = utf16(bytes[...], bigEndian: bigEndian)
      let firstIsSpace = utf8.first.map { $0 == 0x20 || (0x09...0x0D).contains($0) } ?? true
      // iOS reads BOM-less UTF-16 in host byte order (little-endian) and skips
      // its first character: big-endian text never loads, little-endian loads
      // only when that character is white space. What does not load is an
      // error, whichever the byte order.
      let loads = firstIsSpace && !bigEndian
      let message =
        "UTF-16 without a byte-order mark: iOS reads it in host byte order and skips its first character"
        + (loads ? "" : ", so this file does not load on a device; save it with a BOM")
      // The one repair: the same text with a byte order mark.
      let issue = ReadIssue(
        .encoding, loads ? .warning : .error, message,
        place: .text(SourceSnippet(location: TextLocation(line: 1, column: 1), lineText: "")),
        repair: TextRepair(addsByteOrderMark: true))
      return DecodedText(
        utf8: utf8, encoding: bigEndian ? .utf16BigEndianWithoutBOM : .utf16LittleEndianWithoutBOM,
        issues: [issue] + (oddByteIssue(bytes, decoded: utf8).map { [$0] } ?? []))
    }
    if validateUTF8 { try checkUTF8(bytes, offsetShift: 0) }
    return DecodedText(utf8: bytes, encoding: .utf8, issues: [])
  }

  /// UTF-16 takes bytes two by two: CoreFoundation drops a last odd byte,
  /// and with it whatever half a character the file was cut at.
  private static func oddByteIssue(_ bytes: [UInt8], decoded utf8: [UInt8]) -> ReadIssue? {
    guard bytes.count % 2 == 1, let last = bytes.last else { return nil }
    let hex = (last < 0x10 ? "0" : "") + String(last, radix: 16, uppercase: true)
    return ReadIssue(
      .encoding, .warning,
      "UTF-16 takes two bytes a character, but the file has an odd number of bytes: iOS drops the last one (0x\(hex)); the file may have been cut short or joined from another encoding",
      place: .text(SourceText(utf8: utf8).snippet(atOffset: utf8.count)))
  }

  /// Decodes ISO Latin 1 bytes to UTF-8.
  public static func latin1(_ bytes: [UInt8]) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count)
    for byte in bytes {
      if byte < 0x80 {
        result.append(byte)
      } else {
        result.append(0xC0 | (byte >> 6))
        result.append(0x80 | (byte & 0x3F))
      }
    }
    return result
  }

  /// UTF-16 straight to UTF-8 in one pass; a lone surrogate becomes U+FFFD.
  private static func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> [UInt8] {
    let count = bytes.count / 2
    // A UTF-16 unit takes at most 3 UTF-8 bytes (a surrogate pair, 4 for 2 units).
    return bytes.withUnsafeBufferPointer { buffer in
      [UInt8](unsafeUninitializedCapacity: count * 3) { output, written in
        @inline(__always) func unit(_ index: Int) -> UInt32 {
          let first = UInt32(buffer[2 * index])
          let second = UInt32(buffer[2 * index + 1])
          return bigEndian ? first << 8 | second : second << 8 | first
        }
        var out = 0
        var index = 0
        while index < count {
          var scalar = unit(index)
          index += 1
          if scalar < 0x80 {
            output[out] = UInt8(truncatingIfNeeded: scalar)
            out += 1
            continue
          }
          if (0xD800..<0xDC00).contains(scalar) {
            if index < count, case let low = unit(index), (0xDC00..<0xE000).contains(low) {
              scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
              index += 1
            } else {
              scalar = 0xFFFD
            }
          } else if (0xDC00..<0xE000).contains(scalar) {
            scalar = 0xFFFD
          }
          if scalar < 0x800 {
            output[out] = UInt8(truncatingIfNeeded: 0xC0 | scalar >> 6)
            output[out + 1] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
            out += 2
          } else if scalar < 0x10000 {
            output[out] = UInt8(truncatingIfNeeded: 0xE0 | scalar >> 12)
            output[out + 1] = UInt8(truncatingIfNeeded: 0x80 | (scalar >> 6) & 0x3F)
            output[out + 2] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
            out += 3
          } else {
            output[out] = UInt8(truncatingIfNeeded: 0xF0 | scalar >> 18)
            output[out + 1] = UInt8(truncatingIfNeeded: 0x80 | (scalar >> 12) & 0x3F)
            output[out + 2] = UInt8(truncatingIfNeeded: 0x80 | (scalar >> 6) & 0x3F)
            output[out + 3] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
            out += 4
          }
        }
        written = out
      }
    }
  }

  private static func utf32(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) throws(ReadIssue)
    -> [UInt8]
  {
    var result = ""
    var index = bytes.startIndex
    while index + 3 < bytes.endIndex {
      let b = (0..<4).map { UInt32(bytes[index + $0]) }
      let value =
        bigEndian
        ? b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3] : b[3] << 24 | b[2] << 16 | b[1] << 8 | b[0]
      guard let scalar = Unicode.Scalar(value) else {
        throw ReadIssue(
          .encoding, .error,
          "invalid UTF-32 code point 0x\(String(value, radix: 16)) at byte \(index)")
      }
      result.unicodeScalars.append(scalar)
      index += 4
    }
    return Array(result.utf8)
  }

  /// The byte that is not UTF-8, as a byte with its offset, and the 8-bit
  /// encoding the file is most likely saved in: "re-save as UTF-8" is the fix.
  static func notUTF8Message(
    _ bytes: [UInt8], at offset: Int, shownAt shown: Int, afterUTF8: Bool
  ) -> String {
    guard offset < bytes.count else {
      return "the file is not valid UTF-8 (it ends inside a character); iOS reads no value from it"
    }
    let byte = bytes[offset]
    let hex = String(byte, radix: 16, uppercase: true)
    var message =
      "the file is not valid UTF-8: byte 0x\(hex.count == 1 ? "0" + hex : hex) at offset \(shown)"
    if !afterUTF8, let encoding = LegacyEncoding.likely(for: bytes),
      let character = encoding.character(for: byte), character.isLetter || character.isPunctuation
    {
      message +=
        " is \"\(character)\" in \(encoding.rawValue), which the file looks saved in; re-save it as UTF-8"
    }
    return message + "; iOS reads no value from it"
  }

  /// Throws with the place of the first byte that is not UTF-8.
  static func checkUTF8(_ bytes: [UInt8], offsetShift: Int) throws(ReadIssue) {
    if String(validating: bytes, as: UTF8.self) != nil { return }
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    var offset = 0
    // A file with UTF-8 characters before the bad byte is UTF-8 with a stray byte.
    var readsAsUTF8 = false
    let text = SourceText(utf8: bytes)
    loop: while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar):
        offset += UTF8.width(scalar)
        if !scalar.isASCII { readsAsUTF8 = true }
      case .emptyInput:
        break loop
      case .error:
        throw ReadIssue(
          .encoding, .error,
          notUTF8Message(
            bytes, at: offset, shownAt: offset + offsetShift, afterUTF8: readsAsUTF8),
          place: .text(text.snippet(atOffset: offset)))
      }
    }
  }
}
