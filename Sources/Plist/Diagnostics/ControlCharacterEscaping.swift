extension String {
  /// The string with every control character (C0, DEL, C1, and the bidi and
  /// line/paragraph separators) written as a visible escape, so that text
  /// read from a file can never drive a terminal.
  ///
  /// ```swift
  /// "a\u{1B}[31m\tb".escapingControlCharacters  // "a\\u{1B}[31m\\tb"
  /// ```
  public var escapingControlCharacters: String { escaping(backslashes: false) }

  /// The same, with each backslash doubled too, so that the escaped text can
  /// be read back unambiguously: a stored backslash-n (`\\n`) differs from a
  /// stored newline (`\n`). For values shown whole (`prefs defaults read`).
  ///
  /// ```swift
  /// "a\\nb\n".escapingControlCharactersAndBackslashes  // "a\\\\nb\\n"
  /// ```
  public var escapingControlCharactersAndBackslashes: String { escaping(backslashes: true) }

  private func escaping(backslashes: Bool) -> String {
    var needsEscaping = false
    for scalar in unicodeScalars
    where scalar.needsEscapingForTerminal || (backslashes && scalar == "\\") {
      needsEscaping = true
      break
    }
    guard needsEscaping else { return self }
    var result = ""
    result.reserveCapacity(utf8.count + 8)
    for scalar in unicodeScalars {
      if backslashes, scalar == "\\" {
        result += "\\\\"
        continue
      }
      guard scalar.needsEscapingForTerminal else {
        result.unicodeScalars.append(scalar)
        continue
      }
      switch scalar {
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      default:
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      }
    }
    return result
  }
}

extension Unicode.Scalar {
  /// Whether a terminal could act on the character rather than show it:
  /// the ones `escapingControlCharacters` escapes, and every output format
  /// (JSON, GitHub commands, XML) must keep from reaching a terminal raw.
  ///
  /// ```swift
  /// Unicode.Scalar(0x1B).needsEscapingForTerminal  // true (ESC)
  /// Unicode.Scalar(0x202E).needsEscapingForTerminal  // true (a bidi override)
  /// ```
  public var needsEscapingForTerminal: Bool {
    switch value {
    case 0x00...0x1F, 0x7F...0x9F: true
    // Bidi overrides and isolates, line and paragraph separators.
    case 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}
