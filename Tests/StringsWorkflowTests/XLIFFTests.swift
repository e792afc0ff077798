import Foundation
import Plist
import PropertyBased
import SettingsSchema
import StringsWorkflow
import TestSupport
import Testing

/// XLIFF is read by namespace, refuses every DTD in the parser whatever its
/// place or encoding, and carries any translation there and back.
struct XLIFFTests {
  static let unit =
    "<trans-unit id=\"celsiusTitulo\"><source>Celsius First</source><target>Zuerst Celsius</target></trans-unit>"

  static func document(prolog: String = "", prefix: String = "", body: String = unit) -> String {
    let p = prefix.isEmpty ? "" : prefix + ":"
    let declaration = prefix.isEmpty ? "xmlns" : "xmlns:\(prefix)"
    let inner =
      prefix.isEmpty
      ? body
      : body.replacingOccurrences(of: "<", with: "<\(p)")
        .replacingOccurrences(of: "<\(p)/", with: "</\(p)")
    return
      "<?xml version=\"1.0\"?>\n\(prolog)<\(p)xliff \(declaration)=\"urn:oasis:names:tc:xliff:document:1.2\" version=\"1.2\"><\(p)file original=\"Settings.bundle/en.lproj/Root.strings\" source-language=\"en\" target-language=\"de\" datatype=\"plaintext\"><\(p)body>\(inner)</\(p)body></\(p)file></\(p)xliff>\n"
  }

  static func utf16(_ text: String, bigEndian: Bool) -> Data {
    var data = Data(bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE])
    for unit in text.utf16 {
      let value = bigEndian ? unit.bigEndian : unit.littleEndian
      withUnsafeBytes(of: value) { data.append(contentsOf: $0) }
    }
    return data
  }

  static func translations(_ data: Data) throws -> [String: [String: String]] {
    let copy = try BundleCopy("Conversor")
    defer { copy.remove() }
    return try TranslationImport.xliff(
      data, name: "de.xliff", model: try copy.model(), language: nil
    ).translations
  }

  static let expected = ["Root": ["celsiusTitulo": "Zuerst Celsius"]]

  /// A DTD is refused wherever it stands and however the file is encoded;
  /// an external entity never turns into "" and blanks a translation.
  @Test(arguments: [
    ("at the top", "<!DOCTYPE xliff>\n", "utf8"),
    (
      "after 8 KB of comment",
      "<!--" + String(repeating: "x", count: 8192) + "-->\n<!DOCTYPE xliff>\n", "utf8"
    ),
    (
      "with an external entity", "<!DOCTYPE xliff [<!ENTITY e SYSTEM \"file:///etc/hostname\">]>\n",
      "utf8"
    ),
    ("in UTF-16LE", "<!DOCTYPE xliff [<!ENTITY e SYSTEM \"file:///etc/hostname\">]>\n", "utf16le"),
    ("in UTF-16BE", "<!DOCTYPE xliff [<!ENTITY e \"\">]>\n", "utf16be"),
    (
      "external, public", "<!DOCTYPE xliff PUBLIC \"-//x//y\" \"http://example.invalid/x.dtd\">\n",
      "utf16le"
    ),
  ])
  func aDTDIsRefusedAnywhereInAnyEncoding(place: String, prolog: String, encoding: String) {
    let text = Self.document(
      prolog: prolog,
      body: "<trans-unit id=\"celsiusTitulo\"><source>a</source><target>&e;</target></trans-unit>")
    let data =
      switch encoding {
      case "utf16le": Self.utf16(text, bigEndian: false)
      case "utf16be": Self.utf16(text, bigEndian: true)
      default: Data(text.utf8)
      }
    #expect {
      _ = try Self.translations(data)
    } throws: { error in
      "\(error)".contains("document type declaration") && "\(error)".contains("no DTD")
    }
  }

  /// The class, at random: a DTD of any kind, after any amount of comment
  /// and white space, in UTF-8 (with or without a byte order mark or an
  /// encoding declaration) or UTF-16 of either order, is never accepted.
  @Test func aDTDIsNeverAcceptedWhereverAndHoweverItIsWritten() async {
    let declarations = [
      "<!DOCTYPE xliff>", "<!DOCTYPE xliff [<!ENTITY e \"\">]>",
      "<!DOCTYPE xliff SYSTEM \"file:///etc/hostname\">",
      "<!DOCTYPE xliff [<!ENTITY e SYSTEM \"file:///etc/hostname\">]>",
      "<!DOCTYPE xliff [<!ENTITY % p SYSTEM \"http://example.invalid/x\"> %p;]>",
    ]
    await propertyCheck(
      count: 200, input: Gen.int(in: 0...(declarations.count - 1)), Gen.int(in: 0...6000),
      Gen.int(in: 0...4)
    ) { which, padding, encoding in
      let prolog =
        "<!--" + String(repeating: "-x", count: padding / 2) + "-->"
        + String(repeating: " \n", count: padding % 7) + declarations[which] + "\n"
      var text = Self.document(prolog: prolog)
      if encoding == 2 {
        text = text.replacingOccurrences(
          of: "<?xml version=\"1.0\"?>", with: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
      }
      let data: Data =
        switch encoding {
        case 1: Data([0xEF, 0xBB, 0xBF] + Array(text.utf8))
        case 3: Self.utf16(text, bigEndian: false)
        case 4: Self.utf16(text, bigEndian: true)
        default: Data(text.utf8)
        }
      #expect(throws: WorkflowError.self) { _ = try Self.translations(data) }
    }
  }

  @Test(arguments: ["&e;", "&lt;&e;", "<![CDATA[x]]>&amp;&e;"])
  func anEntityWithoutADeclarationIsRefused(target: String) {
    let text = Self.document(
      body:
        "<trans-unit id=\"celsiusTitulo\"><source>a</source><target>\(target)</target></trans-unit>"
    )
    #expect(throws: WorkflowError.self) { _ = try Self.translations(Data(text.utf8)) }
  }

  /// Without a DTD, UTF-16 files (as some tools write) read like UTF-8 ones.
  @Test(arguments: [false, true])
  func utf16WithoutADTDImports(bigEndian: Bool) throws {
    #expect(
      try Self.translations(Self.utf16(Self.document(), bigEndian: bigEndian)) == Self.expected)
  }

  /// Elements are XLIFF's by namespace, whatever prefix (or none) names it.
  @Test(arguments: ["", "x", "xlf", "urn"])
  func aPrefixedNamespaceReadsLikeTheDefaultOne(prefix: String) throws {
    #expect(try Self.translations(Data(Self.document(prefix: prefix).utf8)) == Self.expected)
  }

  @Test func elementsOfOtherNamespacesAreNotXLIFFs() throws {
    // An extension element inside the body is skipped, not read as a unit.
    let extended = Self.document(
      body:
        "<sdl:trans-unit xmlns:sdl=\"http://sdl.com/FileTypes/SdlXliff/1.0\" id=\"nobody\"><sdl:target>x</sdl:target></sdl:trans-unit>"
        + Self.unit)
    #expect(try Self.translations(Data(extended.utf8)) == Self.expected)
    // A root called xliff in another namespace is not XLIFF 1.2.
    let other = Self.document().replacingOccurrences(
      of: "urn:oasis:names:tc:xliff:document:1.2", with: "urn:example:not-xliff")
    #expect {
      _ = try Self.translations(Data(other.utf8))
    } throws: { error in
      "\(error)".contains("not an XLIFF 1.2 document")
    }
  }

  @Test func inlineTextOfGAndMrkIsKept() throws {
    let text = Self.document(
      body:
        "<trans-unit id=\"celsiusTitulo\"><source>a</source><target>Zu<g id=\"1\">erst</g> <mrk mtype=\"seg\">Celsius</mrk></target></trans-unit>"
    )
    #expect(try Self.translations(Data(text.utf8)) == Self.expected)
  }

  static let tricky = Gen<Character>.oneOf(
    Gen.character(in: " "..."~"), Gen.character(in: "\u{0}"..."\u{1F}"),
    Gen.character(in: "\u{7F}"..."\u{A0}"), Gen.character(in: "\u{FFF0}"..."\u{FFFF}"),
    Gen.character(in: "\u{1F600}"..."\u{1F64F}"), Gen.character(in: "\u{10FFF0}"..."\u{10FFFF}"),
    Gen.character(in: "<"..."<"), Gen.character(in: "&"..."&"), Gen.character(in: "\\"..."\\"),
    Gen.character(in: "\r"..."\r"), Gen.character(in: "\u{2028}"..."\u{202E}"))

  /// Export then import gives back every translation as it was: control
  /// characters, CR, markup characters and characters beyond the BMP included.
  @Test func anExportImportRoundTripGivesBackEveryTranslation() async throws {
    let source = try BundleCopy("Showcase")
    let destination = try BundleCopy("Showcase")
    defer {
      source.remove()
      destination.remove()
    }
    let keys = try #require(try source.model().keys["Root"]).map(\.text)
    await propertyCheck(count: 60, input: Self.tricky.string(of: 0...12).array(of: keys.count)) {
      values in
      let table = StringsFile(
        entries: zip(keys, values).map { StringsEntry(key: $0, value: PlistNode(.string($1))) },
        encoding: .utf8)
      try write(
        ChangeSet(
          bundle: source.path,
          files: [FileChange(path: "de.lproj/Root.strings", bytes: StringsWriter.write(table))]))
      let xliff = try XLIFF.export(try source.model(), language: "de")
      try? FileManager.default.removeItem(atPath: destination.path + "/de.lproj")
      let model = try destination.model()
      let (changes, _) = try TranslationImport.xliff(
        Data(xliff.utf8), name: "de.xliff", model: model, language: "de"
      ).changes(for: model)
      try write(ChangeSet(bundle: destination.path, files: changes))
      let back = try destination.model().loaded(table: "Root", language: "de")?.translations
      #expect(back == Dictionary(zip(keys.map { PlistKey($0) }, values), uniquingKeysWith: { $1 }))
    }
  }

  /// The placeholders are valid XLIFF 1.2.
  @Test func anExportWithControlCharactersValidates() throws {
    let copy = try BundleCopy("Conversor")
    defer { copy.remove() }
    try write(
      ChangeSet(
        bundle: copy.path,
        files: [
          FileChange(
            path: "de.lproj/Root.strings",
            bytes: Array("\"celsiusTitulo\" = \"a\\U0007b\\r\\nc\\U001B[31m\\U202E\\U0085\";".utf8))
        ]))
    let xliff = try XLIFF.export(try copy.model(), language: "de")
    #expect(xliff.contains("<ph id=\"1\" ctype=\"x-control-character\">\\U0007</ph>"))
    #expect(xliff.contains("&#13;"))
    #expect(
      xliff.split(separator: "\n").allSatisfy {
        String($0).escapingControlCharacters == String($0)
      },
      "nothing in it can drive a terminal")
    let file = copy.folder.appendingPathComponent("de.xliff")
    try xliff.write(to: file, atomically: true, encoding: .utf8)
    #expect(try xmllintValidates(file))
  }

  /// A key XML cannot hold in an attribute cannot be exported: said, not mangled.
  @Test func aKeyWithAControlCharacterIsNotExported() throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write(
      "Root.plist",
      #"{ PreferenceSpecifiers = ({ Type = PSGroupSpecifier; Title = "a\U0007b"; }); StringsTable = Root; }"#
    )
    let model = try TranslationModel(bundle: try SettingsBundle.load(at: bundle.path))
    #expect(throws: UnrepresentableInXLIFF.self) { _ = try XLIFF.export(model, language: "de") }
  }
}
