import Plist

/// The one way bundle text enters an HTML page: as character data or a
/// double-quoted attribute value, never as markup.
///
/// `&`, `<`, `>` and both quotes become references. A character that could
/// act rather than show (a control character, a bidi override or isolate, a
/// line or paragraph separator, the terminal's list of them) is written as a
/// visible `\u{…}` escape, as `prefs` shows such text everywhere, so a
/// reviewer sees it; a line feed stays one in text (a footer's lines) and is
/// `\n` in an attribute. The bidi marks (U+200E, U+200F, U+061C) that
/// translations use stay, since they reorder nothing beyond their own text.
/// Noncharacters become U+FFFD.
///
/// ```swift
/// HTMLText.escaped("<b>Sound & \"Haptics\"</b>")  // "&lt;b&gt;Sound &amp; &quot;Haptics&quot;&lt;/b&gt;"
/// HTMLText.escaped("a\u{202E}b")                  // "a\\u{202E}b"
/// ```
enum HTMLText {
  /// Text as character data.
  static func escaped(_ text: String) -> String { escape(text, inAttribute: false) }

  /// Text as the value of a double-quoted attribute.
  static func attribute(_ text: String) -> String { escape(text, inAttribute: true) }

  private static func escape(_ text: String, inAttribute: Bool) -> String {
    MarkupEscaping.escaped(shown(text)) { scalar, out in
      if scalar == "\n", inAttribute {
        out += "\\n"
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
  }

  /// The text a reader is shown, before any markup escaping: a character
  /// that could act rather than show as a visible `\u{…}` escape (`\r`, `\t`
  /// for those two), the bidi marks and line feeds kept, a noncharacter as
  /// U+FFFD. What this writes holds no markup character that `text` did not.
  ///
  /// ```swift
  /// HTMLText.shown("a\u{202E}<b")  // "a\\u{202E}<b"
  /// ```
  static func shown(_ text: String) -> String {
    var out = ""
    out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n", "\u{200E}", "\u{200F}", "\u{061C}": out.unicodeScalars.append(scalar)
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if scalar.needsEscapingForTerminal {
          out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        } else if isNoncharacter(scalar) {
          out += "\u{FFFD}"
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out
  }

  /// U+FDD0…U+FDEF and the last two code points of every plane: HTML's
  /// noncharacters, a parse error wherever they stand.
  static func isNoncharacter(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    return (0xFDD0...0xFDEF).contains(value) || value & 0xFFFE == 0xFFFE
  }

  /// A name that is safe as (part of) an `id` and a URL fragment whatever it
  /// is made of: ASCII letters and digits stay, every other byte of its UTF-8
  /// is `_` and two hex digits, so two names never give one id and `-` is
  /// free to join parts.
  ///
  /// ```swift
  /// HTMLText.idPart("Advanced")     // "Advanced"
  /// HTMLText.idPart("a/b c")        // "a_2Fb_20c"
  /// ```
  static func idPart(_ name: String) -> String {
    var out = ""
    for byte in name.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"):
        out.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = String(byte, radix: 16, uppercase: true)
        out += "_" + (hex.count == 1 ? "0" + hex : hex)
      }
    }
    return out
  }
}
