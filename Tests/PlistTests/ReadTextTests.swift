import Plist
import Testing

/// How `defaults read` shows a value: on a terminal unambiguous (a stored
/// newline and a stored backslash-n differ), into a pipe as stored.
struct ReadTextTests {
  @Test(arguments: [
    ("line1\nline2", "line1\\nline2"), ("line1\\nline2", "line1\\\\nline2"),
    ("tab\there", "tab\\there"), ("esc\u{1B}[31m", "esc\\u{1B}[31m"),
    ("back\\slash", "back\\\\slash"), ("plain", "plain"),
  ])
  func readEscapesUnambiguouslyOnATerminal(stored: String, shown: String) {
    #expect(PlistValue.string(stored).readText(forTerminal: true) == shown)
    #expect(PlistValue.string(stored).readText == shown)
    #expect(!shown.unicodeScalars.contains { $0.needsEscapingForTerminal })
    // Into a pipe a string prints as stored, for a script to get it back whole.
    #expect(PlistValue.string(stored).readText(forTerminal: false) == stored)
  }

  @Test func aStoredNewlineAndABackslashNDifferOnATerminal() {
    let newline = PlistValue.string("a\nb").readText(forTerminal: true)
    let backslashN = PlistValue.string("a\\nb").readText(forTerminal: true)
    #expect(newline != backslashN)
  }

  @Test(arguments: [
    (PlistValue.integer(42), "42"), (.bool(true), "true"), (.real(0.5), "0.5"),
    (
      .dictionary(["speed": .integer(3), "a b": .string("x\ny")]),
      "{\n    \"a b\" = \"x\\ny\";\n    speed = 3;\n}"
    ),
    (.array([]), "()"),
  ])
  func aScalarIsBareAndAContainerIsOpenStepText(value: PlistValue, shown: String) {
    #expect(value.readText == shown)
    #expect(value.readText(forTerminal: false) == shown)
  }
}
