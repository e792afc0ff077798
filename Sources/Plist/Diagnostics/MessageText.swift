/// What a message may quote of a value: its first line, at most ``limit``
/// characters. A message is one line of words (a lint finding, a change
/// `prefs diff` reports); a value it quotes (a FooterText, a strings key) may
/// be a whole licence. A message quotes each value with ``quoted(_:)`` (cut,
/// and its own quotes escaped, so it cannot be read as ending early), and
/// passes through ``bounded(_:)``, so nothing it interpolates prints more.
///
/// ```swift
/// MessageText.bounded("\(MessageText.quoted("Line one\nline two")) has no translation")
/// // "\"Line one…\" has no translation"
/// ```
public enum MessageText {
  /// The characters of a value a message quotes at most.
  public static let limit = 80

  /// A value as a message quotes it: in quotes, cut to its first line of text and
  /// ``limit`` characters (an ellipsis marks the cut), its own quotes and
  /// backslashes escaped, so that ``bounded(_:)`` finds where it ends
  /// whatever it holds (`the "License"`), and its invisible format characters
  /// (a zero-width space, a direction mark, a byte order mark) written as
  /// `\u{200B}`, so it never reads as another value.
  ///
  /// ```swift
  /// MessageText.quoted("the \"License\"")  // "\"the \\\"License\\\"\""
  /// ```
  public static func quoted(_ value: String) -> String {
    if let ascii = quotedASCII(value) { return ascii }
    var result = "\""
    // A value that starts with blank lines (a licence's FooterText) is quoted from its
    // first line of text; spaces around a one-line value (a Key's) are kept.
    var text = value[...]
    if let first = value.firstIndex(where: { !$0.isWhitespace }),
      let lineBreak = value[..<first].lastIndex(where: \.isNewline)
    {
      text = value[value.index(after: lineBreak)...]
    }
    for character in shortened(text) {
      if character == "\"" || character == "\\" { result.append("\\") }
      if character.unicodeScalars.contains(where: isInvisible) {
        result += escapingInvisibles(character)
      } else {
        result.append(character)
      }
    }
    return result + "\""
  }

  /// What ``quoted(_:)`` gives of text of ASCII without a carriage return, worked out
  /// byte by byte (one character a byte; no ASCII character is a format character):
  /// finding grapheme breaks and each character's scalar properties took about 48,000
  /// instructions a key, most of a lint of a table of 400,000 unused entries. Nil for
  /// any other text, or text not stored contiguously.
  static func quotedASCII(_ value: String) -> String? {
    let quote = UInt8(ascii: "\"")
    let backslash = UInt8(ascii: "\\")
    func isNewline(_ byte: UInt8) -> Bool { (0x0A...0x0D).contains(byte) }
    func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
    return value.utf8.withContiguousStorageIfAvailable { bytes -> String? in
      guard bytes.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) else { return nil }
      // From the first line of text, as `quoted(_:)` takes a value opening with blank lines.
      var start = 0
      if let first = bytes.firstIndex(where: { !isWhitespace($0) }),
        let lineBreak = bytes[..<first].lastIndex(where: isNewline)
      {
        start = lineBreak + 1
      }
      // Where `shortened(_:)` cuts.
      var end = start
      while end < bytes.count, end - start < limit, !isNewline(bytes[end]) { end += 1 }
      if end < bytes.count, !isNewline(bytes[end]), end > start, bytes[end - 1] == backslash {
        end -= 1
      }
      var result: [UInt8] = [quote]
      result.reserveCapacity(end - start + 8)
      for byte in bytes[start..<end] {
        if byte == quote || byte == backslash { result.append(backslash) }
        result.append(byte)
      }
      if end < bytes.count { result.append(contentsOf: "…".utf8) }
      result.append(quote)
      return String(decoding: result, as: UTF8.self)
    } ?? nil
  }

  /// A character with its invisible (format) scalars as escapes (`\u{200B}`),
  /// so a message never quotes text that looks like another; a joiner inside
  /// an emoji or a word (U+200D, U+200C) or an emoji tag is part of what it
  /// draws and is kept.
  static func escapingInvisibles(_ character: Character) -> String {
    var result = ""
    for (offset, scalar) in character.unicodeScalars.enumerated() {
      let joins =
        offset > 0
        && (scalar == "\u{200C}" || scalar == "\u{200D}"
          || (0xE0020...0xE007F).contains(scalar.value))
      if isInvisible(scalar), !joins {
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// The message with each quoted value cut to its first line and ``limit``
  /// characters (an ellipsis marks the cut), and any line break outside
  /// quotes (an unquoted value's) made a space.
  public static func bounded(_ message: String) -> String {
    if asciiUnchanged(message) == true { return message }
    let characters = characters(of: message)
    guard characters.contains(where: \.isNewline) || characters.count > limit,
      changes(characters)
    else { return message }
    var result = ""
    var index = 0
    while index < characters.count {
      let character = characters[index]
      if isEscape(at: index, in: characters) {
        // An escaped quote or backslash (a ``quoted(_:)`` value's own) opens nothing.
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

  /// The message's characters. Text of ASCII without a carriage return (most
  /// messages) is one character per byte: made so without the cost of
  /// finding grapheme breaks, which dominated a run of 300,000 findings.
  static func characters(of message: String) -> [Character] {
    let utf8 = message.utf8
    guard utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) else { return Array(message) }
    return utf8.map { Character(Unicode.Scalar($0)) }
  }

  /// Whether ``bounded(_:)`` changes the message: a line break, or a quoted
  /// value longer than ``limit`` characters. Most messages quote values that
  /// ``quoted(_:)`` cut already, and are returned as they are.
  static func changes(_ characters: [Character]) -> Bool {
    var index = 0
    while index < characters.count {
      if isEscape(at: index, in: characters) {
        index += 2
        continue
      }
      guard characters[index] == "\"", opensQuote(at: index, in: characters) else {
        if characters[index].isNewline { return true }
        index += 1
        continue
      }
      let end = closingQuote(after: index, in: characters)
      let value = characters[(index + 1)..<(end ?? characters.count)]
      if value.count > limit || value.contains(where: \.isNewline) { return true }
      index = (end ?? characters.count - 1) + 1
    }
    return false
  }

  /// For a message of ASCII without a carriage return (one character per
  /// byte), whether ``changes(_:)`` finds nothing to change, worked out on its
  /// bytes as ``changes(_:)`` does on characters; nil for any other message.
  static func asciiUnchanged(_ message: String) -> Bool? {
    var message = message
    return message.withUTF8 { bytes -> Bool? in
      guard bytes.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) else { return nil }
      // Character.isNewline and isWhitespace of the ASCII characters.
      func isNewline(_ byte: UInt8) -> Bool { (0x0A...0x0D).contains(byte) }
      func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
      let quote = UInt8(ascii: "\"")
      let backslash = UInt8(ascii: "\\")
      func isEscape(at index: Int) -> Bool {
        bytes[index] == backslash && index + 1 < bytes.count
          && (bytes[index + 1] == quote || bytes[index + 1] == backslash)
      }
      func opensQuote(at index: Int) -> Bool {
        guard index > 0 else { return true }
        switch bytes[index - 1] {
        case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: "="),
          UInt8(ascii: ":"), UInt8(ascii: ","):
          return true
        case let byte: return isWhitespace(byte)
        }
      }
      func closingQuote(after start: Int) -> Int? {
        var index = start + 1
        while index < bytes.count {
          if isEscape(at: index) {
            index += 2
            continue
          }
          if bytes[index] == quote {
            let next = index + 1
            // "…" is no ASCII: the other closing marks are.
            guard next < bytes.count else { return index }
            switch bytes[next] {
            case UInt8(ascii: ","), UInt8(ascii: "."), UInt8(ascii: ";"), UInt8(ascii: ":"),
              UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: "?"),
              UInt8(ascii: "!"):
              return index
            case let byte where isWhitespace(byte): return index
            default: break
            }
          }
          index += 1
        }
        return nil
      }
      guard bytes.contains(where: isNewline) || bytes.count > limit else { return true }
      var index = 0
      while index < bytes.count {
        if isEscape(at: index) {
          index += 2
          continue
        }
        guard bytes[index] == quote, opensQuote(at: index) else {
          if isNewline(bytes[index]) { return false }
          index += 1
          continue
        }
        let end = closingQuote(after: index)
        let value = bytes[(index + 1)..<(end ?? bytes.count)]
        if value.count > limit || value.contains(where: isNewline) { return false }
        index = (end ?? bytes.count - 1) + 1
      }
      return true
    }
  }

  /// What the other `shortened` gives of `Array(value)`, walking only as far
  /// as the cut: a quoted licence is not split into characters whole.
  static func shortened(_ value: Substring) -> String {
    var end = value.startIndex
    var count = 0
    while end < value.endIndex, count < limit, !value[end].isNewline {
      value.formIndex(after: &end)
      count += 1
    }
    // The line is cut (it goes on past `end`): an escape's backslash is not left alone.
    if end < value.endIndex, !value[end].isNewline, count > 0,
      value[value.index(before: end)] == "\\"
    {
      value.formIndex(before: &end)
    }
    return String(value[..<end]) + (end < value.endIndex ? "…" : "")
  }

  /// A quoted value's first line, at most ``limit`` characters; an escape
  /// (`\\"`) is kept whole.
  static func shortened(_ value: ArraySlice<Character>) -> String {
    let line = value.prefix { !$0.isNewline }
    var kept = line.prefix(limit)
    if kept.count < line.count, kept.last == "\\" { kept = kept.dropLast() }
    return String(kept) + (kept.count < value.count ? "…" : "")
  }

  /// A backslash escaping a quote or a backslash, as ``quoted(_:)`` writes them.
  static func isEscape(at index: Int, in characters: [Character]) -> Bool {
    characters[index] == "\\" && index + 1 < characters.count
      && (characters[index + 1] == "\"" || characters[index + 1] == "\\")
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
