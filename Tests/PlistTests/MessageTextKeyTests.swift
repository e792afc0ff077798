import Plist
import Testing

/// A key a message names is always seen: the empty key and one with white
/// space at its ends are quoted, a control character is escaped, any other
/// key is shown as written (the words of every other message stay the same).
struct MessageTextKeyTests {
  @Test(arguments: [
    ("", "\"\""), (" ", "\" \""), (" name", "\" name\""), ("name\t", "\"name\\t\""),
    ("say \"hi\" ", "\"say \\\"hi\\\" \""), ("\n", "\"\\n\""),
  ])
  func aKeyThatWouldNotBeSeenIsQuoted(key: String, shown: String) {
    #expect(MessageText.key(key) == shown)
  }

  @Test(arguments: ["theme", "sync.interval", "my key", "thème", "a\"b", "a\\b"])
  func anyOtherKeyIsShownAsWritten(key: String) {
    #expect(MessageText.key(key) == key)
  }

  /// Every key, in every form: something visible, no control character.
  @Test func everyKeyIsVisibleAndSafe() {
    let pieces = ["", " ", "\t", "\n", "a", "é", "\"", "\u{1B}", "\u{7F}", "\u{85}"]
    for first in pieces {
      for second in pieces {
        for third in pieces {
          let shown = MessageText.key(first + second + third)
          #expect(!shown.isEmpty)
          #expect(
            shown.first?.isWhitespace == false && shown.last?.isWhitespace == false, "\(shown)")
          #expect(
            !shown.unicodeScalars.contains { $0.properties.generalCategory == .control },
            "\(shown.debugDescription)")
        }
      }
    }
  }
}
