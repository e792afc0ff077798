import Plist
import SettingsSchema

/// Changes to a table as read, made to its text: only the lines of the
/// entries that change are touched, so a translator's comments, blank lines,
/// header and layout stay as they were and a review sees the real change.
///
/// A table whose text cannot be edited in place (a binary or XML property
/// list, braces, an encoding other than UTF-8 or UTF-16, a key without a
/// recorded place) is written whole by ``StringsWriter`` instead.
///
/// ```swift
/// var patch = TablePatch(loaded)
/// patch.setValue(ofEntry: 2, to: "Lautstärke")
/// patch.append([StringsEntry(key: "Volume", value: PlistNode(.string("Volume")))])
/// let bytes = patch.bytes()
/// ```
struct TablePatch {
  let loaded: LoadedStrings
  /// The table as it will be, for the whole-file writer.
  private var file: StringsFile
  private var removed = Set<Int>()
  private var appended: [StringsEntry] = []
  /// Byte ranges of the decoded text and what replaces them.
  private var edits: [(range: Range<Int>, text: String)] = []
  /// Set when an edit cannot be made in place.
  private var writesWhole = false

  init(_ loaded: LoadedStrings) {
    self.loaded = loaded
    file = loaded.strings
    if loaded.source == nil || loaded.strings.isPropertyList || !Self.editable(loaded) {
      writesWhole = true
    }
  }

  /// Whether the table is edited in place rather than written whole.
  var editsInPlace: Bool { !writesWhole }

  private var text: [UInt8] { loaded.source?.utf8 ?? [] }

  private static func editable(_ loaded: LoadedStrings) -> Bool {
    switch loaded.strings.encoding {
    // BOM-less UTF-16 loses its first two bytes on reading, as on iOS: not text to keep.
    case .utf8, .utf8WithBOM, .utf16LittleEndianWithBOM, .utf16BigEndianWithBOM: break
    default: return false
    }
    // Entries in braces end with `}`: what is appended would land after it.
    let utf8 = loaded.source?.utf8 ?? []
    return utf8.last(where: { !isSpace($0) && $0 != UInt8(ascii: "\n") }) != UInt8(ascii: "}")
  }

  /// Gives an entry a new string value and drops its untranslated mark.
  mutating func setValue(ofEntry index: Int, to value: String) {
    let entry = file.entries[index]
    file.entries[index].value = PlistNode(.string(value))
    file.entries[index].isShorthand = false
    file.entries[index].comments.removeAll(where: UntranslatedMark.isMark)
    guard !writesWhole else { return }
    if !entry.isShorthand, let start = entry.value.offset, let end = entry.value.endOffset {
      edits.append((start..<end, StringsWriter.quoted(value)))
    } else if let start = entry.keyOffset, let end = entry.endOffset {
      edits.append(
        (start..<end, StringsWriter.quoted(entry.key) + " = " + StringsWriter.quoted(value) + ";"))
    } else {
      writesWhole = true
      return
    }
    for comment in entry.comments where UntranslatedMark.isMark(comment) {
      guard let end = comment.endOffset else {
        writesWhole = true
        return
      }
      edits.append((wholeLines(comment.offset..<end), ""))
    }
  }

  /// Removes an entry with the comments before it and the rest of its line.
  mutating func removeEntry(_ index: Int) {
    removed.insert(index)
    guard !writesWhole else { return }
    let entries = loaded.strings.entries
    let entry = entries[index]
    guard let keyOffset = entry.keyOffset, let endOffset = entry.endOffset else {
      writesWhole = true
      return
    }
    // A comment on the previous entry's last line follows that entry: it stays.
    let previousEnd = index > 0 ? entries[index - 1].endOffset ?? 0 : 0
    let ownStart = index > 0 ? lineEnd(previousEnd) : 0
    // Its comments are the ones right above it: one a blank line away is a header or a note
    // about what follows, and stays.
    var first = keyOffset
    for comment in entry.comments.reversed() {
      guard comment.offset >= ownStart, let end = comment.endOffset, end <= first,
        !hasBlankLine(end..<first)
      else { break }
      first = comment.offset
    }
    var start = onlySpaceBefore(first) ? lineStart(first) : first
    var end = restOfLine(after: endOffset)
    if start == lineStart(start), end == lineStart(end) || end == text.count {
      // One blank line stays between the entries around it, none at either end.
      let blankBefore = start == 0 || isBlankLine(endingAt: start)
      let blankAfter = end == text.count || isBlankLine(at: end)
      if blankBefore && blankAfter {
        if end < text.count {
          end = lineEnd(end)
        } else if start > 0 {
          start = lineStart(start - 1)
        }
      }
    }
    edits.append((start..<end, ""))
  }

  /// Adds entries at the end, after a blank line, in the writer's layout.
  mutating func append(_ entries: [StringsEntry]) {
    appended += entries
  }

  /// The table's new bytes, in its own encoding.
  func bytes() -> [UInt8] {
    var whole = writesWhole
    // Removals of neighbouring entries may share the blank line between them:
    // they become one removal. Any other overlap is written whole.
    var sorted: [(range: Range<Int>, text: String)] = []
    for edit in edits.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
      guard let last = sorted.last, last.range.upperBound > edit.range.lowerBound else {
        sorted.append(edit)
        continue
      }
      guard last.text.isEmpty, edit.text.isEmpty else {
        whole = true
        break
      }
      sorted[sorted.count - 1].range =
        last.range.lowerBound..<max(last.range.upperBound, edit.range.upperBound)
    }
    if whole {
      var file = file
      file.entries = file.entries.indices.filter { !removed.contains($0) }.map { file.entries[$0] }
      file.entries += appended
      return StringsWriter.write(file)
    }
    var result: [UInt8] = []
    result.reserveCapacity(text.count + 64 * appended.count)
    var position = 0
    for edit in sorted {
      result += text[position..<edit.range.lowerBound]
      result += Array(edit.text.utf8)
      position = edit.range.upperBound
    }
    result += text[position...]
    if !appended.isEmpty {
      let newline: [UInt8] = text.contains(UInt8(ascii: "\r")) ? [0x0D, 0x0A] : [0x0A]
      if !result.isEmpty, result.last != 0x0A { result += newline }
      if !result.isEmpty, !Self.endsWithBlankLine(result) { result += newline }
      var added = StringsWriter.write(StringsFile(entries: appended, encoding: .utf8))
      if newline.count == 2 {
        added = added.flatMap { $0 == 0x0A ? newline : [$0] }
      }
      result += added
    }
    return Self.encode(result, as: loaded.strings.encoding)
  }

  private static func endsWithBlankLine(_ bytes: [UInt8]) -> Bool {
    var index = bytes.count - 1
    guard index >= 0, bytes[index] == 0x0A else { return false }
    index -= 1
    while index >= 0, isSpace(bytes[index]) || bytes[index] == 0x0D { index -= 1 }
    return index < 0 || bytes[index] == 0x0A
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == 0x0D
  }

  private func lineStart(_ offset: Int) -> Int {
    var index = min(offset, text.count)
    while index > 0, text[index - 1] != 0x0A { index -= 1 }
    return index
  }

  /// Just past the line's `\n` (or the end of the text).
  private func lineEnd(_ offset: Int) -> Int {
    var index = offset
    while index < text.count, text[index] != 0x0A { index += 1 }
    return min(index + 1, text.count)
  }

  private func onlySpaceBefore(_ offset: Int) -> Bool {
    text[lineStart(offset)..<offset].allSatisfy(Self.isSpace)
  }

  /// Whether a range holds a line with nothing but spaces (two line breaks with only spaces between).
  private func hasBlankLine(_ range: Range<Int>) -> Bool {
    var breaks = 0
    for byte in text[range] {
      if byte == 0x0A {
        breaks += 1
        if breaks == 2 { return true }
      } else if !Self.isSpace(byte) {
        breaks = 0
      }
    }
    return false
  }

  private func isBlankLine(at offset: Int) -> Bool {
    text[offset..<lineEnd(offset)].allSatisfy { Self.isSpace($0) || $0 == 0x0A }
  }

  private func isBlankLine(endingAt offset: Int) -> Bool {
    offset > 0 && isBlankLine(at: lineStart(offset - 1))
  }

  /// A range widened to whole lines when nothing else shares them.
  private func wholeLines(_ range: Range<Int>) -> Range<Int> {
    guard onlySpaceBefore(range.lowerBound) else { return range }
    let end = lineEnd(range.upperBound)
    let rest = text[range.upperBound..<end]
    guard rest.allSatisfy({ Self.isSpace($0) || $0 == 0x0A }) else { return range }
    return lineStart(range.lowerBound)..<end
  }

  /// Past the entry's `;`, its spaces and the comments that follow it on its
  /// line, and the line break; the `;` itself when another entry follows on the line.
  private func restOfLine(after offset: Int) -> Int {
    var index = offset
    while index < text.count {
      let byte = text[index]
      if Self.isSpace(byte) {
        index += 1
      } else if byte == 0x0A {
        return index + 1
      } else if byte == UInt8(ascii: "/"), index + 1 < text.count,
        text[index + 1] == UInt8(ascii: "/")
      {
        return lineEnd(index)
      } else if byte == UInt8(ascii: "/"), index + 1 < text.count,
        text[index + 1] == UInt8(ascii: "*")
      {
        var close = index + 2
        while close + 1 < text.count,
          !(text[close] == UInt8(ascii: "*") && text[close + 1] == UInt8(ascii: "/"))
        {
          close += 1
        }
        guard close + 1 < text.count else { return offset }
        index = close + 2
      } else {
        return offset
      }
    }
    return index
  }

  /// UTF-8 text in the table's encoding, its byte order mark as it was.
  static func encode(_ utf8: [UInt8], as encoding: TextEncoding) -> [UInt8] {
    let text = String(decoding: utf8, as: UTF8.self)
    switch encoding {
    case .utf8WithBOM: return [0xEF, 0xBB, 0xBF] + utf8
    case .utf16LittleEndianWithBOM:
      return [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    case .utf16BigEndianWithBOM:
      return [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    default: return utf8
    }
  }
}
