/// The part of escaping that HTML pages and SVG pictures share: `&`, `<`, `>`
/// and both quotes become references, so text never closes an element or an
/// attribute. Every other scalar goes to `other`, which holds the format's own
/// rule (what HTML shows as a visible escape, what XML cannot hold at all).
///
/// ```swift
/// MarkupEscaping.escaped("a < b") { scalar, out in out.unicodeScalars.append(scalar) }
/// // "a &lt; b"
/// ```
enum MarkupEscaping {
  static func escaped(
    _ text: String, other: (Unicode.Scalar, inout String) -> Void
  ) -> String {
    var out = ""
    out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      default: other(scalar, &out)
      }
    }
    return out
  }
}
