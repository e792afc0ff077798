/// Terminal display width of text: East Asian wide characters and emoji take
/// two columns, combining marks and control characters none. Shared by the
/// diagnostics (carets under the right character) and the terminal form.
///
/// ```swift
/// DisplayWidth.of("Olá 日本")  // 8
/// ```
public enum DisplayWidth {
  public static func of(_ text: String) -> Int {
    var width = 0
    for character in text {
      width += of(character)
    }
    return width
  }

  public static func of(_ character: Character) -> Int {
    guard let first = character.unicodeScalars.first else { return 0 }
    if character.unicodeScalars.count > 1,
      character.unicodeScalars.contains(where: {
        $0.value == 0xFE0F || $0.properties.isEmojiPresentation
      })
    {
      return 2
    }
    return of(first)
  }

  public static func of(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value == 0 { return 0 }
    if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if value == 0x200B { return 0 }
    if scalar.properties.isEmojiPresentation { return 2 }
    switch value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
      return 2
    default:
      return 1
    }
  }
}
