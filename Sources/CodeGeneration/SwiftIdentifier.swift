/// Swift names made from a bundle's keys and values, which are anything:
/// `"Server URL"`, `"3d_touch"`, `"default"`, `"音量"`.
///
/// Words are the runs of characters a Swift identifier may hold; they are
/// joined in lower camel case for members (`serverUrl`, `_3dTouch`) and upper
/// camel case for types. A keyword is written in backticks; the few names that
/// mean something else after a dot (`self`, `Type`, `init`) get a suffix.
///
/// ```swift
/// SwiftIdentifier.lowerCamel("enabled_preference")  // "enabledPreference"
/// SwiftIdentifier.declared("default")               // "`default`"
/// ```
public enum SwiftIdentifier {
  /// The member name for `text` (never empty, never a keyword left bare).
  public static func lowerCamel(_ text: String, fallback: String = "setting") -> String {
    let parts = words(text)
    guard let first = parts.first else { return fallback }
    let name = lowered(first) + parts.dropFirst().map(capitalized).joined()
    return startsWithDigit(name) ? "_" + name : name
  }

  /// The type name for `text`.
  public static func upperCamel(_ text: String, fallback: String = "Setting") -> String {
    let parts = words(text)
    guard !parts.isEmpty else { return fallback }
    let name = parts.map(capitalized).joined()
    return startsWithDigit(name) ? "_" + name : name
  }

  /// `name` as written in a declaration or after a dot.
  public static func declared(_ name: String) -> String {
    keywords.contains(name) ? "`\(name)`" : name
  }

  /// Names that cannot be a member even in backticks, because after a dot
  /// they mean the type itself or its initializer.
  static let meaningful: Set<String> = ["self", "Self", "Type", "Protocol", "init", "_"]

  /// Swift's keywords (a member may use them in backticks).
  static let keywords: Set<String> = [
    "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension",
    "fileprivate", "func", "import", "init", "inout", "internal", "let", "nonisolated", "open",
    "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
    "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default",
    "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw",
    "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "super", "throws",
    "true", "try", "async", "some", "any", "package", "macro",
  ]

  /// Runs of identifier characters; everything else separates words. A word
  /// keeps its inner capitals (`celsiusPref` stays one word).
  static func words(_ text: String) -> [String] {
    // Each word is sliced out of the text whole, not built a scalar at a time
    // (the appends were about a tenth of `generate swift` of a large bundle).
    var result: [String] = []
    let scalars = text.unicodeScalars
    var start: String.UnicodeScalarView.Index?
    var index = scalars.startIndex
    while index < scalars.endIndex {
      if isIdentifierCharacter(scalars[index]) {
        if start == nil { start = index }
      } else if let wordStart = start {
        result.append(String(scalars[wordStart..<index]))
        start = nil
      }
      scalars.formIndex(after: &index)
    }
    if let wordStart = start { result.append(String(scalars[wordStart...])) }
    return result
  }

  static func isIdentifierCharacter(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII {
      // `_` separates words like a space does: `enabled_preference` → `enabledPreference`.
      return ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
        || ("0"..."9").contains(scalar)
    }
    // Beyond ASCII, what Unicode calls identifier characters (letters,
    // marks, digits of any script), as Swift accepts them.
    return scalar.properties.isXIDContinue && !scalar.properties.isDefaultIgnorableCodePoint
  }

  /// `URLString` → `urlString`, `Enabled` → `enabled`, `SOME` → `some`.
  static func lowered(_ word: String) -> String {
    let scalars = Array(word.unicodeScalars)
    if scalars.allSatisfy({ !isLowercase($0) }) { return word.lowercased() }
    var upper = 0
    while upper < scalars.count, isUppercase(scalars[upper]) { upper += 1 }
    // Keep the last capital of a leading acronym: it starts the next word.
    let cut = upper > 1 && upper < scalars.count ? upper - 1 : upper
    let head = String(String.UnicodeScalarView(scalars[..<cut])).lowercased()
    return head + String(String.UnicodeScalarView(scalars[cut...]))
  }

  /// `pref` → `Pref`, `URL` → `Url`, `dB` → `DB`.
  static func capitalized(_ word: String) -> String {
    let scalars = Array(word.unicodeScalars)
    let base =
      scalars.count > 1 && scalars.allSatisfy({ !isLowercase($0) })
      ? word.lowercased() : word
    guard let first = base.first else { return base }
    return first.uppercased() + base.dropFirst()
  }

  static func isLowercase(_ scalar: Unicode.Scalar) -> Bool {
    scalar.isASCII ? ("a"..."z").contains(scalar) : scalar.properties.isLowercase
  }

  static func isUppercase(_ scalar: Unicode.Scalar) -> Bool {
    scalar.isASCII ? ("A"..."Z").contains(scalar) : scalar.properties.isUppercase
  }

  static func startsWithDigit(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first else { return false }
    if first.isASCII { return ("0"..."9").contains(first) }
    return !first.properties.isXIDStart
  }
}

/// Hands out names in the order asked, each distinct from all before it:
/// a name already taken gets the smallest number from 2 that is free
/// (`volume`, `volume2`). The order is the bundle's page order, so the
/// same bundle always gives the same names.
struct NameAllocator {
  private var taken: Set<String>

  init(reserved: Set<String> = []) {
    taken = reserved.union(SwiftIdentifier.meaningful)
  }

  mutating func claim(_ wanted: String) -> String {
    var name = wanted
    var number = 2
    while taken.contains(name) {
      name = wanted + String(number)
      number += 1
    }
    taken.insert(name)
    return name
  }
}
