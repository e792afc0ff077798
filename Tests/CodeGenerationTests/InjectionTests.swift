import CodeGeneration
import Foundation
import Plist
import PropertyBased
import SettingsSchema
import TestSupport
import Testing

/// No text from the bundle becomes code: random hostile bundles (folder
/// names, child page paths, keys, titles, values and defaults full of line
/// breaks of every kind, comment delimiters, quotes, backslashes, `#`,
/// controls and bidirectional characters) give a file that parses without an
/// error, declares exactly what the generator's model says, uses no name it
/// did not make, and holds every bundle text inside a comment or a literal.
struct InjectionTests {
  /// Pieces hostile text is made of: each kind of line break Swift or an
  /// editor knows, comment and literal delimiters, code, and the names the
  /// file itself uses.
  static let fragments: [String] = [
    "a", "Z", "é", "日本", "😀", "\u{301}", " ", "_", "0", "9", ".", "-", "\n", "\r", "\r\n",
    "\u{2028}", "\u{2029}", "\u{85}", "\u{B}", "\u{C}", "\t", "\u{0}", "\u{1B}", "\u{7F}",
    "\u{202E}", "\u{2066}", "\u{200B}", "\u{FEFF}", "\u{E000}", "/*", "*/", "//", "///", "\"",
    "\"\"\"", "\"\"\"#", "#", "##", "\\", "\\(", "\\u{41}", "`", "$0", "{", "}", "(", ")", ";",
    "import Foundation", "func evil() {}", "#error(\"x\")", "#if false", "#endif",
    "}\nfunc evil() {\n", "\r\nlet injected = 1\r\n", "class", "self", "Swift", "Foundation",
    "UserDefaults", "SettingsKey", "allCases", "storedValue", "registerDefaults", "Any", "Value",
    "CaseIterable", "Sendable", "ClosedRange", "SettingsValueCoding", "rawValue", "init",
    "default", "Double", "NSNumber",
  ]

  static let text = Gen.element(of: fragments).array(of: 0...6).map {
    $0.compactMap { $0 }.joined()
  }

  /// A bundle built from 16 texts and 12 numbers: a root page of elements of
  /// every stored type, a group, and a child pane whose page path is a text.
  struct HostileBundle {
    var folderName: String
    var pagePath: String
    var childTitle: String
    var root: [PlistValue]
    var child: [PlistValue]

    init(texts: [String], numbers: [Int]) {
      func text(_ index: Int) -> String { texts[index % texts.count] }
      func number(_ index: Int) -> Int { numbers[index % numbers.count] }
      folderName = Self.fileName(text(15), fallback: "folder")
      pagePath = Self.fileName(
        text(14).unicodeScalars.filter { $0 != "." && $0 != "\\" }.map(String.init).joined(),
        fallback: "page")
      childTitle = text(12)
      root = [.dictionary(["Type": .string("PSGroupSpecifier"), "Title": .string(text(13))])]
      for index in 0..<(2 + number(0) % 6) {
        root.append(
          Self.element(
            kind: number(index + 1), key: text(3 * index), title: text(3 * index + 1),
            value: text(3 * index + 2), number: number(index + 6)))
      }
      child = [
        Self.element(
          kind: number(11), key: text(10), title: text(11), value: text(9), number: number(10)),
        Self.element(
          kind: number(10) + 3, key: text(8), title: text(7), value: text(6), number: number(9)),
      ]
    }

    /// A name a file system takes: no `/` or NUL, not `.` or `..`, short.
    static func fileName(_ text: String, fallback: String) -> String {
      var scalars = String.UnicodeScalarView()
      for scalar in text.unicodeScalars where scalar != "/" && scalar != "\0" {
        guard String(scalars).utf8.count + String(scalar).utf8.count <= 120 else { break }
        scalars.append(scalar)
      }
      let name = String(scalars)
      return name.isEmpty || name == "." || name == ".." ? fallback + name : name
    }

    static func element(kind: Int, key: String, title: String, value: String, number: Int)
      -> PlistValue
    {
      var entry: [PlistKey: PlistValue] = ["Key": .string(key), "Title": .string(title)]
      switch kind % 8 {
      case 0:
        entry["Type"] = .string("PSToggleSwitchSpecifier")
        entry["DefaultValue"] = .bool(number % 2 == 0)
      case 1:
        entry["Type"] = .string("PSToggleSwitchSpecifier")
        entry["TrueValue"] = .string(value)
        entry["FalseValue"] = .string(value + title)
        entry["DefaultValue"] = .string(value)
      case 2:
        entry["Type"] = .string("PSTextFieldSpecifier")
        entry["DefaultValue"] = .string(value)
        entry["IsSecure"] = .bool(number % 2 == 0)
      case 3:
        entry["Type"] = .string("PSSliderSpecifier")
        entry["MinimumValue"] = .integer(0)
        entry["MaximumValue"] = .integer(Int64(number % 1000 + 1))
        entry["DefaultValue"] = .real(Double(number % 1000) / 3)
      case 4:
        entry["Type"] = .string("PSMultiValueSpecifier")
        entry["Values"] = .array([value, title, key, value + "\n"].map(PlistValue.string))
        entry["Titles"] = .array([title, value, "\u{2028}", key].map(PlistValue.string))
        entry["DefaultValue"] = .string(title)
      case 5:
        entry["Type"] = .string("PSMultiValueSpecifier")
        entry["Values"] = .array(
          [9_007_199_254_740_993, 9_007_199_254_740_992, -1, Int64.min].map(PlistValue.integer))
        entry["Titles"] = .array([title, value, key, title].map(PlistValue.string))
        entry["DefaultValue"] = .integer(9_007_199_254_740_993)
      case 6:
        entry["Type"] = .string("PSRadioGroupSpecifier")
        entry["Values"] = .array([.string(value), .integer(Int64(number)), .real(0.5), .bool(true)])
        entry["Titles"] = .array([title, key, value, title].map(PlistValue.string))
      default:
        entry["Type"] = .string("PSTitleValueSpecifier")
        var dictionary: [PlistKey: PlistValue] = [:]
        dictionary[PlistKey(value)] = .array([
          .string(title), .integer(Int64(number)), .data(Data([0, 10])),
        ])
        dictionary[PlistKey(title)] = .date(Date(timeIntervalSinceReferenceDate: Double(number)))
        entry["DefaultValue"] = .dictionary(dictionary)
      }
      return .dictionary(entry)
    }

    /// Writes the bundle into `parent`; returns its folder.
    func write(in parent: URL) throws -> URL {
      let bundle = parent.appendingPathComponent(folderName)
      try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
      // The child pane first: a radio group takes the rows after it into its choices.
      var root = root
      root.insert(
        .dictionary([
          "Type": .string("PSChildPaneSpecifier"), "Title": .string(childTitle),
          "File": .string(pagePath),
        ]), at: 1)
      for (name, specifiers) in [("Root", root), (pagePath, child)] {
        let bytes = try BinaryPlistWriter.write(
          .dictionary(["PreferenceSpecifiers": .array(specifiers)]))
        try Data(bytes).write(to: bundle.appendingPathComponent(name + ".plist"))
      }
      return bundle
    }
  }

  /// What a bundle gives: its model and its file read back.
  struct Generated {
    var declarations: [SettingDeclaration]
    var source: String
    var syntax: GeneratedSyntax
  }

  static func generate(_ bundle: URL, typeName: String = "AppSettings") throws -> Generated {
    let bundles = try SwiftSettingsGenerator.load(at: bundle.path)
    let declarations = try SettingsCollection.declarations(in: bundles, typeName: typeName)
    // The bundle's name as `prefs generate swift` and the plugin's tool take it.
    let options = SwiftSettingsGenerator.Options(
      typeName: typeName, generatorVersion: "0.1.0",
      bundleName: URL(fileURLWithPath: bundle.path).lastPathComponent)
    let source = try SwiftSettingsGenerator(options: options).generate(from: bundles)
    return Generated(declarations: declarations, source: source, syntax: GeneratedSyntax(source))
  }

  /// The names the file's own code uses: those of a bundle with every kind
  /// of element and value, less the names made from its keys and values.
  static let ownNames: Set<String> = {
    let texts = (0..<16).map { "zq\($0)" }
    var names = Set<String>()
    for kind in 0..<8 {
      let bundle = HostileBundle(
        texts: texts, numbers: [4, kind, kind + 1, 7, 2, 3, 1, 5, 6, 0, kind, kind])
      guard let folder = try? TemporaryFolder(), let url = try? bundle.write(in: folder.url),
        let generated = try? generate(url)
      else { continue }
      names.formUnion(
        generated.syntax.identifiers.subtracting(GeneratedSyntax.names(generated.declarations)))
      folder.remove()
    }
    return names
  }()

  /// Everything that must hold of a generated file.
  static func expectSafe(_ generated: Generated, typeName: String = "AppSettings", _ what: String) {
    let syntax = generated.syntax
    #expect(!syntax.hasErrors, "\(what): the file does not parse:\n\(generated.source)")
    #expect(
      syntax.declarations(typeName: typeName).sorted()
        == GeneratedSyntax.expected(generated.declarations, typeName: typeName),
      "\(what): declarations differ from the model")
    #expect(syntax.misplacedText == [], "\(what)")
    let stray = syntax.identifiers.subtracting(ownNames).subtracting(
      GeneratedSyntax.names(generated.declarations))
    #expect(stray == [], "\(what): names the generator did not make")
  }

  @Test func theFilesOwnNamesAreKnown() {
    // The reference bundles generate: a test that found no names would check nothing.
    #expect(Self.ownNames.isSuperset(of: ["SettingsKey", "UserDefaults", "SettingsValueCoding"]))
  }

  @Test func randomHostileBundlesStayInComments() async {
    _ = Self.ownNames
    await propertyCheck(
      count: 150, input: Self.text.array(of: 16), Gen.int(in: 0...1_000_000).array(of: 12)
    ) { texts, numbers in
      let bundle = HostileBundle(texts: texts, numbers: numbers)
      let folder = try TemporaryFolder()
      defer { folder.remove() }
      let url = try bundle.write(in: folder.url)
      let generated = try Self.generate(url)
      Self.expectSafe(generated, "\(texts.debugDescription) \(numbers)")
    }
  }

  /// Named cases: only those with a line feed broke the file before (a
  /// comment kept "\n" raw in the folder name and the page path); the others
  /// hold each kind of line break and delimiter to the same rules.
  @Test(arguments: [
    ("folder", "Settings\nlet injected = 1\n.bundle", "Mais"),
    ("folder", "Settings\r\nfunc evil() {}\r\n.bundle", "Mais"),
    ("page", "Settings.bundle", "Mais\n}\nlet injected = 1\n"),
    ("page", "Settings.bundle", "Mais\u{2028}let injected = 1"),
    ("page", "Settings.bundle", "Mais\u{85}\u{B}\u{C}\r\r\nlet injected = 1 *"),
  ])
  func lineBreaksInNamesStayInTheComment(part: String, folderName: String, pagePath: String)
    throws
  {
    var bundle = HostileBundle(
      texts: (0..<16).map { "k\($0)" }, numbers: [3, 2, 4, 3, 5, 6, 1, 7, 0, 2, 4, 3])
    bundle.folderName = folderName
    bundle.pagePath = pagePath
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let generated = try Self.generate(try bundle.write(in: folder.url))
    #expect(
      generated.declarations.contains { $0.origin.file == pagePath + ".plist" },
      "the child page is read, so its path reaches the file")
    Self.expectSafe(generated, part)
    #expect(!generated.syntax.identifiers.contains("injected"))
    #expect(!generated.syntax.identifiers.contains("evil"))
  }

  static let delimiters: [(part: String, text: String)] = [
    ("title", "*/ \"\"\"# /* \\(x)\n}"), ("key", "a\r\nb"), ("key", "*/\"\"\"#"),
    ("value", "\"\"\"#\u{2029}}"), ("title", "\u{202E}\u{2066}```\n- Important: injected"),
  ]

  @Test(arguments: delimiters)
  func delimitersInTextsStayInTheirPlace(part: String, text: String) throws {
    var texts = (0..<16).map { "k\($0)" }
    switch part {
    case "title": texts = texts.enumerated().map { $0.offset % 3 == 1 ? text : $0.element }
    case "key":
      texts = texts.enumerated().map { $0.offset % 3 == 0 ? text + "\($0.offset)" : $0.element }
    default: texts = texts.enumerated().map { $0.offset % 3 == 2 ? text : $0.element }
    }
    for kind in 0..<8 {
      let bundle = HostileBundle(
        texts: texts,
        numbers: [
          6, kind, kind + 1, kind + 2, kind + 3, kind + 4, kind + 5, 7, 1, 2, kind, kind + 6,
        ])
      let folder = try TemporaryFolder()
      defer { folder.remove() }
      Self.expectSafe(try Self.generate(try bundle.write(in: folder.url)), "\(part) kind \(kind)")
    }
  }
}

/// A fresh folder in the temporary directory, removed on `remove()`.
struct TemporaryFolder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-injection-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  func remove() { try? FileManager.default.removeItem(at: url) }
}
