import Foundation
import Localization
import Plist
import SettingsRender
import SettingsSchema
import TestSupport
import Testing

/// The SVG pictures of `prefs render --format svg`: goldens of the examples
/// (plain text, one file a page), every corpus bundle drawn as well-formed
/// SVG, no bundle text ever read as markup, right-to-left pages mirrored.
@Suite struct SVGPictureTests {
  /// A bundle drawn in one language on one device, and the folder of its goldens.
  struct Drawing: Sendable, CustomTestStringConvertible {
    var bundle: String
    var languages: [String]
    var idiom: Idiom
    var dialect: Dialect = .apple
    var golden: String

    var testDescription: String { golden }

    func layout() throws -> SettingsLayout {
      var options = LoadOptions(idiom: idiom, dialect: dialect, preferredLanguages: languages)
      options.followsBundleReader = false
      let bundle = try SettingsBundle.load(at: bundle, options: options)
      return SettingsLayout(bundle: bundle, appTitle: "Settings")
    }
  }

  static let showcase = Paths.examples.appendingPathComponent("Showcase/Settings.bundle").path
  static let conversor = Paths.examples.appendingPathComponent("Conversor/Settings.bundle").path
  static let squared = Paths.fixtures.appendingPathComponent("Render/Squared/Settings.bundle").path

  static let drawings = [
    Drawing(bundle: showcase, languages: ["en"], idiom: .phone, golden: "showcase-en"),
    Drawing(bundle: showcase, languages: ["cs"], idiom: .pad, golden: "showcase-cs-pad"),
    Drawing(bundle: conversor, languages: ["en"], idiom: .phone, golden: "conversor-en"),
    Drawing(bundle: squared, languages: ["ar"], idiom: .phone, golden: "squared-ar"),
    Drawing(bundle: squared, languages: ["en"], idiom: .phone, golden: "squared-en"),
  ]

  @Test(arguments: drawings) func everyPageMatchesItsGolden(_ drawing: Drawing) throws {
    let layout = try drawing.layout()
    let names = SVGPicture.fileNames(for: layout.pages.map(\.id))
    #expect(!layout.pages.isEmpty)
    for page in layout.pages {
      let name = try #require(names[page.id])
      expectGolden(SVGPicture.page(page, of: layout), "render/svg/\(drawing.golden)/\(name)")
    }
  }

  /// The element names a picture is made of: the writer's, never a bundle's.
  static let ownElements: Set<String> = [
    "svg", "title", "style", "g", "rect", "text", "circle", "path", "line", "image",
  ]

  /// Parses a picture with the project's XML reader (libxml2, which refuses
  /// a document type and entities) and checks what it is made of.
  static func checkWellFormed(
    _ svg: String, page: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let root: XMLTree.Element
    do {
      root = try XMLTree.parse(Array(svg.utf8))
    } catch {
      Issue.record("\(page): not well-formed: \(error)", sourceLocation: sourceLocation)
      return
    }
    #expect(root.name == "svg", sourceLocation: sourceLocation)
    #expect(root.namespace == "http://www.w3.org/2000/svg", sourceLocation: sourceLocation)
    var stranger: [String] = []
    func visit(_ element: XMLTree.Element) {
      if !ownElements.contains(element.name) { stranger.append(element.name) }
      for case .element(let child) in element.children { visit(child) }
      // A text holds characters only: a bundle text never opens an element in it.
      if element.name == "text" || element.name == "title" {
        for case .element(let child) in element.children {
          stranger.append("\(element.name)>\(child.name)")
        }
      }
      for attribute in element.attributes where attribute.name == "href" {
        if !attribute.value.hasPrefix("data:image/") {
          stranger.append("href=\(attribute.value.prefix(40))")
        }
      }
    }
    visit(root)
    #expect(stranger.isEmpty, "\(page): \(stranger)", sourceLocation: sourceLocation)
  }

  @Test(arguments: drawings) func examplesAreWellFormed(_ drawing: Drawing) throws {
    let layout = try drawing.layout()
    for page in layout.pages {
      Self.checkWellFormed(SVGPicture.page(page, of: layout), page: "\(drawing.golden) \(page.id)")
    }
  }

  @Test(.needsCorpus, arguments: Paths.corpusBundles)
  func everyCorpusBundleDrawsWellFormedPictures(_ url: URL) throws {
    for idiom in Idiom.allCases {
      for dialect in [Dialect.apple, .iask] {
        var options = LoadOptions(idiom: idiom, dialect: dialect, preferredLanguages: ["en"])
        options.followsBundleReader = false
        guard let bundle = try? SettingsBundle.load(at: url.path, options: options) else {
          continue
        }
        let layout = SettingsLayout(bundle: bundle, appTitle: url.lastPathComponent)
        for appearance in SVGPicture.Appearance.allCases {
          for page in layout.pages {
            Self.checkWellFormed(
              SVGPicture.page(page, of: layout, options: .init(appearance: appearance)),
              page: "\(url.lastPathComponent) \(idiom) \(dialect) \(page.id)")
          }
        }
      }
    }
  }

  /// Texts that are markup, references, characters XML does not allow, and
  /// right-to-left and wide text: what a hostile bundle may hold.
  static let hostilePieces = [
    "<", ">", "&", "\"", "'", "]]>", "<script>alert(1)</script>", "&amp;", "&#x3C;", "<!--",
    "-->", "<![CDATA[", "<?xml ?>", "\u{0}", "\u{1}", "\u{8}", "\u{B}", "\u{1F}", "\u{7F}",
    "\u{FFFE}", "\u{FFFF}", "\t", "\n", "\r", " ", "Olá", "日本語", "שלום", "مرحبا", "\u{202E}",
    "\u{200B}", "👍🏽", "e\u{301}", "</text><circle/>", "\" onload=\"x", "xlink:href",
  ]

  /// A page whose every shown text (titles, footers, values, choices, the
  /// names of its pages) is made of hostile pieces, written as a binary plist
  /// (which, unlike XML, holds control characters).
  static func hostileBundle(seed: UInt64) throws -> TemporaryBundle {
    var random = SplitMix64(seed: seed)
    func text() -> String {
      random.texts(1, of: hostilePieces, longest: 14)[0] + random.pick(hostilePieces)
    }
    func element(_ type: String, _ attributes: [String: PlistValue]) -> PlistValue {
      var entries: [PlistKey: PlistValue] = ["Type": .string(type)]
      for (key, value) in attributes { entries[PlistKey(key)] = value }
      return .dictionary(entries)
    }
    let root: PlistValue = .dictionary([
      "PreferenceSpecifiers": .array([
        element("PSGroupSpecifier", ["Title": .string(text()), "FooterText": .string(text())]),
        element(
          "PSToggleSwitchSpecifier",
          ["Title": .string(text()), "Key": .string(text()), "DefaultValue": .bool(true)]),
        element(
          "PSTextFieldSpecifier",
          ["Title": .string(text()), "Key": .string("field"), "DefaultValue": .string(text())]),
        element(
          "PSTitleValueSpecifier",
          ["Title": .string(text()), "Key": .string("shown"), "DefaultValue": .string(text())]),
        element(
          "PSMultiValueSpecifier",
          [
            "Title": .string(text()), "Key": .string("choice"), "DefaultValue": .integer(1),
            "Values": .array([.integer(1), .integer(2)]),
            "Titles": .array([.string(text()), .string(text())]),
          ]),
        element(
          "PSRadioGroupSpecifier",
          [
            "Title": .string(text()), "Key": .string("radio"), "DefaultValue": .string(text()),
            "Values": .array([.string(text()), .string("b")]),
            "Titles": .array([.string(text()), .string(text())]),
          ]),
        element("PSGroupSpecifier", ["Title": .string(text())]),
        element(
          "PSSliderSpecifier",
          [
            "Key": .string("level"), "DefaultValue": .real(0.5), "MinimumValue": .integer(0),
            "MaximumValue": .integer(1),
          ]),
        element("PSChildPaneSpecifier", ["Title": .string(text()), "File": .string("Child")]),
      ])
    ])
    let child: PlistValue = .dictionary([
      "Title": .string(text()),
      "PreferenceSpecifiers": .array([
        element("PSGroupSpecifier", ["Title": .string(text()), "FooterText": .string(text())]),
        element(
          "PSTitleValueSpecifier",
          ["Title": .string(text()), "Key": .string("other"), "DefaultValue": .string(text())]),
      ]),
    ])
    let bundle = try TemporaryBundle()
    try Data(BinaryPlistWriter.write(root)).write(
      to: bundle.url.appendingPathComponent("Root.plist"))
    try Data(BinaryPlistWriter.write(child)).write(
      to: bundle.url.appendingPathComponent("Child.plist"))
    return bundle
  }

  @Test(arguments: 0..<40) func noBundleTextBecomesMarkup(_ seed: UInt64) throws {
    let bundle = try Self.hostileBundle(seed: seed)
    defer { bundle.remove() }
    for language in ["en", "ar"] {
      let loaded = try SettingsBundle.load(
        at: bundle.path, options: LoadOptions(preferredLanguages: [language]))
      let layout = SettingsLayout(bundle: loaded, appTitle: "<App> & \"co\"\u{1}")
      #expect(layout.pages.count >= 2)
      for page in layout.pages {
        let svg = SVGPicture.page(page, of: layout)
        Self.checkWellFormed(svg, page: "seed \(seed) \(language) \(page.id)")
        let root = try XMLTree.parse(Array(svg.utf8))
        let title = root.elements(named: "title", namespace: root.namespace).first
        let read = title?.children.compactMap { node -> String? in
          if case .text(let text) = node { return text }
          return nil
        }.joined()
        // Escaped, and read back as the text shown: nothing in it was markup.
        let expected = SVGPicture.shownText(page.title)
        #expect(read == expected, "seed \(seed)")
        // What could act rather than show (controls, bidi overrides) is shown as an escape.
        let acting = read?.unicodeScalars.filter {
          $0 != "\n" && ($0.properties.generalCategory == .control || $0 == "\u{202E}")
        }
        #expect(acting?.isEmpty == true, "seed \(seed)")
      }
    }
  }

  @Test func rightToLeftPagesAreMirrored() throws {
    let arabic = try Self.drawings[3].layout()
    let english = try Self.drawings[4].layout()
    #expect(arabic.direction == .rightToLeft)
    let mirrored = SVGPicture.page(arabic.pages[0], of: arabic)
    let plain = SVGPicture.page(english.pages[0], of: english)
    #expect(mirrored.contains("direction=\"rtl\""))
    #expect(!plain.contains("direction=\"rtl\""))
    // The multi value's chevron: on the right pointing right (350 to 356.6 of 390), mirrored
    // on the left pointing left (40 to 33.4).
    #expect(plain.contains("<path class=\"chevron\" d=\"M350 "))
    #expect(plain.contains(" L356.6 "))
    #expect(mirrored.contains("<path class=\"chevron\" d=\"M40 "))
    #expect(mirrored.contains(" L33.4 "))
  }

  /// The chosen value's check mark is the same ✓ in both directions (short stroke down
  /// to the right, long stroke up to the right); only its place is mirrored.
  @Test(arguments: drawings) func checkMarksAreNeverMirrored(_ drawing: Drawing) throws {
    let layout = try drawing.layout()
    var marks: [(points: [(x: Double, y: Double)], pictureWidth: Double)] = []
    for page in layout.pages {
      let picture = SVGPicture.page(page, of: layout)
      // `<svg xmlns="…" width="W"`: the fourth quoted-apart field.
      let pictureWidth = try #require(Double(picture.split(separator: "\"")[3]))
      for line in picture.split(separator: "\n") where line.contains("stroke-width=\"2.5\"") {
        let path = try #require(
          line.split(separator: "\"").drop { !$0.hasSuffix(" d=") }.dropFirst().first)
        let numbers = path.split { $0 == " " || $0 == "M" || $0 == "L" }.compactMap { Double($0) }
        try #require(numbers.count == 6, "\(line)")
        marks.append(
          (stride(from: 0, to: 6, by: 2).map { (numbers[$0], numbers[$0 + 1]) }, pictureWidth))
      }
    }
    #expect(!marks.isEmpty || !drawing.golden.hasPrefix("squared"))
    for (mark, pictureWidth) in marks {
      #expect(mark[0].x < mark[1].x && mark[1].x < mark[2].x, "\(mark)")
      #expect(mark[2].y < mark[0].y && mark[0].y < mark[1].y, "\(mark)")
      // On the trailing side: the right of a left-to-right page, the left of a mirrored one.
      let isOnTheLeft = mark[2].x < pictureWidth / 2
      #expect(isOnTheLeft == (layout.direction == .rightToLeft), "\(mark) of \(pictureWidth)")
    }
  }

  struct Cut: Sendable, CustomTestStringConvertible {
    var text: String
    var width: Double
    var expected: String
    var testDescription: String { "\(text) in \(width)" }
  }

  /// One-line labels end with "…" where they no longer fit; the first line only.
  @Test(arguments: [
    Cut(text: "General", width: 200, expected: "General"),
    Cut(text: "Notifications and sounds", width: 120, expected: "Notifications…"),
    Cut(text: "Notifications and sounds", width: 150, expected: "Notifications and…"),
    Cut(text: "Line one\nLine two", width: 300, expected: "Line one…"),
    Cut(text: "日本語のタイトルです", width: 60, expected: "日本…"),
    Cut(text: "Wide   spaces", width: 60, expected: "Wide…"),
  ])
  func oneLineLabelsAreCutAtTheTail(_ cut: Cut) {
    #expect(TextFitting.truncated(cut.text, width: cut.width, size: 17) == cut.expected)
    #expect(
      TextAdvance.width(of: TextFitting.truncated(cut.text, width: cut.width, size: 17), size: 17)
        <= cut.width)
  }

  struct Wrap: Sendable, CustomTestStringConvertible {
    var text: String
    var width: Double
    var expected: [String]
    var testDescription: String { "\(text) in \(width)" }
  }

  /// Headers and footers wrap at spaces, after hyphens, between CJK
  /// characters, and inside a word only when it is wider than a line.
  @Test(arguments: [
    Wrap(text: "Shown under the group", width: 90, expected: ["Shown under", "the group"]),
    Wrap(text: "Shown under the group", width: 500, expected: ["Shown under the group"]),
    Wrap(text: "First\n\nThird", width: 500, expected: ["First", "", "Third"]),
    Wrap(text: "well-known words", width: 60, expected: ["well-", "known", "words"]),
    Wrap(text: "Supercalifragilistic", width: 60, expected: ["Supercalif", "ragilistic"]),
    Wrap(text: "設定を変更します", width: 40, expected: ["設定を", "変更し", "ます"]),
  ])
  func notesWrapAsALabelWrapsWords(_ wrap: Wrap) {
    let lines = TextFitting.wrapped(wrap.text, width: wrap.width, size: 13)
    #expect(lines == wrap.expected)
    for line in lines where line.count > 1 {
      #expect(TextAdvance.width(of: line, size: 13) <= wrap.width, "\(line)")
    }
  }

  /// Latin text is measured with Liberation Sans's own advances (Arial's).
  @Test func latinTextIsMeasuredWithTheFontsAdvances() {
    // "A" 1366, "a" 1139, "i" 455, space 569 units of 2048.
    #expect(abs(TextAdvance.width(of: "Aa i", size: 2048) - (1366 + 1139 + 569 + 455)) < 0.001)
    #expect(
      abs(TextAdvance.width(of: "Aa", size: 17, bold: true) - (1479 + 1139) / 2048 * 17) < 0.001)
    // Wide characters are an em, combining marks nothing.
    #expect(TextAdvance.width(of: "日本", size: 10) == 20)
    #expect(TextAdvance.width(of: "e\u{301}", size: 2048) == 1139)
  }

  @Test func fileNamesAreSafeAndDistinct() {
    let names = SVGPicture.fileNames(for: [
      .init(file: "Root.plist"), .init(file: "Root.plist", choicesOf: 3),
      .init(file: "../x/Root.plist"), .init(file: ".hidden.plist"), .init(file: "root.plist"),
    ])
    #expect(names[.init(file: "Root.plist")] == "Root.svg")
    #expect(names[.init(file: "Root.plist", choicesOf: 3)] == "Root-3.svg")
    #expect(names[.init(file: "../x/Root.plist")] == "_.._x_Root.svg")
    #expect(names[.init(file: ".hidden.plist")] == "_.hidden.svg")
    #expect(names[.init(file: "root.plist")] == "root-2.svg")
  }
}
