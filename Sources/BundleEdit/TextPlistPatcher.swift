import Foundation
import Plist

/// Edits an XML or OpenStep property list by splicing its text at the places
/// the reader recorded: every byte outside the spliced ranges stays, and a
/// new element takes the layout of its siblings (their indentation, line
/// breaks, and the gap between a key and its value).
struct TextPlistPatcher {
  enum Syntax { case xml, openStep }

  let text: [UInt8]
  let syntax: Syntax
  let file: String
  let source: SourceText

  init(text: [UInt8], syntax: Syntax, file: String) {
    self.text = text
    self.syntax = syntax
    self.file = file
    self.source = SourceText(utf8: text)
  }

  /// The text with `edit` made, or why it cannot be made in place.
  func apply(_ edit: PlistEdit, root: PlistNode) throws(BundleEditError) -> [UInt8] {
    guard let container = root.node(at: edit.container) else {
      throw refusal(nil, "\(edit.container) is not in the file")
    }
    switch edit {
    case .setValue(_, let key, let value):
      guard let entries = container.entries else {
        throw refusal(container.offset, "\(edit.container) is not a dictionary")
      }
      if let entry = entries.last(where: { $0.key.isSameKey(as: key) }) {
        let range = try range(of: entry.value)
        let indent = lineIndentation(of: entry.keyOffset ?? range.lowerBound)
        return try splice(
          range, with: serialize(value, indent: indent, unit: unit(inside: container)))
      }
      return try addEntry(key: key, value: value, to: container)
    case .insertElement(_, let index, let value):
      guard let items = container.array else {
        throw refusal(container.offset, "\(edit.container) is not an array")
      }
      return try insert(value, at: index, into: container, items: items)
    case .removeElement(_, let index):
      guard let items = container.array, items.indices.contains(index) else {
        throw refusal(container.offset, "\(edit.container) has no element \(index)")
      }
      return try remove(index, from: items)
    case .removeEntry(_, let key):
      guard let entries = container.entries else {
        throw refusal(container.offset, "\(edit.container) is not a dictionary")
      }
      var result = self
      // From the last, so that the earlier places still hold.
      for entry in entries.reversed() where entry.key.isSameKey(as: key) {
        guard let start = entry.keyOffset,
          let end = syntax == .openStep ? entry.endOffset : entry.value.endOffset
        else { throw refusal(entry.keyOffset, "the entry \(key) has no recorded end") }
        let removed = result.lineExtended(start..<end)
        result = TextPlistPatcher(
          text: result.replacing(removed, with: []), syntax: syntax, file: file)
      }
      return result.text
    }
  }

  // MARK: - Edits

  private func addEntry(key: String, value: PlistNode, to container: PlistNode)
    throws(BundleEditError) -> [UInt8]
  {
    let entries = container.entries ?? []
    let unit = unit(inside: container)
    guard let last = entries.last, let lastKey = last.keyOffset else {
      // An empty dictionary is written again, with the entry on a line of its own.
      let range = try range(of: container)
      let indent = lineIndentation(of: range.lowerBound)
      var node = PlistNode(.dictionary([PlistEntry(key: key, value: value)]))
      node.offset = nil
      return try splice(range, with: serialize(node, indent: indent, unit: unit))
    }
    let indent = lineIndentation(of: lastKey)
    let end = syntax == .openStep ? last.endOffset : last.value.endOffset
    guard let end else { throw refusal(lastKey, "the entry \(last.key) has no recorded end") }
    // The gap between two entries, as the file writes it.
    var gap = openingGap(container, first: entries[0].keyOffset) ?? (newline + indent)
    if entries.count >= 2, let previousEnd = entryEnd(entries[entries.count - 2]),
      let between = whitespace(previousEnd..<lastKey)
    {
      gap = between
    }
    var keyGap = newline + indent
    if let keyEnd = last.keyEndOffset, let valueStart = last.value.offset,
      let between = whitespace(keyEnd..<valueStart)
    {
      keyGap = between
    }
    let entryText: String
    switch syntax {
    case .xml:
      entryText =
        "<key>" + (try escaped(key)) + "</key>" + keyGap
        + (try serialize(value, indent: indent, unit: unit))
    case .openStep:
      let separator = syntax == .openStep ? openStepSeparator(last) : " = "
      entryText =
        PlistValue.openStepToken(key) + separator
        + (try serialize(value, indent: indent, unit: unit)) + ";"
    }
    return replacing(end..<end, with: Array((gap + entryText).utf8))
  }

  private func insert(
    _ value: PlistNode, at index: Int, into container: PlistNode, items: [PlistNode]
  )
    throws(BundleEditError) -> [UInt8]
  {
    guard (0...items.count).contains(index) else {
      throw refusal(container.offset, "the array has no place \(index)")
    }
    let unit = unit(inside: container)
    guard !items.isEmpty else {
      let range = try range(of: container)
      let indent = lineIndentation(of: range.lowerBound)
      return try splice(
        range, with: serialize(PlistNode(.array([value])), indent: indent, unit: unit))
    }
    let comma = syntax == .openStep ? "," : ""
    if index == 0 {
      let first = try range(of: items[0])
      let indent = lineIndentation(of: first.lowerBound)
      let gap =
        itemGap(items, around: 0) ?? openingGap(container, first: items[0].offset)
        ?? (newline + indent)
      let inserted = try serialize(value, indent: indent, unit: unit) + comma + gap
      return replacing(first.lowerBound..<first.lowerBound, with: Array(inserted.utf8))
    }
    let anchor = try range(of: items[index - 1])
    let indent = lineIndentation(of: anchor.lowerBound)
    let gap =
      itemGap(items, around: index - 1) ?? openingGap(container, first: items[0].offset)
      ?? (newline + indent)
    let inserted = comma + gap + (try serialize(value, indent: indent, unit: unit))
    return replacing(anchor.upperBound..<anchor.upperBound, with: Array(inserted.utf8))
  }

  private func remove(_ index: Int, from items: [PlistNode]) throws(BundleEditError) -> [UInt8] {
    let item = try range(of: items[index])
    guard syntax == .openStep else {
      return replacing(lineExtended(item), with: [])
    }
    // The comma after the element goes with it; the last element takes the one before it.
    var after = item.upperBound
    while after < text.count, isSpace(text[after]) { after += 1 }
    if after < text.count, text[after] == UInt8(ascii: ",") {
      return replacing(lineExtended(item.lowerBound..<(after + 1)), with: [])
    }
    if index > 0 {
      let previous = try range(of: items[index - 1])
      return replacing(previous.upperBound..<item.upperBound, with: [])
    }
    return replacing(lineExtended(item), with: [])
  }

  // MARK: - Layout

  /// The text between two neighbouring elements of an array (its comma
  /// excepted), when it is white space: the gap a new element takes.
  private func itemGap(_ items: [PlistNode], around index: Int) -> String? {
    var pairs: [(Int, Int)] = []
    if index + 1 < items.count { pairs.append((index, index + 1)) }
    if index > 0 { pairs.append((index - 1, index)) }
    for (left, right) in pairs {
      guard let end = items[left].endOffset, let start = items[right].offset, end <= start else {
        continue
      }
      var from = end
      if syntax == .openStep {
        while from < start, isSpace(text[from]) { from += 1 }
        guard from < start, text[from] == UInt8(ascii: ",") else { continue }
        from += 1
      }
      if let gap = whitespace(from..<start) { return gap }
    }
    return nil
  }

  /// The white space between a container's opening (`<dict>`, `{`, `(`) and
  /// its first element, possibly none: the gap a container with one element
  /// shows between elements.
  private func openingGap(_ container: PlistNode, first: Int?) -> String? {
    guard let start = container.offset, let first, start < first, first <= text.count else {
      return nil
    }
    var open = start
    switch syntax {
    case .xml:
      while open < first, text[open] != UInt8(ascii: ">") { open += 1 }
      open += 1
    case .openStep:
      guard text[open] == UInt8(ascii: "{") || text[open] == UInt8(ascii: "(") else { return nil }
      open += 1
    }
    guard open <= first else { return nil }
    let slice = text[open..<first]
    guard slice.allSatisfy(isSpace) else { return nil }
    return String(decoding: slice, as: UTF8.self)
  }

  /// ` = ` or however the file writes it between a key and its value.
  private func openStepSeparator(_ entry: PlistEntry) -> String {
    guard let keyEnd = entry.keyEndOffset, let valueStart = entry.value.offset,
      keyEnd <= valueStart
    else { return " = " }
    let between = String(decoding: text[keyEnd..<valueStart], as: UTF8.self)
    return between.allSatisfy { $0 == " " || $0 == "\t" || $0 == "=" }
      && between.filter({ $0 == "=" }).count == 1 ? between : " = "
  }

  private func entryEnd(_ entry: PlistEntry) -> Int? {
    syntax == .openStep ? entry.endOffset : entry.value.endOffset
  }

  /// The file's line break: CR LF when it has one, else LF.
  var newline: String {
    var index = 0
    while index + 1 < text.count {
      if text[index] == 0x0D, text[index + 1] == 0x0A { return "\r\n" }
      if text[index] == 0x0A { return "\n" }
      index += 1
    }
    return "\n"
  }

  /// The spaces and tabs that start the line of `offset`, up to it (empty
  /// when something else stands before it on its line).
  func indentation(before offset: Int) -> String {
    var start = min(offset, text.count)
    while start > 0, text[start - 1] != 0x0A, text[start - 1] != 0x0D { start -= 1 }
    let prefix = text[start..<min(offset, text.count)]
    guard prefix.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else { return "" }
    return String(decoding: prefix, as: UTF8.self)
  }

  /// The spaces and tabs that start the line `offset` is on, whatever follows them.
  func lineIndentation(of offset: Int) -> String {
    var start = min(offset, text.count)
    while start > 0, text[start - 1] != 0x0A, text[start - 1] != 0x0D { start -= 1 }
    var end = start
    while end < text.count, text[end] == 0x20 || text[end] == 0x09 { end += 1 }
    return String(decoding: text[start..<end], as: UTF8.self)
  }

  /// One level of indentation: how much deeper the container's elements
  /// stand than the container, else the first indented line of the file,
  /// else a tab (Xcode's).
  func unit(inside container: PlistNode) -> String {
    let outer = container.offset.map(lineIndentation(of:)) ?? ""
    let firstChild: Int? =
      container.entries?.first?.keyOffset ?? container.array?.first?.offset
    if let firstChild {
      let inner = indentation(before: firstChild)
      if inner.count > outer.count, inner.hasPrefix(outer) {
        return String(inner.dropFirst(outer.count))
      }
    }
    var index = 0
    while index < text.count {
      if text[index] == 0x0A, index + 1 < text.count,
        text[index + 1] == 0x20 || text[index + 1] == 0x09
      {
        var end = index + 1
        while end < text.count, text[end] == text[index + 1] { end += 1 }
        let run = String(decoding: text[(index + 1)..<end], as: UTF8.self)
        return run.hasPrefix("\t") ? "\t" : String(run.prefix(min(run.count, 4)))
      }
      index += 1
    }
    return "\t"
  }

  /// The range of a whole line when `range` is alone on its lines (only
  /// white space before it on its first line and after it on its last),
  /// line break included; else `range` itself.
  func lineExtended(_ range: Range<Int>) -> Range<Int> {
    var start = range.lowerBound
    while start > 0, text[start - 1] == 0x20 || text[start - 1] == 0x09 { start -= 1 }
    guard start == 0 || text[start - 1] == 0x0A || text[start - 1] == 0x0D else { return range }
    var end = range.upperBound
    while end < text.count, text[end] == 0x20 || text[end] == 0x09 { end += 1 }
    if end < text.count, text[end] == 0x0D { end += 1 }
    if end < text.count, text[end] == 0x0A { end += 1 }
    guard end == text.count || text[end - 1] == 0x0A || text[end - 1] == 0x0D else { return range }
    return start..<end
  }

  private func whitespace(_ range: Range<Int>) -> String? {
    guard range.lowerBound <= range.upperBound, range.upperBound <= text.count else { return nil }
    let slice = text[range]
    guard !slice.isEmpty, slice.allSatisfy(isSpace) else { return nil }
    return String(decoding: slice, as: UTF8.self)
  }

  private func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  private func range(of node: PlistNode) throws(BundleEditError) -> Range<Int> {
    guard let start = node.offset, let end = node.endOffset, start <= end, end <= text.count else {
      throw refusal(node.offset, "the reader recorded no end for this \(node.typeName)")
    }
    return start..<end
  }

  private func splice(_ range: Range<Int>, with replacement: String) -> [UInt8] {
    replacing(range, with: Array(replacement.utf8))
  }

  func replacing(_ range: Range<Int>, with replacement: [UInt8]) -> [UInt8] {
    var result = text
    result.replaceSubrange(range, with: replacement)
    return result
  }

  private func refusal(_ offset: Int?, _ reason: String) -> BundleEditError {
    .cannotEditInPlace(
      file: file, place: offset.map { .text(source.snippet(atOffset: $0)) }, reason: reason)
  }

  // MARK: - Values

  /// A new value in the file's syntax; a container over several lines, its
  /// elements `unit` deeper than `indent`, the line it starts on.
  func serialize(_ node: PlistNode, indent: String, unit: String) throws(BundleEditError) -> String
  {
    switch syntax {
    case .xml: try xml(node, indent: indent, unit: unit)
    case .openStep: openStep(node, indent: indent, unit: unit)
    }
  }

  private func xml(_ node: PlistNode, indent: String, unit: String) throws(BundleEditError)
    -> String
  {
    let inner = indent + unit
    switch node.content {
    case .string(let value): return "<string>" + (try escaped(value)) + "</string>"
    case .integer(let value): return "<integer>\(value)</integer>"
    case .real(let value): return "<real>" + Self.realText(value) + "</real>"
    case .bool(let value): return value ? "<true/>" : "<false/>"
    case .date(let value): return "<date>" + ProlepticGregorian.iso8601(value) + "</date>"
    case .data(let value): return "<data>" + value.base64EncodedString() + "</data>"
    case .array(let items):
      guard !items.isEmpty else { return "<array/>" }
      var result = "<array>"
      for item in items {
        result += newline + inner + (try xml(item, indent: inner, unit: unit))
      }
      return result + newline + indent + "</array>"
    case .dictionary(let entries):
      guard !entries.isEmpty else { return "<dict/>" }
      var result = "<dict>"
      for entry in entries {
        result += newline + inner + "<key>" + (try escaped(entry.key)) + "</key>"
        result += newline + inner + (try xml(entry.value, indent: inner, unit: unit))
      }
      return result + newline + indent + "</dict>"
    }
  }

  /// A real as CoreFoundation's XML reader takes it back exactly.
  static func realText(_ value: Double) -> String {
    if value.isNaN { return "nan" }
    if value.isInfinite { return value < 0 ? "-infinity" : "+infinity" }
    return "\(value)"
  }

  /// Text for an XML element as `XMLPlistWriter` writes it, but a carriage
  /// return as `&#13;`: a raw one would read back as a line feed. A character
  /// XML cannot hold is refused.
  private func escaped(_ value: String) throws(BundleEditError) -> String {
    do {
      return try XMLPlistWriter.escaped(value, carriageReturnAsReference: true)
    } catch {
      throw .valueRefused(
        value.escapingControlCharacters, attribute: "", element: nil,
        reason: String(
          format: "an XML property list cannot hold the character U+%04X", error.scalar.value))
    }
  }

  private func openStep(_ node: PlistNode, indent: String, unit: String) -> String {
    let inner = indent + unit
    switch node.content {
    case .string(let value): return PlistValue.openStepToken(value)
    case .array(let items):
      guard !items.isEmpty else { return "()" }
      return "(" + newline
        + items.map { inner + openStep($0, indent: inner, unit: unit) }.joined(
          separator: "," + newline) + newline + indent + ")"
    case .dictionary(let entries):
      guard !entries.isEmpty else { return "{}" }
      return "{" + newline
        + entries.map {
          inner + PlistValue.openStepToken($0.key) + " = "
            + openStep($0.value, indent: inner, unit: unit) + ";"
        }.joined(separator: newline) + newline + indent + "}"
    default:
      return node.value.openStepText(indent: 0)
    }
  }
}
