import Foundation

/// Hands out one shared `String` for text that repeats, such as the keys and
/// types of a property list (`PreferenceSpecifiers`, `PSToggleSwitchSpecifier`
/// on every specifier): a repeat costs a hash and a compare instead of an
/// allocation. Text short enough to be stored inline is made directly.
///
/// Bounded for hostile input: at most `maximumStrings` strings of at most
/// `maximumLength` bytes are kept, and a lookup probes at most `maximumProbes`
/// slots, so text built to collide costs a new string each time, never a long
/// search.
///
/// ```swift
/// var interner = StringInterner()
/// let first = Array("DefaultValue".utf8).withUnsafeBufferPointer { interner.string($0) }
/// let again = Array("DefaultValue".utf8).withUnsafeBufferPointer { interner.string($0) }
/// // first and again share one storage
/// ```
struct StringInterner {
  static let inlineLength = 15
  static let maximumLength = 64
  static let maximumStrings = 4096
  static let maximumProbes = 8
  /// Twice the strings kept, so that probes stay short.
  private static let slotCount = 8192

  private struct Entry {
    var hash: UInt32
    var start: Int32
    var count: Int32
    var string: String
  }

  /// 0 is an empty slot; else the entry's index + 1.
  private var slots: [Int32] = []
  private var entries: [Entry] = []
  /// The bytes of every kept string, one after another.
  private var bytes: [UInt8] = []

  /// A string of `text` (decoded as UTF-8, ill-formed bytes repaired as
  /// `String(decoding:as:)` does), shared with earlier calls for the same bytes.
  mutating func string(_ text: UnsafeBufferPointer<UInt8>) -> String {
    // Up to 15 UTF-8 bytes a `String` holds its text inline: making one
    // costs less than finding it.
    guard text.count > Self.inlineLength, text.count <= Self.maximumLength else {
      return String(decoding: text, as: UTF8.self)
    }
    if slots.isEmpty { slots = Array(repeating: 0, count: Self.slotCount) }
    // FNV-1a: a few instructions a byte, enough for short keys.
    var hash: UInt32 = 2_166_136_261
    for byte in text { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
    let mask = Self.slotCount - 1
    var slot = Int(hash) & mask
    for _ in 0..<Self.maximumProbes {
      let index = Int(slots[slot])
      if index == 0 {
        let string = String(decoding: text, as: UTF8.self)
        if entries.count < Self.maximumStrings {
          entries.append(
            Entry(hash: hash, start: Int32(bytes.count), count: Int32(text.count), string: string))
          bytes.append(contentsOf: text)
          slots[slot] = Int32(entries.count)
        }
        return string
      }
      let entry = entries[index - 1]
      if entry.hash == hash, Int(entry.count) == text.count, holds(entry, text) {
        return entry.string
      }
      slot = (slot + 1) & mask
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// Whether `entry`'s kept bytes are `text` (of the same count).
  private func holds(_ entry: Entry, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
    bytes.withUnsafeBufferPointer { kept in
      guard let keptStart = kept.baseAddress, let textStart = text.baseAddress else {
        return text.isEmpty
      }
      return memcmp(keptStart + Int(entry.start), textStart, text.count) == 0
    }
  }
}
