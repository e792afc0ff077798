internal import CLibXML2

/// A document libxml2 refused, as data: its error code (`xmlParserErrors`),
/// the details it fills in for that code, and the text around the place.
///
/// libxml2's own messages are never shown: they name its functions
/// ("xmlParseEntityRef: no name"), reuse one code for several wordings, and
/// change between versions. `XMLParserMessages` words each code instead.
struct XMLParserError: Sendable, Hashable {
  /// The `xmlParserErrors` value.
  var code: UInt32
  /// `str1`: a tag, attribute, prefix or entity name, by code.
  var name: String?
  /// `str2`: the closing tag's name, a local name, a namespace URI, by code.
  var otherName: String?
  /// `int1`: a line, a character value or a depth, by code.
  var number: Int
  /// Up to a line or so of the UTF-8 text before the place.
  var before: [UInt8]
  /// The first scalar at the place, if any.
  var scalarAtPlace: Unicode.Scalar?

  init(
    code: UInt32, name: String? = nil, otherName: String? = nil, number: Int = 0,
    before: some Collection<UInt8>, after: some Collection<UInt8>
  ) {
    self.code = code
    self.name = name
    self.otherName = otherName
    self.number = number
    self.before = Array(before.suffix(256))
    var iterator = after.prefix(4).makeIterator()
    var decoder = UTF8()
    if case .scalarValue(let scalar) = decoder.decode(&iterator) {
      scalarAtPlace = scalar
    } else {
      scalarAtPlace = nil
    }
  }

  /// Reads what libxml2 reported; `before` and `after` are the text on each side of the place.
  init(
    _ error: UnsafePointer<xmlError>, before: some Collection<UInt8>,
    after: some Collection<UInt8>
  ) {
    self.init(
      code: UInt32(bitPattern: error.pointee.code),
      name: error.pointee.str1.map { String(cString: $0) },
      otherName: error.pointee.str2.map { String(cString: $0) },
      number: Int(error.pointee.int1), before: before, after: after)
  }

  /// The byte just before the place.
  var precedingByte: UInt8? { before.last }

  /// The name after the last `<` before the place: the tag being read.
  var openTag: String {
    guard let open = before.lastIndex(of: UInt8(ascii: "<")) else { return "" }
    let name = before[(open + 1)...].prefix {
      !XMLPlistBuilder.isXMLSpace($0) && $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: ">")
    }
    return String(decoding: name, as: UTF8.self)
  }

  /// Whether the place is inside `<!DOCTYPE`, the last markup opened before it.
  var isInDocumentType: Bool {
    guard let open = before.lastIndex(of: UInt8(ascii: "<")) else { return false }
    return before[open...].starts(with: "<!DOCTYPE".utf8)
  }
}

/// Our words for libxml2's errors, by code: the one place that says what
/// each code means (the tests read a broken document for every entry).
///
/// ```swift
/// let message = XMLParserMessages.message(for: error)
/// message.text   // "</array> closes <dict>, which opened on line 6; …"
/// ```
enum XMLParserMessages {
  /// Where the diagnostic points.
  enum Place: Sendable, Hashable {
    /// Where libxml2 stopped.
    case error
    /// At the `</` of the end tag just read, the tag that is wrong.
    case endTagStart
  }

  struct Message: Sendable, Hashable {
    var kind: ReadIssue.Kind
    var text: String
    var place: Place
  }

  struct Entry: Sendable {
    var kind: ReadIssue.Kind = .syntax
    var place: Place = .error
    /// The words; nil when this report of the code is not the one the entry
    /// is about, so the generic message (with the code) is used instead.
    var text: @Sendable (XMLParserError) -> String?
  }

  /// The message for a report: the entry of its code, or a generic one naming the code.
  static func message(for error: XMLParserError) -> Message {
    if let entry = entries[error.code], let text = entry.text(error) {
      return Message(kind: entry.kind, text: text, place: entry.place)
    }
    return Message(
      kind: .syntax, text: "the XML is not well-formed here (libxml2 error \(error.code))",
      place: .error)
  }

  /// A name from the document, cut short: libxml2 reads names of 50,000 characters.
  static func shown(_ name: String?) -> String {
    let name = name ?? ""
    return name.unicodeScalars.count <= 60
      ? name : String(String.UnicodeScalarView(name.unicodeScalars.prefix(60))) + "…"
  }

  static func codePoint(_ value: UInt32) -> String {
    let hex = String(value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }

  /// XML 1.0's `Char` production.
  static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
    default: false
    }
  }

  static let entries: [UInt32: Entry] = [
    // libxml2 reports its depth limit as an internal error with the depth; any
    // other internal error has none and gets the generic message.
    XML_ERR_INTERNAL_ERROR.rawValue: Entry(kind: .limit) {
      $0.number > 0
        ? "elements nested more than \($0.number) deep, the most the XML parser reads" : nil
    },
    XML_ERR_DOCUMENT_EMPTY.rawValue: Entry { _ in
      "an element is expected here, and the document holds none"
    },
    XML_ERR_DOCUMENT_END.rawValue: Entry { _ in
      "more content after the root element has closed; a document has one root element"
    },
    XML_ERR_INVALID_HEX_CHARREF.rawValue: Entry { _ in
      "a character reference &#x…; holds something other than hexadecimal digits"
    },
    XML_ERR_INVALID_DEC_CHARREF.rawValue: Entry { _ in
      "a character reference &#…; holds something other than decimal digits"
    },
    // The same code for a raw character and a reference to one (`&#0;`): the
    // character at the place tells which; libxml2 fills in the value for the
    // reference only.
    XML_ERR_INVALID_CHAR.rawValue: Entry {
      if let scalar = $0.scalarAtPlace, !isXMLCharacter(scalar) {
        return "the character \(codePoint(scalar.value)) is not allowed in XML"
      }
      return
        "the character reference names \(codePoint(UInt32(clamping: $0.number))), which XML does not allow"
    },
    XML_ERR_ENTITYREF_SEMICOL_MISSING.rawValue: Entry { _ in
      "an entity reference has no ';'; write &amp; for a literal '&'"
    },
    XML_ERR_UNDECLARED_ENTITY.rawValue: Entry {
      "&\(shown($0.name)); is not an entity XML knows; only &amp; &lt; &gt; &quot; &apos; and character references are read"
    },
    XML_ERR_STRING_NOT_STARTED.rawValue: Entry { _ in
      "a value in quotes (\" or ') is expected here"
    },
    XML_ERR_STRING_NOT_CLOSED.rawValue: Entry { _ in
      "a quoted value is not closed with its quote"
    },
    XML_ERR_LT_IN_ATTRIBUTE.rawValue: Entry { _ in
      "'<' inside an attribute value (is its closing quote missing?); write &lt; for a literal '<'"
    },
    XML_ERR_ATTRIBUTE_NOT_STARTED.rawValue: Entry { _ in
      "an attribute value must be in quotes (\" or ')"
    },
    XML_ERR_ATTRIBUTE_NOT_FINISHED.rawValue: Entry { _ in
      "an attribute value is not closed with its quote"
    },
    XML_ERR_ATTRIBUTE_WITHOUT_VALUE.rawValue: Entry {
      "the attribute \(shown($0.name)) has no value; write \(shown($0.name))=\"…\""
    },
    XML_ERR_ATTRIBUTE_REDEFINED.rawValue: Entry {
      "the attribute \(shown($0.name)) is given twice in one tag"
    },
    XML_ERR_COMMENT_NOT_FINISHED.rawValue: Entry { _ in
      "the file ends inside a comment: <!-- is never closed with -->"
    },
    XML_ERR_PI_NOT_STARTED.rawValue: Entry { _ in
      "a processing instruction (<?) without a target name"
    },
    XML_ERR_PI_NOT_FINISHED.rawValue: Entry {
      "the processing instruction <?\(shown($0.name)) is never closed with ?>"
    },
    XML_ERR_XMLDECL_NOT_FINISHED.rawValue: Entry { _ in
      "the XML declaration (<?xml …) does not end with ?>"
    },
    XML_ERR_DOCTYPE_NOT_FINISHED.rawValue: Entry { _ in
      "the document type declaration (<!DOCTYPE …) does not end with '>'"
    },
    XML_ERR_MISPLACED_CDATA_END.rawValue: Entry { _ in
      "']]>' may not appear in text; write ]]&gt;"
    },
    XML_ERR_CDATA_NOT_FINISHED.rawValue: Entry { _ in
      "the file ends inside a CDATA section: <![CDATA[ is never closed with ]]>"
    },
    XML_ERR_RESERVED_XML_NAME.rawValue: Entry { _ in
      "an XML declaration (<?xml …?>) may only open the file, before anything else, white space included"
    },
    XML_ERR_SPACE_REQUIRED.rawValue: Entry { _ in
      "white space is needed here (between attributes, or between the parts of a declaration)"
    },
    // One code for every missing name: what comes before the place says whose.
    XML_ERR_NAME_REQUIRED.rawValue: Entry {
      switch $0.precedingByte {
      case UInt8(ascii: "<"): "'<' is not followed by a tag name; write &lt; for a literal '<'"
      case UInt8(ascii: "&"): "'&' is not followed by an entity name; write &amp; for a literal '&'"
      default:
        $0.isInDocumentType
          ? "the document type declaration (<!DOCTYPE) has no name"
          // Most often a '<' in text that starts no tag (an e-mail address in a licence).
          : "an attribute name or the end of the tag <\(shown($0.openTag)) ('>' or '/>') is expected here; a '<' meant as text is written &lt;"
      }
    },
    XML_ERR_GT_REQUIRED.rawValue: Entry {
      $0.name.map { "the start tag <\(shown($0)) is not closed with '>'" }
        ?? "'>' is expected here to close the end tag"
    },
    XML_ERR_TAG_NAME_MISMATCH.rawValue: Entry(place: .endTagStart) {
      "</\(shown($0.otherName))> closes <\(shown($0.name))>, which opened on line \($0.number); end tags close the innermost open element"
    },
    XML_ERR_TAG_NOT_FINISHED.rawValue: Entry {
      "the file ends before <\(shown($0.name))> (opened on line \($0.number)) is closed"
    },
    XML_ERR_STANDALONE_VALUE.rawValue: Entry { _ in
      "standalone in the XML declaration takes 'yes' or 'no'"
    },
    XML_ERR_HYPHEN_IN_COMMENT.rawValue: Entry { _ in
      "'--' inside a comment; a comment holds '--' only in its closing -->"
    },
    XML_ERR_VERSION_MISSING.rawValue: Entry { _ in
      "the XML declaration must begin with version=\"1.0\""
    },
    XML_ERR_UNKNOWN_VERSION.rawValue: Entry {
      "the XML declaration names version \"\(shown($0.name))\"; only XML 1.0 is read"
    },
    XML_ERR_NAME_TOO_LONG.rawValue: Entry { _ in
      "a name longer than the 50,000 characters the XML parser reads"
    },
    XML_NS_ERR_XML_NAMESPACE.rawValue: Entry { _ in
      "a namespace declaration XML forbids (an empty namespace, or xml or xmlns bound anew)"
    },
    XML_NS_ERR_UNDEFINED_NAMESPACE.rawValue: Entry {
      "the namespace prefix \"\(shown($0.name))\" of \(shown($0.name)):\(shown($0.otherName)) is not declared"
    },
    XML_NS_ERR_QNAME.rawValue: Entry { _ in
      "a tag or attribute name holds more than one ':'"
    },
    XML_NS_ERR_ATTRIBUTE_REDEFINED.rawValue: Entry {
      "the attribute \(shown($0.name)) of the namespace \(shown($0.otherName)) is given twice in one tag"
    },
  ]
}
