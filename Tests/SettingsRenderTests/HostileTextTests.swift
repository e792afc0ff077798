import Foundation
import Localization
import Plist
import SettingsRender
import SettingsSchema
import TestSupport
import Testing

/// No text of a bundle (a title, a footer, a value, a Key, a file name, a
/// language) can become markup: whatever it holds, the page has the tags and
/// attributes the writer wrote, and nothing that drives a terminal or
/// reorders text beyond its own.
@Suite struct HostileTextTests {
  /// Pieces that break HTML or a reader: markup, quotes, references, comments,
  /// CDATA, control characters, bidi overrides and isolates, noncharacters,
  /// line separators, script URLs, and ordinary text in several scripts.
  static let pieces =
    [
      "<script>alert(1)</script>", "<", ">", "\"", "'", "&", "&amp;", "&#60;", "<!--", "-->",
      "<![CDATA[", "]]>", "</section>", "<img src=x onerror=alert(1)>", "\" onload=\"x", "' x='",
      "javascript:alert(1)", "\u{0}", "\u{1B}[31m", "\u{7}", "\t", "\n", "\r\n", "\u{85}",
      "\u{202E}", "\u{202A}", "\u{2066}", "\u{2069}", "\u{200F}", "\u{2028}", "\u{FEFF}", "`", "=",
      "/", " ", "Sound", "Звук", "صوت", "音量",
      "👩‍👩‍👧", "e\u{301}",
    ] + noncharacters

  /// U+FFFE, U+FDD0 and U+1FFFF, which a Swift literal may not spell.
  static let noncharacters = [0xFFFE, 0xFDD0, 0x1FFFF].compactMap {
    Unicode.Scalar(UInt32($0)).map { String($0) }
  }

  /// A layout with every kind of row and every text in it made by `text`:
  /// its structure does not depend on the texts.
  static func layout(_ text: () -> String) -> SettingsLayout {
    let root = LayoutPage.ID(file: text() + ".plist")
    let child = LayoutPage.ID(file: text() + "/" + text() + ".plist")
    let choices = LayoutPage.ID(file: root.file, choicesOf: 3)
    func id(_ index: Int, part: Int? = nil) -> RowID {
      RowID(page: root.file, key: text(), index: index, part: part)
    }
    let image = BundleImage(file: text(), mediaType: "image/png", bytes: Array(text().utf8))
    let controls: [RowControl] = [
      .toggle(isOn: true),
      .textField(text: text(), placeholder: text(), isSecure: false, keyboard: text()),
      .textField(text: text(), placeholder: text(), isSecure: true, keyboard: "URL"),
      .slider(value: 0.5, minimum: 0, maximum: 1, minimumImage: image, maximumImage: image),
      .multiValue(chosen: text(), page: choices),
      .titleValue(text: text()),
      .childPane(page: child),
      .childPane(page: nil),
      .action(.openURL(text())),
      .action(.mailCompose(to: [text(), text()])),
      .action(.appView(text())),
      .action(.button),
      .date(text: text()),
      .textView(text: text()),
      .listItem, .listAdd, .customView,
    ]
    let rows = controls.enumerated().map { index, control in
      LayoutRow(id: id(index), title: text(), subtitle: text(), control: control)
    }
    let options = (0..<3).map { part in
      LayoutRow(id: id(20, part: part), title: text(), control: .radioOption(isChosen: part == 1))
    }
    let untitled = LayoutRow(
      id: RowID(page: root.file, key: text(), index: 30), title: "", control: .toggle(isOn: false))
    return SettingsLayout(
      appTitle: text(), language: text(), systemLanguage: text(), direction: .rightToLeft,
      idiom: .phone, dialect: .iask,
      pages: [
        LayoutPage(
          id: root, name: text(), title: text(), parent: nil,
          sections: [
            LayoutSection(startIndex: nil, title: nil, footer: nil, rows: [untitled]),
            LayoutSection(startIndex: 0, title: text(), footer: text(), rows: rows),
            LayoutSection(startIndex: 20, title: text(), footer: text(), rows: options),
          ]),
        LayoutPage(
          id: choices, name: text(), title: text(), parent: root,
          sections: [
            LayoutSection(
              startIndex: 3, title: nil, footer: text(),
              rows: [LayoutRow(id: id(3, part: 0), title: text(), control: .choice(isChosen: true))]
            )
          ]),
        LayoutPage(
          id: child, name: text(), title: text(), parent: root, isUnread: true, sections: []),
      ])
  }

  /// Property: for 300 layouts of random hostile texts, the page's tags and
  /// attributes are those of the same layout with plain texts, and no
  /// character that could act reaches it raw.
  @Test func noBundleTextBecomesMarkup() {
    var random = SplitMix64(seed: "render-html hostile texts")
    let plain = HTMLStructure.skeleton(HTMLWriter.write(Self.layout { "x" }))
    for round in 0..<300 {
      let html = HTMLWriter.write(
        Self.layout {
          // Never empty: an empty title is a row without a label, another structure.
          let text = random.texts(1, of: Self.pieces, longest: 8)[0]
          return text.isEmpty ? random.pick(Self.pieces) : text
        },
        appearance: round % 2 == 0 ? .automatic : .dark)
      let skeleton = HTMLStructure.skeleton(html)
      let same = skeleton == plain
      #expect(same, "round \(round): \(Self.firstDifference(skeleton, plain))")
      let raw = html.unicodeScalars.filter {
        ($0.needsEscapingForTerminal && $0 != "\n" && $0 != "\u{200F}" && $0 != "\u{200E}")
          || ($0.value & 0xFFFE == 0xFFFE) || (0xFDD0...0xFDEF).contains($0.value)
      }
      #expect(raw.isEmpty, "round \(round): \(raw.map { String($0.value, radix: 16) })")
      #expect(HTMLStructure.problems(html) == [], "round \(round)")
      if !(same && raw.isEmpty) { break }
    }
  }

  static func firstDifference(_ a: [String], _ b: [String]) -> String {
    for (x, y) in zip(a, b) where x != y { return "\(x) vs \(y)" }
    return "\(a.count) tags vs \(b.count)"
  }

  @Test(arguments: [
    ("<script>alert(\"x\")</script>", "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;"),
    ("Tom & Jerry's", "Tom &amp; Jerry&#39;s"),
    ("a\u{202E}b\u{2066}c", "a\\u{202E}b\\u{2066}c"),
    ("bell\u{7}\u{0}", "bell\\u{7}\\u{0}"),
    ("line\nbreak", "line\nbreak"),
    (noncharacters.joined(), "\u{FFFD}\u{FFFD}\u{FFFD}"),
    ("עברית\u{200F}", "עברית\u{200F}"),
  ])
  func textIsEscapedForContent(text: String, escaped: String) throws {
    let layout = SettingsLayout(
      appTitle: text, language: "en", systemLanguage: "en", direction: .leftToRight,
      idiom: .phone, dialect: .apple, pages: [])
    #expect(HTMLWriter.write(layout).contains("<h1><bdi>\(escaped)</bdi></h1>"))
  }

  @Test func anAttributeKeepsALineBreakVisibleAndInside() {
    let layout = SettingsLayout(
      appTitle: "x", language: "en", systemLanguage: nil, direction: .leftToRight, idiom: .phone,
      dialect: .apple,
      pages: [
        LayoutPage(
          id: LayoutPage.ID(file: "Root.plist"), name: "Root", title: "x", parent: nil,
          sections: [
            LayoutSection(
              startIndex: 0, title: "t", footer: nil,
              rows: [
                LayoutRow(
                  id: RowID(page: "Root.plist", key: "k", index: 1), title: "n",
                  control: .textField(
                    text: "a\nb\"c", placeholder: nil, isSecure: false, keyboard: "Alphabet"))
              ])
          ])
      ])
    #expect(HTMLWriter.write(layout).contains("value=\"a\\nb&quot;c\""))
  }

  /// Ids are made of ASCII letters, digits, `-` and `_` only, and two names never share one.
  @Test func pageIDsAreSafeAndDistinct() {
    let names = ["Root.plist", "a/b.plist", "a_2Fb.plist", "Über.plist", "x y.plist", "-.plist"]
    let ids = names.map { HTMLWriter.pageID(LayoutPage.ID(file: $0)) }
    #expect(Set(ids).count == names.count)
    for id in ids {
      #expect(
        id.unicodeScalars.allSatisfy {
          $0.isASCII
            && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_")
        }, "\(id)")
    }
    #expect(HTMLWriter.pageID(LayoutPage.ID(file: "Advanced.plist")) == "page-Advanced")
    #expect(
      HTMLWriter.pageID(LayoutPage.ID(file: "Root.plist", choicesOf: 3)) == "page-Root-choices-3")
  }
}
