import Plist

/// Swift source as the generator writes it. Text can enter it only through an
/// interpolation that names the context it lands in, and each context has one
/// escaping: ``Interpolation/appendInterpolation(comment:)`` for the rest of a
/// `//` or `///` line, ``Interpolation/appendInterpolation(literal:)`` for a
/// string literal, ``Interpolation/appendInterpolation(name:)`` for a name and
/// ``Interpolation/appendInterpolation(value:)`` for a property-list value. A
/// bare `String` cannot be interpolated, so no text from the bundle reaches the
/// file unescaped by mistake.
///
/// ```swift
/// let title = "Volume\n}\nfunc evil() {"
/// let line: SwiftSource = "  /// \(comment: title)\n"
/// // "  /// Volume\\u{A}}\\u{A}func evil() {\n"
/// ```
struct SwiftSource: ExpressibleByStringInterpolation, Sendable, Hashable {
  /// The source text.
  private(set) var text: String

  /// Only text written in the generator's own source is taken as is: a
  /// `String` made at run time has to go through an interpolation.
  init(stringLiteral literal: StaticString) { text = literal.description }

  init(stringInterpolation: Interpolation) { text = stringInterpolation.text }

  static func += (source: inout SwiftSource, more: SwiftSource) { source.text += more.text }

  static func + (first: SwiftSource, second: SwiftSource) -> SwiftSource {
    var result = first
    result += second
    return result
  }

  /// The pieces joined with `separator` between them.
  static func joined(_ pieces: [SwiftSource], separator: SwiftSource) -> SwiftSource {
    var result: SwiftSource = ""
    for (index, piece) in pieces.enumerated() {
      if index > 0 { result += separator }
      result += piece
    }
    return result
  }

  struct Interpolation: StringInterpolationProtocol {
    fileprivate var text = ""

    init(literalCapacity: Int, interpolationCount: Int) {
      text.reserveCapacity(literalCapacity + 16 * interpolationCount)
    }

    mutating func appendLiteral(_ literal: StaticString) { text += literal.description }

    /// Source written by the generator.
    mutating func appendInterpolation(_ source: SwiftSource) { text += source.text }

    /// Text for the rest of one comment line: nothing in it can end the line.
    mutating func appendInterpolation(comment: String) {
      text += SwiftEscaping.commentLine(comment)
    }

    /// A string literal that says exactly `text`.
    mutating func appendInterpolation(literal: String) { text += SwiftLiteral.string(literal) }

    /// A name as it is declared or written after a dot: one identifier token.
    mutating func appendInterpolation(name: String) { text += SwiftEscaping.identifier(name) }

    /// A property-list value as a Foundation object expression.
    mutating func appendInterpolation(value: PlistValue) { text += SwiftLiteral.expression(value) }

    /// A number the generator counted (a line number).
    mutating func appendInterpolation(_ number: Int) { text += String(number) }

    /// A `Double` literal that reads back as the same number.
    mutating func appendInterpolation(real: Double) { text += SwiftLiteral.real(real) }
  }
}

/// The one escaping of each context text from the bundle can reach in a
/// Swift file.
///
/// ```swift
/// SwiftEscaping.commentLine("a\u{2028}*/b")  // "a\\u{2028}*/b"
/// SwiftEscaping.identifier("default")        // "`default`"
/// ```
public enum SwiftEscaping {
  /// Text that stays on the comment line it starts on: every character that
  /// ends a line for Swift or for an editor (LF, CR, VT, FF, NEL, U+2028,
  /// U+2029), every other control and every invisible or bidirectional format
  /// character written as `\u{…}`. `/*` and `*/` need nothing: a `//` comment
  /// ends only at the end of its line.
  public static func commentLine(_ text: String) -> String {
    // Most text needs no escape: returned as it is, not rebuilt a scalar at a time.
    if !text.unicodeScalars.contains(where: SwiftLiteral.needsEscape) { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      // Every line terminator is among the escaped characters.
      if SwiftLiteral.needsEscape(scalar) {
        result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Every character Swift, Unicode or an editor takes as the end of a line.
  public static func isLineTerminator(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: true
    default: false
    }
  }

  /// The lines of `text`, split at every line terminator (CR LF is one).
  public static func lines(_ text: String) -> [String] {
    var lines: [String] = []
    var current = String.UnicodeScalarView()
    var afterCarriageReturn = false
    for scalar in text.unicodeScalars {
      defer { afterCarriageReturn = scalar == "\r" }
      if scalar == "\n", afterCarriageReturn { continue }
      if isLineTerminator(scalar) {
        lines.append(String(current))
        current = String.UnicodeScalarView()
      } else {
        current.append(scalar)
      }
    }
    lines.append(String(current))
    return lines
  }

  /// `name` as one identifier token: a keyword in backticks, and any
  /// character a Swift identifier cannot hold replaced by `_` (the names the
  /// generator makes never hold one; this keeps a mistake from becoming code).
  public static func identifier(_ name: String) -> String {
    func isAllowed(_ scalar: Unicode.Scalar, at index: Int) -> Bool {
      scalar == "_"
        || SwiftIdentifier.isIdentifierCharacter(scalar)
          && !(index == 0 && SwiftIdentifier.startsWithDigit(String(scalar)))
    }
    // Most names are identifiers already: kept as they are, not rebuilt a scalar at a time.
    if !name.isEmpty,
      name.unicodeScalars.enumerated().allSatisfy({ isAllowed($0.element, at: $0.offset) })
    {
      return SwiftIdentifier.declared(name)
    }
    var safe = String.UnicodeScalarView()
    for (index, scalar) in name.unicodeScalars.enumerated() {
      safe.append(isAllowed(scalar, at: index) ? scalar : "_")
    }
    let text = safe.isEmpty ? "_" : String(safe)
    return SwiftIdentifier.declared(text)
  }
}
