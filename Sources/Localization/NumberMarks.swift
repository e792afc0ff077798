import Foundation

/// The marks a language writes numbers with: its decimal and grouping
/// separators, as CLDR gives them (through Foundation's `Locale`). A number
/// written with a mark (`0.00`, `1,000`) reads differently where the marks
/// differ: German writes `0,00`, French `1 000`; Japanese writes `0.00` as English does.
///
/// ```swift
/// NumberMarks(tag: "de") == NumberMarks(tag: "en")  // false
/// NumberMarks(tag: "ja") == NumberMarks(tag: "en")  // true
/// ```
public struct NumberMarks: Sendable, Hashable {
  public var decimal: String
  public var grouping: String

  /// The marks of a language tag (`de`, `pt-BR`); a name that is no tag
  /// gets the marks of the root locale (`.` and `,`).
  public init(tag: String) {
    let locale = Locale(identifier: tag.replacingOccurrences(of: "-", with: "_"))
    decimal = locale.decimalSeparator ?? "."
    grouping = locale.groupingSeparator ?? ","
  }

  /// Whether a text without words is a number written with a mark: a digit,
  /// `.` or `,`, a digit (`0.00`, `1,5`, `0.25x`, `1,000`). Dotted versions
  /// and addresses (`1.2.3`, `10.0.0.1`) are not: they read alike everywhere.
  ///
  /// ```swift
  /// NumberMarks.isWrittenWithMarks("0.00")   // true
  /// NumberMarks.isWrittenWithMarks("10")     // false
  /// NumberMarks.isWrittenWithMarks("1.2.3")  // false
  /// ```
  public static func isWrittenWithMarks(_ text: String) -> Bool {
    let scalars = Array(text.unicodeScalars)
    var marked = false
    var dots = 0
    for index in scalars.indices {
      let scalar = scalars[index]
      guard scalar == "." || scalar == "," else { continue }
      if scalar == "." { dots += 1 }
      if index > 0, index + 1 < scalars.count, isDigit(scalars[index - 1]),
        isDigit(scalars[index + 1])
      {
        marked = true
      }
    }
    return marked && dots < 2
  }

  static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }
}
