import Foundation
import Plist
import TestSupport
import Testing

/// The end offsets readers record, which fixes edit by: every value's text
/// runs from its offset to its end offset (an XML element from `<` to `>`,
/// an OpenStep value from its first character to its last), every key's too,
/// and a `.strings` entry ends just past its `;`.
struct EndOffsetTests {
  static let pages: [URL] = [
    Paths.examples.appendingPathComponent("Showcase/Settings.bundle/Root.plist"),
    Paths.examples.appendingPathComponent("Showcase/Settings.bundle/Advanced.plist"),
    Paths.fixtures.appendingPathComponent("Fix/duplicate-key/Settings.bundle/Root.plist"),
    Paths.fixtures.appendingPathComponent(
      "Fix/child-pane-extension/Settings.bundle/Licenses.plist"),
    Paths.fixtures.appendingPathComponent("Fix/child-pane-extension/Settings.bundle/MIT.plist"),
  ]

  static func text(_ source: SourceText, _ start: Int?, _ end: Int?) -> String? {
    guard let start, let end, start <= end, end <= source.utf8.count else { return nil }
    return String(decoding: source.utf8[start..<end], as: UTF8.self)
  }

  /// Whether `text` is the whole written form of `node` in `format`.
  static func isWhole(_ text: String, of node: PlistNode, _ format: PlistFormat) -> Bool {
    guard format == .xml else {
      switch node.content {
      case .dictionary: return text.hasPrefix("{") && text.hasSuffix("}")
      case .array: return text.hasPrefix("(") && text.hasSuffix(")")
      case .data: return text.hasPrefix("<") && text.hasSuffix(">")
      default:
        let quoted = text.first == "\"" && text.last == "\"" && text.count >= 2
        return quoted || !text.contains(where: { " ;=,\n".contains($0) })
      }
    }
    let tag: String =
      switch node.content {
      case .string: "string"
      case .integer: "integer"
      case .real: "real"
      case .bool(let value): value ? "true" : "false"
      case .date: "date"
      case .data: "data"
      case .array: "array"
      case .dictionary: "dict"
      }
    return text.hasPrefix("<\(tag)") && (text.hasSuffix("</\(tag)>") || text.hasSuffix("/>"))
  }

  static func check(_ node: PlistNode, _ source: SourceText, _ format: PlistFormat, _ path: String)
  {
    let written = text(source, node.offset, node.endOffset)
    #expect(written.map { isWhole($0, of: node, format) } == true, "\(path): \(written ?? "nil")")
    switch node.content {
    case .array(let items):
      for (index, item) in items.enumerated() { check(item, source, format, "\(path)[\(index)]") }
    case .dictionary(let entries):
      for entry in entries {
        let key = text(source, entry.keyOffset, entry.keyEndOffset)
        if format == .xml {
          #expect(key == "<key>\(entry.key)</key>", "\(path).\(entry.key)")
        } else {
          #expect(key == entry.key || key == "\"\(entry.key)\"", "\(path).\(entry.key)")
        }
        check(entry.value, source, format, "\(path).\(entry.key)")
      }
    default:
      break
    }
  }

  @Test(arguments: pages)
  func everyValueAndKeyRunsFromItsOffsetToItsEnd(page: URL) throws {
    let document = try PropertyListReader.read(try Paths.bytes(page))
    let source = try #require(document.source)
    Self.check(document.root, source, document.format, page.lastPathComponent)
  }

  @Test func aStringsEntryEndsPastItsSemicolon() throws {
    let text = "/* c */ \"a\" = \"b\"; // x\nb = ( \"1\", \"2\" ) ;\n\"c\";\n"
    let read = try StringsReader.read(Array(text.utf8))
    let source = try #require(read.source)
    let entries = read.file.entries
    #expect(
      entries.map { Self.text(source, $0.keyOffset, $0.endOffset) } == [
        "\"a\" = \"b\";", "b = ( \"1\", \"2\" ) ;", "\"c\";",
      ])
    #expect(
      entries.map { Self.text(source, $0.keyOffset, $0.keyEndOffset) } == [
        "\"a\"", "b", "\"c\"",
      ])
  }

  @Test func anXMLTableEntryEndsWithItsValue() throws {
    let text =
      "<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict>\n  <key>a</key>\n  <string>b</string><key>c</key><string/>\n</dict></plist>\n"
    let read = try StringsReader.read(Array(text.utf8))
    let source = try #require(read.source)
    #expect(
      read.file.entries.map { Self.text(source, $0.keyOffset, $0.endOffset) } == [
        "<key>a</key>\n  <string>b</string>", "<key>c</key><string/>",
      ])
  }
}
