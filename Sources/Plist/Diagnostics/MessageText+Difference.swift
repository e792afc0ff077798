extension MessageText {
  /// `value` quoted so that it never reads the same as `other` quoted the same
  /// way (`quoted(other, against: value)`): what ``quoted(_:)`` gives when the
  /// two quotes look different; else the part where they differ, from the
  /// start of its line (an ellipsis marks what is left out), with white space
  /// other than a space (a no-break space, a line break) and invisible
  /// characters written as escapes. A message that sets an old value beside
  /// a new one, or a key beside the one meant, quotes both this way.
  ///
  /// ```swift
  /// MessageText.quoted("Licence\nacknoledged", against: "Licence\nacknowledged")
  /// // "\"…acknoledged\""
  /// MessageText.quoted("Dark\u{A0}mode", against: "Dark mode")  // "\"Dark\\u{A0}mode\""
  /// ```
  public static func quoted(_ value: String, against other: String) -> String {
    let (plain, plainOther) = (quoted(value), quoted(other))
    guard appearance(of: plain) == appearance(of: plainOther) else { return plain }
    let scalars = Array(value.unicodeScalars)
    let otherScalars = Array(other.unicodeScalars)
    guard scalars != otherScalars else { return plain }
    var difference = 0
    while difference < scalars.count, difference < otherScalars.count,
      scalars[difference] == otherScalars[difference]
    {
      difference += 1
    }
    // Canonically equivalent spellings (é as one scalar, or e and an accent) look alike
    // unless every scalar beyond the ASCII is written as its code point.
    let window = excerpt(of: scalars, at: difference, escapingNonASCII: false)
    let otherWindow = excerpt(of: otherScalars, at: difference, escapingNonASCII: false)
    guard appearance(of: window) == appearance(of: otherWindow) else { return window }
    return excerpt(of: scalars, at: difference, escapingNonASCII: true)
  }

  /// How many characters of a line before the difference an excerpt keeps.
  static let context = 24

  /// The quoted excerpt of `scalars` around `difference`, their first
  /// differing scalar: from its line's start (or ``context`` scalars before
  /// it), to the line's end or ``limit`` characters.
  static func excerpt(of scalars: [Unicode.Scalar], at difference: Int, escapingNonASCII: Bool)
    -> String
  {
    var lineStart = difference
    while lineStart > 0, !isLineBreak(scalars[lineStart - 1]) { lineStart -= 1 }
    var start = max(lineStart, difference - context)
    // An excerpt does not open on a combining mark.
    while start > lineStart, start < scalars.count,
      scalars[start].properties.canonicalCombiningClass != .notReordered
    {
      start -= 1
    }
    var body = start > 0 ? "…" : ""
    var shown = body.count
    var index = start
    while index < scalars.count {
      let scalar = scalars[index]
      // The difference itself is shown, a line break too; the line ends the excerpt after it.
      if index > difference, isLineBreak(scalar) { break }
      let token = visible(scalar, escapingNonASCII: escapingNonASCII && index >= difference)
      if shown + token.count > limit - 1, index > difference { break }
      body += token
      shown += token.count
      index += 1
    }
    return "\"" + body + (index < scalars.count ? "…" : "") + "\""
  }

  /// A scalar as an excerpt shows it: escaped when a reader could not see it
  /// or tell it from another (white space but a space, a line break, an
  /// invisible or control character), and a quote or backslash escaped as
  /// ``quoted(_:)`` escapes them.
  static func visible(_ scalar: Unicode.Scalar, escapingNonASCII: Bool) -> String {
    switch scalar {
    case "\"": return "\\\""
    case "\\": return "\\\\"
    case "\n": return "\\n"
    case "\r": return "\\r"
    case " ": return " "
    default: break
    }
    if isLineBreak(scalar) || isInvisible(scalar) || scalar.properties.isWhitespace
      || (escapingNonASCII && !scalar.isASCII)
    {
      // Other controls are escaped where a message is printed, as they always were.
      if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
        if !isLineBreak(scalar) { return String(scalar) }
      }
      return "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }
    return String(scalar)
  }

  /// A scalar that ends a line (`Character.isNewline`'s).
  static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
    default: false
    }
  }

  /// A format character (general category Cf: a zero-width space, a
  /// direction mark, a byte order mark, a bidi control): it draws nothing.
  public static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.generalCategory == .format
  }

  /// What a reader sees of a quote: white space as a space, invisible
  /// characters not at all, a control character as its printed escape;
  /// compared as Swift compares strings (canonical equivalence).
  static func appearance(of text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      if isInvisible(scalar) { continue }
      if scalar.needsEscapingForTerminal {
        result += String(scalar).escapingControlCharacters
      } else if scalar.properties.isWhitespace {
        result += " "
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
