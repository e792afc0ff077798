import TerminalUI
import Testing

struct KeyDecoderTests {
  @Test(arguments: [
    ("\u{1B}[A", [Key.up]), ("\u{1B}[B", [.down]), ("\u{1B}OC", [.right]), ("\u{1B}[D", [.left]),
    ("\u{1B}[5~", [.pageUp]), ("\u{1B}[6~", [.pageDown]), ("\u{1B}[1;2C", [.shiftRight]),
    ("\u{1B}[3~", [.delete]), ("\r", [.enter]), ("\u{7F}", [.backspace]), ("\u{3}", [.ctrl("c")]),
    ("jké日", [.character("j"), .character("k"), .character("é"), .character("日")]),
    ("\u{1B}[Z", [.backTab]), ("\u{1B}[99X", [.unknown]),
  ])
  func sequences(input: String, keys: [Key]) {
    var decoder = KeyDecoder()
    #expect(decoder.decode(Array(input.utf8)) == keys)
  }

  @Test func aSequenceSplitAcrossReadsWaits() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x1B, UInt8(ascii: "[")]).isEmpty)
    #expect(decoder.isWaiting)
    #expect(decoder.decode([UInt8(ascii: "A")]) == [.up])
    #expect(decoder.decode([0x1B], flush: true) == [.escape])
    #expect(decoder.decode([0xE6, 0x97]).isEmpty)
    #expect(decoder.decode([0xA5]) == [.character("日")])
  }
}
