/// How deep the syntax of a Swift file would nest, estimated from its bytes
/// before anything parses it. swift-syntax's parser and its visitors recurse
/// once a level: brackets, and chains without brackets (`a.b.c…`, `f()()…`,
/// `try try …`, `T -> T -> …`, `T???…`, `else if …`) nest the tree as deep as
/// they are long, and a few thousand levels overflow a thread's stack. Its
/// type lookahead also tries every run of `[` and `<` twice a level: 28 nested
/// `[` take minutes. A file past either limit is skipped, with the line where
/// the limit is crossed; below them parsing and visiting stay far inside the
/// stack of any thread the scan runs on.
///
/// The scan knows comments, string literals (raw, multi-line, with
/// interpolations) and statement ends only as far as counting needs: it can
/// only skip a file, never change what is found in one that is read.
///
/// ```swift
/// if let excess = SwiftNesting.excess(in: Array(text.utf8)) { skip(at: excess.line) }
/// ```
struct SwiftNesting {
  /// The nesting the tree may reach: a bracket is a level, and so is each
  /// link of a chain (`.name`, a call or subscript after an expression, `?`,
  /// `!`, `->`, `try`, `await`, `else`). Real code stays below a hundred.
  static let maximumDepth = 240
  /// The longest run of `[` and generic `<` opened one inside another with no
  /// `(` or `{` between (`[[[[`, `[Array<[Array<`): the parser's lookahead
  /// costs about twice as much for each (measured in a debug build: 1.4 times
  /// ordinary code a byte at 4, 3 times at 6). Real code stays at 4 or below.
  static let maximumTypeRun = 5
  /// How deep `#if` blocks may nest: the parser's lookahead recurses once a
  /// level (2,000 overflow its stack) and its work grows faster than the
  /// depth (200 took 1.7 s in a debug build). Real code nests a few.
  static let maximumConditionalDepth = 32

  enum Limit: Sendable, Hashable {
    case depth
    case typeRun
    case conditionalDepth
  }

  /// Where a file first passes a limit.
  struct Excess: Sendable, Hashable {
    var limit: Limit
    /// 1-based.
    var line: Int
    /// 1-based, in bytes: where the token that crosses the limit starts.
    var column = 1
  }

  /// An open bracket, string or interpolation.
  private struct Frame {
    enum Kind: Equatable {
      case parenthesis, square, brace, angle, file
      /// A string literal with this many `#` (raw strings), on one line or several.
      case string(hashes: Int, multiline: Bool)
    }
    var kind: Kind
    /// Links of the chain being read at this level.
    var chain = 0
    /// Nested `[` and `<` with nothing else between, this one included.
    var typeRun = 0
    /// Whether only names have come since this frame opened, so that a `[`
    /// or `<` now goes on with its run (`[Array<[`, not `["a": [`).
    var pure = true
  }

  /// Where `bytes` first nest past a limit; nil when they do not.
  static func excess(in bytes: [UInt8]) -> Excess? {
    var scanner = SwiftNesting(bytes: bytes)
    return scanner.run()
  }

  /// The deepest nesting and the longest type run of a file, however deep,
  /// and the steps the scan took: for tests.
  static func measure(_ bytes: [UInt8]) -> (depth: Int, typeRun: Int, steps: Int) {
    var scanner = SwiftNesting(
      bytes: bytes, maximumDepth: .max - 1, maximumTypeRun: .max - 1,
      maximumConditionalDepth: .max - 1)
    _ = scanner.run()
    return (scanner.deepest, scanner.longestTypeRun, scanner.steps)
  }

  private let bytes: [UInt8]
  private let maximumDepth: Int
  private let maximumTypeRun: Int
  private let maximumConditionalDepth: Int
  private var deepest = 0
  private var longestTypeRun = 0
  private var index = 0
  private var line = 1
  /// Where the current line and the current token start.
  private var lineStart = 0
  private var tokenStart = 0
  private var frames = [Frame(kind: .file)]
  /// Open brackets (not strings, not angles) plus every level's chain.
  private var depth = 0
  /// The last byte of code that was not white space, 0 at a statement start.
  private var previous: UInt8 = 0
  /// Whether the last word was `else` (`else if` goes on with the chain).
  private var afterElse = false
  /// Whether a line ended since the last token.
  private var statementMayEnd = false
  /// Bytes read and frames looked at: for tests that the scan is linear.
  private var steps = 0
  /// `#if` blocks open here (an `#endif` with none open is ignored).
  private var conditionals = 0

  private init(
    bytes: [UInt8], maximumDepth: Int = Self.maximumDepth,
    maximumTypeRun: Int = Self.maximumTypeRun,
    maximumConditionalDepth: Int = Self.maximumConditionalDepth
  ) {
    self.bytes = bytes
    self.maximumDepth = maximumDepth
    self.maximumTypeRun = maximumTypeRun
    self.maximumConditionalDepth = maximumConditionalDepth
  }

  /// Whether the directive `name` (`#if`, not `#ifdef` or `#iffy`) starts here.
  private func startsDirective(_ name: String) -> Bool {
    var offset = 0
    for unit in name.utf8 {
      guard byte(offset) == unit else { return false }
      offset += 1
    }
    return !Self.isIdentifier(byte(offset))
  }

  private func byte(_ offset: Int) -> UInt8 {
    index + offset < bytes.count ? bytes[index + offset] : 0
  }

  private static func isIdentifier(_ byte: UInt8) -> Bool {
    (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A)
      || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F || byte == 0x24 || byte >= 0x80
  }

  private static let chainKeywords: Set<[UInt8]> = [
    "try", "await", "else", "some", "any", "throws", "async", "consume", "copy", "each",
    "repeat", "inout",
  ].map { Array($0.utf8) }.reduce(into: []) { $0.insert($1) }

  /// Words that start a statement or a declaration: a new chain.
  private static let statementKeywords: Set<[UInt8]> = [
    "let", "var", "return", "func", "case", "if", "guard", "while", "for", "in", "switch",
    "import", "struct", "class", "enum", "extension", "protocol", "init", "do", "catch",
    "throw", "defer", "where", "default", "static", "private", "public", "internal",
    "fileprivate", "override", "final", "typealias", "subscript", "deinit",
  ].map { Array($0.utf8) }.reduce(into: []) { $0.insert($1) }

  private mutating func link() -> Excess? {
    frames[frames.count - 1].chain += 1
    depth += 1
    deepest = max(deepest, depth)
    return depth > maximumDepth
      ? Excess(limit: .depth, line: line, column: tokenStart - lineStart + 1) : nil
  }

  private mutating func resetChain() {
    depth -= frames[frames.count - 1].chain
    frames[frames.count - 1].chain = 0
  }

  private mutating func open(_ kind: Frame.Kind) -> Excess? {
    let parent = frames[frames.count - 1]
    var frame = Frame(kind: kind)
    if kind == .square || kind == .angle {
      let parentRun =
        (parent.kind == .square || parent.kind == .angle) && parent.pure ? parent.typeRun : 0
      frame.typeRun = parentRun + 1
      longestTypeRun = max(longestTypeRun, frame.typeRun)
      if frame.typeRun > maximumTypeRun {
        return Excess(limit: .typeRun, line: line, column: tokenStart - lineStart + 1)
      }
    }
    frames.append(frame)
    if kind != .angle, kind != .file {
      if case .string = kind {} else { depth += 1 }
    }
    deepest = max(deepest, depth)
    return depth > maximumDepth
      ? Excess(limit: .depth, line: line, column: tokenStart - lineStart + 1) : nil
  }

  /// Closes the nearest open frame of `kind`, and the angles above it; a
  /// close with no such frame in the current string or file is ignored.
  private mutating func close(_ kind: Frame.Kind) {
    // The opener is on top, or under a few angles: a close whose opener is
    // not within a few frames is a stray one, ignored, and costs no more.
    let nearest = frames[max(0, frames.count - 8)...]
    steps += nearest.count
    guard
      let target = nearest.lastIndex(where: {
        if case .string = $0.kind { return true }
        return $0.kind == kind || $0.kind == .file
      }), frames[target].kind == kind
    else { return }
    while frames.count > target { pop() }
    frames[frames.count - 1].pure = false
  }

  private mutating func pop() {
    steps += 1
    let frame = frames.removeLast()
    depth -= frame.chain
    switch frame.kind {
    case .parenthesis, .square, .brace: depth -= 1
    default: break
    }
  }

  /// Generic angles end where a statement or a block does.
  private mutating func dropAngles() {
    while frames.count > 1, frames[frames.count - 1].kind == .angle { pop() }
  }

  private mutating func run() -> Excess? {
    while index < bytes.count {
      if case .string(let hashes, let multiline) = frames[frames.count - 1].kind {
        if let excess = string(hashes: hashes, multiline: multiline) { return excess }
      } else if let excess = code() {
        return excess
      }
    }
    return nil
  }

  /// One step inside a string literal: an escape, an interpolation, the end.
  private mutating func string(hashes: Int, multiline: Bool) -> Excess? {
    let current = bytes[index]
    tokenStart = index
    steps += 1
    if current == 0x0A {
      line += 1
      index += 1
      lineStart = index
      if !multiline { pop() }  // an unterminated string ends with its line
      return nil
    }
    if current == 0x5C, (0..<hashes).allSatisfy({ byte(1 + $0) == 0x23 }) {
      index += 1 + hashes
      if byte(0) == 0x28 {
        index += 1
        previous = 0
        return open(.parenthesis)
      }
      if byte(0) != 0x0A { index += 1 }
      return nil
    }
    if current == 0x22 {
      let quotes = multiline ? 3 : 1
      if (0..<quotes).allSatisfy({ byte($0) == 0x22 }),
        (0..<hashes).allSatisfy({ byte(quotes + $0) == 0x23 })
      {
        index += quotes + hashes
        pop()
        previous = 0x22
        return nil
      }
    }
    index += 1
    return nil
  }

  /// One token of code.
  private mutating func code() -> Excess? {
    let current = bytes[index]
    tokenStart = index
    steps += 1
    // A statement ends with its line unless the next line goes on with it
    // (`.modifier()`, `?.`, `else`), decided at that line's first token.
    if statementMayEnd, ![0x20, 0x09, 0x0D, 0x0A].contains(current),
      !(current == 0x2F && (byte(1) == 0x2F || byte(1) == 0x2A))
    {
      statementMayEnd = false
      let continues =
        current == 0x2E || current == 0x3F || bytes[index...].starts(with: Array("else".utf8))
      if !continues {
        resetChain()
        dropAngles()
        previous = 0
      }
    }
    let isName = Self.isIdentifier(current) && !(current >= 0x30 && current <= 0x39)
    if !isName, ![0x0A, 0x20, 0x09, 0x0D, 0x2E, 0x5B, 0x3C, 0x3F, 0x21].contains(current) {
      frames[frames.count - 1].pure = false
    }
    if !isName, ![0x0A, 0x20, 0x09, 0x0D].contains(current) { afterElse = false }
    switch current {
    case 0x0A:
      line += 1
      index += 1
      lineStart = index
      statementMayEnd = true
      return nil
    case 0x20, 0x09, 0x0D:
      index += 1
      return nil
    case 0x2F where byte(1) == 0x2F:
      while index < bytes.count, bytes[index] != 0x0A { index += 1 }
      return nil
    case 0x2F where byte(1) == 0x2A:
      blockComment()
      return nil
    case 0x23 where startsDirective("#if"):
      index += 3
      conditionals += 1
      return conditionals > maximumConditionalDepth
        ? Excess(limit: .conditionalDepth, line: line, column: tokenStart - lineStart + 1) : nil
    case 0x23 where startsDirective("#endif"):
      index += 6
      conditionals = max(0, conditionals - 1)
      return nil
    case 0x23 where byte(1) == 0x23 || byte(1) == 0x22:
      var hashes = 0
      while byte(0) == 0x23 {
        hashes += 1
        index += 1
      }
      guard byte(0) == 0x22 else { return nil }
      return openString(hashes: hashes)
    case 0x22:
      return openString(hashes: 0)
    case 0x28, 0x5B, 0x7B:
      let follows =
        Self.isIdentifier(previous) || [0x29, 0x5D, 0x7D, 0x3F, 0x21, 0x3E].contains(previous)
      if follows, let excess = link() { return excess }
      index += 1
      if current == 0x7B { dropAngles() }
      previous = 0
      return open(current == 0x28 ? .parenthesis : current == 0x5B ? .square : .brace)
    case 0x29, 0x5D, 0x7D:
      close(current == 0x29 ? .parenthesis : current == 0x5D ? .square : .brace)
      index += 1
      previous = current
      return nil
    case 0x3C where Self.isIdentifier(previous):
      index += 1
      previous = 0
      // An angle something other than names came after (`a < b && c <`) was a
      // comparison: it makes way, so that angles never pile up.
      while frames[frames.count - 1].kind == .angle, !frames[frames.count - 1].pure { pop() }
      return open(.angle)
    case 0x3E where frames[frames.count - 1].kind == .angle:
      pop()
      index += 1
      previous = current
      return nil
    case 0x2E where Self.isIdentifier(byte(1)) || byte(1) == 0x24:
      index += 1
      previous = current
      return link()
    case 0x3F, 0x21:
      // Postfix (`a?.b`, `a!`, `T?`) where it follows an expression or a type directly.
      let isPostfix =
        Self.isIdentifier(previous) || [0x29, 0x5D, 0x3F, 0x21, 0x3E].contains(previous)
      guard isPostfix, index > 0, ![0x20, 0x09, 0x0A].contains(bytes[index - 1]) else { break }
      index += 1
      previous = current
      return link()
    case 0x2D where byte(1) == 0x3E:
      index += 2
      previous = 0
      return link()
    case 0x3B, 0x2C, 0x3A, 0x3D:
      index += 1
      resetChain()
      if current != 0x2C && current != 0x3A { dropAngles() }
      previous = 0
      return nil
    default:
      break
    }
    if Self.isIdentifier(current) {
      let start = index
      while index < bytes.count, Self.isIdentifier(bytes[index]) { index += 1 }
      let word = Array(bytes[start..<index])
      let continuesElse = afterElse && word == Array("if".utf8)
      afterElse = word == Array("else".utf8)
      if Self.statementKeywords.contains(word), !continuesElse {
        resetChain()
        previous = 0
        return nil
      }
      previous = bytes[index - 1]
      if Self.chainKeywords.contains(word) {
        previous = 0
        return link()
      }
      return nil
    }
    // An operator: one with space on both sides is binary, and the
    // sequence it is part of is flat.
    let spacedBefore = index == 0 || [0x20, 0x09, 0x0A].contains(bytes[index - 1])
    let start = index
    while index < bytes.count, Self.isOperator(bytes[index]) { index += 1 }
    if index == start { index += 1 }
    if spacedBefore, [0x20, 0x09, 0x0A, 0x0D].contains(byte(0)) { resetChain() }
    previous = 0x20
    return nil
  }

  private static func isOperator(_ byte: UInt8) -> Bool {
    Array("/=-+!*%<>&|^~?.".utf8).contains(byte)
  }

  private mutating func openString(hashes: Int) -> Excess? {
    let multiline = byte(0) == 0x22 && byte(1) == 0x22 && byte(2) == 0x22
    index += multiline ? 3 : 1
    previous = 0x22
    return open(.string(hashes: hashes, multiline: multiline))
  }

  /// `/* … */`, which nests in Swift.
  private mutating func blockComment() {
    var level = 0
    while index < bytes.count {
      if bytes[index] == 0x2F, byte(1) == 0x2A {
        level += 1
        index += 2
      } else if bytes[index] == 0x2A, byte(1) == 0x2F {
        level -= 1
        index += 2
        if level == 0 { return }
      } else {
        if bytes[index] == 0x0A {
          line += 1
          lineStart = index + 1
        }
        index += 1
      }
    }
  }
}
