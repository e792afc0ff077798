internal import CLibXML2
import Foundation

/// A small XML document read as data, never as instructions, for formats
/// other than property lists (XLIFF). libxml2 detects the encoding (UTF-8,
/// UTF-16 with or without an encoding declaration, …), and the reader refuses
/// in the parser itself, wherever it stands and however it is encoded: a
/// document type declaration, any entity declaration or reference beyond the
/// five predefined ones, and anything that would reach the network. Elements
/// and attributes are named by namespace and local name, so a prefix
/// (`<x:xliff xmlns:x="…">`) reads like a default namespace.
///
/// ```swift
/// let root = try XMLTree.parse(Array(data))
/// root.name       // "xliff"
/// root.namespace  // "urn:oasis:names:tc:xliff:document:1.2"
/// root.elements(named: "file", namespace: root.namespace).first?.attribute("original")
/// ```
public enum XMLTree {
  /// An element: its namespace URI (nil when none is in scope), local name,
  /// attributes and content, and the line it starts on.
  public struct Element: Sendable, Hashable {
    public var namespace: String?
    public var name: String
    public var attributes: [Attribute]
    public var children: [Node]
    public var line: Int

    /// The value of an attribute by local name and namespace (attributes
    /// without a prefix have none).
    public func attribute(_ name: String, namespace: String? = nil) -> String? {
      attributes.first { $0.name == name && $0.namespace == namespace }?.value
    }

    /// The child elements with this name in this namespace.
    public func elements(named name: String, namespace: String?) -> [Element] {
      children.compactMap {
        guard case .element(let element) = $0, element.name == name,
          element.namespace == namespace
        else { return nil }
        return element
      }
    }
  }

  public struct Attribute: Sendable, Hashable {
    public var namespace: String?
    public var name: String
    public var value: String
  }

  /// What an element holds: text (character data and CDATA, entities resolved) or an element.
  public enum Node: Sendable, Hashable {
    case text(String)
    case element(Element)
  }

  /// Why a document was refused, and where.
  public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
    public var kind: ReadIssue.Kind
    public var message: String
    public var location: TextLocation

    init(kind: ReadIssue.Kind, message: String, line: Int, column: Int) {
      (self.kind, self.message) = (kind, message)
      self.location = TextLocation(line: line, column: column)
    }

    public var line: Int { location.line }
    public var column: Int { location.column }

    public var description: String { "\(line):\(column): \(message)" }
  }

  /// Parses a whole document; at most `limits.maximumBytes` bytes and
  /// `limits.maximumDepth` levels.
  public static func parse(_ bytes: [UInt8], limits: ReadLimits = .standard) throws(ParseError)
    -> Element
  {
    guard bytes.count <= limits.maximumBytes else {
      throw ParseError(
        kind: .limit,
        message: "the file is larger than the \(limits.maximumBytes) bytes prefs reads",
        line: 1, column: 1)
    }
    initializeParser
    let builder = TreeBuilder(maximumDepth: limits.maximumDepth)
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress, buffer.count > 0 else { return }
      base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { chars in
        guard let context = xmlCreateMemoryParserCtxt(chars, Int32(buffer.count)) else { return }
        defer { xmlFreeParserCtxt(context) }
        // No XML_PARSE_NOENT (entities are never substituted), no DTD loading,
        // no network; the SAX handler below refuses what is left.
        let options = XML_PARSE_NONET.rawValue | XML_PARSE_NOXINCNODE.rawValue
        xmlCtxtUseOptions(context, Int32(bitPattern: options))
        context.pointee.sax.pointee = TreeBuilder.handler
        builder.context = context
        context.pointee.userData = Unmanaged.passUnretained(builder).toOpaque()
        xmlParseDocument(context)
        builder.context = nil
      }
    }
    if let error = builder.error { throw error }
    guard let root = builder.root else {
      throw ParseError(kind: .syntax, message: "no element found", line: 1, column: 1)
    }
    // libxml2 may end a truncated document without an error.
    if let open = builder.stack.last {
      throw ParseError(
        kind: .syntax, message: "<\(open.name)> is never closed", line: open.line, column: 1)
    }
    return root
  }
}

private let initializeParser: Void = { xmlInitParser() }()

private final class TreeBuilder {
  let maximumDepth: Int
  var context: xmlParserCtxtPtr?
  var stack: [XMLTree.Element] = []
  var root: XMLTree.Element?
  var error: XMLTree.ParseError?

  init(maximumDepth: Int) { self.maximumDepth = maximumDepth }

  var line: Int { context.map { Int(xmlSAX2GetLineNumber($0)) } ?? 1 }
  var column: Int { context.map { Int(xmlSAX2GetColumnNumber($0)) } ?? 1 }

  func fail(_ kind: ReadIssue.Kind, _ message: String, line: Int? = nil, column: Int? = nil) {
    guard error == nil else { return }
    error = XMLTree.ParseError(
      kind: kind, message: message, line: line ?? self.line, column: column ?? self.column)
    if let context { xmlStopParser(context) }
  }

  /// libxml2 refused the document: its report in our words, at its place.
  func libxmlError(_ error: UnsafePointer<xmlError>) {
    guard self.error == nil else { return }
    // libxml2 holds the document as UTF-8 whatever its encoding; a line or so
    // before the place stays in its buffer.
    var before: [UInt8] = []
    var after: [UInt8] = []
    if let input = context?.pointee.input?.pointee, let base = input.base, let cur = input.cur,
      cur >= base
    {
      let start = cur - min(256, cur - base)
      before = Array(UnsafeBufferPointer(start: start, count: cur - start))
      if let end = input.end, end >= cur {
        after = Array(UnsafeBufferPointer(start: cur, count: min(4, end - cur)))
      }
    }
    let report = XMLParserError(error, before: before, after: after)
    let message = XMLParserMessages.message(for: report)
    var column = Int(error.pointee.int2)
    if message.place == .endTagStart, let open = Self.endTagStart(in: before) {
      // Back to the `</` on the same line, in characters as libxml2 counts columns.
      column -= before[open...].reduce(0) { $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) }
    }
    fail(message.kind, message.text, line: Int(error.pointee.line), column: max(1, column))
  }

  /// The index of the last `</` of the text, when no line break follows it.
  static func endTagStart(in text: [UInt8]) -> Int? {
    var index = text.count - 1
    while index > 0, text[index] != 0x0A {
      if text[index - 1] == UInt8(ascii: "<"), text[index] == UInt8(ascii: "/") { return index - 1 }
      index -= 1
    }
    return nil
  }

  func start(
    localName: String, namespace: String?, attributes: [XMLTree.Attribute]
  ) {
    guard error == nil else { return }
    guard stack.count < maximumDepth else {
      return fail(.limit, "elements nested more than \(maximumDepth) deep")
    }
    stack.append(
      XMLTree.Element(
        namespace: namespace, name: localName, attributes: attributes, children: [], line: line))
  }

  func end() {
    guard error == nil, let element = stack.popLast() else { return }
    if stack.isEmpty {
      root = element
    } else {
      stack[stack.count - 1].children.append(.element(element))
    }
  }

  func characters(_ text: String) {
    guard error == nil, !stack.isEmpty else { return }
    let last = stack.count - 1
    if case .text(let previous)? = stack[last].children.last {
      stack[last].children[stack[last].children.count - 1] = .text(previous + text)
    } else {
      stack[last].children.append(.text(text))
    }
  }

  static func string(_ pointer: UnsafePointer<xmlChar>?) -> String? {
    pointer.map { String(cString: $0) }
  }

  static func string(_ start: UnsafePointer<xmlChar>?, _ end: UnsafePointer<xmlChar>?) -> String {
    guard let start, let end, end >= start else { return "" }
    return String(decoding: UnsafeBufferPointer(start: start, count: end - start), as: UTF8.self)
  }

  nonisolated(unsafe) static let handler: xmlSAXHandler = {
    var handler = xmlSAXHandler()
    handler.initialized = 0xDEED_BEAF  // XML_SAX2_MAGIC
    handler.startElementNs = {
      context, localName, _, uri, _, _, attributeCount, _, attributes in
      guard let context, let localName else { return }
      var list: [XMLTree.Attribute] = []
      if let attributes {
        for index in 0..<Int(attributeCount) {
          // localname, prefix, URI, value start, value end
          let base = index * 5
          guard let name = string(attributes[base]) else { continue }
          list.append(
            XMLTree.Attribute(
              namespace: string(attributes[base + 2]), name: name,
              // Without entity substitution libxml2 hands `&amp;` in an attribute on as
              // `&#38;` (and a literal `&#38;` as `&#38;#38;`): it is the ampersand.
              value: string(attributes[base + 3], attributes[base + 4])
                .replacingOccurrences(of: "&#38;", with: "&")))
        }
      }
      builder(context).start(
        localName: String(cString: localName), namespace: string(uri), attributes: list)
    }
    handler.endElementNs = { context, _, _, _ in
      guard let context else { return }
      builder(context).end()
    }
    handler.characters = { context, bytes, count in
      guard let context, let bytes else { return }
      builder(context).characters(
        String(decoding: UnsafeBufferPointer(start: bytes, count: Int(count)), as: UTF8.self))
    }
    handler.ignorableWhitespace = handler.characters
    handler.cdataBlock = handler.characters
    handler.internalSubset = { context, name, _, _ in
      guard let context else { return }
      builder(context).fail(
        .unsafeMarkup,
        "a document type declaration (<!DOCTYPE \(string(name) ?? "")>); prefs reads no DTD")
    }
    handler.externalSubset = handler.internalSubset
    handler.entityDecl = { context, name, _, _, _, _ in
      guard let context else { return }
      builder(context).fail(
        .unsafeMarkup, "the entity \"\(string(name) ?? "")\" is declared; prefs expands no entity")
    }
    handler.reference = { context, name in
      guard let context else { return }
      builder(context).fail(
        .unsafeMarkup,
        "&\(string(name) ?? ""); refers to an entity; only the five predefined ones are read")
    }
    handler.serror = { context, error in
      guard let context, let error, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else {
        return
      }
      builder(context).libxmlError(error)
    }
    return handler
  }()

  private static func builder(_ context: UnsafeMutableRawPointer) -> TreeBuilder {
    Unmanaged<TreeBuilder>.fromOpaque(context).takeUnretainedValue()
  }
}
