import Testing

@testable import Plist

/// The XML reader's own buffers (issue 28): they trade generality for speed,
/// so what they must still do is pinned here, hostile input included.
struct XMLReaderBuffersTests {
  @Test(arguments: [
    "Type", "PreferenceSpecifiers", "PSToggleSwitchSpecifier", "", "é😀 clé", "a\u{0}b",
  ])
  func anInternedStringReadsAsItsBytes(_ text: String) {
    var interner = StringInterner()
    let bytes = Array(text.utf8)
    let first = bytes.withUnsafeBufferPointer { interner.string($0) }
    let again = bytes.withUnsafeBufferPointer { interner.string($0) }
    #expect(first.isSameKey(as: text))
    #expect(again.isSameKey(as: text))
  }

  /// Ill-formed UTF-8 is repaired as `String(decoding:as:)` repairs it, found or not.
  @Test func illFormedBytesAreRepairedAlike() {
    var interner = StringInterner()
    let bytes: [UInt8] = Array("PSMultiValueSpecifier".utf8) + [0xFF, 0xC3]
    let expected = String(decoding: bytes, as: UTF8.self)
    for _ in 0..<2 {
      #expect(bytes.withUnsafeBufferPointer { interner.string($0) } == expected)
    }
  }

  /// More distinct strings than the table keeps: each still reads as itself, and a
  /// string kept early is still found.
  @Test func aFullTableStillHandsOutEveryString() {
    var interner = StringInterner()
    let texts = (0..<(StringInterner.maximumStrings * 2)).map { "a string numbered \($0)" }
    for text in texts + texts {
      let made = Array(text.utf8).withUnsafeBufferPointer { interner.string($0) }
      #expect(made == text)
    }
  }

  @Test func aMovingStackHandsBackItsTopInOrder() {
    var stack = MovingStack<String>(capacity: 2)
    for index in 0..<100 { stack.append("value \(index)") }
    let top = stack.take(from: 90)
    #expect(top == (90..<100).map { "value \($0)" })
    #expect(stack.count == 90)
    #expect(stack.take(from: 200) == [])
    #expect(stack.take(from: 0).count == 90)
    #expect(stack.count == 0)
  }

  @Test func aTextBufferGathersChunksPastItsCapacity() {
    var text = TextBuffer(capacity: 4)
    let chunks = ["<string>", "a &amp; b", "", String(repeating: "é", count: 300)]
    for chunk in chunks { Array(chunk.utf8).withUnsafeBufferPointer { text.append($0) } }
    #expect(String(decoding: text.bytes, as: UTF8.self) == chunks.joined())
    text.removeAll()
    #expect(text.bytes.isEmpty)
    text.replace(with: Array("CR\r\nLF".utf8))
    #expect(Array(text.bytes) == Array("CR\r\nLF".utf8))
  }
}
