import Foundation
import Plist

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// XLIFF 1.2, as Xcode's Export Localizations writes it: one `<file>` per
/// table, a `<trans-unit>` per key (its id is the key), the source text and,
/// when the language has one, the target.
public enum XLIFF {
  public static func export(_ model: TranslationModel, language: String) -> String {
    let bundleName = URL(fileURLWithPath: model.bundle.path).lastPathComponent
    var text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">

      """
    for table in model.tables {
      let original = "\(bundleName)/\(model.sourceLanguage).lproj/\(table).strings"
      text +=
        "  <file original=\"\(escape(original))\" source-language=\"\(escape(model.sourceLanguage))\" target-language=\"\(escape(language))\" datatype=\"plaintext\">\n"
      text +=
        "    <header>\n      <tool tool-id=\"prefs\" tool-name=\"prefs\" tool-version=\"0.1.0\"/>\n    </header>\n"
      text += "    <body>\n"
      let target = model.translatedEntries(table: table, language: language)
      for string in model.keys[table] ?? [] {
        text += "      <trans-unit id=\"\(escape(string.text))\" xml:space=\"preserve\">\n"
        text +=
          "        <source>\(escape(model.sourceText(of: string.text, table: table)))</source>\n"
        if let translation = target[string.text] {
          text += "        <target>\(escape(translation))</target>\n"
        }
        text += "        <note>\(escape("\(model.page(of: string)) \(string.keyPath)"))</note>\n"
        text += "      </trans-unit>\n"
      }
      text += "    </body>\n  </file>\n"
    }
    return text + "</xliff>\n"
  }

  static func escape(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      default:
        // XML 1.0 cannot carry most control characters; they are written as
        // the same \U escapes a .strings table uses.
        if scalar.value < 0x20 && scalar != "\n" && scalar != "\t" && scalar != "\r" {
          result += "\\U" + String(format: "%04X", scalar.value)
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result
  }

  /// One `<file>` of an XLIFF document.
  public struct FileUnits: Sendable, Hashable {
    public var original: String
    public var sourceLanguage: String?
    public var targetLanguage: String?
    /// id → target (nil when the unit has no target).
    public var units: [(id: String, source: String, target: String?)]

    public static func == (lhs: FileUnits, rhs: FileUnits) -> Bool {
      lhs.original == rhs.original && lhs.targetLanguage == rhs.targetLanguage
        && lhs.units.map(\.id) == rhs.units.map(\.id)
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(original) }
  }

  /// Reads an XLIFF 1.2 document. DTDs and entities are refused before parsing.
  public static func read(_ data: Data, name: String) throws -> [FileUnits] {
    let head = String(decoding: data.prefix(4096), as: UTF8.self)
    if head.contains("<!DOCTYPE") || head.contains("<!ENTITY") {
      throw WorkflowError("\(name): a DOCTYPE or entity declaration; prefs reads no DTD")
    }
    let delegate = XLIFFParserDelegate()
    let parser = XMLParser(data: data)
    parser.shouldResolveExternalEntities = false
    parser.delegate = delegate
    guard parser.parse(), delegate.failure == nil else {
      let reason =
        delegate.failure ?? parser.parserError.map { "\($0.localizedDescription)" }
        ?? "not well-formed"
      throw WorkflowError("\(name):\(parser.lineNumber):\(parser.columnNumber): \(reason)")
    }
    guard delegate.sawRoot else {
      throw WorkflowError("\(name): not an XLIFF document (no <xliff>)")
    }
    // Foundation's parser can end a truncated document without an error.
    if let open = delegate.openElements.last {
      throw WorkflowError("\(name): not well-formed: <\(open)> is never closed")
    }
    return delegate.files
  }
}

final class XLIFFParserDelegate: NSObject, XMLParserDelegate {
  var files: [XLIFF.FileUnits] = []
  var failure: String?
  var sawRoot = false
  private var path: [String] = []
  var openElements: [String] { path }
  private var id: String?
  private var source: String?
  private var target: String?
  private var text = ""

  func parser(
    _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
    qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    path.append(name)
    text = ""
    switch name {
    case "xliff":
      sawRoot = true
      if let version = attributes["version"], version != "1.2" {
        fail(parser, "XLIFF version \(version); prefs reads 1.2")
      }
    case "file":
      guard let original = attributes["original"] else {
        return fail(parser, "a <file> without original")
      }
      files.append(
        XLIFF.FileUnits(
          original: original, sourceLanguage: attributes["source-language"],
          targetLanguage: attributes["target-language"], units: []))
    case "trans-unit":
      guard let unitID = attributes["id"] else { return fail(parser, "a <trans-unit> without id") }
      guard !files.isEmpty else { return fail(parser, "a <trans-unit> outside a <file>") }
      id = unitID
      source = nil
      target = nil
    default:
      break
    }
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

  func parser(
    _ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?
  ) {
    defer { path.removeLast() }
    let parent = path.dropLast().last
    switch name {
    case "source" where parent == "trans-unit": source = text
    case "target" where parent == "trans-unit": target = text
    case "trans-unit":
      if let id { files[files.count - 1].units.append((id, source ?? "", target)) }
      id = nil
    default: break
    }
  }

  func parser(
    _ parser: XMLParser, foundInternalEntityDeclarationWithName name: String, value: String?
  ) {
    fail(parser, "an entity declaration; prefs expands no entity")
  }

  private func fail(_ parser: XMLParser, _ message: String) {
    if failure == nil { failure = message }
    parser.abortParsing()
  }
}
