extension SVGPicture {
  /// A bundle text as a picture shows it, as the HTML pages show it
  /// (``HTMLText``'s policy, one for both): a character that could act
  /// rather than show (a control character, a bidi override or isolate, a
  /// line or paragraph separator) as a visible `\u{…}` escape, so a reviewer
  /// sees it; a noncharacter as U+FFFD; line feeds kept (a footer's lines).
  /// What is measured, cut and wrapped is this text.
  ///
  /// ```swift
  /// SVGPicture.shownText("a\u{202E}b")  // "a\\u{202E}b"
  /// SVGPicture.shownText("<b>")         // "<b>" (escaped only when written)
  /// ```
  public static func shownText(_ text: String) -> String { HTMLText.shown(text) }

  /// The page with every text in its shown form.
  static func shown(_ page: LayoutPage) -> LayoutPage {
    var page = page
    page.title = shownText(page.title)
    for index in page.sections.indices {
      page.sections[index].title = page.sections[index].title.map(shownText)
      page.sections[index].footer = page.sections[index].footer.map(shownText)
      for row in page.sections[index].rows.indices {
        page.sections[index].rows[row] = shown(page.sections[index].rows[row])
      }
    }
    return page
  }

  static func shown(_ row: LayoutRow) -> LayoutRow {
    var row = row
    row.title = shownText(row.title)
    row.subtitle = row.subtitle.map(shownText)
    switch row.control {
    case .textField(let text, let placeholder, let isSecure, let keyboard):
      row.control = .textField(
        text: shownText(text), placeholder: placeholder.map(shownText), isSecure: isSecure,
        keyboard: keyboard)
    case .multiValue(let chosen, let page):
      row.control = .multiValue(chosen: chosen.map(shownText), page: page)
    case .titleValue(let text): row.control = .titleValue(text: shownText(text))
    case .date(let text): row.control = .date(text: shownText(text))
    case .textView(let text): row.control = .textView(text: shownText(text))
    default: break
    }
    return row
  }
}
