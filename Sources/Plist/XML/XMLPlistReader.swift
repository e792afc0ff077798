internal import CLibXML2
import Foundation

/// Reads XML property lists through libxml2's SAX interface, with CoreFoundation's
/// rules for what each element means.
///
/// Hostile input is data, never instructions: no DTD is loaded, no entity is
/// declared or expanded, nothing is fetched; a declaration or reference is an error.
enum XMLPlistReader {
  static func read(_ source: SourceText, limits: ReadLimits) throws(ReadIssue) -> (
    PlistNode, [ReadIssue], [DocumentComment]
  ) {
    initializeLibXML
    let bytes = source.utf8
    let outcome: XMLPlistBuilder.Outcome? = bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress, buffer.count > 0 else { return nil }
      return base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { chars in
        guard let context = xmlCreateMemoryParserCtxt(chars, Int32(buffer.count)) else {
          return nil
        }
        defer { xmlFreeParserCtxt(context) }
        let options =
          XML_PARSE_NONET.rawValue | XML_PARSE_IGNORE_ENC.rawValue | XML_PARSE_NOXINCNODE.rawValue
        xmlCtxtUseOptions(context, Int32(bitPattern: options))
        context.pointee.sax.pointee = XMLPlistBuilder.handler
        // The builder is a struct reached through a pointer rather than a class:
        // its fields are then checked for exclusive access when compiled, not at
        // every SAX event.
        let builder = UnsafeMutablePointer<XMLPlistBuilder>.allocate(capacity: 1)
        builder.initialize(
          to: XMLPlistBuilder(source: source, bytes: buffer, limits: limits, context: context))
        defer {
          builder.deinitialize(count: 1)
          builder.deallocate()
        }
        context.pointee.userData = UnsafeMutableRawPointer(builder)
        xmlParseDocument(context)
        return builder.pointee.outcome
      }
    }
    guard let outcome else {
      throw ReadIssue(
        .syntax, .error, "the file is empty", place: .text(source.snippet(atOffset: 0)))
    }
    if let error = outcome.error { throw error }
    guard let root = outcome.root else {
      throw ReadIssue(
        .syntax, .error, "no property-list value found", place: .text(source.snippet(atOffset: 0)))
    }
    return (root, outcome.issues, outcome.comments)
  }
}

private let initializeLibXML: Void = {
  xmlInitParser()
}()

/// Builds `PlistNode`s from SAX events.
///
/// The work per event is kept small, as the profile of a 10 MB plist asked:
/// the builder is a struct reached through a pointer (a class's fields
/// would be checked for exclusive access at run time on every event); the
/// children of every open container wait on two shared stacks (`values`,
/// `entries`) and become the container's array in one allocation when it
/// closes; keys are interned; element text is gathered in one reused buffer;
/// a frame holds no reference, so pushing and popping one copies bytes only.
struct XMLPlistBuilder: ~Copyable {
  enum Tag: Equatable {
    case plist, array, dict, key, string, integer, real, date, data, `true`, `false`

    var isText: Bool {
      switch self {
      case .key, .string, .integer, .real, .date, .data: true
      default: false
      }
    }
  }

  /// An open element. It holds no reference and fits in four words, so
  /// pushing and popping one copies a few registers.
  struct Frame {
    var tag: Tag
    var hasValue = false
    /// Whether the last of `pendingKeys` is this dictionary's, waiting for its value.
    var hasPendingKey = false
    var offset: Int
    /// Where this container's children start on `values` (an array's) or
    /// `entries` (a dictionary's).
    var firstChild: Int
    /// The comments that stand right before this element: an index into
    /// `commentGroups`, -1 for none.
    var comments = -1
  }

  /// A dictionary's key, waiting for its value.
  struct PendingKey {
    var key: String
    var offset: Int
    var endOffset: Int
    /// The comments before the key (they cover the key and its value), as in `Frame`.
    var comments: Int
  }

  /// What a parse leaves.
  struct Outcome {
    var root: PlistNode?
    var error: ReadIssue?
    var issues: [ReadIssue]
    var comments: [DocumentComment]
  }

  let source: SourceText
  /// The source's bytes, valid while the parse runs.
  let bytes: UnsafeBufferPointer<UInt8>
  let limits: ReadLimits
  let context: xmlParserCtxtPtr
  let position: ParsePosition
  var stack: [Frame] = []
  /// The items of the open arrays, innermost last.
  var values = MovingStack<PlistNode>()
  /// The entries of the open dictionaries, innermost last.
  var entries = MovingStack<PlistEntry>()
  /// The keys waiting for their values, innermost last.
  var pendingKeys: [PendingKey] = []
  /// The text of the element being read (elements that hold text hold no
  /// other element, so one is read at a time), and where it starts.
  var text = TextBuffer()
  var textOffset = 0
  /// Whether the innermost open element holds text.
  var readsText = false
  /// Keys and short string values: the same few repeat on every specifier.
  var strings = StringInterner()
  /// The names met so far and their tags (see `tag(named:)`).
  var knownNames: [(name: UnsafePointer<xmlChar>, tag: Tag)] = []
  var root: PlistNode?
  var error: ReadIssue?
  /// Set with `error`: a flag is cheaper to test than the optional issue, at every event.
  var stopped = false
  var issues: [ReadIssue] = []
  var comments: [DocumentComment] = []
  /// Comments still waiting for the element after them, with the depth they were met at.
  var awaitingComments: [(index: Int, depth: Int)] = []
  /// The indices of the comments before an element, for frames to name by number.
  var commentGroups: [[Int]] = []

  /// libxml2 turns CR LF into LF, as XML requires; CoreFoundation keeps the CR.
  let hasCarriageReturns: Bool

  init(
    source: SourceText, bytes: UnsafeBufferPointer<UInt8>, limits: ReadLimits,
    context: xmlParserCtxtPtr
  ) {
    self.source = source
    self.bytes = bytes
    self.limits = limits
    self.context = context
    self.position = ParsePosition(bytes: bytes, context: context)
    self.hasCarriageReturns =
      bytes.baseAddress.map { memchr($0, 0x0D, bytes.count) != nil } ?? false
    stack.reserveCapacity(16)
  }

  var outcome: Outcome {
    Outcome(root: root, error: error, issues: issues, comments: comments)
  }

  /// The innermost open element.
  var topTag: Tag? { stack.isEmpty ? nil : stack[stack.count - 1].tag }

  mutating func fail(_ message: String, at offset: Int? = nil) {
    guard !stopped else { return }
    fail(
      ReadIssue(
        .syntax, .error, message,
        place: .text(source.snippet(atOffset: offset ?? position.tagStart))))
  }

  mutating func fail(_ issue: ReadIssue) {
    guard !stopped else { return }
    error = issue
    stopped = true
    xmlStopParser(context)
  }

  // MARK: - Events

  mutating func startElement(_ name: UnsafePointer<xmlChar>, prefixed: Bool) {
    guard !stopped else { return }
    let offset = position.tagStart
    guard !prefixed, let tag = tag(named: name) else {
      fail("unknown tag <\(String(cString: name))>; iOS does not read this file", at: offset)
      return
    }
    if let top = topTag {
      if top.isText {
        fail("<\(String(cString: name))> inside <\(top)>", at: offset)
        return
      }
      if top == .true || top == .false {
        fail("<\(top)> must be empty", at: offset)
        return
      }
    }
    if tag == .plist, !stack.isEmpty {
      fail("<plist> inside another value", at: offset)
      return
    }
    if stack.count >= limits.maximumDepth {
      fail(
        ReadIssue(
          .limit, .error, "nesting deeper than \(limits.maximumDepth) levels",
          place: .text(source.snippet(atOffset: offset))))
      return
    }
    readsText = tag.isText
    if readsText {
      text.removeAll()
      textOffset = position.current + 1
    }
    var frame = Frame(
      tag: tag, offset: offset, firstChild: tag == .dict ? entries.count : values.count)
    if !awaitingComments.isEmpty {
      commentGroups.append(awaitingComments.map(\.index))
      frame.comments = commentGroups.count - 1
      awaitingComments.removeAll()
    }
    stack.append(frame)
  }

  mutating func endElement() {
    guard !stopped, let frame = stack.popLast() else { return }
    readsText = false
    // A comment that ends its element stands before nothing.
    if !awaitingComments.isEmpty {
      let depth = stack.count
      awaitingComments.removeAll { $0.depth > depth }
    }
    if hasCarriageReturns, frame.tag.isText {
      text.replace(with: rawText(from: textOffset, to: position.endTagStart))
    }
    let end = position.endTagEnd
    var node: PlistNode
    switch frame.tag {
    case .plist:
      if !frame.hasValue { fail("<plist> holds no value", at: frame.offset) }
      cover(frame.comments, from: frame.offset)
      return
    case .array:
      node = PlistNode(.array(values.take(from: frame.firstChild)), offset: frame.offset)
    case .dict:
      if frame.hasPendingKey, let pending = pendingKeys.last {
        fail("the key \"\(pending.key)\" has no value", at: pending.offset)
        return
      }
      node = PlistNode(.dictionary(entries.take(from: frame.firstChild)), offset: frame.offset)
    case .key:
      let key = strings.string(text.bytes)
      let parent = stack.count - 1
      if parent >= 0, stack[parent].tag == .dict {
        if !stack[parent].hasPendingKey {
          stack[parent].hasPendingKey = true
          pendingKeys.append(
            PendingKey(key: key, offset: frame.offset, endOffset: end, comments: frame.comments))
          return
        }
        issues.append(
          ReadIssue(
            .suspicious, .warning,
            "<key>\(key)</key> stands where a value belongs; iOS reads it as a string",
            place: .text(source.snippet(atOffset: frame.offset))))
      }
      node = PlistNode(.string(key), offset: frame.offset)
    case .string:
      node = PlistNode(.string(strings.string(text.bytes)), offset: frame.offset)
    case .integer:
      guard let value = Self.parseInteger(text.bytes) else {
        let shown = String(decoding: text.bytes, as: UTF8.self)
        let digits = shown.trimmingCharacters(in: .whitespacesAndNewlines)
        let unsigned =
          digits.hasPrefix("-") || digits.hasPrefix("+") ? digits.dropFirst() : digits[...]
        // The same words as the binary reader's for a 16-byte integer.
        fail(
          !unsigned.isEmpty && unsigned.allSatisfy({ $0.isASCII && $0.isNumber })
            ? "the integer \(digits) does not fit in 64 bits (from \(Int64.min) to \(Int64.max))"
            : "\"\(shown)\" is not an integer", at: frame.offset)
        return
      }
      node = PlistNode(.integer(value), offset: frame.offset)
    case .real:
      guard let value = Self.parseReal(text.bytes) else {
        fail(
          "\"\(String(decoding: text.bytes, as: UTF8.self))\" is not a real number",
          at: frame.offset)
        return
      }
      node = PlistNode(.real(value), offset: frame.offset)
    case .date:
      guard let value = Self.parseDate(text.bytes) else {
        fail(
          "\"\(String(decoding: text.bytes, as: UTF8.self))\" is not a date of the form YYYY-MM-DDThh:mm:ssZ",
          at: frame.offset)
        return
      }
      node = PlistNode(.date(value), offset: frame.offset)
    case .data:
      guard let value = Self.parseBase64(text.bytes) else {
        fail("<data> holds a character that is not base64", at: frame.offset)
        return
      }
      node = PlistNode(.data(value), offset: frame.offset)
    case .true:
      node = PlistNode(.bool(true), offset: frame.offset)
    case .false:
      node = PlistNode(.bool(false), offset: frame.offset)
    }
    cover(frame.comments, from: frame.offset)
    node.endOffset = end
    deliver(node)
  }

  /// Records that the comments of `group` stand before the element from
  /// `start` to the end tag just parsed.
  private mutating func cover(_ group: Int, from start: Int) {
    guard group >= 0 else { return }
    let end = position.elementEnd
    for index in commentGroups[group] { comments[index].nextElement = start..<max(start, end) }
  }

  /// Hands a finished value to its container. It takes the node (`consuming`),
  /// so that the node moves into the container instead of being copied.
  private mutating func deliver(_ node: consuming PlistNode) {
    guard !stack.isEmpty else {
      if root != nil {
        fail("a second top-level value", at: node.offset)
      }
      root = node
      return
    }
    let parent = stack.count - 1
    switch stack[parent].tag {
    case .plist:
      if stack[parent].hasValue {
        fail("<plist> holds more than one value", at: node.offset)
        return
      }
      stack[parent].hasValue = true
      root = node
    case .array:
      values.append(node)
    case .dict:
      guard stack[parent].hasPendingKey, let pending = pendingKeys.popLast() else {
        fail("a \(node.typeName) where a <key> belongs", at: node.offset)
        return
      }
      entries.append(
        PlistEntry(
          key: pending.key, keyOffset: pending.offset, keyEndOffset: pending.endOffset, value: node)
      )
      stack[parent].hasPendingKey = false
      cover(pending.comments, from: pending.offset)
    default:
      fail("a value inside <\(stack[parent].tag)>", at: node.offset)
    }
  }

  mutating func characters(_ characters: UnsafePointer<xmlChar>, count: Int) {
    guard !stopped else { return }
    let buffer = UnsafeBufferPointer(start: characters, count: count)
    if readsText {
      text.append(buffer)
      return
    }
    var index = 0
    while index < count, Self.isXMLSpace(buffer[index]) { index += 1 }
    if index < count {
      let offset = max(0, position.current - count + index)
      let place = topTag.map { "inside <\($0)>" } ?? "outside any element"
      fail("unexpected text \(place)", at: offset)
    }
  }

  /// A comment: its text as written, its place, and (once parsed) the element after it.
  mutating func comment() {
    guard !stopped else { return }
    // libxml2 reports the comment once past its `-->`; the text is read from the
    // source, so that line breaks stay as written.
    var close = min(position.current, bytes.count) - 3
    while close >= 0,
      !(bytes[close] == 0x2D && bytes[close + 1] == 0x2D && bytes[close + 2] == 0x3E)
    {
      close -= 1
    }
    var open = close - 4
    while open >= 0,
      !(bytes[open] == 0x3C && bytes[open + 1] == 0x21 && bytes[open + 2] == 0x2D
        && bytes[open + 3] == 0x2D)
    {
      open -= 1
    }
    guard open >= 0, close >= open + 4 else { return }
    let text = String(decoding: bytes[(open + 4)..<close], as: UTF8.self)
    comments.append(
      DocumentComment(
        comment: PlistComment(style: .xml, text: text, offset: open, endOffset: close + 3)))
    awaitingComments.append((comments.count - 1, stack.count))
  }

  mutating func entityDeclared(_ name: String) {
    fail(
      ReadIssue(
        .unsafeMarkup, .error,
        "the entity \"\(name)\" is declared; property lists take no entity declarations and none is expanded",
        place: .text(source.snippet(atOffset: position.current))))
  }

  mutating func entityReferenced(_ name: String) {
    fail(
      ReadIssue(
        .unsafeMarkup, .error,
        "&\(name); refers to an entity; only the five predefined entities and character references are read",
        place: .text(source.snippet(atOffset: max(0, position.current - name.utf8.count - 2)))))
  }

  /// libxml2 refused the document: its report in our words, at its place.
  mutating func libxmlError(_ report: XMLParserError) {
    let message = XMLParserMessages.message(for: report)
    let place = min(position.current, max(0, bytes.count - 1))
    let offset =
      switch message.place {
      case .error: place
      case .endTagStart: position.endTagStart
      }
    fail(
      ReadIssue(
        message.kind, .error, message.text, place: .text(source.snippet(atOffset: offset))))
  }

  /// The element's text as CoreFoundation sees it: line breaks as written,
  /// character references and CDATA sections resolved.
  func rawText(from start: Int, to end: Int) -> [UInt8] {
    guard start < end, end <= bytes.count else { return Array(text.bytes) }
    var result: [UInt8] = []
    var index = start
    let cdataStart = Array("<![CDATA[".utf8)
    while index < end {
      let byte = bytes[index]
      if byte == UInt8(ascii: "<"), bytes[index..<end].starts(with: cdataStart) {
        index += cdataStart.count
        while index + 2 < end,
          !(bytes[index] == 0x5D && bytes[index + 1] == 0x5D && bytes[index + 2] == 0x3E)
        {
          result.append(bytes[index])
          index += 1
        }
        index += 3
      } else if byte == UInt8(ascii: "&"),
        let semicolon = bytes[index..<end].firstIndex(of: UInt8(ascii: ";"))
      {
        let name = String(decoding: bytes[(index + 1)..<semicolon], as: UTF8.self)
        let scalar: Unicode.Scalar? =
          switch name {
          case "amp": "&"
          case "lt": "<"
          case "gt": ">"
          case "quot": "\""
          case "apos": "'"
          default:
            if name.hasPrefix("#x") {
              UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
            } else if name.hasPrefix("#") {
              UInt32(name.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init)
            } else {
              nil
            }
          }
        guard let scalar else { return Array(text.bytes) }
        result.append(contentsOf: String(scalar).utf8)
        index = semicolon + 1
      } else {
        result.append(byte)
        index += 1
      }
    }
    return result
  }

  // MARK: - Values

  /// The tag of an element name. libxml2 hands every name from its
  /// dictionary, one pointer for each distinct name, so a name met before is
  /// found by its pointer alone.
  private mutating func tag(named name: UnsafePointer<xmlChar>) -> Tag? {
    for known in knownNames where known.name == name { return known.tag }
    guard let tag = Self.tag(named: name) else { return nil }
    knownNames.append((name, tag))
    return tag
  }

  static func tag(named name: UnsafePointer<xmlChar>) -> Tag? {
    let length = strlen(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self))
    let bytes = UnsafeBufferPointer(start: name, count: length)
    switch length {
    case 3 where bytes.elementsEqual("key".utf8): return .key
    case 4 where bytes.elementsEqual("dict".utf8): return .dict
    case 4 where bytes.elementsEqual("data".utf8): return .data
    case 4 where bytes.elementsEqual("date".utf8): return .date
    case 4 where bytes.elementsEqual("real".utf8): return .real
    case 4 where bytes.elementsEqual("true".utf8): return .true
    case 5 where bytes.elementsEqual("array".utf8): return .array
    case 5 where bytes.elementsEqual("false".utf8): return .false
    case 5 where bytes.elementsEqual("plist".utf8): return .plist
    case 6 where bytes.elementsEqual("string".utf8): return .string
    case 7 where bytes.elementsEqual("integer".utf8): return .integer
    default: return nil
    }
  }

  static func isXMLSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  /// CoreFoundation's whitespace for numbers: ASCII controls and space, and C1.
  private static func isNumberSpace(_ byte: UInt8) -> Bool {
    byte < 0x21 || (byte > 0x7E && byte < 0xA1)
  }

  /// `S*(-|+)?S*[0-9]+` or `S*(-|+)?S*0[xX][0-9a-fA-F]+`, as CoreFoundation reads it.
  static func parseInteger(_ text: UnsafeBufferPointer<UInt8>) -> Int64? {
    var index = 0
    func skipSpace() { while index < text.count, isNumberSpace(text[index]) { index += 1 } }
    skipSpace()
    var negative = false
    if index < text.count, text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") {
      negative = text[index] == UInt8(ascii: "-")
      index += 1
      skipSpace()
    }
    var radix: UInt64 = 10
    if index + 1 < text.count, text[index] == UInt8(ascii: "0"),
      text[index + 1] == UInt8(ascii: "x") || text[index + 1] == UInt8(ascii: "X")
    {
      radix = 16
      index += 2
    }
    var digits = 0
    var value: UInt64 = 0
    while index < text.count {
      guard let digit = hexDigit(text[index]), UInt64(digit) < radix else { return nil }
      let (product, overflow1) = value.multipliedReportingOverflow(by: radix)
      let (sum, overflow2) = product.addingReportingOverflow(UInt64(digit))
      if overflow1 || overflow2 { return nil }
      value = sum
      digits += 1
      index += 1
    }
    guard digits > 0 else { return nil }
    if negative {
      guard value <= UInt64(Int64.max) + 1 else { return nil }
      return value == UInt64(Int64.max) + 1 ? Int64.min : -Int64(value)
    }
    guard value <= UInt64(Int64.max) else { return nil }
    return Int64(value)
  }

  private static func hexDigit(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  static func parseReal(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
    // The usual `0.5`: nothing to trim, no name like `nan` to look for.
    if !text.isEmpty, text.allSatisfy(isDecimalNotation) {
      return Double(String(decoding: text, as: UTF8.self))
    }
    let string = String(decoding: text, as: UTF8.self).trimmingCharacters(
      in: .whitespacesAndNewlines)
    switch string.lowercased() {
    case "nan": return .nan
    case "inf", "+inf", "infinity", "+infinity": return .infinity
    case "-inf", "-infinity": return -.infinity
    default: break
    }
    // CoreFoundation's scanner takes decimal notation only.
    guard !string.isEmpty, string.utf8.allSatisfy(isDecimalNotation) else { return nil }
    return Double(string)
  }

  private static func isDecimalNotation(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ".")
      || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") || byte == UInt8(ascii: "-")
      || byte == UInt8(ascii: "+")
  }

  /// `YYYY-MM-DDThh:mm:ssZ` in UTC; the year may be negative or have any number of digits.
  static func parseDate(_ text: UnsafeBufferPointer<UInt8>) -> Date? {
    var index = 0
    func number(digits: Int?) -> Int? {
      var value = 0
      var count = 0
      while index < text.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[index]) {
        if let digits, count == digits { break }
        value = value * 10 + Int(text[index] - UInt8(ascii: "0"))
        count += 1
        index += 1
        // CoreFoundation keeps years in 32 bits; a longer one is not a date it reads.
        if value > Int(Int32.max) { return nil }
      }
      if let digits, count != digits { return nil }
      return value
    }
    func expect(_ character: Character) -> Bool {
      guard index < text.count, let ascii = character.asciiValue, text[index] == ascii else {
        return false
      }
      index += 1
      return true
    }
    var negativeYear = false
    if index < text.count, text[index] == UInt8(ascii: "-") {
      negativeYear = true
      index += 1
    }
    guard var year = number(digits: nil), expect("-"), let month = number(digits: 2), expect("-"),
      let day = number(digits: 2), expect("T"), let hour = number(digits: 2), expect(":"),
      let minute = number(digits: 2), expect(":"), let second = number(digits: 2), expect("Z"),
      index == text.count
    else { return nil }
    if negativeYear { year = -year }
    let days = ProlepticGregorian.days(year: year, month: month, day: day)
    let seconds = Double(days * 86_400 + hour * 3_600 + minute * 60 + second)
    return Date(timeIntervalSince1970: seconds)
  }

  /// Base64 as CoreFoundation reads it: characters outside the alphabet are
  /// skipped, but any byte above 127 is an error.
  static func parseBase64(_ text: UnsafeBufferPointer<UInt8>) -> Data? {
    var result = Data()
    result.reserveCapacity(text.count * 3 / 4)
    var accumulator: UInt32 = 0
    var count = 0
    var equals = 0
    for byte in text {
      if byte >= 128 { return nil }
      if byte == UInt8(ascii: "=") {
        equals += 1
      } else if !isNumberSpace(byte) {
        equals = 0
      }
      let sextet: UInt32
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): sextet = UInt32(byte - UInt8(ascii: "A"))
      case UInt8(ascii: "a")...UInt8(ascii: "z"): sextet = UInt32(byte - UInt8(ascii: "a") + 26)
      case UInt8(ascii: "0")...UInt8(ascii: "9"): sextet = UInt32(byte - UInt8(ascii: "0") + 52)
      case UInt8(ascii: "+"): sextet = 62
      case UInt8(ascii: "/"): sextet = 63
      case UInt8(ascii: "="): sextet = 0
      default: continue
      }
      count += 1
      accumulator = accumulator << 6 | sextet
      if count & 3 == 0 {
        result.append(UInt8((accumulator >> 16) & 0xFF))
        if equals < 2 { result.append(UInt8((accumulator >> 8) & 0xFF)) }
        if equals < 1 { result.append(UInt8(accumulator & 0xFF)) }
      }
    }
    return result
  }

  // MARK: - The SAX handler

  nonisolated(unsafe) static let handler: xmlSAXHandler = {
    var handler = xmlSAXHandler()
    handler.initialized = 0xDEED_BEAF  // XML_SAX2_MAGIC
    handler.startElementNs = { context, localName, prefix, _, _, _, _, _, _ in
      guard let context, let localName else { return }
      builder(context).pointee.startElement(localName, prefixed: prefix != nil)
    }
    handler.endElementNs = { context, _, _, _ in
      guard let context else { return }
      builder(context).pointee.endElement()
    }
    handler.characters = { context, bytes, count in
      guard let context, let bytes else { return }
      builder(context).pointee.characters(bytes, count: Int(count))
    }
    handler.ignorableWhitespace = handler.characters
    handler.cdataBlock = handler.characters
    handler.comment = { context, _ in
      guard let context else { return }
      builder(context).pointee.comment()
    }
    handler.entityDecl = { context, name, _, _, _, _ in
      guard let context else { return }
      builder(context).pointee.entityDeclared(name.map { String(cString: $0) } ?? "")
    }
    handler.reference = { context, name in
      guard let context else { return }
      builder(context).pointee.entityReferenced(name.map { String(cString: $0) } ?? "")
    }
    handler.serror = { context, error in
      guard let context, let error, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else {
        return
      }
      let builder = builder(context)
      let bytes = builder.pointee.bytes
      let offset = min(max(0, builder.pointee.position.current), bytes.count)
      builder.pointee.libxmlError(
        XMLParserError(error, before: bytes[..<offset], after: bytes[offset...]))
    }
    return handler
  }()

  private static func builder(_ context: UnsafeMutableRawPointer)
    -> UnsafeMutablePointer<XMLPlistBuilder>
  {
    context.assumingMemoryBound(to: XMLPlistBuilder.self)
  }
}
