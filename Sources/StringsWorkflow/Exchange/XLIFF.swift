import Foundation
import Plist

/// XLIFF 1.2, as Xcode's Export Localizations writes it: one `<file>` per
/// table, a `<trans-unit>` per key (its id is the key) of the pages the
/// language is shown (its own copy of a localized `Root.plist`, else the
/// source language's: ``TranslationModel/pages(for:)``), the source text and,
/// when the language translates it (per ``TranslationCoverage``), the target;
/// `translate="no"` on the strings the coverage asks no translation of.
///
/// XML 1.0 cannot carry most control characters (nor U+FFFE, U+FFFF), even as
/// character references; in a source or target each is written as an inline
/// placeholder holding the `.strings` escape (`<ph id="1" ctype="x-control-character">\U0007</ph>`),
/// which translators leave alone and the import turns back into the character.
/// A carriage return is written `&#13;`, which XML does not turn into a line feed.
///
/// ```swift
/// let text = try XLIFF.export(model, language: "de")
/// let files = try XLIFF.read(Data(text.utf8), name: "de.xliff")
/// ```
public enum XLIFF {
  /// The XLIFF 1.2 namespace.
  public static let namespace = "urn:oasis:names:tc:xliff:document:1.2"
  /// The `ctype` of the placeholder that carries a control character.
  static let controlCharacterType = "x-control-character"

  /// `toolVersion`, when given, is written in each file's `<header><tool>`.
  ///
  /// `language` is a tag or a folder of the bundle (``TranslationModel/folder(for:)``):
  /// `de` exports `German.lproj`'s translations when that is the bundle's
  /// German. `target-language` and `source-language` are always BCP 47 tags
  /// (`de`, `pt-BR`, `hr` for `Croatian.lproj`), and each `<file>`'s
  /// `original` is the source table iOS reads (`English.lproj/Root.strings`,
  /// a top-level `Root.strings`), or the file the source language's table
  /// would be written to when the bundle has none (`en.lproj/Root.strings`).
  public static func export(
    _ model: TranslationModel, language: String, toolVersion: String? = nil
  ) throws -> String {
    let folder = model.folder(for: language)
    if folder == nil { try InvalidLanguageError.check(language, in: nil) }
    guard let targetTag = model.tag(of: language) else {
      throw InvalidLanguageError(language: language, file: nil)
    }
    let sourceTag = model.tag(of: model.sourceLanguage) ?? model.sourceLanguage
    let bundleName = URL(fileURLWithPath: model.bundle.path).lastPathComponent
    var text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <xliff xmlns="\(namespace)" version="1.2">

      """
    // The units are the strings of the pages the language is shown: its own
    // copy of a localized page, whose keys its table is looked up with.
    let shown = model.pages(for: folder ?? language)
    for table in shown.tables {
      let original = "\(bundleName)/\(model.sourceOrNewFile(ofTable: table))"
      text +=
        "  <file original=\"\(try attribute(original))\" source-language=\"\(try attribute(sourceTag))\" target-language=\"\(try attribute(targetTag))\" datatype=\"plaintext\">\n"
      if let toolVersion {
        text +=
          "    <header>\n      <tool tool-id=\"prefs\" tool-name=\"prefs\" tool-version=\"\(try attribute(toolVersion))\"/>\n    </header>\n"
      }
      text += "    <body>\n"
      let target = folder.map { model.translatedEntries(table: table, language: $0) } ?? [:]
      let coverage = shown.coverage[table: table]
      for (index, string) in (shown.keys[table] ?? []).enumerated() {
        // What the coverage asks no translation of ("10", a shadowed table) says so.
        let asked = coverage?.needsTranslation(index, in: folder ?? targetTag) ?? false
        let translate = asked ? "" : " translate=\"no\""
        text +=
          "      <trans-unit id=\"\(try attribute(string.text))\" xml:space=\"preserve\"\(translate)>\n"
        text +=
          "        <source>\(content(model.sourceText(of: string.text, table: table)))</source>\n"
        if let translation = target[string.text] {
          text += "        <target>\(content(translation))</target>\n"
        }
        text += "        <note>\(note("\(shown.page(of: string)) \(string.keyPath)"))</note>\n"
        text += "      </trans-unit>\n"
      }
      text += "    </body>\n  </file>\n"
    }
    return text + "</xliff>\n"
  }

  /// Whether XML 1.0 can hold a character at all.
  static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
    default: false
    }
  }

  static func escapeMarkup(_ scalar: Unicode.Scalar, into result: inout String) -> Bool {
    switch scalar {
    case "&": result += "&amp;"
    case "<": result += "&lt;"
    case ">": result += "&gt;"
    case "\"": result += "&quot;"
    case "\r": result += "&#13;"
    default:
      // DEL, C1 and bidi overrides are legal XML: as references they read
      // back the same and never reach a terminal raw when the export is shown.
      guard scalar != "\n", scalar != "\t", scalar.needsEscapingForTerminal, isXMLCharacter(scalar)
      else { return false }
      result += "&#x" + String(scalar.value, radix: 16, uppercase: true) + ";"
    }
    return true
  }

  /// Text for an element that is imported back: a character XML cannot hold becomes a placeholder.
  static func content(_ text: String) -> String {
    var result = ""
    var placeholders = 0
    for scalar in text.unicodeScalars {
      if escapeMarkup(scalar, into: &result) { continue }
      if isXMLCharacter(scalar) {
        result.unicodeScalars.append(scalar)
      } else {
        placeholders += 1
        result +=
          "<ph id=\"\(placeholders)\" ctype=\"\(controlCharacterType)\">\(StringsEscape.code(scalar))</ph>"
      }
    }
    return result
  }

  /// Text for a note, which is only read by people: what XML cannot hold is shown escaped.
  static func note(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      if escapeMarkup(scalar, into: &result) { continue }
      if isXMLCharacter(scalar) {
        result.unicodeScalars.append(scalar)
      } else {
        result += StringsEscape.code(scalar)
      }
    }
    return result
  }

  /// An attribute value; line breaks and tabs as references (XML turns them
  /// into spaces otherwise). A character XML cannot hold cannot be an id.
  static func attribute(_ text: String) throws(UnrepresentableInXLIFF) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      if escapeMarkup(scalar, into: &result) { continue }
      switch scalar {
      case "\n": result += "&#10;"
      case "\t": result += "&#9;"
      default:
        guard isXMLCharacter(scalar) else { throw UnrepresentableInXLIFF(text: text) }
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// One `<file>` of an XLIFF document.
  public struct FileUnits: Sendable, Hashable {
    public var original: String
    public var sourceLanguage: String?
    public var targetLanguage: String?
    public var units: [Unit]
  }

  /// One `<trans-unit>`: the key, its source text and its translation (nil when it has no target).
  public struct Unit: Sendable, Hashable {
    public var id: String
    public var source: String
    public var target: String?
  }

  /// Reads an XLIFF 1.2 document, by namespace (any prefix, or none); no DTD,
  /// no entity, no network, in any encoding.
  public static func read(_ data: Data, name: String) throws -> [FileUnits] {
    let root: XMLTree.Element
    do throws(XMLTree.ParseError) {
      root = try XMLTree.parse(Array(data))
    } catch {
      throw WorkflowError.invalidExchangeFile(
        .init(file: name, line: error.line, column: error.column), problem: error.message)
    }
    // Xcode writes the namespace; hand-made files often leave it out.
    guard root.name == "xliff", root.namespace == namespace || root.namespace == nil else {
      let what = root.namespace.map { "<\(root.name)> in the namespace \($0)" } ?? "<\(root.name)>"
      if root.name == "xliff", let version = root.attribute("version"), version != "1.2" {
        throw WorkflowError.invalidExchangeFile(
          .init(file: name), problem: "XLIFF version \(version); prefs reads 1.2")
      }
      throw WorkflowError.invalidExchangeFile(
        .init(file: name), problem: "not an XLIFF 1.2 document (the root is \(what))")
    }
    if let version = root.attribute("version"), version != "1.2" {
      throw WorkflowError.invalidExchangeFile(
        .init(file: name), problem: "XLIFF version \(version); prefs reads 1.2")
    }
    let space = root.namespace
    func place(_ element: XMLTree.Element) -> WorkflowError.ExchangePlace {
      .init(file: name, line: element.line)
    }
    return try root.elements(named: "file", namespace: space).map { file in
      guard let original = file.attribute("original") else {
        throw WorkflowError.invalidExchangeFile(place(file), problem: "a <file> without original")
      }
      let units = try file.elements(named: "body", namespace: space).flatMap {
        try transUnits(in: $0, namespace: space, place: place)
      }
      return FileUnits(
        original: original, sourceLanguage: file.attribute("source-language"),
        targetLanguage: file.attribute("target-language"), units: units)
    }
  }

  /// The units of a body, those inside `<group>`s included.
  private static func transUnits(
    in body: XMLTree.Element, namespace: String?,
    place: (XMLTree.Element) -> WorkflowError.ExchangePlace
  ) throws -> [Unit] {
    var units: [Unit] = []
    for case .element(let child) in body.children where child.namespace == namespace {
      switch child.name {
      case "group": units += try transUnits(in: child, namespace: namespace, place: place)
      case "trans-unit":
        guard let id = child.attribute("id") else {
          throw WorkflowError.invalidExchangeFile(
            place(child), problem: "a <trans-unit> without id")
        }
        let source = try child.elements(named: "source", namespace: namespace).first.map {
          try text(of: $0, namespace: namespace, place: place)
        }
        let target = try child.elements(named: "target", namespace: namespace).first.map {
          try text(of: $0, namespace: namespace, place: place)
        }
        units.append(Unit(id: id, source: source ?? "", target: target))
      default: continue
      }
    }
    return units
  }

  /// The text of a source or target: its text, the text of `<g>` and `<mrk>`
  /// inside, and the character of each control-character placeholder.
  private static func text(
    of element: XMLTree.Element, namespace: String?,
    place: (XMLTree.Element) -> WorkflowError.ExchangePlace
  ) throws -> String {
    var result = ""
    for child in element.children {
      switch child {
      case .text(let text): result += text
      case .element(let inline) where inline.namespace == namespace:
        switch inline.name {
        case "g", "mrk": result += try text(of: inline, namespace: namespace, place: place)
        case "ph" where inline.attribute("ctype") == controlCharacterType:
          let code = try text(of: inline, namespace: namespace, place: place)
          guard let scalar = StringsEscape.scalar(code) else {
            throw WorkflowError.invalidExchangeFile(
              place(inline),
              problem: "a control-character placeholder holds \"\(code)\", not a \\U escape")
          }
          result.unicodeScalars.append(scalar)
        default:
          throw WorkflowError.invalidExchangeFile(
            place(inline),
            problem:
              "<\(inline.name)> inside <\(element.name)> is not supported; prefs reads text, <g>, <mrk> and its own <ph>"
          )
        }
      case .element(let other):
        throw WorkflowError.invalidExchangeFile(
          place(other), problem: "<\(other.name)> of another namespace inside <\(element.name)>")
      }
    }
    return result
  }
}

/// A key or name that XML 1.0 cannot hold in an attribute (a control
/// character), so no XLIFF can carry it.
public struct UnrepresentableInXLIFF: Error, Sendable, Hashable, CustomStringConvertible {
  public var text: String
  public var description: String {
    "\"\(text)\" holds a character XML cannot carry in an attribute; it cannot be exported to XLIFF"
  }
}

/// The `\U` escape of a `.strings` table, for one character.
enum StringsEscape {
  static func code(_ scalar: Unicode.Scalar) -> String {
    "\\U" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
  }

  /// The character of `\UXXXX` (four hex digits), else nil.
  static func scalar(_ code: String) -> Unicode.Scalar? {
    let digits = code.dropFirst(2)
    guard code.hasPrefix("\\U"), digits.count == 4, digits.allSatisfy(\.isHexDigit),
      let value = UInt32(digits, radix: 16)
    else { return nil }
    return Unicode.Scalar(value)
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
