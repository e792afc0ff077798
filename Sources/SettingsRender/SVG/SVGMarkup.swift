/// The one way bundle text enters an SVG picture: as character data or an
/// attribute value, never as markup.
///
/// `&`, `<`, `>` and both quotes become references; a character XML 1.0 does
/// not allow in a document (a control character other than tab, line feed and
/// carriage return, U+FFFE, U+FFFF) becomes U+FFFD, which shows where it was;
/// tab, line feed and carriage return become references too, so that no
/// parser folds them in an attribute. Whatever a bundle's texts hold, the
/// picture's elements are the writer's own.
///
/// ```swift
/// SVGMarkup.escaped("<b>Sound & \"Haptics\"</b>")  // "&lt;b&gt;Sound &amp; &quot;Haptics&quot;&lt;/b&gt;"
/// ```
enum SVGMarkup {
  static func escaped(_ text: String) -> String {
    MarkupEscaping.escaped(text) { scalar, out in
      switch scalar {
      case "\t": out += "&#9;"
      case "\n": out += "&#10;"
      case "\r": out += "&#13;"
      default: out.unicodeScalars.append(isAllowed(scalar) ? scalar : "\u{FFFD}")
      }
    }
  }

  /// XML 1.0's `Char` production (Swift strings hold no lone surrogates).
  static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x9, 0xA, 0xD: true
    case 0x20...0xFFFD: true
    case 0x10000...0x10FFFF: true
    default: false
    }
  }

  /// A number as an attribute value: at most two decimals, no exponent, no `-0`.
  static func number(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    let hundredths = (value * 100).rounded()
    if hundredths == 0 { return "0" }
    let negative = hundredths < 0
    let magnitude = Int(min(abs(hundredths), 1e15))
    let whole = magnitude / 100
    let fraction = magnitude % 100
    var text = (negative ? "-" : "") + String(whole)
    if fraction != 0 {
      text +=
        fraction % 10 == 0
        ? ".\(fraction / 10)" : (fraction < 10 ? ".0\(fraction)" : ".\(fraction)")
    }
    return text
  }
}
