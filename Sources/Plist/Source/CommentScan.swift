extension SourceText {
  /// The syntax whose comments ``comments(in:syntax:)`` finds.
  public enum CommentSyntax: Sendable, Hashable {
    /// `/* … */` and `// …` between the tokens of OpenStep text and `.strings` tables.
    case openStep
    /// `<!-- … -->` in XML.
    case xml
  }

  /// The comments in `range` of the text, delimiters included, in order.
  /// The range must start between tokens (at a key, say), as the readers
  /// do: text inside quoted strings, data and CDATA is not a comment. A
  /// comment that runs past the range's end is included whole.
  ///
  /// An edit that removes an entry uses it to keep what the entry holds
  /// besides its key and value.
  ///
  /// ```swift
  /// let text = SourceText(utf8: Array(#""a" /* x */ = "/* y */";"#.utf8))
  /// text.comments(in: 0..<text.utf8.count, syntax: .openStep)  // [4..<11]
  /// ```
  public func comments(in range: Range<Int>, syntax: CommentSyntax) -> [Range<Int>] {
    let range = range.clamped(to: 0..<utf8.count)
    switch syntax {
    case .openStep: return openStepComments(in: range)
    case .xml: return xmlComments(in: range)
    }
  }

  private func starts(_ marker: String, at index: Int) -> Bool {
    utf8[index...].starts(with: marker.utf8)
  }

  /// Where `marker` ends after `index`, or the end of the text.
  private func end(of marker: String, after index: Int) -> Int {
    let pattern = Array(marker.utf8)
    var position = index
    while position + pattern.count <= utf8.count {
      if utf8[position..<(position + pattern.count)].elementsEqual(pattern) {
        return position + pattern.count
      }
      position += 1
    }
    return utf8.count
  }

  private func openStepComments(in range: Range<Int>) -> [Range<Int>] {
    var result: [Range<Int>] = []
    var index = range.lowerBound
    while index < range.upperBound {
      let byte = utf8[index]
      if starts("/*", at: index) {
        let end = end(of: "*/", after: index + 2)
        result.append(index..<end)
        index = end
      } else if starts("//", at: index) {
        var end = index + 2
        while end < utf8.count, utf8[end] != 0x0A, utf8[end] != 0x0D { end += 1 }
        result.append(index..<end)
        index = end
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        index += 1
        while index < utf8.count, utf8[index] != byte {
          index += utf8[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        index += 1
      } else if byte == UInt8(ascii: "<") {
        index = end(of: ">", after: index + 1)
      } else if OpenStepParser.isUnquotedCharacter(byte) {
        // An unquoted string may hold `/`: `a//b` is one string, not a comment.
        while index < utf8.count, OpenStepParser.isUnquotedCharacter(utf8[index]) { index += 1 }
      } else {
        index += 1
      }
    }
    return result
  }

  private func xmlComments(in range: Range<Int>) -> [Range<Int>] {
    var result: [Range<Int>] = []
    var index = range.lowerBound
    while index < range.upperBound {
      guard utf8[index] == UInt8(ascii: "<") else {
        index += 1
        continue
      }
      if starts("<!--", at: index) {
        let end = end(of: "-->", after: index + 4)
        result.append(index..<end)
        index = end
      } else if starts("<![CDATA[", at: index) {
        index = end(of: "]]>", after: index + 9)
      } else if starts("<?", at: index) {
        index = end(of: "?>", after: index + 2)
      } else {
        index += 1
      }
    }
    return result
  }
}
