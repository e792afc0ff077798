import TextWidth

/// How wide a text is drawn in the SVG pictures, which place every line
/// themselves (SVG has no text layout of its own).
///
/// The pictures name the system fonts first and Liberation Sans, the font
/// metric-compatible with Arial and Helvetica that Debian's Chromium draws
/// them in, last; a text is measured with Liberation Sans's advance widths
/// for the Latin, Greek and Cyrillic letters and punctuation it has
/// (`TextAdvance+LiberationSans.swift`, written by `scripts/font-advances.py`).
/// Any other character is measured by the TextWidth module's terminal
/// columns: a wide one (CJK, emoji) one em, a combining mark or format
/// character nothing, any other 0.556 em (the width of a digit). San
/// Francisco, which iOS draws in, is a little narrower than Arial: a picture
/// cuts a title a few characters later than an iPhone would, never earlier.
///
/// ```swift
/// TextAdvance.width(of: "General", size: 17)  // 63.1…
/// ```
public enum TextAdvance {
  /// One run of consecutive code points and their advances (1/2048 em; 0xFFFF: no glyph).
  struct Run: Sendable {
    let first: UInt32
    let advances: [UInt16]
  }

  static let unitsPerEm = 2048.0

  /// The width of `text` at `size` points (one point = one SVG user unit).
  public static func width(of text: String, size: Double, bold: Bool = false) -> Double {
    var units = 0.0
    for character in text {
      units += advance(of: character, bold: bold)
    }
    return units / unitsPerEm * size
  }

  /// The advance of one character, in 1/2048 em: its first scalar's (a
  /// combining sequence is as wide as its base, an emoji sequence one em).
  static func advance(of character: Character, bold: Bool) -> Double {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if scalars.count > 1, DisplayWidth.of(character) == 2 { return unitsPerEm }
    return advance(of: first, bold: bold)
  }

  static func advance(of scalar: Unicode.Scalar, bold: Bool) -> Double {
    let runs = bold ? boldRuns : regularRuns
    let value = scalar.value
    for run in runs where value >= run.first {
      let offset = Int(value - run.first)
      guard offset < run.advances.count else { continue }
      let advance = run.advances[offset]
      if advance != 0xFFFF { return Double(advance) }
      break
    }
    switch DisplayWidth.of(scalar) {
    case 0: return 0
    case 2: return unitsPerEm
    default: return 1139
    }
  }
}
