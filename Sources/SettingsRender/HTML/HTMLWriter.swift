// The structure of a rendered page, for anything that reads it (the browser
// tests, a reviewer's tools). It changes only with this comment.
//
//   <html lang="…" dir="ltr|rtl" class="idiom-phone|idiom-pad dialect-apple|dialect-iask
//         appearance-automatic|appearance-light|appearance-dark">
//   <header class="document-header">   the app's name, language, idiom, dialect
//   <main>                             every page, in the order the bundle reaches them
//     <section class="page" id="page-NAME" data-page="FILE" [data-parent="page-…"]>
//         NAME is the page file without `.plist` (a multi value's list of choices:
//         `page-NAME-choices-INDEX`), written by `HTMLWriter.pageID`: ASCII letters
//         and digits as they are, every other UTF-8 byte as `_XX`. The first page
//         also has class `page-first`; a page whose file did not read, `page-unread`.
//       <div class="page-header">      [<a class="back" href="#page-PARENT">] <h2 class="page-title">
//       <div class="group" id="section-NAME-INDEX|top">   one grouped section
//         [<h3 class="group-title">]  <ul class="rows"> <li> ROW … </ul>  [<p class="footer">]
//   ROW: an element of class `row` and `row-KIND` (toggle, text-field, slider,
//        multi-value, title-value, radio-option, choice, child-pane, action, date,
//        text-view, list-item, list-add, custom-view), id `row-NAME-INDEX[-PART]`,
//        `data-row` = the model's RowID.matchKey, `data-key` = the Key when there is one.
//        Its title is `<span class="label" id="ROWID-label">`; what it shows is
//        `.value`, or a form control (disabled or read-only) labelled by the title.
//   LINKS: child panes and multi values are `<a class="row …" href="#page-…"
//        data-target="page-…">`; every page but the first has `<a class="back">`
//        to its parent. A child pane whose File names no page is a `div` with class
//        `row-missing-page`. Nothing else links; nothing loads from the network.
import Foundation
import Localization
import SettingsSchema

/// Which colours a page is drawn in: the reader's (`prefers-color-scheme`), or one forced.
public enum HTMLAppearance: String, Sendable, CaseIterable {
  case automatic, light, dark
}

/// A bundle's pages as one self-contained HTML file: inline CSS, images as
/// `data:` URIs, no script, no network; child panes are working links.
///
/// ```swift
/// let html = HTMLWriter.write(layout, appearance: .dark)
/// try html.write(toFile: "settings.html", atomically: true, encoding: .utf8)
/// ```
public enum HTMLWriter {
  public static func write(_ layout: SettingsLayout, appearance: HTMLAppearance = .automatic)
    -> String
  {
    var writer = Writer(layout: layout)
    writer.document(appearance: appearance)
    return writer.out
  }

  /// The `id` of a page's `<section>`.
  ///
  /// ```swift
  /// HTMLWriter.pageID(LayoutPage.ID(file: "Advanced.plist"))  // "page-Advanced"
  /// ```
  public static func pageID(_ page: LayoutPage.ID) -> String {
    "page-" + pageStem(page)
  }

  /// The `id` of a row's element.
  ///
  /// ```swift
  /// HTMLWriter.rowID(RowID(page: "Root.plist", key: "k", index: 3, part: 1))  // "row-Root-3-1"
  /// ```
  public static func rowID(_ row: RowID) -> String {
    "row-" + HTMLText.idPart(fileStem(row.page)) + "-\(row.index)"
      + (row.part.map { "-\($0)" } ?? "")
  }

  static func pageStem(_ page: LayoutPage.ID) -> String {
    HTMLText.idPart(fileStem(page.file)) + (page.choicesOf.map { "-choices-\($0)" } ?? "")
  }

  static func fileStem(_ file: String) -> String {
    file.hasSuffix(".plist") ? String(file.dropLast(".plist".count)) : file
  }

  /// The language of the page's words as an HTML `lang`: the folder the strings
  /// come from, else the system language, else English (a bundle without
  /// tables is written in its developers' words, nearly always English).
  static func languageTag(_ layout: SettingsLayout) -> String {
    for name in [layout.language, layout.systemLanguage].compactMap({ $0 }) {
      if let tag = LanguageTag(folderName: name) ?? LanguageTag(name) { return tag.description }
    }
    return "en"
  }
}

extension HTMLWriter {
  /// Each page's `<section class="page">` as ``write(_:appearance:)`` writes it,
  /// for a document that holds more than one version (``ComparisonHTML``):
  /// every id, and every reference to one, begins with `idPrefix`, and what
  /// `marks` names gets the class `mark-KIND` and its mark in words as its
  /// first content, for a screen reader.
  static func pageSections(
    _ layout: SettingsLayout, idPrefix: String, marks: [LayoutPage.ID: PageMarks]
  ) -> [LayoutPage.ID: String] {
    var sections: [LayoutPage.ID: String] = [:]
    for (position, page) in layout.pages.enumerated() {
      var writer = Writer(layout: layout, idPrefix: idPrefix, marks: marks[page.id] ?? PageMarks())
      writer.page(page, isFirst: position == 0)
      sections[page.id] = writer.out
    }
    return sections
  }
}

private struct Writer {
  let layout: SettingsLayout
  /// Put before every id and every reference to one.
  let idPrefix: String
  /// The marks of the page being written.
  let marks: PageMarks
  var out = ""

  init(layout: SettingsLayout, idPrefix: String = "", marks: PageMarks = PageMarks()) {
    self.layout = layout
    self.idPrefix = idPrefix
    self.marks = marks
  }

  /// The class that comes first on a marked element, and the words that open its content.
  func marking(_ mark: ChangeMark?) -> (classes: String, words: String) {
    guard let mark else { return ("", "") }
    return ("mark-\(mark.rawValue) ", "<span class=\"visually-hidden\">\(mark.rawValue): </span>")
  }

  mutating func line(_ text: String) {
    out += text
    out += "\n"
  }

  /// Bundle text as content, isolated so that its direction never reorders what is around it.
  func text(_ text: String) -> String { "<bdi>" + HTMLText.escaped(text) + "</bdi>" }

  func attribute(_ text: String) -> String { "\"" + HTMLText.attribute(text) + "\"" }

  mutating func document(appearance: HTMLAppearance) {
    let direction = layout.direction == .rightToLeft ? "rtl" : "ltr"
    let classes =
      "idiom-\(layout.idiom.rawValue) dialect-\(layout.dialect.rawValue) appearance-\(appearance.rawValue)"
    line("<!DOCTYPE html>")
    line(
      "<html lang=\(attribute(HTMLWriter.languageTag(layout))) dir=\"\(direction)\" class=\"\(classes)\">"
    )
    line("<head>")
    line("<meta charset=\"utf-8\">")
    line("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
    let scheme = appearance == .automatic ? "light dark" : appearance.rawValue
    line("<meta name=\"color-scheme\" content=\"\(scheme)\">")
    line("<meta name=\"generator\" content=\"prefs render\">")
    line("<title>\(HTMLText.escaped(layout.appTitle))</title>")
    line("<style>")
    line(HTMLStyle.sheet(appearance: appearance))
    line("</style>")
    line("</head>")
    line("<body>")
    line("<header class=\"document-header\">")
    line("<h1>\(text(layout.appTitle))</h1>")
    let reader = layout.dialect == .apple ? "Settings.app" : "InAppSettingsKit"
    let language = layout.language.map { HTMLText.escaped($0) + " · " } ?? ""
    line("<p>\(language)\(layout.idiom.rawValue) · \(reader)</p>")
    line("</header>")
    line("<main>")
    for (position, page) in layout.pages.enumerated() {
      self.page(page, isFirst: position == 0)
    }
    line("</main>")
    line("</body>")
    line("</html>")
  }

  mutating func page(_ page: LayoutPage, isFirst: Bool) {
    let id = idPrefix + HTMLWriter.pageID(page.id)
    let mark = marking(marks.page)
    var classes = mark.classes + "page"
    if isFirst { classes += " page-first" }
    if page.isUnread { classes += " page-unread" }
    let parent = page.parent.map { " data-parent=\"\(idPrefix + HTMLWriter.pageID($0))\"" } ?? ""
    line(
      "<section class=\"\(classes)\" id=\"\(id)\" data-page=\(attribute(page.id.description))\(parent) aria-labelledby=\"\(id)-title\">\(mark.words)"
    )
    line("<div class=\"page-header\">")
    if let parentID = page.parent {
      let parentTitle = layout.page(parentID)?.title ?? ""
      let target = idPrefix + HTMLWriter.pageID(parentID)
      line(
        "<a class=\"back\" href=\"#\(target)\" data-target=\"\(target)\">\(text(parentTitle))</a>"
      )
    }
    line("<h2 class=\"page-title\" id=\"\(id)-title\">\(text(page.title))</h2>")
    line("</div>")
    let stem = HTMLWriter.pageStem(page.id)
    for section in page.sections {
      self.section(section, stem: stem)
    }
    line("</section>")
  }

  mutating func section(_ section: LayoutSection, stem: String) {
    let id = idPrefix + "section-\(stem)-" + (section.startIndex.map(String.init) ?? "top")
    let mark = marking(section.startIndex.flatMap { marks.sections[$0] })
    line("<div class=\"\(mark.classes)group\" id=\"\(id)\">\(mark.words)")
    if let title = section.title {
      line("<h3 class=\"group-title\" id=\"\(id)-title\">\(text(title))</h3>")
    }
    if !section.rows.isEmpty {
      line("<ul class=\"rows\">")
      for row in section.rows {
        line("<li>" + self.row(row, section: section, sectionID: id) + "</li>")
      }
      line("</ul>")
    }
    if let footer = section.footer {
      line("<p class=\"footer\">\(text(footer))</p>")
    }
    line("</div>")
  }

  func row(_ row: LayoutRow, section: LayoutSection, sectionID: String) -> String {
    let id = idPrefix + HTMLWriter.rowID(row.id)
    let mark = marking(marks.rows[row.id])
    let labelID = id + "-label"
    // A control's name: its title; a row without one (a slider, a text field
    // without Title) is named by its section's title, else by its Key.
    let name: String
    if !row.title.isEmpty {
      name = "aria-labelledby=\"\(labelID)\""
    } else if section.title != nil {
      name = "aria-labelledby=\"\(sectionID)-title\""
    } else {
      name = "aria-label=\(attribute(row.id.key ?? row.id.matchKey))"
    }
    var label = ""
    if !row.title.isEmpty || row.subtitle != nil {
      label = "<span class=\"label\" id=\"\(labelID)\">\(text(row.title))"
      if let subtitle = row.subtitle {
        label += "<span class=\"subtitle\">\(text(subtitle))</span>"
      }
      label += "</span>"
    }
    let dataKey = row.id.key.map { " data-key=\(attribute($0))" } ?? ""
    func element(_ kind: String, _ body: String, tag: String = "div", extra: String = "") -> String
    {
      "<\(tag) class=\"\(mark.classes)row row-\(kind)\" id=\"\(id)\" data-row=\(attribute(row.id.matchKey))\(dataKey)\(extra)>\(mark.words)\(body)</\(tag)>"
    }
    func value(_ shown: String) -> String { "<span class=\"value\">\(text(shown))</span>" }
    let chevron = "<span class=\"chevron\" aria-hidden=\"true\">›</span>"
    switch row.control {
    case .toggle(let isOn):
      return element(
        "toggle",
        label
          + "<input class=\"switch\" type=\"checkbox\" role=\"switch\" disabled\(isOn ? " checked" : "") \(name)>"
      )
    case .textField(let shown, let placeholder, let isSecure, let keyboard):
      let mode = Self.inputModes[keyboard].map { " inputmode=\"\($0)\"" } ?? ""
      let hint = placeholder.map { " placeholder=\(attribute($0))" } ?? ""
      return element(
        "text-field",
        label
          + "<input class=\"field\" type=\"\(isSecure ? "password" : "text")\" dir=\"auto\" value=\(attribute(shown))\(hint)\(mode) readonly \(name)>"
      )
    case .slider(let shown, let minimum, let maximum, let low, let high):
      var body = "<span class=\"slider\">"
      if let low { body += image(low) }
      body +=
        "<input type=\"range\" min=\"\(Self.number(minimum))\" max=\"\(Self.number(max(minimum, maximum)))\" step=\"any\" value=\"\(Self.number(shown))\" disabled \(name)>"
      if let high { body += image(high) }
      body += "</span>"
      return element("slider", label + body)
    case .multiValue(let chosen, let page):
      let target = idPrefix + HTMLWriter.pageID(page)
      return element(
        "multi-value", label + value(chosen ?? "") + chevron, tag: "a",
        extra: " href=\"#\(target)\" data-target=\"\(target)\"")
    case .titleValue(let shown):
      return element("title-value", label + value(shown))
    case .radioOption(let isChosen), .choice(let isChosen):
      let kind = if case .radioOption = row.control { "radio-option" } else { "choice" }
      return element(
        kind,
        "<input class=\"visually-hidden\" type=\"radio\" name=\"\(sectionID)\" disabled\(isChosen ? " checked" : "") \(name)>"
          + label + "<span class=\"check\" aria-hidden=\"true\">\(isChosen ? "✓" : "")</span>")
    case .childPane(let page?):
      let target = idPrefix + HTMLWriter.pageID(page)
      return element(
        "child-pane", label + chevron, tag: "a",
        extra: " href=\"#\(target)\" data-target=\"\(target)\"")
    case .childPane(nil):
      return element("child-pane row-missing-page", label + chevron)
    case .action(let action):
      let shown =
        switch action {
        case .openURL(let url): url
        case .mailCompose(let recipients): recipients.joined(separator: ", ")
        case .button: ""
        case .appView(let name): name
        }
      return element("action", label + (shown.isEmpty ? "" : value(shown)))
    case .date(let shown):
      return element("date", label + value(shown))
    case .textView(let shown):
      return element("text-view", label + value(shown))
    case .listItem:
      return element("list-item", label)
    case .listAdd:
      return element("list-add", label)
    case .customView:
      return element("custom-view", label)
    }
  }

  /// An image of the bundle as a `data:` URI; its bytes were checked to be one.
  func image(_ image: BundleImage) -> String {
    let encoded = Data(image.bytes).base64EncodedString()
    return
      "<img src=\"data:\(image.mediaType);base64,\(encoded)\" alt=\"\" width=\"21\" height=\"21\">"
  }

  /// The `inputmode` of each KeyboardType, so a browser offers the same keys.
  static let inputModes: [String: String] = [
    "NumbersAndPunctuation": "text", "NumberPad": "numeric", "DecimalPad": "decimal",
    "URL": "url", "EmailAddress": "email", "PhonePad": "tel", "NamePhonePad": "tel",
  ]

  /// A number as an attribute value: plain decimal, no exponent.
  static func number(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return String(format: "%.6f", value).replacingOccurrences(
      of: "0+$", with: "", options: .regularExpression)
  }
}
