import BundleEdit
import Foundation
import Plist
import SettingsSchema
import TestSupport
import Testing

/// The property the issue asks of every edit: in each format, every byte the
/// edit does not change stays (text: only the edited element's lines differ;
/// binary: every old object keeps its bytes and offset), and both our reader
/// and CoreFoundation read the edited file as the old value with the edit made.
struct FormatKeepingPropertyTests {
  /// One page file in one format.
  struct Input: CustomTestStringConvertible, Sendable {
    var name: String
    var bytes: [UInt8]
    var format: PlistFormat
    var testDescription: String { "\(name) (\(format.rawValue))" }
  }

  /// A page's bytes as written, and converted to binary (the project's writer
  /// and CoreFoundation's, which shares equal objects) and to OpenStep text.
  static func inputs(bundle: URL, label: String) -> [Input] {
    guard let loaded = try? SettingsBundle.load(at: bundle.path) else { return [] }
    var result: [Input] = []
    for page in loaded.pages {
      guard let document = page.document, let bytes = loaded.contents(ofFile: page.file),
        document.root["PreferenceSpecifiers"]?.array?.isEmpty == false
      else { continue }
      let name = "\(label)/\(page.file)"
      result.append(Input(name: name, bytes: bytes, format: document.format))
      let value = document.root.value
      if document.format != .binary, let binary = try? BinaryPlistWriter.write(value) {
        result.append(Input(name: name + " via BinaryPlistWriter", bytes: binary, format: .binary))
      }
      if let binary = FoundationOracle.write(value, binary: true) {
        result.append(Input(name: name + " via CoreFoundation", bytes: binary, format: .binary))
      }
      if document.format != .openStep {
        result.append(
          Input(
            name: name + " as OpenStep", bytes: Array(value.openStepText(indent: 0).utf8),
            format: .openStep))
      }
    }
    return result
  }

  static let exampleInputs: [Input] = ["Conversor", "Showcase"].flatMap {
    inputs(
      bundle: Paths.examples.appendingPathComponent($0).appendingPathComponent("Settings.bundle"),
      label: $0)
  }

  static let corpusInputs: [Input] = Paths.corpusBundles.flatMap {
    inputs(bundle: $0, label: $0.deletingLastPathComponent().lastPathComponent)
  }

  /// The edits tried on a page: set a value that exists, add an entry, insert
  /// an element after the first and after the last, remove one from the middle.
  static func edits(for root: PlistNode) -> [PlistEdit] {
    guard let items = root["PreferenceSpecifiers"]?.array, !items.isEmpty else { return [] }
    let list = PlistPath([.key("PreferenceSpecifiers")])
    var edits: [PlistEdit] = []
    if let index = items.lastIndex(where: { $0.entries?.isEmpty == false }),
      let entry = items[index].entries?.last
    {
      edits.append(.setValue(in: .specifier(index), key: entry.key, to: changed(entry.value)))
    }
    if let index = items.firstIndex(where: { $0.entries != nil }) {
      edits.append(
        .setValue(in: .specifier(index), key: "PrefsAdded", to: PlistNode(.string("Über & <ok>"))))
    }
    let toggle = PlistNode(
      .dictionary([
        PlistEntry(key: "Type", value: PlistNode(.string("PSToggleSwitchSpecifier"))),
        PlistEntry(key: "Title", value: PlistNode(.string("Sync"))),
        PlistEntry(key: "Key", value: PlistNode(.string("sync_preference"))),
        PlistEntry(key: "DefaultValue", value: PlistNode(.bool(true))),
      ]))
    edits.append(.insertElement(in: list, at: 1, toggle))
    edits.append(.insertElement(in: list, at: items.count, toggle))
    edits.append(.insertElement(in: list, at: 0, toggle))
    edits.append(.removeElement(in: list, at: items.count / 2))
    return edits
  }

  /// Another value of the same kind.
  static func changed(_ node: PlistNode) -> PlistNode {
    switch node.content {
    case .string(let text): PlistNode(.string(text + " 2.1 (ß)"))
    case .integer(let number): PlistNode(.integer(number &+ 1))
    case .real(let number): PlistNode(.real(number + 0.25))
    case .bool(let flag): PlistNode(.bool(!flag))
    default: PlistNode(.string("replaced"))
    }
  }

  @Test(arguments: exampleInputs)
  func everyEditOfAnExampleKeepsTheRest(_ input: Input) throws {
    try check(input)
  }

  @Test(.needsCorpus, arguments: corpusInputs)
  func everyEditOfACorpusPageKeepsTheRest(_ input: Input) throws {
    try check(input)
  }

  func check(_ input: Input) throws {
    let document = try PropertyListReader.read(input.bytes)
    #expect(document.format == input.format)
    let foundationBefore = FoundationOracle.read(input.bytes)
    for edit in Self.edits(for: document.root) {
      let edited: [UInt8]
      do {
        edited = try FormatKeepingWriter.apply([edit], to: input.bytes, file: input.name)
      } catch {
        Issue.record("\(edit): \(error)")
        continue
      }
      #expect(edited != input.bytes, "\(edit) changed nothing")
      let written = FormatKeepingWriter.reading(edit, in: input.format)
      let expected = try #require(written.applied(to: document.root))
      let reread = try PropertyListReader.read(edited)
      #expect(reread.format == input.format, "\(edit)")
      #expect(reread.root.value == expected.value, "\(edit)")
      if let foundationBefore {
        let foundationExpected = written.applied(to: PlistNode(plain: foundationBefore))
        #expect(
          FoundationOracle.read(edited) == foundationExpected?.value,
          "CoreFoundation's reading after \(edit)")
      }
      switch input.format {
      case .binary: try checkObjectsKept(input.bytes, edited, edit)
      case .xml, .openStep: checkOnlyEditedLines(document, input.bytes, edited, edit)
      }
    }
  }

  /// Every object of the old file keeps its bytes at its offset: the file up
  /// to its old offset table is a prefix of the new one.
  func checkObjectsKept(_ old: [UInt8], _ new: [UInt8], _ edit: PlistEdit) throws {
    let table = Int(old[(old.count - 8)...].reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
    let oldReferenceSize = old[old.count - 25]
    let newReferenceSize = new[new.count - 25]
    guard oldReferenceSize == newReferenceSize else { return }  // widened: its own test
    #expect(Array(new.prefix(table)) == Array(old.prefix(table)), "\(edit)")
  }

  /// Only the lines of the element the edit changes differ: every other old
  /// line is still there, in order, and nothing else is new.
  func checkOnlyEditedLines(
    _ document: PlistDocument, _ old: [UInt8], _ new: [UInt8], _ edit: PlistEdit
  ) {
    let oldLines = old.split(separator: 0x0A, omittingEmptySubsequences: false)
    let newLines = new.split(separator: 0x0A, omittingEmptySubsequences: false)
    var prefix = 0
    while prefix < min(oldLines.count, newLines.count), oldLines[prefix] == newLines[prefix] {
      prefix += 1
    }
    var suffix = 0
    while suffix < min(oldLines.count, newLines.count) - prefix,
      oldLines[oldLines.count - 1 - suffix] == newLines[newLines.count - 1 - suffix]
    {
      suffix += 1
    }
    // The old lines that changed, 0-based, and the lines the edited element spans.
    let changed = prefix..<(oldLines.count - suffix)
    let span = elementLines(document, edit)
    #expect(
      changed.isEmpty
        || (span.lowerBound <= changed.lowerBound && changed.upperBound <= span.upperBound),
      "\(edit): old lines \(changed) changed, the element spans \(span)")
  }

  /// The 0-based lines of the element an edit touches (for an insertion, the
  /// element it follows or precedes), including the line after it.
  func elementLines(_ document: PlistDocument, _ edit: PlistEdit) -> Range<Int> {
    guard let source = document.source else { return 0..<0 }
    var nodes: [PlistNode] = []
    switch edit {
    case .setValue(let path, _, _), .removeEntry(let path, _):
      nodes = document.root.node(at: path).map { [$0] } ?? []
    case .insertElement(let path, let index, _):
      let items = document.root.node(at: path)?.array ?? []
      nodes = [index - 1, index].filter(items.indices.contains).map { items[$0] }
    case .removeElement(let path, let index):
      let items = document.root.node(at: path)?.array ?? []
      nodes = [index - 1, index, index + 1].filter(items.indices.contains).map { items[$0] }
    }
    let starts = nodes.compactMap(\.offset)
    let ends = nodes.compactMap(\.endOffset)
    guard let start = starts.min(), let end = ends.max() else { return 0..<0 }
    return (source.location(ofOffset: start).line - 1)..<(source.location(ofOffset: end).line + 1)
  }
}

extension FormatKeepingWriter {
  /// The edit with its value as `format` holds it (test helper).
  static func reading(_ edit: PlistEdit, in format: PlistFormat) -> PlistEdit {
    switch edit {
    case .setValue(let path, let key, let value):
      .setValue(in: path, key: key, to: reading(value, in: format))
    case .insertElement(let path, let index, let value):
      .insertElement(in: path, at: index, reading(value, in: format))
    case .removeElement, .removeEntry: edit
    }
  }
}
