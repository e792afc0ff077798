/// What a finding's message may quote of a value: its first line, at most
/// ``limit`` characters. A message is one line of words written by a rule;
/// a value it quotes (a FooterText, a strings key) may be a whole privacy
/// policy. Every finding passes through ``bounded(_:)`` as it is added
/// (``RuleReport/add(_:file:place:keyPath:language:severity:fix:)``), so no
/// rule can print more, whatever it interpolates.
///
/// ```swift
/// MessageText.bounded("\"Line one\nline two\" has no translation")
/// // "\"Line one…\" has no translation"
/// ```
public enum MessageText {
  /// The characters of a value a message quotes at most.
  public static let limit = 80

  /// The message with each quoted value cut to its first line and ``limit``
  /// characters (an ellipsis marks the cut), and any line break outside
  /// quotes (an unquoted value's) made a space.
  public static func bounded(_ message: String) -> String {
    guard message.contains(where: \.isNewline) || message.count > limit else { return message }
    let characters = Array(message)
    var result = ""
    var index = 0
    while index < characters.count {
      let character = characters[index]
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

  /// A quoted value's first line, at most ``limit`` characters.
  static func shortened(_ value: ArraySlice<Character>) -> String {
    let line = value.prefix { !$0.isNewline }
    let kept = line.prefix(limit)
    return String(kept) + (kept.count < value.count ? "…" : "")
  }

  /// A quote opens a value at the start, or after a space or an opening bracket.
  static func opensQuote(at index: Int, in characters: [Character]) -> Bool {
    guard index > 0 else { return true }
    let before = characters[index - 1]
    return before.isWhitespace || "([{=:,".contains(before)
  }

  /// The quote that ends the value opened at `start`: one followed by the end,
  /// a space or punctuation, so a value's own quotes ("the "Data" folder") stay inside.
  static func closingQuote(after start: Int, in characters: [Character]) -> Int? {
    var index = start + 1
    while index < characters.count {
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
