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
    let builder = XMLPlistBuilder(source: source, limits: limits)
    let bytes = source.utf8
    let parsed: Bool = bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress, buffer.count > 0 else { return false }
      return base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { chars in
        guard let context = xmlCreateMemoryParserCtxt(chars, Int32(buffer.count)) else {
          return false
        }
        defer { xmlFreeParserCtxt(context) }
        let options =
          XML_PARSE_NONET.rawValue | XML_PARSE_IGNORE_ENC.rawValue | XML_PARSE_NOXINCNODE.rawValue
        xmlCtxtUseOptions(context, Int32(bitPattern: options))
        context.pointee.sax.pointee = XMLPlistBuilder.handler
        builder.context = context
        context.pointee.userData = Unmanaged.passUnretained(builder).toOpaque()
        xmlParseDocument(context)
        builder.context = nil
        return true
      }
    }
    if !parsed {
      throw ReadIssue(
        .syntax, .error, "the file is empty", place: .text(source.snippet(atOffset: 0)))
    }
    if let error = builder.error { throw error }
    guard let root = builder.root else {
      throw ReadIssue(
        .syntax, .error, "no property-list value found", place: .text(source.snippet(atOffset: 0)))
    }
    return (root, builder.issues, builder.comments)
  }
}

private let initializeLibXML: Void = {
  xmlInitParser()
}()

/// Builds `PlistNode`s from SAX events.
final class XMLPlistBuilder {
  enum Tag: Equatable {
    case plist, array, dict, key, string, integer, real, date, data, `true`, `false`

    var isText: Bool {
      switch self {
      case .key, .string, .integer, .real, .date, .data: true
      default: false
      }
    }
  }

  struct Frame {
    var tag: Tag
    var offset: Int
    var items: [PlistNode] = []
    var entries: [PlistEntry] = []
    var pendingKey: (key: String, offset: Int, endOffset: Int)?
    var hasValue = false
    /// Where the element's text starts, for elements that hold text.
    var contentOffset = 0
    /// The comments that stand right before this element (indices into `comments`).
    var comments: [Int] = []
    /// The comments before the pending key: they cover the key and its value.
    var pendingKeyComments: [Int] = []
  }

  let source: SourceText
  let limits: ReadLimits
  var context: xmlParserCtxtPtr?
  var stack: [Frame] = []
  var text: [UInt8] = []
  var root: PlistNode?
  var error: ReadIssue?
  var issues: [ReadIssue] = []
  var comments: [DocumentComment] = []
  /// Comments still waiting for the element after them, with the depth they were met at.
  var awaitingComments: [(index: Int, depth: Int)] = []

  /// libxml2 turns CR LF into LF, as XML requires; CoreFoundation keeps the CR.
  let hasCarriageReturns: Bool

  init(source: SourceText, limits: ReadLimits) {
    self.source = source
    self.limits = limits
    self.hasCarriageReturns = source.utf8.contains(0x0D)
  }

  /// The innermost open element, read without copying its frame.
  var topTag: Tag? { stack.isEmpty ? nil : stack[stack.count - 1].tag }

  // MARK: - Positions

  /// The byte offset libxml2 has reached.
  var currentOffset: Int {
    guard let input = context?.pointee.input?.pointee, let cur = input.cur, let base = input.base
    else { return 0 }
    return Int(input.consumed) + (cur - base)
  }

  /// The offset of the `<` that opened the tag just parsed.
  var tagStartOffset: Int {
    var offset = min(currentOffset, source.utf8.count - 1)
    while offset > 0, source.utf8[offset] != UInt8(ascii: "<") { offset -= 1 }
    return offset
  }

  /// The offset of the `<` of the end tag just parsed. libxml2 has then
  /// moved past its `>`, onto the next tag when tags share a line, so the
  /// search starts one byte back.
  var endTagStartOffset: Int {
    var offset = min(currentOffset - 1, source.utf8.count - 1)
    while offset > 0, source.utf8[offset] != UInt8(ascii: "<") { offset -= 1 }
    return max(offset, 0)
  }

  /// The offset just past the `>` of the end tag just parsed (or of an empty
  /// element such as `<true/>`): where a textual edit of the element ends.
  /// libxml2 stands right after it, or on the next tag's `<`.
  var endTagEndOffset: Int {
    let bytes = source.utf8
    var offset = min(currentOffset, bytes.count) - 1
    while offset > 0, bytes[offset] != UInt8(ascii: ">") { offset -= 1 }
    return offset + 1
  }

  func fail(_ message: String, at offset: Int? = nil) {
    guard error == nil else { return }
    fail(
      ReadIssue(
        .syntax, .error, message, place: .text(source.snippet(atOffset: offset ?? tagStartOffset))))
  }

  func fail(_ issue: ReadIssue) {
    guard error == nil else { return }
    error = issue
    if let context { xmlStopParser(context) }
  }

  // MARK: - Events

  func startElement(_ name: UnsafePointer<xmlChar>, prefixed: Bool) {
    guard error == nil else { return }
    let offset = tagStartOffset
    guard !prefixed, let tag = Self.tag(named: name) else {
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
    if tag.isText { text.removeAll(keepingCapacity: true) }
    var frame = Frame(tag: tag, offset: offset, contentOffset: currentOffset + 1)
    if !awaitingComments.isEmpty {
      frame.comments = awaitingComments.map(\.index)
      awaitingComments.removeAll()
    }
    stack.append(frame)
  }

  func endElement() {
    guard error == nil, let frame = stack.popLast() else { return }
    // A comment that ends its element stands before nothing.
    awaitingComments.removeAll { $0.depth > stack.count }
    if hasCarriageReturns, frame.tag.isText {
      text = rawText(from: frame.contentOffset, to: endTagStartOffset)
    }
    let end = endTagEndOffset
    var node: PlistNode
    switch frame.tag {
    case .plist:
      if !frame.hasValue { fail("<plist> holds no value", at: frame.offset) }
      cover(frame.comments, from: frame.offset)
      return
    case .array:
      node = PlistNode(.array(frame.items), offset: frame.offset)
    case .dict:
      if let pending = frame.pendingKey {
        fail("the key \"\(pending.key)\" has no value", at: pending.offset)
        return
      }
      node = PlistNode(.dictionary(frame.entries), offset: frame.offset)
    case .key:
      let key = String(decoding: text, as: UTF8.self)
      if topTag == .dict, stack[stack.count - 1].pendingKey == nil {
        stack[stack.count - 1].pendingKey = (key, frame.offset, end)
        stack[stack.count - 1].pendingKeyComments = frame.comments
        return
      }
      if topTag == .dict {
        issues.append(
          ReadIssue(
            .suspicious, .warning,
            "<key>\(key)</key> stands where a value belongs; iOS reads it as a string",
            place: .text(source.snippet(atOffset: frame.offset))))
      }
      node = PlistNode(.string(key), offset: frame.offset)
    case .string:
      node = PlistNode(.string(String(decoding: text, as: UTF8.self)), offset: frame.offset)
    case .integer:
      guard let value = Self.parseInteger(text) else {
        let shown = String(decoding: text, as: UTF8.self)
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
      guard let value = Self.parseReal(text) else {
        fail("\"\(String(decoding: text, as: UTF8.self))\" is not a real number", at: frame.offset)
        return
      }
      node = PlistNode(.real(value), offset: frame.offset)
    case .date:
      guard let value = Self.parseDate(text) else {
        fail(
          "\"\(String(decoding: text, as: UTF8.self))\" is not a date of the form YYYY-MM-DDThh:mm:ssZ",
          at: frame.offset)
        return
      }
      node = PlistNode(.date(value), offset: frame.offset)
    case .data:
      guard let value = Self.parseBase64(text) else {
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

  /// Records that comments stand before the element from `start` to the end tag just parsed.
  private func cover(_ indices: [Int], from start: Int) {
    guard !indices.isEmpty else { return }
    let end = elementEndOffset
    for index in indices { comments[index].nextElement = start..<max(start, end) }
  }

  /// Just after the `>` of the end tag (or empty-element tag) just parsed.
  var elementEndOffset: Int {
    let bytes = source.utf8
    var offset = endTagStartOffset
    while offset < bytes.count, bytes[offset] != UInt8(ascii: ">") { offset += 1 }
    return min(offset + 1, bytes.count)
  }

  private func deliver(_ node: PlistNode) {
    guard var parent = stack.popLast() else {
      if root != nil {
        fail("a second top-level value", at: node.offset)
      }
      root = node
      return
    }
    defer { stack.append(parent) }
    switch parent.tag {
    case .plist:
      if parent.hasValue {
        fail("<plist> holds more than one value", at: node.offset)
        return
      }
      parent.hasValue = true
      root = node
    case .array:
      parent.items.append(node)
    case .dict:
      guard let pending = parent.pendingKey else {
        fail("a \(node.typeName) where a <key> belongs", at: node.offset)
        return
      }
      parent.entries.append(
        PlistEntry(
          key: pending.key, keyOffset: pending.offset, keyEndOffset: pending.endOffset, value: node)
      )
      parent.pendingKey = nil
      cover(parent.pendingKeyComments, from: pending.offset)
      parent.pendingKeyComments = []
    default:
      fail("a value inside <\(parent.tag)>", at: node.offset)
    }
  }

  func characters(_ bytes: UnsafePointer<xmlChar>, count: Int) {
    guard error == nil else { return }
    let buffer = UnsafeBufferPointer(start: bytes, count: count)
    if topTag?.isText == true {
      text.append(contentsOf: buffer)
      return
    }
    if let index = buffer.firstIndex(where: { !Self.isXMLSpace($0) }) {
      let offset = max(0, currentOffset - count + index)
      let place = topTag.map { "inside <\($0)>" } ?? "outside any element"
      fail("unexpected text \(place)", at: offset)
    }
  }

  /// A comment: its text as written, its place, and (once parsed) the element after it.
  func comment() {
    guard error == nil else { return }
    let bytes = source.utf8
    // libxml2 reports the comment once past its `-->`; the text is read from the
    // source, so that line breaks stay as written.
    var close = min(currentOffset, bytes.count) - 3
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

  func entityDeclared(_ name: String) {
    fail(
      ReadIssue(
        .unsafeMarkup, .error,
        "the entity \"\(name)\" is declared; property lists take no entity declarations and none is expanded",
        place: .text(source.snippet(atOffset: currentOffset))))
  }

  func entityReferenced(_ name: String) {
    fail(
      ReadIssue(
        .unsafeMarkup, .error,
        "&\(name); refers to an entity; only the five predefined entities and character references are read",
        place: .text(source.snippet(atOffset: max(0, currentOffset - name.utf8.count - 2)))))
  }

  /// libxml2 refused the document: its report in our words, at its place.
  func libxmlError(_ report: XMLParserError) {
    let message = XMLParserMessages.message(for: report)
    let place = min(currentOffset, max(0, source.utf8.count - 1))
    let offset =
      switch message.place {
      case .error: place
      case .endTagStart: endTagStartOffset
      }
    fail(
      ReadIssue(
        message.kind, .error, message.text, place: .text(source.snippet(atOffset: offset))))
  }

  /// The element's text as CoreFoundation sees it: line breaks as written,
  /// character references and CDATA sections resolved.
  func rawText(from start: Int, to end: Int) -> [UInt8] {
    let bytes = source.utf8
    guard start < end, end <= bytes.count else { return text }
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
        guard let scalar else { return text }
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
  static func parseInteger(_ text: [UInt8]) -> Int64? {
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

  static func parseReal(_ text: [UInt8]) -> Double? {
    let string = String(decoding: text, as: UTF8.self).trimmingCharacters(
      in: .whitespacesAndNewlines)
    switch string.lowercased() {
    case "nan": return .nan
    case "inf", "+inf", "infinity", "+infinity": return .infinity
    case "-inf", "-infinity": return -.infinity
    default: break
    }
    // CoreFoundation's scanner takes decimal notation only.
    guard !string.isEmpty,
      string.utf8.allSatisfy({
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: ".")
          || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") || $0 == UInt8(ascii: "-")
          || $0 == UInt8(ascii: "+")
      })
    else { return nil }
    return Double(string)
  }

  /// `YYYY-MM-DDThh:mm:ssZ` in UTC; the year may be negative or have any number of digits.
  static func parseDate(_ text: [UInt8]) -> Date? {
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
  static func parseBase64(_ text: [UInt8]) -> Data? {
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
      builder(context).startElement(localName, prefixed: prefix != nil)
    }
    handler.endElementNs = { context, _, _, _ in
      guard let context else { return }
      builder(context).endElement()
    }
    handler.characters = { context, bytes, count in
      guard let context, let bytes else { return }
      builder(context).characters(bytes, count: Int(count))
    }
    handler.ignorableWhitespace = handler.characters
    handler.cdataBlock = handler.characters
    handler.comment = { context, _ in
      guard let context else { return }
      builder(context).comment()
    }
    handler.entityDecl = { context, name, _, _, _, _ in
      guard let context else { return }
      builder(context).entityDeclared(name.map { String(cString: $0) } ?? "")
    }
    handler.reference = { context, name in
      guard let context else { return }
      builder(context).entityReferenced(name.map { String(cString: $0) } ?? "")
    }
    handler.serror = { context, error in
      guard let context, let error, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else {
        return
      }
      let builder = builder(context)
      let bytes = builder.source.utf8
      let offset = min(max(0, builder.currentOffset), bytes.count)
      builder.libxmlError(
        XMLParserError(error, before: bytes[..<offset], after: bytes[offset...]))
    }
    return handler
  }()

  private static func builder(_ context: UnsafeMutableRawPointer) -> XMLPlistBuilder {
    Unmanaged<XMLPlistBuilder>.fromOpaque(context).takeUnretainedValue()
  }
}
