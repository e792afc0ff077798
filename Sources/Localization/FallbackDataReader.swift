/// Reads `language-fallback.json` without `JSONDecoder`: every command that picks a
/// language folder decodes it at start-up, and Codable's generic decoding of its
/// 1,100 entries cost about 14 million instructions (a profile of `prefs lint` on a
/// small bundle: 18% of the whole process), a byte scan about a tenth of that.
///
/// It reads any JSON text into ``Value``; ``LanguageFallbackData/decode(_:)`` falls
/// back to `JSONDecoder` whenever it returns nil, so a malformed file still gets
/// `JSONDecoder`'s error and the result never depends on which reader ran.
struct FallbackDataReader {
  indirect enum Value: Equatable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case null
    case array([Value])
    case object([String: Value])

    subscript(key: String) -> Value? {
      if case .object(let members) = self { return members[key] }
      return nil
    }

    var string: String? {
      if case .string(let text) = self { return text }
      return nil
    }

    /// A dictionary of strings, or nil when any member is something else.
    var strings: [String: String]? {
      guard case .object(let members) = self else { return nil }
      var result: [String: String] = [:]
      result.reserveCapacity(members.count)
      for (key, value) in members {
        guard let text = value.string else { return nil }
        result[key] = text
      }
      return result
    }
  }

  private let bytes: [UInt8]
  private var index = 0

  /// The value the whole text holds, or nil when it is not exactly one JSON value.
  static func read(_ text: String) -> Value? {
    var reader = FallbackDataReader(bytes: Array(text.utf8))
    guard let value = reader.value() else { return nil }
    reader.skipSpace()
    return reader.index == reader.bytes.count ? value : nil
  }

  private init(bytes: [UInt8]) { self.bytes = bytes }

  private mutating func skipSpace() {
    while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
  }

  private mutating func take(_ byte: UInt8) -> Bool {
    skipSpace()
    guard index < bytes.count, bytes[index] == byte else { return false }
    index += 1
    return true
  }

  private mutating func value() -> Value? {
    skipSpace()
    guard index < bytes.count else { return nil }
    switch bytes[index] {
    case UInt8(ascii: "{"): return object()
    case UInt8(ascii: "["): return array()
    case UInt8(ascii: "\""): return string().map(Value.string)
    case UInt8(ascii: "t"): return literal("true", .bool(true))
    case UInt8(ascii: "f"): return literal("false", .bool(false))
    case UInt8(ascii: "n"): return literal("null", .null)
    default: return number()
    }
  }

  private mutating func literal(_ word: String, _ value: Value) -> Value? {
    let word = Array(word.utf8)
    guard bytes.count - index >= word.count, Array(bytes[index..<index + word.count]) == word
    else { return nil }
    index += word.count
    return value
  }

  private mutating func object() -> Value? {
    index += 1
    var members: [String: Value] = [:]
    if take(UInt8(ascii: "}")) { return .object(members) }
    repeat {
      skipSpace()
      guard let key = string(), take(UInt8(ascii: ":")), let value = value() else { return nil }
      members[key] = value
    } while take(UInt8(ascii: ","))
    return take(UInt8(ascii: "}")) ? .object(members) : nil
  }

  private mutating func array() -> Value? {
    index += 1
    var elements: [Value] = []
    if take(UInt8(ascii: "]")) { return .array(elements) }
    repeat {
      guard let element = value() else { return nil }
      elements.append(element)
    } while take(UInt8(ascii: ","))
    return take(UInt8(ascii: "]")) ? .array(elements) : nil
  }

  /// A string without escapes is sliced from the bytes; one with escapes is left to
  /// `JSONDecoder` (the data file has none).
  private mutating func string() -> String? {
    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
    let start = index + 1
    var end = start
    while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
      // An escape, or a control character JSON forbids in a string.
      if bytes[end] == UInt8(ascii: "\\") || bytes[end] < 0x20 { return nil }
      end += 1
    }
    guard end < bytes.count else { return nil }
    index = end + 1
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }

  private mutating func number() -> Value? {
    let start = index
    while index < bytes.count,
      bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+")
        || bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: "e")
        || bytes[index] == UInt8(ascii: "E") || (0x30...0x39).contains(bytes[index])
    {
      index += 1
    }
    guard index > start, let number = Double(String(decoding: bytes[start..<index], as: UTF8.self))
    else { return nil }
    return .number(number)
  }
}

extension LanguageFallbackData {
  /// The data from the reader's value, or nil when a member is missing or of
  /// another type than the `Decodable` initializer reads.
  init?(_ root: FallbackDataReader.Value) {
    guard let cldr = root["cldr"], let icu = root["icu"], let apple = root["apple"],
      let legacy = root["legacyFolderNames"],
      let version = cldr["version"]?.string,
      let parentLocales = cldr["parentLocales"]?.strings,
      case .array(let rules)? = cldr["parentLocaleRules"],
      let languageAliases = cldr["languageAliases"]?.strings,
      let likelySubtags = cldr["likelySubtags"]?.strings,
      let localeAliases = icu["localeAliases"]?.strings,
      let aliases = apple["aliases"]?.strings,
      let appleParents = apple["parentLocales"]?.strings,
      case .object(let fallbackMembers)? = apple["fallbackParents"],
      let languageNames = legacy["languageNames"]?.strings,
      let regionAliases = legacy["regionAliases"]?.strings
    else { return nil }
    var ruleNames: [String] = []
    for rule in rules {
      guard let name = rule.string else { return nil }
      ruleNames.append(name)
    }
    var fallbackParents: [String: FallbackParent] = [:]
    for (child, entry) in fallbackMembers {
      guard let parent = entry["parent"]?.string, case .number(let weight)? = entry["distance"],
        let distance = Int(exactly: weight)
      else { return nil }
      fallbackParents[child] = FallbackParent(parent: parent, distance: distance)
    }
    self.init()
    cldrVersion = version
    cldrParentLocales = parentLocales
    cldrParentLocaleRules = ruleNames
    cldrLanguageAliases = languageAliases
    self.likelySubtags = likelySubtags
    icuLocaleAliases = localeAliases
    appleAliases = aliases
    appleParentLocales = appleParents
    appleFallbackParents = fallbackParents
    cfBundleLanguageNames = languageNames
    self.regionAliases = regionAliases
  }
}
