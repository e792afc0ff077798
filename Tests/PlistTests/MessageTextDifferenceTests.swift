import Plist
import Testing

/// Two values a message sets side by side (a footer before and after, a key
/// and the one meant) never read the same: `MessageText.quoted(_:against:)`.
struct MessageTextDifferenceTests {
  /// What a reader sees of a message as `prefs` prints it: control characters
  /// escaped, invisible (format) characters not at all, any white space as a
  /// space, canonically equivalent text alike.
  static func seen(_ text: String) -> String {
    var result = ""
    for scalar in text.escapingControlCharacters.unicodeScalars
    where scalar.properties.generalCategory != .format {
      result.unicodeScalars.append(scalar.properties.isWhitespace ? " " : scalar)
    }
    return result
  }

  static let bases = [
    "Acknowledgements\nThis software is acknowledged by its authors.",
    "Line\u{2028}x", "Dark mode", "\n\nMIT License\nCopyright", "Sound", "Caf\u{E9} \"Noir\"",
    String(repeating: "Licensed under the Apache License. ", count: 5),
  ]

  static let substitutes: [Unicode.Scalar] = [
    "x", "\u{200B}", "\u{200E}", "\u{FEFF}", "\u{A0}", " ", "\n", "\r", "\u{2029}", "\u{301}",
    "\u{E9}", "\"", "\\", "\u{7}",
  ]

  /// Every value and each of its one-scalar edits (a scalar replaced,
  /// inserted or removed, at every position).
  static func pairs(of base: String) -> [(String, String)] {
    let scalars = Array(base.unicodeScalars)
    func text(_ scalars: [Unicode.Scalar]) -> String {
      var result = ""
      result.unicodeScalars.append(contentsOf: scalars)
      return result
    }
    var result: [(String, String)] = []
    for position in 0...scalars.count {
      if position < scalars.count {
        var removed = scalars
        removed.remove(at: position)
        result.append((base, text(removed)))
      }
      for substitute in substitutes {
        var inserted = scalars
        inserted.insert(substitute, at: position)
        result.append((base, text(inserted)))
        if position < scalars.count {
          var replaced = scalars
          replaced[position] = substitute
          result.append((base, text(replaced)))
        }
      }
    }
    return result.filter { !$0.0.unicodeScalars.elementsEqual($0.1.unicodeScalars) }
  }

  /// Property: two different values, as a message quotes them against each
  /// other and bounds the message, never look equal, wherever they differ:
  /// beyond the one-line cut, beyond ``MessageText/limit`` characters, in an
  /// invisible character, a no-break space or a line separator. Failed
  /// before (there was only `quoted(_:)`: "Line…" for "Line\u{2028}x" and
  /// "Line\u{2029}x", "Acknowledgements…" for both footers).
  @Test(arguments: bases)
  func differentValuesNeverQuoteAlike(base: String) {
    for (old, new) in Self.pairs(of: base) + Self.pairs(of: base).map({ ($0.1, $0.0) }) {
      let message = MessageText.bounded(
        "changed from \(MessageText.quoted(old, against: new)) to \(MessageText.quoted(new, against: old))"
      )
      #expect(!message.contains { $0.isNewline })
      let quotes = message.split(separator: " to ", maxSplits: 1)
      #expect(quotes.count == 2)
      guard quotes.count == 2 else { continue }
      #expect(
        Self.seen(String(quotes[0].dropFirst("changed from ".count)))
          != Self.seen(String(quotes[1])),
        "\(Array(old.unicodeScalars)) vs \(Array(new.unicodeScalars)): \(message)")
    }
  }

  @Test func aChangeBeyondTheFirstLineIsQuotedFromItsLine() {
    let old = "Acknowledgements\nThis software is acknoledged by its authors."
    let new = "Acknowledgements\nThis software is acknowledged by its authors."
    #expect(
      MessageText.quoted(old, against: new) == "\"…This software is acknoledged by its authors.\"")
    #expect(
      MessageText.quoted(new, against: old) == "\"…This software is acknowledged by its authors.\"")
  }

  @Test func valuesThatLookDifferentAreQuotedAsAlways() {
    #expect(MessageText.quoted("Sound ", against: "Sound") == MessageText.quoted("Sound "))
    #expect(MessageText.quoted("Grey", against: "grey") == "\"Grey\"")
  }

  @Test func aNoBreakSpaceThatIsTheDifferenceIsEscaped() {
    #expect(MessageText.quoted("Dark\u{A0}mode", against: "Dark mode") == "\"Dark\\u{A0}mode\"")
    #expect(MessageText.quoted("Dark mode", against: "Dark\u{A0}mode") == "\"Dark mode\"")
  }

  @Test func separatorsAndInvisibleCharactersAreEscaped() {
    #expect(MessageText.quoted("Line\u{2028}x", against: "Line\u{2029}x") == "\"Line\\u{2028}x\"")
    #expect(
      MessageText.quoted("Zero\u{200B}width", against: "Zerowidth") == "\"Zero\\u{200B}width\"")
  }

  @Test func canonicallyEquivalentSpellingsAreTold() {
    #expect(MessageText.quoted("Caf\u{E9}", against: "Cafe\u{301}") == "\"Caf\\u{E9}\"")
    #expect(MessageText.quoted("Cafe\u{301}", against: "Caf\u{E9}") == "\"Cafe\\u{301}\"")
  }
}

/// A value quoted alone shows its invisible characters. Failed before:
/// Genshin-Pizza-Helper's "\u{200B}⚠️If you don't see…" was quoted raw, like
/// the fr key it is not.
struct MessageTextInvisibleTests {
  @Test(arguments: [
    "\u{200B}", "\u{200E}", "\u{200F}", "\u{2060}", "\u{FEFF}", "\u{202E}", "\u{2066}",
  ])
  func aFormatCharacterIsQuotedAsAnEscape(invisible: String) {
    let code = String(invisible.unicodeScalars.first?.value ?? 0, radix: 16, uppercase: true)
    #expect(MessageText.quoted("\(invisible)⚠️If") == "\"\\u{\(code)}⚠️If\"")
    #expect(MessageText.quoted("a\(invisible)b") == "\"a\\u{\(code)}b\"")
  }

  @Test func joinersInsideWhatTheyJoinAreKept() {
    let family = "👨\u{200D}👩\u{200D}👧"
    #expect(MessageText.quoted(family) == "\"\(family)\"")
    #expect(MessageText.quoted("می\u{200C}خواهم") == "\"می\u{200C}خواهم\"")
  }
}
