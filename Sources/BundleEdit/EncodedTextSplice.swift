import Plist

/// Replacements in a text file's decoded UTF-8, written back in the file's own
/// encoding so that every byte outside them stays as it was: a UTF-16 table
/// stays UTF-16 with its byte order mark, a UTF-8 file keeps or lacks its BOM.
///
/// The file is edited only when its decoded text, encoded again, gives its
/// bytes back (a file whose reading repaired or dropped something cannot be
/// spliced without changing what was not asked for); ``apply(to:decoded:encoding:)``
/// returns nil then.
struct EncodedTextSplice {
  /// A byte range of the decoded UTF-8 text and its new text.
  struct Replacement {
    var range: Range<Int>
    var text: String
  }

  var replacements: [Replacement] = []

  var isEmpty: Bool { replacements.isEmpty }

  mutating func replace(_ range: Range<Int>, with text: String) {
    replacements.append(Replacement(range: range, text: text))
  }

  /// The file's new bytes; nil when two replacements overlap or the encoding
  /// does not give the file's bytes back.
  func apply(to bytes: [UInt8], decoded: [UInt8], encoding: TextEncoding) -> [UInt8]? {
    guard Self.encode(decoded, as: encoding) == bytes else { return nil }
    let sorted = replacements.sorted { $0.range.lowerBound < $1.range.lowerBound }
    var result: [UInt8] = []
    result.reserveCapacity(decoded.count + 64)
    var position = 0
    for replacement in sorted {
      guard replacement.range.lowerBound >= position, replacement.range.upperBound <= decoded.count
      else { return nil }
      result += decoded[position..<replacement.range.lowerBound]
      result += Array(replacement.text.utf8)
      position = replacement.range.upperBound
    }
    result += decoded[position...]
    return Self.encode(result, as: encoding)
  }

  /// UTF-8 text in `encoding`, its byte order mark as the encoding names it;
  /// nil for Latin-1 text that holds a character Latin-1 has not.
  static func encode(_ utf8: [UInt8], as encoding: TextEncoding) -> [UInt8]? {
    let mark: [UInt8]
    switch encoding {
    case .utf8: return utf8
    case .utf8WithBOM: return [0xEF, 0xBB, 0xBF] + utf8
    case .utf16LittleEndianWithBOM: mark = [0xFF, 0xFE]
    case .utf16BigEndianWithBOM: mark = [0xFE, 0xFF]
    case .utf32LittleEndianWithBOM: mark = [0xFF, 0xFE, 0x00, 0x00]
    case .utf32BigEndianWithBOM: mark = [0x00, 0x00, 0xFE, 0xFF]
    case .utf16LittleEndianWithoutBOM, .utf16BigEndianWithoutBOM, .latin1: mark = []
    }
    guard let text = try? TextRepair.encode(String(decoding: utf8, as: UTF8.self), as: encoding)
    else { return nil }
    return mark + text
  }
}
