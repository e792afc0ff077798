import Plist

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

  /// The bracket structure of a file's tokens, worked out in one pass so
  /// that every later scan is linear: for each token, the innermost `[`, `(`
  /// or `{` open around it and whether a `;` came between that and the
  /// token; for each opener, its closer.
  struct Structure {
    /// The innermost opener around each token (nil at the top level).
    var enclosing: [Int?]
    /// Whether a `;` of the same level lies between the enclosing opener and the token.
    var afterSemicolon: [Bool]
    /// The closer of each opener, by the opener's index (nil: never closed).
    var closer: [Int: Int]
    /// The outermost opener around each token: a function's or method's body.
    var outermost: [Int?]
  }

  static func isOpener(_ token: Token) -> Bool {
    token == .punctuation("[") || token == .punctuation("(") || token == .punctuation("{")
  }

  static func isCloser(_ token: Token) -> Bool {
    token == .punctuation("]") || token == .punctuation(")") || token == .punctuation("}")
  }

  func structure(_ tokens: [Located]) -> Structure {
    var structure = Structure(
      enclosing: Array(repeating: nil, count: tokens.count),
      afterSemicolon: Array(repeating: false, count: tokens.count), closer: [:],
      outermost: Array(repeating: nil, count: tokens.count))
    var open: [(index: Int, semicolon: Bool)] = []
    var topSemicolon = false
    for (index, located) in tokens.enumerated() {
      structure.enclosing[index] = open.last?.index
      structure.afterSemicolon[index] = open.last?.semicolon ?? topSemicolon
      structure.outermost[index] = open.first?.index
      if Self.isOpener(located.token) {
        open.append((index, false))
      } else if Self.isCloser(located.token) {
        if let opener = open.popLast() { structure.closer[opener.index] = index }
      } else if located.token == .punctuation(";") {
        if open.isEmpty { topSemicolon = true } else { open[open.count - 1].semicolon = true }
      }
    }
    return structure
  }

  /// Visits the tokens of one bracket level, from `start` up to `end`, stepping over
  /// each nested bracket whole (`visit` sees its opener, then the token after its
  /// closer), until `visit` says stop. False when a nested opener has no closer: the
  /// level is cut, and what was visited is all there is.
  @discardableResult
  func forEachAtLevel(
    of tokens: [Located], from start: Int, to end: Int, structure: Structure, steps: inout Int,
    limit: Int = .max, _ visit: (_ index: Int, _ token: Token) -> Bool
  ) -> Bool {
    var cursor = start
    var visited = 0
    while cursor < min(end, tokens.count), visited < limit {
      visited += 1
      steps += 1
      let token = tokens[cursor].token
      guard visit(cursor, token) else { return true }
      if Self.isOpener(token) {
        guard let close = structure.closer[cursor] else { return false }
        cursor = close + 1
      } else {
        cursor += 1
      }
    }
    return true
  }

  /// The longest receiver expression read: real ones are a few tokens
  /// (`[[NSUserDefaults alloc] initWithSuiteName:kGroup]`); a longer one is
  /// not resolved, so that a file of one endless message costs linear time.
  static let maximumReceiverTokens = 256

  static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
  }

  static func isIdentifier(_ scalar: Unicode.Scalar) -> Bool {
    isIdentifierStart(scalar) || ("0"..."9").contains(scalar)
  }

  /// The most tokens a `#define` of a string constant is read for.
  static let maximumDefineParts = 16

  static func isDefinePart(_ token: Token, known: [String: String]) -> Bool {
    switch token {
    case .string: true
    case .identifier(let name): known[name] != nil
    default: false
    }
  }

  /// The file's string constants (`#define` and `NSString *const`).
  func constants(_ tokens: [Located]) -> [String: String] {
    var result: [String: String] = [:]
    for (index, located) in tokens.enumerated() {
      // `#define kSound @"sound"`, and `#define kSound kPrefix @"sound"`: adjacent
      // literals and constants defined before join into one string.
      if case .define(let name) = located.token {
        var value = ""
        var cursor = index + 1
        var complete = false
        while cursor < tokens.count, cursor - index <= Self.maximumDefineParts {
          switch tokens[cursor].token {
          case .string(let part): value += part
          case .identifier(let other) where result[other] != nil: value += result[other] ?? ""
          case .endOfDefine: complete = cursor > index + 1
          default: break
          }
          if complete || !Self.isDefinePart(tokens[cursor].token, known: result) { break }
          cursor += 1
        }
        if complete { result[name] = value }
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

  /// Every use of a key in the file's message sends to a receiver that can be
  /// the defaults, and the file's run-time registration of `Root.plist`.
  func uses(
    _ tokens: [Located], constants: [String: String],
    variables: (String) -> DefaultsReceiver?, steps: inout Int,
    place: (Int) -> SourcePlace
  ) -> (
    uses: [KeyUse], registersAtRunTime: [RuntimeRegistration], unread: [UnreadRegistration]
  ) {
    let structure = structure(tokens)
    steps += tokens.count
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
      // A value given by a constant (`#define CITY_URL_DC @"…"`, `NSString *const`),
      // resolved as keys are.
      case .identifier(let name): return constants[name].map(SourceLiteral.string)
      case .number(let text):
        if let integer = Int64(text) { return .integer(integer) }
        return Double(text.trimmingSuffix("f")).map(SourceLiteral.real)
      case .punctuation("@"):
        return literal(at: index + 1)
      default: return nil
      }
    }
    // `x = [d integerForKey:k]; if (x == 0) x = 5;` (am78/myTimes): the code falls
    // back to 5 itself, as `?? 5` does in Swift.
    func zeroFallback(ofReadAt index: Int) -> SourceLiteral? {
      guard let open = structure.enclosing[index], open >= 2,
        tokens[open - 1].token == .punctuation("="),
        case .identifier(let variable) = tokens[open - 2].token,
        let close = structure.closer[open], close + 1 < tokens.count,
        tokens[close + 1].token == .punctuation(";")
      else { return nil }
      let test: [Token] = [
        .identifier("if"), .punctuation("("), .identifier(variable), .punctuation("="),
        .punctuation("="), .number("0"), .punctuation(")"),
      ]
      var cursor = close + 2
      guard cursor + test.count < tokens.count,
        tokens[cursor..<(cursor + test.count)].map(\.token) == test
      else { return nil }
      cursor += test.count
      if tokens[cursor].token == .punctuation("{") { cursor += 1 }
      guard cursor + 3 < tokens.count, tokens[cursor].token == .identifier(variable),
        tokens[cursor + 1].token == .punctuation("=")
      else { return nil }
      let value = cursor + 2
      let end = tokens[value].token == .punctuation("@") ? value + 2 : value + 1
      guard end < tokens.count, tokens[end].token == .punctuation(";") else { return nil }
      return literal(at: value)
    }
    var uses: [KeyUse] = []
    var unread: [UnreadRegistration] = []
    for (index, located) in tokens.enumerated() {
      guard case .identifier(let name) = located.token, index + 2 < tokens.count,
        tokens[index + 1].token == .punctuation(":"),
        name.hasSuffix("ForKey") || Self.setters.contains(name) || name == "registerDefaults"
      else { continue }
      let receiver = self.receiver(
        ofSendAt: index, in: tokens, structure: structure, constants: constants,
        variables: variables, steps: &steps)
      // `setValue:forKey:` is key-value coding on any object: only a known store counts.
      // So is `valueForKey:`.
      guard receiver.isDefaults,
        !(["setValue", "valueForKey"].contains(name) && receiver == .unresolved)
      else { continue }
      let suite = receiver.suiteName
      if let getter = DefaultsGetter(method: name), name.hasSuffix("ForKey"),
        let key = key(at: index + 2)
      {
        uses.append(
          KeyUse(
            key: key, action: .read(getter, fallback: zeroFallback(ofReadAt: index)),
            place: place(located.offset),
            suite: suite))
      } else if Self.setters.contains(name) {
        // setBool:VALUE forKey:KEY — find `forKey:` before the closing bracket,
        // stepping over nested brackets whole, a bounded number of tokens.
        forEachAtLevel(
          of: tokens, from: index + 2, to: tokens.count - 2, structure: structure, steps: &steps,
          limit: Self.maximumReceiverTokens
        ) { cursor, token in
          if Self.isCloser(token) { return false }
          guard token == .identifier("forKey"), tokens[cursor + 1].token == .punctuation(":")
          else { return true }
          if let key = key(at: cursor + 2) {
            uses.append(
              KeyUse(
                key: key, action: .write(literal(at: index + 2)), place: place(located.offset),
                suite: suite))
          }
          return false
        }
      } else if name == "registerDefaults",
        let open = structure.enclosing[index], tokens[open].token == .punctuation("["),
        !structure.afterSemicolon[index]
      {
        // A send, not a method's declaration (`- (void)registerDefaults:(NSDictionary *)d`)
        // nor `@selector(registerDefaults:)`.
        let entries = registeredEntries(
          argumentAt: index + 2, before: index, in: tokens, structure: structure, steps: &steps)
        let keys = entries?.map { key(at: $0.key) }
        guard let entries, let keys, !keys.contains(nil) else {
          // Keys nobody can name: no key is known to be left unregistered.
          unread.append(UnreadRegistration(place: place(located.offset), suite: suite))
          continue
        }
        for ((keyIndex, valueIndex), key) in zip(entries, keys) {
          guard let key else { continue }
          uses.append(
            KeyUse(
              key: key, action: .register(literal(at: valueIndex)),
              place: place(tokens[keyIndex].offset), suite: suite))
        }
      }
    }
    return (
      uses, runtimeRegistrations(tokens).map { RuntimeRegistration(place: place($0), kinds: nil) },
      unread
    )
  }

  /// The entries a `registerDefaults:` argument registers, as (key, value)
  /// token indices, or nil when the dictionary cannot be read whole (a
  /// method's result, a file's contents, a variable filled in a way not
  /// followed): then it registers keys nobody can name. Read: a literal
  /// `@{K: V, …}`, `dictionaryWithObjectsAndKeys:`, and a variable of the same
  /// body given one of those or an empty dictionary, then filled with
  /// `setObject:forKey:`, `setValue:forKey:`, `d[K] = V` and
  /// `addEntriesFromDictionary:@{…}`. Any other mention of the variable
  /// makes it unread. The look back is bounded, so the scan stays linear.
  func registeredEntries(
    argumentAt argument: Int, before send: Int, in tokens: [Located], structure: Structure,
    steps: inout Int
  ) -> [(key: Int, value: Int)]? {
    guard argument < tokens.count, let open = structure.enclosing[send],
      let close = structure.closer[open]
    else { return nil }
    if case .identifier(let variable) = tokens[argument].token, argument + 1 == close {
      return variableEntries(
        variable, before: open, in: tokens, structure: structure, steps: &steps)
    }
    guard
      let (entries, end) = dictionary(
        at: argument, in: tokens, structure: structure, steps: &steps),
      end == close
    else { return nil }
    return entries
  }

  /// How many `dictionaryWithDictionary:` wrap one another in a dictionary read.
  static let maximumDictionaryNesting = 4

  /// How far back a registered variable's dictionary is looked for, in tokens.
  static let maximumRegistrationLookBack = maximumReceiverTokens

  /// The entries a dictionary expression starting at `start` holds, and the
  /// index just past it: `@{…}`, `@{…}.mutableCopy`, `[@{…} mutableCopy]`,
  /// `[NSMutableDictionary dictionaryWithDictionary:@{…}]`, `[NSDictionary
  /// dictionaryWithObjectsAndKeys:…, nil]`, `[NSDictionary dictionaryWithObject:V
  /// forKey:K]`, `[NSDictionary dictionaryWithObjects:@[…] forKeys:@[…]]`, or an empty one (`[NSMutableDictionary
  /// dictionary]`, `[[NSMutableDictionary alloc] init]`, `… new]`, `…
  /// dictionaryWithCapacity:N]`); nil for any other expression.
  func dictionary(
    at start: Int, in tokens: [Located], structure: Structure, steps: inout Int, nesting: Int = 0
  ) -> (entries: [(key: Int, value: Int)], end: Int)? {
    // Real code copies a literal once; a deeper chain is not read, so that each
    // send's argument costs a bounded number of steps and no deep recursion.
    guard nesting < Self.maximumDictionaryNesting else { return nil }
    steps += 1
    func token(_ index: Int) -> Token? { index < tokens.count ? tokens[index].token : nil }
    func isDictionaryClass(_ index: Int) -> Bool {
      token(index) == .identifier("NSDictionary")
        || token(index) == .identifier("NSMutableDictionary")
    }
    // `@{…}` and `@{…}.mutableCopy`
    if token(start) == .punctuation("@"), token(start + 1) == .punctuation("{") {
      guard let close = structure.closer[start + 1],
        let entries = literalEntries(
          open: start + 1, in: tokens, structure: structure, steps: &steps)
      else { return nil }
      if token(close + 1) == .punctuation("."), token(close + 2) == .identifier("mutableCopy") {
        return (entries, close + 3)
      }
      return (entries, close + 1)
    }
    guard token(start) == .punctuation("["), let close = structure.closer[start] else {
      return nil
    }
    // `[@{…} mutableCopy]`
    if token(start + 1) == .punctuation("@") {
      guard
        let (entries, end) = dictionary(
          at: start + 1, in: tokens, structure: structure, steps: &steps),
        token(end) == .identifier("mutableCopy"), end + 1 == close
      else { return nil }
      return (entries, close + 1)
    }
    // `[[NSMutableDictionary alloc] init…]` or `[NSMutableDictionary …]`
    var selector = start + 2
    if token(start + 1) == .punctuation("["), isDictionaryClass(start + 2),
      token(start + 3) == .identifier("alloc"), token(start + 4) == .punctuation("]")
    {
      selector = start + 5
    } else if !isDictionaryClass(start + 1) {
      return nil
    }
    guard case .identifier(let name) = token(selector) else { return nil }
    let takesArgument = token(selector + 1) == .punctuation(":")
    switch name {
    case "dictionary", "new", "init":
      guard selector + 1 == close else { return nil }
      return ([], close + 1)
    case "dictionaryWithCapacity", "initWithCapacity":
      guard takesArgument else { return nil }
      return ([], close + 1)
    case "dictionaryWithDictionary", "initWithDictionary":
      guard takesArgument,
        let (entries, end) = dictionary(
          at: selector + 2, in: tokens, structure: structure, steps: &steps,
          nesting: nesting + 1),
        end == close
      else { return nil }
      return (entries, close + 1)
    case "dictionaryWithObject":
      // `[NSDictionary dictionaryWithObject:V forKey:K]`: `forKey:` at the send's own level.
      guard takesArgument,
        let key = forKeyArgument(
          from: selector + 2, to: close, in: tokens, structure: structure, steps: &steps)
      else { return nil }
      return ([(key, selector + 2)], close + 1)
    case "dictionaryWithObjects", "initWithObjects":
      // `[NSDictionary dictionaryWithObjects:@[V, …] forKeys:@[K, …]]`, or the
      // arrays as `[NSArray arrayWithObjects:…, nil]`: paired by position.
      guard takesArgument,
        let values = arrayElements(
          at: selector + 2, in: tokens, structure: structure, steps: &steps),
        token(values.end) == .identifier("forKeys"), token(values.end + 1) == .punctuation(":"),
        let keys = arrayElements(
          at: values.end + 2, in: tokens, structure: structure, steps: &steps),
        keys.end == close, keys.elements.count == values.elements.count,
        keys.elements.allSatisfy({ $0.count == 1 })
      else { return nil }
      return (zip(keys.elements, values.elements).map { ($0.lowerBound, $1.lowerBound) }, close + 1)
    case "dictionaryWithObjectsAndKeys", "initWithObjectsAndKeys":
      guard takesArgument,
        let entries = objectsAndKeys(
          from: selector + 2, to: close, in: tokens, structure: structure, steps: &steps)
      else { return nil }
      return (entries, close + 1)
    default: return nil
    }
  }

  /// The elements of an array expression starting at `start`, as token
  /// ranges, and the index just past it: `@[…]`, or `[NSArray arrayWithObjects:…,
  /// nil]`; nil for any other expression.
  private func arrayElements(
    at start: Int, in tokens: [Located], structure: Structure, steps: inout Int
  ) -> (elements: [Range<Int>], end: Int)? {
    func token(_ index: Int) -> Token? { index < tokens.count ? tokens[index].token : nil }
    let open: Int
    let first: Int
    var nilEnded = false
    if token(start) == .punctuation("@"), token(start + 1) == .punctuation("[") {
      (open, first) = (start + 1, start + 2)
    } else if token(start) == .punctuation("["),
      token(start + 1) == .identifier("NSArray")
        || token(start + 1) == .identifier("NSMutableArray"),
      token(start + 2) == .identifier("arrayWithObjects"), token(start + 3) == .punctuation(":")
    {
      (open, first) = (start, start + 4)
      nilEnded = true
    } else {
      return nil
    }
    guard let close = structure.closer[open] else { return nil }
    var elements: [Range<Int>] = []
    var elementStart = first
    let whole = forEachAtLevel(
      of: tokens, from: first, to: close, structure: structure, steps: &steps
    ) {
      cursor, token in
      if token == .punctuation(",") {
        elements.append(elementStart..<cursor)
        elementStart = cursor + 1
      }
      return true
    }
    guard whole else { return nil }
    if elementStart < close { elements.append(elementStart..<close) }
    if nilEnded {
      // `arrayWithObjects:` ends at its `nil`; without it the list is not read.
      guard let last = elements.popLast(), last.count == 1,
        tokens[last.lowerBound].token == .identifier("nil")
      else { return nil }
    }
    guard !elements.contains(where: \.isEmpty) else { return nil }
    return (elements, close + 1)
  }

  /// The key of `… forKey:K]`: `forKey:` at the send's own level (nested
  /// brackets stepped over whole), then one token that ends the send at `close`.
  private func forKeyArgument(
    from start: Int, to close: Int, in tokens: [Located], structure: Structure, steps: inout Int
  ) -> Int? {
    var argument: Int?
    forEachAtLevel(of: tokens, from: start, to: close, structure: structure, steps: &steps) {
      part, token in
      guard token == .identifier("forKey"), part + 1 < close,
        tokens[part + 1].token == .punctuation(":")
      else { return true }
      argument = part + 3 == close ? part + 2 : nil
      return false
    }
    return argument
  }

  /// The entries of a variable registered by name: read where the same body
  /// last assigns it, within the look back, then followed forward to the send.
  private func variableEntries(
    _ variable: String, before send: Int, in tokens: [Located], structure: Structure,
    steps: inout Int
  ) -> [(key: Int, value: Int)]? {
    func token(_ index: Int) -> Token? {
      index >= 0 && index < tokens.count ? tokens[index].token : nil
    }
    // `self.d`, `x->d`: another object's member of the same name.
    func isMember(_ index: Int) -> Bool {
      token(index - 1) == .punctuation(".") || token(index - 1) == .punctuation(">")
    }
    // Not before the body the send is in: another method's variable of the same name is another.
    let bodyStart = structure.outermost[send].map { $0 + 1 } ?? 0
    let windowStart = max(bodyStart, send - Self.maximumRegistrationLookBack)
    var cursor = send - 1
    var assignment: Int?
    while cursor >= windowStart {
      steps += 1
      if token(cursor) == .identifier(variable), token(cursor + 1) == .punctuation("="),
        token(cursor + 2) != .punctuation("="), !isMember(cursor)
      {
        assignment = cursor
        break
      }
      cursor -= 1
    }
    guard let assignment,
      let initial = dictionary(
        at: assignment + 2, in: tokens, structure: structure, steps: &steps),
      token(initial.end) == .punctuation(";")
    else { return nil }
    var entries = initial.entries
    cursor = initial.end
    while cursor < send {
      steps += 1
      guard token(cursor) == .identifier(variable), !isMember(cursor) else {
        cursor += 1
        continue
      }
      // `d[K] = V`
      if token(cursor + 1) == .punctuation("["), token(cursor + 3) == .punctuation("]"),
        token(cursor + 4) == .punctuation("="), token(cursor + 5) != .punctuation("=")
      {
        entries.append((cursor + 2, cursor + 5))
        cursor += 5
        continue
      }
      guard token(cursor - 1) == .punctuation("["), let open = structure.enclosing[cursor],
        open == cursor - 1, let close = structure.closer[open], close < send,
        case .identifier(let selector) = token(cursor + 1), token(cursor + 2) == .punctuation(":")
      else { return nil }
      switch selector {
      case "setObject", "setValue":
        guard
          let key = forKeyArgument(
            from: cursor + 3, to: close, in: tokens, structure: structure, steps: &steps)
        else { return nil }
        entries.append((key, cursor + 3))
      case "addEntriesFromDictionary":
        guard
          let (more, end) = dictionary(
            at: cursor + 3, in: tokens, structure: structure, steps: &steps),
          end == close
        else { return nil }
        entries += more
      default: return nil
      }
      cursor = close + 1
    }
    return entries
  }

  /// `@{ KEY : VALUE , … }`, nested brackets stepped over whole; nil when an
  /// entry's key is not one token (a send, a concatenation): a key not known.
  private func literalEntries(
    open: Int, in tokens: [Located], structure: Structure, steps: inout Int
  ) -> [(key: Int, value: Int)]? {
    var entries: [(key: Int, value: Int)] = []
    guard let end = structure.closer[open] else { return nil }
    var atEntryStart = true
    var keyIsOneToken = true
    let whole = forEachAtLevel(
      of: tokens, from: open + 1, to: end, structure: structure, steps: &steps
    ) { cursor, token in
      if token == .punctuation(",") {
        atEntryStart = true
        return true
      }
      if atEntryStart {
        guard cursor + 1 < end, tokens[cursor + 1].token == .punctuation(":") else {
          keyIsOneToken = false
          return false
        }
        entries.append((cursor, cursor + 2))
        atEntryStart = false
      }
      return true
    }
    return whole && keyIsOneToken ? entries : nil
  }

  /// `VALUE , KEY , VALUE , KEY , … nil`: the elements split at the commas of
  /// the send's own level.
  private func objectsAndKeys(
    from first: Int, to end: Int, in tokens: [Located], structure: Structure, steps: inout Int
  ) -> [(key: Int, value: Int)]? {
    var elements: [Int] = [first]
    forEachAtLevel(of: tokens, from: first, to: end, structure: structure, steps: &steps) {
      cursor, token in
      if token == .punctuation(",") { elements.append(cursor + 1) }
      return true
    }
    var entries: [(key: Int, value: Int)] = []
    var ended = false
    var index = 0
    while index + 1 < elements.count {
      let value = elements[index]
      let key = elements[index + 1]
      if tokens[value].token == .identifier("nil") {
        ended = true
        break
      }
      // A key is one token (a string or a constant) followed by `,` or the end.
      let next = key + 1
      guard next >= end || tokens[next].token == .punctuation(",") else { return nil }
      entries.append((key, value))
      index += 2
    }
    // Without its `nil` the list ends in a value alone, or is cut: not read whole.
    if !ended, index < elements.count, tokens[elements[index]].token != .identifier("nil") {
      return nil
    }
    return entries
  }

  /// The classic `registerDefaultsFromSettingsBundle`: a function or method
  /// body that reads `PreferenceSpecifiers` and their `DefaultValue`s, in a
  /// file that passes a dictionary built at run time to `registerDefaults:`
  /// (in that body, or where the body's result is registered). The offsets
  /// of the `registerDefaults:` sends.
  func runtimeRegistrations(_ tokens: [Located]) -> [Int] {
    var registrations: [Int] = []
    for (index, located) in tokens.enumerated()
    where located.token == .identifier("registerDefaults") && index + 2 < tokens.count
      && tokens[index + 1].token == .punctuation(":")
      && tokens[index + 2].token != .punctuation("@")
    {
      registrations.append(located.offset)
    }
    guard let first = registrations.first else { return [] }
    var depth = 0
    var texts = Set<String>()
    for located in tokens {
      switch located.token {
      case .punctuation("{"):
        if depth == 0 { texts = [] }
        depth += 1
      case .punctuation("}"):
        depth = max(0, depth - 1)
        if depth == 0, texts.contains("PreferenceSpecifiers"), texts.contains("DefaultValue") {
          return [first]
        }
      case .string(let text) where depth > 0: texts.insert(text)
      default: break
      }
    }
    return []
  }

  /// The writes that name their key after `forKey:`.
  static let setters: Set<String> = [
    "setBool", "setInteger", "setFloat", "setDouble", "setObject", "setValue",
  ]

  /// Types whose values are not the defaults, though they answer `objectForKey:`.
  static let otherTypes: Set<String> = [
    "NSUbiquitousKeyValueStore", "NSDictionary", "NSMutableDictionary", "NSCache", "NSMapTable",
    "NSArray", "NSMutableArray", "NSString",
  ]

  /// The receiver of the message send whose selector starts at `index`: the
  /// tokens between its `[` and the selector.
  func receiver(
    ofSendAt index: Int, in tokens: [Located], structure: Structure,
    constants: [String: String], variables: (String) -> DefaultsReceiver?, steps: inout Int
  ) -> DefaultsReceiver {
    guard !structure.afterSemicolon[index], let open = structure.enclosing[index],
      tokens[open].token == .punctuation("[")
    else { return .unresolved }
    return receiver(
      of: tokens[(open + 1)..<index], constants: constants, variables: variables, steps: &steps)
  }

  /// What an expression's tokens are: `[NSUserDefaults standardUserDefaults]`,
  /// `[[NSUserDefaults alloc] initWithSuiteName:kGroup]`, `[NSUbiquitousKeyValueStore
  /// defaultStore]`, `@{…}`, or a variable (`defaults`, `self.defaults`, `_defaults`).
  func receiver(
    of expression: ArraySlice<Located>, constants: [String: String],
    variables: (String) -> DefaultsReceiver?, steps: inout Int
  ) -> DefaultsReceiver {
    if expression.first?.token == .punctuation("@") { return .notDefaults }
    guard expression.count <= Self.maximumReceiverTokens else { return .unresolved }
    steps += expression.count
    let words = expression.compactMap { located -> String? in
      if case .identifier(let word) = located.token { word } else { nil }
    }
    if expression.first?.token == .punctuation("@")
      || words.contains(where: Self.otherTypes.contains)
    {
      return .notDefaults
    }
    if let suite = expression.firstIndex(where: { $0.token == .identifier("initWithSuiteName") }) {
      guard suite + 2 < expression.endIndex else { return .unknownSuite }
      switch expression[suite + 2].token {
      case .string(let name): return .suite(name)
      case .identifier(let name):
        return constants[name].map(DefaultsReceiver.suite) ?? .unknownSuite
      default: return .unknownSuite
      }
    }
    if words.contains("standardUserDefaults") { return .standard }
    if words.contains("NSUserDefaults") { return .standard }
    // `defaults`, `self.defaults`, `_defaults`.
    guard let last = words.last, words.count <= 2, words.count == 1 || words.first == "self" else {
      return .unresolved
    }
    return variables(last) ?? variables(String(last.drop { $0 == "_" })) ?? .unresolved
  }

  /// What the file's variables and properties are, from their declared type
  /// (`NSUserDefaults *defaults`, `NSDictionary *settings`) and from what is
  /// assigned to them (`defaults = [NSUserDefaults standardUserDefaults];`).
  func variables(_ tokens: [Located], constants: [String: String], steps: inout Int)
    -> [String: DefaultsReceiver]
  {
    var declared: [String: DefaultsReceiver] = [:]
    var assigned: [String: DefaultsReceiver] = [:]
    // `NSDictionary *settings`, and a method's parameter `(NSDictionary *)settings`.
    for index in tokens.indices where index + 2 < tokens.count {
      guard case .identifier(let type) = tokens[index].token,
        tokens[index + 1].token == .punctuation("*")
      else { continue }
      let nameIndex = tokens[index + 2].token == .punctuation(")") ? index + 3 : index + 2
      guard nameIndex < tokens.count, case .identifier(let name) = tokens[nameIndex].token else {
        continue
      }
      declared[name] =
        type == "NSUserDefaults" ? .standard : type == "id" ? .unresolved : .notDefaults
    }
    // `NAME = VALUE;`: the value ends at the `;` of its level or where its
    // level closes, found for every assignment in one pass.
    var pending: [[Int]] = [[]]
    var ends: [Int: Int] = [:]
    for (index, located) in tokens.enumerated() {
      steps += 1
      if Self.isOpener(located.token) {
        pending.append([])
      } else if Self.isCloser(located.token) || located.token == .punctuation(";") {
        for start in pending[pending.count - 1] { ends[start] = index }
        pending[pending.count - 1] = []
        if Self.isCloser(located.token), pending.count > 1 { pending.removeLast() }
      }
      if case .identifier = located.token, index + 2 < tokens.count,
        tokens[index + 1].token == .punctuation("=")
      {
        pending[pending.count - 1].append(index)
      }
    }
    for (index, located) in tokens.enumerated() where index + 2 < tokens.count {
      guard case .identifier(let name) = located.token, tokens[index + 1].token == .punctuation("=")
      else { continue }
      let end = max(index + 2, ends[index] ?? tokens.count)
      let value = receiver(
        of: tokens[(index + 2)..<end], constants: constants, variables: { _ in nil },
        steps: &steps)
      if value != .unresolved { assigned[name] = value }
    }
    return declared.merging(assigned) { _, assigned in assigned }
  }
}

extension String {
  fileprivate func trimmingSuffix(_ suffix: String) -> String {
    hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
  }
}
