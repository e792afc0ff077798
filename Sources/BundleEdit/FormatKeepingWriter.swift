import Foundation
import Plist

/// Applies ``PlistEdit``s to the bytes of a property list in the file's own
/// format (XML, binary or OpenStep), changing only what the edits change:
/// text formats are spliced at the places the reader recorded, in the file's
/// encoding, indentation and line breaks, with its comments and key order;
/// a binary file keeps every object it had, byte for byte (see
/// `BinaryPlistPatcher`). The result is read back before it is returned, and
/// must read as the old value with the edit made.
///
/// ```swift
/// let edited = try FormatKeepingWriter.apply(
///   [.setValue(in: .specifier(3), key: "DefaultValue", to: PlistNode(.string("2.1")))],
///   to: Array(try Data(contentsOf: root)), file: "Root.plist")
/// ```
public enum FormatKeepingWriter {
  public static func apply(
    _ edits: [PlistEdit], to bytes: [UInt8], file: String, limits: ReadLimits = .standard
  ) throws(BundleEditError) -> [UInt8] {
    guard !edits.isEmpty else { return bytes }
    var bytes = bytes
    var document: PlistDocument
    do {
      document = try PropertyListReader.read(bytes, limits: limits)
    } catch {
      throw .unreadable(file: file, issue: error)
    }
    // Each edit's read-back is the document the next edit is made on.
    for edit in edits {
      (bytes, document) = try apply(edit, to: bytes, document: document, file: file, limits: limits)
    }
    return bytes
  }

  /// What a reader reads back from `node` once written in `format`: OpenStep
  /// text holds strings, data, arrays and dictionaries only, so a number,
  /// a boolean or a date is written, and read, as its text.
  ///
  /// ```swift
  /// FormatKeepingWriter.reading(PlistNode(.bool(true)), in: .openStep).content  // .string("true")
  /// ```
  public static func reading(_ node: PlistNode, in format: PlistFormat) -> PlistNode {
    guard format == .openStep else { return node }
    switch node.content {
    case .string, .data: return node
    case .integer, .real, .bool: return PlistNode(.string(node.value.scalarText))
    case .date(let date): return PlistNode(.string(ProlepticGregorian.iso8601(date)))
    case .array(let items): return PlistNode(.array(items.map { reading($0, in: format) }))
    case .dictionary(let entries):
      return PlistNode(
        .dictionary(
          entries.map { PlistEntry(key: $0.key, value: reading($0.value, in: format)) }))
    }
  }

  /// `bytes`, which read as `document`, with `edit` made, and what they then read as.
  static func apply(
    _ edit: PlistEdit, to bytes: [UInt8], document: PlistDocument, file: String,
    limits: ReadLimits
  ) throws(BundleEditError) -> (bytes: [UInt8], document: PlistDocument) {
    let edit = edit.writtenAs(document.format)
    guard let expected = edit.applied(to: document.root) else {
      throw .cannotEditInPlace(
        file: file, place: .keyPath(edit.container.description),
        reason: "\(edit.container) is not a container this edit applies to")
    }
    let edited: [UInt8]
    switch document.format {
    case .binary:
      edited = try BinaryPlistPatcher(bytes: bytes, file: file).apply(edit)
    case .xml, .openStep:
      guard let source = document.source, let encoding = document.encoding else {
        throw .cannotEditInPlace(file: file, place: nil, reason: "the reader kept no text")
      }
      // The bytes must come back from the decoded text exactly, or the
      // splice would change bytes it did not touch.
      guard EncodedTextSplice.encode(source.utf8, as: encoding) == bytes else {
        throw .cannotEditInPlace(
          file: file, place: nil,
          reason: "its text in \(encoding.rawValue) does not convert back to the same bytes")
      }
      let patcher = TextPlistPatcher(
        text: source.utf8, syntax: document.format == .xml ? .xml : .openStep, file: file)
      let patched = try patcher.apply(edit, root: document.root)
      guard let encoded = EncodedTextSplice.encode(patched, as: encoding) else {
        throw .cannotEditInPlace(
          file: file, place: nil, reason: "the new text cannot be written in \(encoding.rawValue)")
      }
      edited = encoded
    }
    let reread: PlistDocument
    do {
      reread = try PropertyListReader.read(edited, limits: limits)
    } catch {
      throw .notReadBack(file: file, reason: error.message)
    }
    guard reread.format == document.format else {
      throw .notReadBack(file: file, reason: "it would read as \(reread.format.rawValue)")
    }
    guard reread.root.value == expected.value else {
      throw .notReadBack(file: file, reason: "it would not read as the edited values")
    }
    return (edited, reread)
  }
}

extension PlistEdit {
  /// The edit with its new value as the format holds it.
  func writtenAs(_ format: PlistFormat) -> PlistEdit {
    switch self {
    case .setValue(let path, let key, let value):
      .setValue(in: path, key: key, to: FormatKeepingWriter.reading(value, in: format))
    case .insertElement(let path, let index, let value):
      .insertElement(in: path, at: index, FormatKeepingWriter.reading(value, in: format))
    case .removeElement, .removeEntry: self
    }
  }
}
