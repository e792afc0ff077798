/// Passwords made to break URL parsers, the ways of writing them into a
/// store URL, and a search for any piece of one in printed text.
public enum HostilePassword {
  /// Letters no message of prefs holds in capitals, so a piece of a
  /// password in the output is a piece with two of them.
  public static let markers = Array("QZJXKVW")
  public static let hostile = [
    "/", "?", "&", "#", "@", ":", "%", "=", "+", " ", ";", ",", "[", "]", "é", "%2F", "%40",
    "%3F", "%26", "%23", "%25", "%3A", "%2",
  ]

  public static func random(using random: inout SplitMix64) -> String {
    var text = ""
    for _ in 0..<Int.random(in: 6...18, using: &random) {
      text += random.chance(55) ? String(random.pick(markers)) : random.pick(hostile)
    }
    return text
  }

  public enum Placement: CaseIterable, Sendable {
    /// `postgres://app:ENCODED@host/prefs`, every byte but letters and digits encoded.
    case userInformationEncoded
    /// The user information with only what libpq needs encoded (`%`, `@`, `/`).
    case userInformationAsLibpqNeeds
    /// `?password=ENCODED` after the database.
    case queryEncoded
    /// `?password=` with only `%`, `&` and `=` encoded, after the database.
    case queryAsLibpqNeeds
    /// `?password=` with only `%`, `&` and `=` encoded, right after the host.
    case queryAfterTheHost
    /// The password as it is, in the user information.
    case userInformationCareless
    /// The password as it is, in the query.
    case queryCareless

    public var libpqReadsThePassword: Bool {
      self != .userInformationCareless && self != .queryCareless
    }

    public func url(_ secret: String, host: String) -> String {
      switch self {
      case .userInformationEncoded:
        "postgres://app:\(HostilePassword.encoded(secret, keeping: { _ in false }))@\(host)/prefs"
      case .userInformationAsLibpqNeeds:
        "postgres://app:\(HostilePassword.encoded(secret, keeping: Self.keptInUserInformation(secret)))@\(host)/prefs"
      case .queryEncoded:
        "postgres://app@\(host)/prefs?password=\(HostilePassword.encoded(secret, keeping: { _ in false }))"
      case .queryAsLibpqNeeds:
        "postgres://app@\(host)/prefs?sslmode=disable&password=\(HostilePassword.encoded(secret, keeping: { !"%&=".contains($0) }))"
      case .queryAfterTheHost:
        "postgres://app@\(host)?password=\(HostilePassword.encoded(secret, keeping: { !"%&=".contains($0) }))&dbname=prefs"
      case .userInformationCareless: "postgres://app:\(secret)@\(host)/prefs"
      case .queryCareless: "postgres://app@\(host)/prefs?password=\(secret)"
      }
    }

    /// libpq needs `%`, `@` and `/` encoded in a password before the `@`;
    /// prefs also needs `?` encoded when an `=` follows it (else the
    /// password reads as a query, and is refused).
    private static func keptInUserInformation(_ secret: String) -> (Character) -> Bool {
      let question = secret.firstIndex(of: "?")
      let queryShaped = question.map { secret[$0...].contains("=") } ?? false
      return { character in
        !"%@/".contains(character) && !(queryShaped && character == "?")
      }
    }
  }

  /// `text` percent-encoded, but for letters, digits and what `keeping` keeps.
  public static func encoded(_ text: String, keeping: (Character) -> Bool) -> String {
    var result = ""
    for character in text {
      if (character.isASCII && (character.isLetter || character.isNumber)) || keeping(character) {
        result.append(character)
      } else {
        for byte in String(character).utf8 {
          result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
        }
      }
    }
    return result
  }

  /// A piece of `secret` with two marker letters or more that `text` holds,
  /// as it is or percent-encoded; nil when none.
  public static func piece(of secret: String, in text: String) -> String? {
    let characters = Array(secret)
    for start in characters.indices where start + 2 <= characters.count {
      for end in (start + 2)...characters.count {
        let piece = String(characters[start..<end])
        guard piece.count(where: { markers.contains($0) }) >= 2 else { continue }
        let encoded = Self.encoded(piece, keeping: { _ in false })
        for form in [piece, encoded] where text.contains(form) {
          return piece
        }
      }
    }
    return nil
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
