import Plist
import TestSupport
import Testing

/// `MessageText` takes shortcuts (a message of ASCII split into characters
/// byte by byte, a message that needs no cut returned as it is, a quoted value
/// walked only as far as its cut): over generated messages of quotes,
/// escapes, line breaks (CR LF too), combining marks and long values, each
/// gives what the plain walk over `Array(message)` gives, which
/// `Reference` keeps as it was (issue 28).
struct MessageTextShortcutTests {
  /// Pieces messages are made of: every kind of character the walk treats apart.
  static let pieces = [
    "a", "Z", " ", "\"", "\\", "\\\"", "\n", "\r", "\r\n", "é", "e\u{301}", "(", ",", ".", ":",
    "…", "\u{2028}", "word ", "\"quoted value\" ", String(repeating: "x", count: 79),
    String(repeating: "y", count: 81), "🇩🇪",
  ]

  /// The pieces of ASCII: messages of them take the byte-wise shortcut.
  static let asciiPieces = pieces.filter { $0.utf8.allSatisfy { $0 < 0x80 } }

  /// Deterministic messages: the same every run, so a failure can be repeated.
  static func messages(count: Int, of pieces: [String] = pieces) -> [String] {
    var random = SplitMix64(seed: "MessageText")
    return random.texts(count, of: pieces, longest: 24)
  }

  @Test func boundedGivesWhatThePlainWalkGives() {
    for message in Self.messages(count: 4000) {
      #expect(
        MessageText.bounded(message) == Reference.bounded(message), "\(message.debugDescription)")
    }
  }

  @Test func quotedGivesWhatThePlainWalkGives() {
    for value in Self.messages(count: 4000) {
      #expect(MessageText.quoted(value) == Reference.quoted(value), "\(value.debugDescription)")
    }
  }

  /// Values of ASCII take `quoted`'s byte-wise shortcut (a guard of a speed change:
  /// it passes on the plain walk too).
  @Test func quotedOfASCIIGivesWhatThePlainWalkGives() {
    let pieces = Self.asciiPieces + ["\t", "\u{0B}", "\u{0C}", "   \n  ", "\\\\"]
    for value in Self.messages(count: 4000, of: pieces) {
      #expect(MessageText.quoted(value) == Reference.quoted(value), "\(value.debugDescription)")
    }
  }
}

/// `MessageText` as it was before its shortcuts (49b295f), the oracle.
private enum Reference {
  static let limit = MessageText.limit

  static func quoted(_ value: String) -> String {
    var result = "\""
    var text = value[...]
    if let first = value.firstIndex(where: { !$0.isWhitespace }),
      let lineBreak = value[..<first].lastIndex(where: \.isNewline)
    {
      text = value[value.index(after: lineBreak)...]
    }
    for character in shortened(Array(text)[...]) {
      if character == "\"" || character == "\\" { result.append("\\") }
      result.append(character)
    }
    return result + "\""
  }

  static func bounded(_ message: String) -> String {
    guard message.contains(where: \.isNewline) || message.count > limit else { return message }
    let characters = Array(message)
    var result = ""
    var index = 0
    while index < characters.count {
      let character = characters[index]
      if isEscape(at: index, in: characters) {
        result += String(characters[index...(index + 1)])
        index += 2
        continue
      }
      guard character == "\"", opensQuote(at: index, in: characters) else {
        result.append(character.isNewline ? " " : character)
        index += 1
        continue
      }
      let end = closingQuote(after: index, in: characters)
      let value = characters[(index + 1)..<(end ?? characters.count)]
      result.append("\"")
      result += shortened(value)
      if end != nil { result.append("\"") }
      index = (end ?? characters.count - 1) + 1
    }
    return result
  }

  static func shortened(_ value: ArraySlice<Character>) -> String {
    let line = value.prefix { !$0.isNewline }
    var kept = line.prefix(limit)
    if kept.count < line.count, kept.last == "\\" { kept = kept.dropLast() }
    return String(kept) + (kept.count < value.count ? "…" : "")
  }

  static func isEscape(at index: Int, in characters: [Character]) -> Bool {
    characters[index] == "\\" && index + 1 < characters.count
      && (characters[index + 1] == "\"" || characters[index + 1] == "\\")
  }

  static func opensQuote(at index: Int, in characters: [Character]) -> Bool {
    guard index > 0 else { return true }
    let before = characters[index - 1]
    return before.isWhitespace || "([{=:,".contains(before)
  }

  static func closingQuote(after start: Int, in characters: [Character]) -> Int? {
    var index = start + 1
    while index < characters.count {
      if isEscape(at: index, in: characters) {
        index += 2
        continue
      }
      if characters[index] == "\"" {
        let next = index + 1
        if next == characters.count || characters[next].isWhitespace
          || ",.;:)]}?!…".contains(characters[next])
        {
          return index
        }
      }
      index += 1
    }
    return nil
  }
}
