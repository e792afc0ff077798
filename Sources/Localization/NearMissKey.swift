/// Two keys that CFBundle tells apart (a table is a dictionary: a key is
/// found only with the very same Unicode scalars) but that a person reads as
/// one: they differ only in letter case, in white space (a trailing space, a
/// no-break space U+00A0 where the other has a space), in Unicode
/// normalization (é as one character, or as e and a combining accent) or in
/// invisible characters (a zero-width space U+200B, a direction mark: format
/// characters, which draw nothing).
/// The one place that says whether a table's key is a near miss of a page's
/// string, and how.
///
/// ```swift
/// NearMissKey.looseForm("Dark\u{A0}Mode ") == NearMissKey.looseForm("dark mode")  // true
/// NearMissKey.difference(between: "Sound ", and: "Sound")  // [.whiteSpace]
/// NearMissKey.difference(between: "\u{200B}Note", and: "Note")  // [.invisibleCharacter]
/// ```
public enum NearMissKey {
  /// One way two keys read alike differ.
  public enum Difference: Sendable, Hashable, CaseIterable {
    case letterCase
    case whiteSpace
    case normalization
    case invisibleCharacter

    /// Why a device does not find one with the other, in words.
    public var reason: String {
      switch self {
      case .letterCase: "keys compare with their letter case"
      case .whiteSpace:
        "keys compare with their white space (a leading or trailing space, a no-break space U+00A0 for a space)"
      case .normalization:
        "keys compare by their Unicode code points (an accented letter written as one character, or as a letter and a combining mark)"
      case .invisibleCharacter:
        "keys compare with their invisible characters (a zero-width space U+200B, a direction mark, a byte order mark U+FEFF)"
      }
    }
  }

  /// The form near misses share: lowercased, without invisible characters,
  /// every run of white space (a no-break space too) one space, none at the
  /// ends. Swift compares (and hashes) strings by canonical equivalence, so
  /// two normalizations of one text share their loose form as a dictionary key.
  public static func looseForm(_ text: String) -> String {
    if let ascii = asciiLooseForm(text) { return ascii }
    return visibleText(text).lowercased().split(whereSeparator: \.isWhitespace).joined(
      separator: " ")
  }

  /// ``looseForm(_:)`` of a text of ASCII, in one pass over its bytes (lint asks it
  /// of every key of every table): ASCII has no format characters, its letters
  /// lowercase one to one, and its white space is tab to carriage return and
  /// space. Nil for any other text.
  static func asciiLooseForm(_ text: String) -> String? {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    var spaceBefore = false
    for byte in text.utf8 {
      guard byte < 0x80 else { return nil }
      if byte == 0x20 || (0x09...0x0D).contains(byte) {
        spaceBefore = !bytes.isEmpty
        continue
      }
      if spaceBefore {
        bytes.append(0x20)
        spaceBefore = false
      }
      bytes.append((0x41...0x5A).contains(byte) ? byte | 0x20 : byte)
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The text without its format characters (general category Cf), which
  /// draw nothing: what a reader sees of it.
  static func visibleText(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isInvisible) else { return text }
    var result = ""
    result.unicodeScalars.append(contentsOf: text.unicodeScalars.lazy.filter { !isInvisible($0) })
    return result
  }

  static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.generalCategory == .format
  }

  /// How `key` differs from `other` when one is a near miss of the other;
  /// empty when they are the same scalars or no near miss.
  public static func difference(between key: String, and other: String) -> Set<Difference> {
    guard !key.unicodeScalars.elementsEqual(other.unicodeScalars),
      looseForm(key) == looseForm(other)
    else { return [] }
    var found = Set<Difference>()
    let invisible = { (text: String) in Array(text.unicodeScalars.filter(isInvisible)) }
    if invisible(key) != invisible(other) { found.insert(.invisibleCharacter) }
    let (key, other) = (visibleText(key), visibleText(other))
    if whiteSpace(of: key) != whiteSpace(of: other) { found.insert(.whiteSpace) }
    let words = { (text: String) in
      text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
    // Swift compares by canonical equivalence: equal words in other scalars are another normalization.
    if words(key) != words(other) { found.insert(.letterCase) }
    if !words(key).lowercased().unicodeScalars.elementsEqual(
      words(other).lowercased().unicodeScalars)
    {
      found.insert(.normalization)
    }
    // The same visible scalars: only where an invisible character stands differs.
    if found.isEmpty { found.insert(.invisibleCharacter) }
    return found
  }

  /// The runs of white space of a text, as written, the ones at its ends included.
  static func whiteSpace(of text: String) -> [[Unicode.Scalar]] {
    var runs: [[Unicode.Scalar]] = [[]]
    var inSpace = true
    for character in text {
      if character.isWhitespace {
        if !inSpace { runs.append([]) }
        runs[runs.count - 1] += character.unicodeScalars
        inSpace = true
      } else {
        inSpace = false
      }
    }
    if !inSpace { runs.append([]) }
    return runs
  }

  /// The reasons of ``difference(between:and:)``, in words, joined.
  public static func reason(between key: String, and other: String) -> String? {
    let found = difference(between: key, and: other)
    guard !found.isEmpty else { return nil }
    return Difference.allCases.filter(found.contains).map(\.reason).joined(separator: "; ")
  }
}
