import Plist
import SettingsSchema

extension DebugStrippingPlanner {
  /// The entries only removed elements and pages showed, and the tables only removed pages used.
  mutating func planTables() throws(BundleEditError) {
    guard let bundle else { return }
    var stripped: [String: Set<String>] = [:]
    var kept: [String: Set<String>] = [:]
    var usedByKept = Set<String>()
    var usedByRemoved = Set<String>()
    for reading in readings {
      for page in reading.pages {
        guard let table = page.stringsTable else { continue }
        if removedFiles.contains(page.file) {
          usedByRemoved.insert(table)
        } else {
          usedByKept.insert(table)
        }
      }
      guard let catalog = try? SchemaCatalog.load(reading.options.dialect) else { continue }
      for (table, strings) in reading.localizableStrings(catalog: catalog) {
        for string in strings {
          let file = reading.pages[string.pageIndex].file
          if goes(file: file, keyPath: string.keyPath) {
            stripped[table, default: []].insert(string.text)
          } else {
            kept[table, default: []].insert(string.text)
          }
        }
      }
    }
    let removedTables = usedByRemoved.subtracting(usedByKept)
    for file in bundle.files.sorted() {
      guard let location = TranslationCoverage.location(ofTable: file) else { continue }
      if removedTables.contains(location.table) {
        removedFiles.insert(file)
        removals.append(.init(file: file, line: nil, kind: .table))
        continue
      }
      let gone = (stripped[location.table] ?? []).subtracting(kept[location.table] ?? [])
      guard !gone.isEmpty, let bytes = bundle.contents(ofFile: file),
        let read = try? StringsReader.read(bytes)
      else { continue }
      let indices = read.file.entries.indices.filter { index in
        gone.contains { read.file.entries[index].key.isSameKey(as: $0) }
      }
      guard !indices.isEmpty else { continue }
      for index in indices {
        let line = read.file.entries[index].keyOffset.flatMap {
          read.source?.location(ofOffset: $0).line
        }
        removals.append(
          .init(file: file, line: line, kind: .tableEntry(key: read.file.entries[index].key)))
      }
      files[file] = try Self.removing(Set(indices), from: read, bytes: bytes, file: file)
    }
  }

  /// A table without some of its entries: each entry's lines (with the
  /// comments right above it) cut from its text, or a binary table written again.
  static func removing(
    _ indices: Set<Int>, from read: StringsReader.Result, bytes: [UInt8], file: String
  ) throws(BundleEditError) -> [UInt8] {
    let entries = read.file.entries
    guard let source = read.source else {
      let kept = entries.indices.filter { !indices.contains($0) }.map {
        PlistEntry(key: entries[$0].key, value: entries[$0].value)
      }
      do {
        return try BinaryPlistWriter.write(PlistNode(.dictionary(kept)).value)
      } catch {
        throw .cannotEditInPlace(file: file, place: nil, reason: error.description)
      }
    }
    let text = source.utf8
    var splice = EncodedTextSplice()
    for index in indices.sorted() {
      let entry = entries[index]
      guard let keyStart = entry.keyOffset, let end = entry.endOffset ?? entry.value.endOffset
      else {
        throw .cannotEditInPlace(file: file, place: nil, reason: "an entry has no recorded place")
      }
      let previousEnd = index > 0 ? (entries[index - 1].endOffset ?? 0) : 0
      var start = keyStart
      for comment in entry.comments.reversed() {
        guard comment.offset >= previousEnd, let commentEnd = comment.endOffset,
          commentEnd <= start,
          text[commentEnd..<start].allSatisfy(Self.isSpace),
          text[commentEnd..<start].count(where: { $0 == 0x0A }) <= 1
        else { break }
        start = comment.offset
      }
      splice.replace(Self.wholeLines(start..<end, in: text), with: "")
    }
    guard var result = splice.apply(to: bytes, decoded: text, encoding: read.file.encoding) else {
      throw .cannotEditInPlace(
        file: file, place: nil, reason: "its text does not convert back to the same bytes")
    }
    // iOS (and Foundation) read no table from a file without text: an empty table is one line break.
    if (try? TextDecoding.decode(result))?.utf8.isEmpty != false,
      let newline = EncodedTextSplice.encode([0x0A], as: read.file.encoding)
    {
      result = newline
    }
    return result
  }

  static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  /// A range widened to its whole lines when nothing else is written on them.
  static func wholeLines(_ range: Range<Int>, in text: [UInt8]) -> Range<Int> {
    var start = range.lowerBound
    while start > 0, text[start - 1] == 0x20 || text[start - 1] == 0x09 { start -= 1 }
    guard start == 0 || text[start - 1] == 0x0A else { return range }
    var end = range.upperBound
    while end < text.count, text[end] == 0x20 || text[end] == 0x09 || text[end] == 0x0D {
      end += 1
    }
    guard end == text.count || text[end] == 0x0A else { return range }
    return start..<min(end + 1, text.count)
  }
}
