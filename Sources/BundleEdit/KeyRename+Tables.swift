import Plist
import SettingsSchema

extension KeyRenamePlanner {
  /// The tables of the pages whose texts were renamed: each entry for the old
  /// text renamed in place, or copied under the new key when some element
  /// that keeps the old text is shown from the same table.
  mutating func planTables() throws(KeyRenameError) {
    guard !renamedTexts.isEmpty else { return }
    var tables = Set<String>()
    for file in renamedTexts.keys {
      let shown = readings.flatMap {
        $0.pages.filter { $0.file == file }.compactMap(\.stringsTable)
      }
      if shown.isEmpty {
        if let written = bundle.pageDocument(file)?.root[PageAttribute.stringsTable]?.string {
          tables.insert(written)
        }
      } else {
        tables.formUnion(shown)
      }
    }
    let stillShown = tablesStillShowingOld()
    for file in bundle.files.sorted() {
      guard let location = TranslationCoverage.location(ofTable: file),
        tables.contains(location.table), let bytes = bundle.contents(ofFile: file)
      else { continue }
      try edit(table: file, bytes: bytes, keepsOld: stillShown.contains(location.table))
    }
  }

  /// The tables from which an element that is not renamed shows the old text.
  func tablesStillShowingOld() -> Set<String> {
    var result = Set<String>()
    for reading in readings {
      guard let catalog = try? SchemaCatalog.load(reading.options.dialect) else { continue }
      for (table, strings) in reading.localizableStrings(catalog: catalog) {
        for string in strings where string.text.isSameKey(as: old) {
          let file = reading.pages[string.pageIndex].file
          if renamedTexts[file]?.contains(string.keyPath) != true { result.insert(table) }
        }
      }
    }
    return result
  }

  mutating func edit(table file: String, bytes: [UInt8], keepsOld: Bool) throws(KeyRenameError) {
    let read: StringsReader.Result
    do {
      read = try StringsReader.read(bytes)
    } catch {
      // A table that does not read translates nothing; lint names it.
      return
    }
    let entries = read.file.entries
    let olds = entries.indices.filter { entries[$0].key.isSameKey(as: old) }
    guard !olds.isEmpty else { return }
    if entries.contains(where: { $0.key.isSameKey(as: new) }) {
      throw .tableKeyExists(new, table: file)
    }
    let line: (Int?) -> Int? = { offset in
      offset.flatMap { read.source?.location(ofOffset: $0).line }
    }
    let edited: [UInt8]
    if read.source == nil {
      edited = try binaryTable(file: file, bytes: bytes, keepsOld: keepsOld)
      changes.append(
        KeyRename.Change(file: file, line: nil, kind: keepsOld ? .tableKeyCopied : .tableKey))
    } else if let source = read.source {
      var splice = EncodedTextSplice()
      let isXML = read.file.isPropertyList
      // The last entry is the one iOS reads: it is the one copied.
      let copied = keepsOld ? [olds[olds.count - 1]] : olds
      for index in copied {
        let entry = entries[index]
        guard let keyStart = entry.keyOffset, let keyEnd = entry.keyEndOffset else {
          throw .fileNotEditable(file: file, reason: .encodingNotKept)
        }
        if keepsOld {
          guard let copy = copiedEntry(entry, in: source.utf8, isXML: isXML) else {
            throw .fileNotEditable(file: file, reason: .keyNotWritable)
          }
          splice.replace(copy.at..<copy.at, with: copy.text)
          changes.append(KeyRename.Change(file: file, line: line(keyStart), kind: .tableKeyCopied))
          continue
        }
        if isXML {
          guard
            let range = KeyRenamePlanner.literalRange(
              of: PlistNode(.string(old), offset: keyStart, endOffset: keyEnd), in: source.utf8,
              format: .xml),
            let literal = XMLPlistWriter.escapedText(new)
          else { throw .fileNotEditable(file: file, reason: .keyNotWritable) }
          splice.replace(range, with: literal)
        } else if entry.isShorthand, let end = entry.endOffset {
          // `"old";` means `"old" = "old";`: the text shown stays the old one.
          splice.replace(
            keyStart..<end,
            with: StringsWriter.quoted(new) + " = " + StringsWriter.quoted(old) + ";")
        } else {
          splice.replace(keyStart..<keyEnd, with: StringsWriter.quoted(new))
        }
        changes.append(KeyRename.Change(file: file, line: line(keyStart), kind: .tableKey))
      }
      guard let result = splice.apply(to: bytes, decoded: source.utf8, encoding: read.file.encoding)
      else { throw .fileNotEditable(file: file, reason: .encodingNotKept) }
      edited = result
    } else {
      return
    }
    files.append(KeyRename.FileEdit(path: file, bytes: edited, previous: bytes))
  }

  /// The text of an entry under the new key, and where it goes: on the line
  /// after the entry, with the entry's own indentation and its value as written.
  func copiedEntry(_ entry: StringsEntry, in text: [UInt8], isXML: Bool)
    -> (at: Int, text: String)?
  {
    guard let keyStart = entry.keyOffset, let keyEnd = entry.keyEndOffset,
      let end = entry.endOffset ?? entry.value.endOffset, end <= text.count
    else { return nil }
    var lineStart = keyStart
    while lineStart > 0, text[lineStart - 1] != 0x0A { lineStart -= 1 }
    let indent = String(decoding: text[lineStart..<keyStart], as: UTF8.self)
    guard indent.allSatisfy({ $0 == " " || $0 == "\t" }) else { return nil }
    var lineEnd = end
    while lineEnd < text.count, text[lineEnd] != 0x0A { lineEnd += 1 }
    let newline = lineEnd < text.count && text[lineEnd - 1] == 0x0D ? "\r\n" : "\n"
    let body: String
    if isXML {
      guard let key = XMLPlistWriter.escapedText(new) else { return nil }
      // `<key>old</key>` and the value after it, as written.
      let written = String(decoding: text[keyEnd..<end], as: UTF8.self)
      body = "<key>\(key)</key>" + written
    } else if entry.isShorthand {
      body = StringsWriter.quoted(new) + " = " + StringsWriter.quoted(old) + ";"
    } else {
      body = StringsWriter.quoted(new) + String(decoding: text[keyEnd..<end], as: UTF8.self)
    }
    if lineEnd >= text.count { return (text.count, newline + indent + body) }
    return (lineEnd + 1, indent + body + newline)
  }

  /// A binary table with the key renamed (or copied), written whole: a binary file has no lines.
  func binaryTable(file: String, bytes: [UInt8], keepsOld: Bool) throws(KeyRenameError)
    -> [UInt8]
  {
    let document: PlistDocument
    do {
      document = try PropertyListReader.read(bytes)
    } catch {
      throw .fileNotEditable(file: file, reason: .unreadable(error))
    }
    guard var entries = document.root.entries else { return bytes }
    guard let last = entries.lastIndex(where: { $0.key.isSameKey(as: old) }) else { return bytes }
    if keepsOld {
      var copy = entries[last]
      copy.key = new
      entries.insert(copy, at: last + 1)
    } else {
      for index in entries.indices where entries[index].key.isSameKey(as: old) {
        entries[index].key = new
      }
    }
    do {
      return try BinaryPlistWriter.write(PlistNode(.dictionary(entries)).value)
    } catch {
      throw .fileNotEditable(file: file, reason: .writer(error))
    }
  }
}
