/// The bytes of one element's text, gathered from libxml2's callbacks into
/// one allocation that every element reuses: an `Array` would check that it
/// is uniquely referenced, and go through generic code, on every append of
/// every element of a large file.
///
/// ```swift
/// var text = TextBuffer()
/// Array("true".utf8).withUnsafeBufferPointer { text.append($0) }
/// String(decoding: text.bytes, as: UTF8.self)  // "true"
/// ```
struct TextBuffer: ~Copyable {
  private var storage: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  private var count = 0

  init(capacity: Int = 256) {
    self.capacity = max(capacity, 16)
    storage = .allocate(capacity: self.capacity)
  }

  deinit { storage.deallocate() }

  /// The text gathered so far; valid until the next change.
  var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: storage, count: count) }

  mutating func removeAll() { count = 0 }

  mutating func append(_ more: UnsafeBufferPointer<UInt8>) {
    guard let start = more.baseAddress, !more.isEmpty else { return }
    if count + more.count > capacity {
      let grown = max(capacity * 2, count + more.count)
      let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
      larger.initialize(from: storage, count: count)
      storage.deallocate()
      storage = larger
      capacity = grown
    }
    (storage + count).initialize(from: start, count: more.count)
    count += more.count
  }

  mutating func replace(with text: [UInt8]) {
    removeAll()
    text.withUnsafeBufferPointer { append($0) }
  }
}
