internal import CLibXML2

/// Where libxml2 stands in the document it parses, and the tags around that
/// place, as byte offsets. Two words, so the plist reader asks at every
/// event without copying anything larger.
struct ParsePosition {
  /// The document's bytes, valid while the parse runs.
  let bytes: UnsafeBufferPointer<UInt8>
  let context: xmlParserCtxtPtr

  /// The byte offset libxml2 has reached.
  var current: Int { prefs_xmlParserOffset(context) }

  /// The offset of the `<` that opened the tag just parsed.
  var tagStart: Int {
    var offset = min(current, bytes.count - 1)
    while offset > 0, bytes[offset] != UInt8(ascii: "<") { offset -= 1 }
    return max(offset, 0)
  }

  /// The offset of the `<` of the end tag just parsed. libxml2 has then
  /// moved past its `>`, onto the next tag when tags share a line, so the
  /// search starts one byte back.
  var endTagStart: Int {
    var offset = min(current - 1, bytes.count - 1)
    while offset > 0, bytes[offset] != UInt8(ascii: "<") { offset -= 1 }
    return max(offset, 0)
  }

  /// The offset just past the `>` of the end tag just parsed (or of an empty
  /// element such as `<true/>`): where a textual edit of the element ends.
  /// libxml2 stands right after it, or on the next tag's `<`.
  var endTagEnd: Int {
    var offset = min(current, bytes.count) - 1
    while offset > 0, bytes[offset] != UInt8(ascii: ">") { offset -= 1 }
    return max(offset, 0) + 1
  }

  /// Just after the `>` of the end tag (or empty-element tag) just parsed.
  var elementEnd: Int {
    var offset = endTagStart
    while offset < bytes.count, bytes[offset] != UInt8(ascii: ">") { offset += 1 }
    return min(offset + 1, bytes.count)
  }
}
