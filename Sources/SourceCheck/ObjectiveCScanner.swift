/// The uses of defaults keys in Objective-C: a tokenizer that knows comments,
/// string and character literals and preprocessor lines, then the shapes
/// real code uses: `#define kSound @"sound"`, `NSString *const kSound =
/// @"sound";`, `[defaults boolForKey:kSound]`, `[defaults setBool:YES
/// forKey:kSound]`, `[defaults registerDefaults:@{kSound: @YES}]`.
struct ObjectiveCScanner {
  enum Token: Equatable {
    case identifier(String)
    /// `@"…"` or `"…"`, with escapes resolved.
    case string(String)
    case number(String)
    case punctuation(Character)
    /// `#define NAME` starts a constant; the rest of its line follows as tokens.
    case define(String)
    case endOfDefine
  }

  struct Located {
    var token: Token
    var offset: Int
  }

  let file: String
  let text: String

  func tokens() -> [Located] {
    var result: [Located] = []
    let scalars = Array(text.unicodeScalars)
    var index = 0
    var inDefine = false
    func peek(_ offset: Int) -> Unicode.Scalar? {
      index + offset < scalars.count ? scalars[index + offset] : nil
    }
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == "\n" {
        if inDefine {
          result.append(Located(token: .endOfDefine, offset: index))
          inDefine = false
        }
        index += 1
      } else if scalar == "\\", peek(1) == "\n" {
        index += 2  // a continued line
      } else if scalar.properties.isWhitespace {
        index += 1
      } else if scalar == "/", peek(1) == "/" {
        while index < scalars.count, scalars[index] != "\n" { index += 1 }
      } else if scalar == "/", peek(1) == "*" {
        index += 2
        while index < scalars.count, !(scalars[index] == "*" && peek(1) == "/") { index += 1 }
        index += 2
      } else if scalar == "#" {
        let start = index
        index += 1
        var word = ""
        while index < scalars.count, scalars[index] == " " { index += 1 }
        while index < scalars.count, Self.isIdentifier(scalars[index]) {
          word.unicodeScalars.append(scalars[index])
          index += 1
        }
        if word == "define" {
          while index < scalars.count, scalars[index] == " " { index += 1 }
          var name = ""
          while index < scalars.count, Self.isIdentifier(scalars[index]) {
            name.unicodeScalars.append(scalars[index])
            index += 1
          }
          result.append(Located(token: .define(name), offset: start))
          inDefine = true
        } else {
          // Other directives (#import <…>, #if) are skipped to the end of the line.
          while index < scalars.count, scalars[index] != "\n" { index += 1 }
        }
      } else if scalar == "\"" || (scalar == "@" && peek(1) == "\"") {
        let start = index
        index += scalar == "@" ? 2 : 1
        var value = ""
        while index < scalars.count, scalars[index] != "\"", scalars[index] != "\n" {
          if scalars[index] == "\\", index + 1 < scalars.count {
            index += 1
            switch scalars[index] {
            case "n": value += "\n"
            case "t": value += "\t"
            default: value.unicodeScalars.append(scalars[index])
            }
          } else {
            value.unicodeScalars.append(scalars[index])
          }
          index += 1
        }
        index += 1
        result.append(Located(token: .string(value), offset: start))
      } else if scalar == "'" {
        index += 1
        while index < scalars.count, scalars[index] != "'", scalars[index] != "\n" {
          index += scalars[index] == "\\" ? 2 : 1
        }
        index += 1
      } else if Self.isIdentifierStart(scalar) {
        let start = index
        var word = ""
        while index < scalars.count, Self.isIdentifier(scalars[index]) {
          word.unicodeScalars.append(scalars[index])
          index += 1
        }
        result.append(Located(token: .identifier(word), offset: start))
      } else if ("0"..."9").contains(scalar)
        || (scalar == "@" && peek(1).map { ("0"..."9").contains($0) } == true)
      {
        let start = index
        if scalar == "@" { index += 1 }
        var number = ""
        while index < scalars.count,
          Self.isIdentifier(scalars[index]) || scalars[index] == "." || scalars[index] == "-"
        {
          number.unicodeScalars.append(scalars[index])
          index += 1
        }
        result.append(Located(token: .number(number), offset: start))
      } else {
        result.append(Located(token: .punctuation(Character(scalar)), offset: index))
        index += 1
      }
    }
    if inDefine { result.append(Located(token: .endOfDefine, offset: scalars.count)) }
    return result
  }

  static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
  }

  static func isIdentifier(_ scalar: Unicode.Scalar) -> Bool {
    isIdentifierStart(scalar) || ("0"..."9").contains(scalar)
  }

  /// The file's string constants (`#define` and `NSString *const`).
  func constants(_ tokens: [Located]) -> [String: String] {
    var result: [String: String] = [:]
    for (index, located) in tokens.enumerated() {
      if case .define(let name) = located.token, index + 2 < tokens.count,
        case .string(let value) = tokens[index + 1].token, tokens[index + 2].token == .endOfDefine
      {
        result[name] = value
      }
      // NAME = @"value" ;  preceded in its statement by NSString.
      if case .identifier(let name) = located.token, index + 3 < tokens.count,
        tokens[index + 1].token == .punctuation("="),
        case .string(let value) = tokens[index + 2].token,
        tokens[index + 3].token == .punctuation(";"),
        tokens[max(0, index - 4)..<index].contains(where: { $0.token == .identifier("NSString") })
      {
        result[name] = value
      }
    }
    return result
  }

  /// Every use of a key in the file's message sends.
  func uses(_ tokens: [Located], constants: [String: String], place: (Int) -> SourcePlace)
    -> (uses: [KeyUse], registersAtRunTime: [RuntimeRegistration])
  {
    func key(at index: Int) -> String? {
      guard index < tokens.count else { return nil }
      switch tokens[index].token {
      case .string(let text): return text
      case .identifier(let name): return constants[name]
      default: return nil
      }
    }
    func literal(at index: Int) -> SourceLiteral? {
      guard index < tokens.count else { return nil }
      switch tokens[index].token {
      case .identifier("YES"), .identifier("true"): return .bool(true)
      case .identifier("NO"), .identifier("false"): return .bool(false)
      case .string(let text): return .string(text)
      case .number(let text):
        if let integer = Int64(text) { return .integer(integer) }
        return Double(text.trimmingSuffix("f")).map(SourceLiteral.real)
      case .punctuation("@"):
        return literal(at: index + 1)
      default: return nil
      }
    }
    var uses: [KeyUse] = []
    for (index, located) in tokens.enumerated() {
      guard case .identifier(let name) = located.token, index + 2 < tokens.count,
        tokens[index + 1].token == .punctuation(":")
      else { continue }
      if let getter = DefaultsGetter(method: name), name.hasSuffix("ForKey"),
        let key = key(at: index + 2)
      {
        uses.append(
          KeyUse(key: key, action: .read(getter, fallback: nil), place: place(located.offset)))
      } else if ["setBool", "setInteger", "setFloat", "setDouble", "setObject", "setValue"]
        .contains(name)
      {
        // setBool:VALUE forKey:KEY — find `forKey:` before the closing bracket.
        var cursor = index + 2
        var depth = 0
        while cursor + 2 < tokens.count {
          let token = tokens[cursor].token
          if token == .punctuation("[") || token == .punctuation("(") { depth += 1 }
          if token == .punctuation("]") || token == .punctuation(")") {
            if depth == 0 { break }
            depth -= 1
          }
          if depth == 0, token == .identifier("forKey"),
            tokens[cursor + 1].token == .punctuation(":")
          {
            if let key = key(at: cursor + 2) {
              uses.append(
                KeyUse(
                  key: key, action: .write(literal(at: index + 2)), place: place(located.offset)))
            }
            break
          }
          cursor += 1
        }
      } else if name == "registerDefaults", tokens[index + 2].token == .punctuation("@"),
        index + 3 < tokens.count, tokens[index + 3].token == .punctuation("{")
      {
        // @{ KEY : VALUE , … }
        var cursor = index + 4
        while cursor + 2 < tokens.count, tokens[cursor].token != .punctuation("}") {
          if let key = key(at: cursor), tokens[cursor + 1].token == .punctuation(":") {
            uses.append(
              KeyUse(
                key: key, action: .register(literal(at: cursor + 2)),
                place: place(tokens[cursor].offset)))
          }
          cursor += 1
        }
      }
    }
    return (uses, [])
  }
}

extension String {
  fileprivate func trimmingSuffix(_ suffix: String) -> String {
    hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
  }
}
