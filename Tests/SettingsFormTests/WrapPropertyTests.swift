import PropertyBased
import SettingsForm
import Testing
import TextWidth

/// Wrapping a footer cuts every word longer than a line into full lines and
/// places the rest greedily, measuring each character once: the lines are
/// those of the first, quadratic implementation (kept here as the oracle), so
/// a megabyte-long word no longer stalls `render` (a tester's 80,000 letters
/// took 16 s) and nothing it drew changes.
struct WrapPropertyTests {
  static let characters = Gen<Character>.oneOf(
    Gen.character(in: "a"..."z"), Gen.character(in: "À"..."ʯ"),
    Gen.character(in: "\u{4E00}"..."\u{4E50}"), Gen.character(in: "\u{1F600}"..."\u{1F64F}"))

  static let text = zip(characters.string(of: 0...70), Gen.int(in: 1...3)).array(of: 0...12)
    .map { words in words.map { $0.0 + String(repeating: " ", count: $0.1) }.joined() }

  @Test func linesAreThoseOfTheFirstImplementation() async {
    await propertyCheck(count: 500, input: Self.text, Gen.int(in: 2...40)) { text, width in
      let lines = FormLayout.wrapParts([text], width: width)
      var expected = DisplayWidth.of(text) <= width ? [text] : Self.oracle(text, width: width)
      if expected.last?.isEmpty == true { expected.removeLast() }
      if text.isEmpty { expected = [] }
      #expect(lines == expected, "width \(width): \(text.debugDescription)")
      #expect(lines.allSatisfy { DisplayWidth.of($0) <= width })
    }
  }

  /// The wrap as first written: it measured the rest of a long word again for each line cut.
  static func oracle(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    for paragraph in text.components(separatedBy: "\\n") {
      var line = ""
      for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
        var word = String(word)
        while DisplayWidth.of(word) > width {
          if !line.isEmpty {
            lines.append(line)
            line = ""
          }
          var head = ""
          for character in word {
            if DisplayWidth.of(head) + DisplayWidth.of(character) > width { break }
            head.append(character)
          }
          lines.append(head)
          word.removeFirst(head.count)
        }
        if line.isEmpty {
          line = word
        } else if DisplayWidth.of(line) + 1 + DisplayWidth.of(word) <= width {
          line += " " + word
        } else {
          lines.append(line)
          line = word
        }
      }
      lines.append(line)
    }
    return lines
  }
}
