/// The 8-bit encodings a `.strings` table is most often saved in by mistake
/// (TextEdit's and old Xcode's "Western (Mac OS Roman)", Windows' "Western
/// (Windows 1252)"): which of them a file that is not UTF-8 most likely is,
/// to name it and the byte in a message.
///
/// ```swift
/// LegacyEncoding.likely(for: Array("caf\u{E9}".unicodeScalars.map { UInt8($0.value) }))
/// // .windows1252 ("é")
/// ```
public enum LegacyEncoding: String, Sendable, CaseIterable {
  case windows1252 = "Windows-1252"
  case macRoman = "MacRoman"

  /// What the bytes 0x80 to 0xFF are in the encoding (U+FFFD where it has none).
  private var upperHalf: [Character] {
    switch self {
    case .windows1252: Self.windows1252Characters
    case .macRoman: Self.macRomanCharacters
    }
  }

  private static let windows1252Characters = Array(
    "€\u{FFFD}‚ƒ„…†‡ˆ‰Š‹Œ\u{FFFD}Ž\u{FFFD}\u{FFFD}‘’“”•–—˜™š›œ\u{FFFD}žŸ\u{A0}¡¢£¤¥¦§¨©ª«¬\u{AD}®¯°±²³´µ¶·¸¹º»¼½¾¿ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖ×ØÙÚÛÜÝÞßàáâãäåæçèéêëìíîïðñòóôõö÷øùúûüýþÿ"
  )
  private static let macRomanCharacters = Array(
    "ÄÅÇÉÑÖÜáàâäãåçéèêëíìîïñóòôöõúùûü†°¢£§•¶ß®©™´¨≠ÆØ∞±≤≥¥µ∂∑∏π∫ªºΩæø¿¡¬√ƒ≈∆«»…\u{A0}ÀÃÕŒœ–—“”‘’÷◊ÿŸ⁄€‹›ﬁﬂ‡·‚„‰ÂÊÁËÈÍÎÏÌÓÔ\u{F8FF}ÒÚÛÙıˆ˜¯˘˙˚¸˝˛ˇ"
  )

  /// The character a byte of 0x80 or more stands for in the encoding.
  public func character(for byte: UInt8) -> Character? {
    guard byte >= 0x80 else { return Character(Unicode.Scalar(byte)) }
    let character = upperHalf[Int(byte - 0x80)]
    return character == "\u{FFFD}" ? nil : character
  }

  /// The encoding whose reading of the file's bytes above 0x7F makes the
  /// most letters, lowercase ones counting twice (accented letters in one
  /// are punctuation or capitals in the other),
  /// nil when the file has no such byte. A tie goes to Windows-1252.
  public static func likely(for bytes: some Collection<UInt8>) -> LegacyEncoding? {
    var letters: [LegacyEncoding: Int] = [:]
    var seen = false
    for byte in bytes where byte >= 0x80 {
      seen = true
      // Text is mostly lowercase: é in one is often a capital (È, Ž) in the other.
      for encoding in allCases {
        guard let character = encoding.character(for: byte), character.isLetter else { continue }
        letters[encoding, default: 0] += character.isLowercase ? 2 : 1
      }
    }
    guard seen else { return nil }
    return (letters[.macRoman] ?? 0) > (letters[.windows1252] ?? 0) ? .macRoman : .windows1252
  }
}
