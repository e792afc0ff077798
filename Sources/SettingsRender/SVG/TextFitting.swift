/// Text fitted to a width as UIKit's labels fit it, for the SVG pictures
/// (which place every line themselves).
///
/// A row's title and value are one-line labels: UILabel's default
/// `lineBreakMode`, `byTruncatingTail`, shows the first line and ends it with
/// "…" where it no longer fits. A section's header and footer wrap
/// (`byWordWrapping`): at spaces and after hyphens, between any two CJK
/// characters, and within a word only when the word alone is wider than the
/// line; the text's own line breaks are kept.
///
/// ```swift
/// TextFitting.truncated("Notifications and sounds", width: 120, size: 17)  // "Notifications a…"
/// TextFitting.wrapped("Shown under the group", width: 90, size: 13)        // ["Shown under", "the group"]
/// ```
public enum TextFitting {
  static let ellipsis = "\u{2026}"

  /// The first line of `text`, cut with "…" to fit `width`.
  public static func truncated(_ text: String, width: Double, size: Double, bold: Bool = false)
    -> String
  {
    let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    let first = String(lines.first ?? "")
    if lines.count <= 1, TextAdvance.width(of: first, size: size, bold: bold) <= width {
      return first
    }
    let room = width - TextAdvance.width(of: ellipsis, size: size, bold: bold)
    var kept = ""
    var used = 0.0
    for character in first {
      let advance = TextAdvance.width(of: String(character), size: size, bold: bold)
      if used + advance > room { break }
      kept.append(character)
      used += advance
    }
    while let last = kept.last, last.isWhitespace { kept.removeLast() }
    return kept + ellipsis
  }

  /// `text` in lines no wider than `width` (a line holding one character is
  /// never split further); at most `maximumLines`, the last cut with "…".
  public static func wrapped(
    _ text: String, width: Double, size: Double, bold: Bool = false, maximumLines: Int = .max
  ) -> [String] {
    var lines: [String] = []
    for paragraph in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      lines += wrappedParagraph(String(paragraph), width: width, size: size, bold: bold)
    }
    guard lines.count > maximumLines, maximumLines > 0 else { return lines }
    var kept = Array(lines.prefix(maximumLines))
    kept[maximumLines - 1] = truncated(
      kept[maximumLines - 1] + "\n", width: width, size: size, bold: bold)
    return kept
  }

  /// One paragraph (no line breaks of its own) broken into lines.
  static func wrappedParagraph(_ paragraph: String, width: Double, size: Double, bold: Bool)
    -> [String]
  {
    var lines: [String] = []
    var line = ""
    var lineWidth = 0.0
    for piece in breakablePieces(paragraph) {
      let pieceWidth = TextAdvance.width(of: piece, size: size, bold: bold)
      if lineWidth + pieceWidth <= width || line.isEmpty && pieceWidth <= width {
        line += piece
        lineWidth += pieceWidth
        continue
      }
      // The spaces that end a line are not drawn: they never push a word down.
      let trimmed = piece.drop { $0 == " " }
      if trimmed.isEmpty { continue }
      if !line.isEmpty { lines.append(trimmingTrailingSpaces(line)) }
      line = ""
      lineWidth = 0
      // A word wider than a whole line is broken between its characters.
      for character in trimmed {
        let advance = TextAdvance.width(of: String(character), size: size, bold: bold)
        if lineWidth + advance > width, !line.isEmpty {
          lines.append(line)
          line = ""
          lineWidth = 0
        }
        line.append(character)
        lineWidth += advance
      }
    }
    lines.append(trimmingTrailingSpaces(line))
    return lines
  }

  /// The paragraph cut where a line may break: each piece is a word with the
  /// spaces before it, a word ending in a hyphen, or one wide (CJK) character.
  static func breakablePieces(_ paragraph: String) -> [String] {
    var pieces: [String] = []
    var current = ""
    var inWord = false
    for character in paragraph {
      let isSpace = character == " " || character == "\t"
      let isWide = character.unicodeScalars.first.map(isIdeographic) ?? false
      if isWide {
        if !current.isEmpty { pieces.append(current) }
        pieces.append(String(character))
        current = ""
        inWord = false
        continue
      }
      if isSpace, inWord {
        pieces.append(current)
        current = ""
        inWord = false
      }
      current.append(isSpace ? " " : character)
      if !isSpace { inWord = true }
      if character == "-" || character == "\u{2010}" {
        pieces.append(current)
        current = ""
        inWord = false
      }
    }
    if !current.isEmpty { pieces.append(current) }
    return pieces
  }

  /// Scripts written without spaces, which break between any two characters.
  static func isIdeographic(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FFFD,
      0xAC00...0xD7A3:
      return true
    default:
      return false
    }
  }

  static func trimmingTrailingSpaces(_ line: String) -> String {
    var line = line
    while line.last == " " { line.removeLast() }
    return line
  }
}
