/// A key press, decoded from the bytes a terminal sends.
public enum Key: Sendable, Hashable {
  case up, down, left, right, home, end, pageUp, pageDown
  case enter, escape, backspace, delete, tab, backTab
  /// Shift with an arrow: the terminals that report it.
  case shiftLeft, shiftRight
  /// Ctrl with a letter (`ctrl("c")`).
  case ctrl(Character)
  case character(Character)
  /// Bytes no key stands for (an unknown escape sequence).
  case unknown
}

/// Turns terminal input bytes into keys: UTF-8 text, control characters,
/// and the escape sequences of xterm and VT100 (CSI and SS3).
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.decode(Array("\u{1B}[Ak".utf8))  // [.up, .character("k")]
/// ```
public struct KeyDecoder: Sendable {
  private var pending: [UInt8] = []

  public init() {}

  /// Keys for `bytes`; an incomplete sequence at the end waits for more.
  /// `flush` ends a lone escape (the terminal sends nothing after Esc).
  public mutating func decode(_ bytes: [UInt8], flush: Bool = false) -> [Key] {
    pending += bytes
    var keys: [Key] = []
    var index = 0
    while index < pending.count {
      guard let (key, length) = Self.key(at: index, in: pending, final: flush) else { break }
      keys.append(key)
      index += length
    }
    pending.removeFirst(index)
    return keys
  }

  /// Whether bytes wait for the rest of a sequence.
  public var isWaiting: Bool { !pending.isEmpty }

  static func key(at index: Int, in bytes: [UInt8], final: Bool) -> (Key, Int)? {
    let byte = bytes[index]
    switch byte {
    case 0x1B:
      guard index + 1 < bytes.count else { return final ? (.escape, 1) : nil }
      let next = bytes[index + 1]
      if next == UInt8(ascii: "[") || next == UInt8(ascii: "O") {
        return escapeSequence(at: index, in: bytes, final: final)
      }
      return (.escape, 1)
    case 0x0D, 0x0A: return (.enter, 1)
    case 0x7F, 0x08: return (.backspace, 1)
    case 0x09: return (.tab, 1)
    case 0x01...0x1A: return (.ctrl(Character(Unicode.Scalar(byte + 0x60))), 1)
    case 0x00...0x1F: return (.unknown, 1)
    default:
      let length: Int
      switch byte {
      case 0xC0...0xDF: length = 2
      case 0xE0...0xEF: length = 3
      case 0xF0...0xF7: length = 4
      case 0x80...0xFF where byte < 0xC0: return (.unknown, 1)
      default: length = 1
      }
      guard index + length <= bytes.count else {
        return final ? (.unknown, bytes.count - index) : nil
      }
      guard let text = String(validating: bytes[index..<(index + length)], as: UTF8.self),
        let character = text.first
      else { return (.unknown, length) }
      return (.character(character), length)
    }
  }

  /// `ESC [ params final` or `ESC O final`.
  static func escapeSequence(at index: Int, in bytes: [UInt8], final: Bool) -> (Key, Int)? {
    var end = index + 2
    if bytes[index + 1] == UInt8(ascii: "[") {
      // Parameter and intermediate bytes, then one final byte.
      while end < bytes.count, (0x20...0x3F).contains(bytes[end]) {
        end += 1
        if end - index > 16 { return (.unknown, end - index) }
      }
    }
    guard end < bytes.count else { return final ? (.unknown, bytes.count - index) : nil }
    let parameters = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
    let length = end - index + 1
    let shifted = parameters.hasSuffix(";2")
    switch bytes[end] {
    case UInt8(ascii: "A"): return (.up, length)
    case UInt8(ascii: "B"): return (.down, length)
    case UInt8(ascii: "C"): return (shifted ? .shiftRight : .right, length)
    case UInt8(ascii: "D"): return (shifted ? .shiftLeft : .left, length)
    case UInt8(ascii: "H"): return (.home, length)
    case UInt8(ascii: "F"): return (.end, length)
    case UInt8(ascii: "Z"): return (.backTab, length)
    case UInt8(ascii: "~"):
      switch parameters.split(separator: ";").first {
      case "1", "7": return (.home, length)
      case "4", "8": return (.end, length)
      case "3": return (.delete, length)
      case "5": return (.pageUp, length)
      case "6": return (.pageDown, length)
      default: return (.unknown, length)
      }
    default: return (.unknown, length)
    }
  }
}
