import Foundation
import Localization
import SettingsSchema

/// One page of a ``SettingsLayout`` as a self-contained SVG picture: the
/// navigation bar with the page's title (and the way back), then each
/// section as the Settings app draws an inset grouped table: the header
/// above the rounded group of rows, the footer under it.
///
/// Nothing is referred to outside the file: the colours are in its own
/// `<style>`, a slider's images are written in as `data:` URLs, and the
/// fonts are the system's (text is measured by ``TextAdvance``). Light and
/// dark appearance follow the viewer's `prefers-color-scheme`, with the
/// Settings app's colours for each, or one of them is chosen. A right-to-left
/// language mirrors the whole page as iOS does (the switches, chevrons and
/// slider too). Every text of the bundle is escaped (``SVGMarkup``): the
/// elements of a picture are the writer's own whatever the bundle holds.
///
/// ```swift
/// let layout = SettingsLayout(bundle: bundle, appTitle: "Showcase")
/// let svg = SVGPicture.page(layout.pages[0], of: layout)
/// svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\"")  // true
/// ```
public enum SVGPicture {
  /// Which colours a picture is drawn in.
  public enum Appearance: String, Sendable, CaseIterable {
    /// Light or dark as the viewer's system is (`prefers-color-scheme`), light where it says nothing.
    case automatic
    case light
    case dark
  }

  /// How a page is drawn: its appearance, and the marks of a comparison.
  public struct Options: Sendable {
    public var appearance: Appearance
    /// The rows, sections and page to mark as added, removed or changed.
    public var marks: PageMarks

    public init(appearance: Appearance = .automatic, marks: PageMarks = PageMarks()) {
      self.appearance = appearance
      self.marks = marks
    }
  }

  /// The page drawn as SVG text (UTF-8, no XML declaration or document type needed).
  public static func page(
    _ page: LayoutPage, of layout: SettingsLayout, options: Options = Options()
  )
    -> String
  {
    var drawing = PageDrawing(layout: layout, options: options)
    return drawing.draw(page)
  }

  /// A file name for each page's picture, the same for the same page in
  /// every run: the page file's name with `.svg` (`Root.svg`), a multi value's
  /// list of choices after its element (`Root-3.svg`). Any character but a
  /// letter, digit, `-`, `_` or `.` becomes `_` (a page's name comes from the
  /// bundle), and a name two pages would share is numbered.
  ///
  /// ```swift
  /// SVGPicture.fileNames(for: layout.pages.map(\.id))[layout.pages[0].id]  // "Root.svg"
  /// ```
  public static func fileNames(for pages: [LayoutPage.ID]) -> [LayoutPage.ID: String] {
    var names: [LayoutPage.ID: String] = [:]
    var taken = Set<String>()
    for id in pages where names[id] == nil {
      var stem = id.file.hasSuffix(".plist") ? String(id.file.dropLast(6)) : id.file
      if let index = id.choicesOf { stem += "-\(index)" }
      stem = String(
        stem.unicodeScalars.map { scalar -> Character in
          let plain =
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
            || ("0"..."9").contains(scalar) || "-_.".unicodeScalars.contains(scalar)
          return plain ? Character(scalar) : "_"
        })
      if stem.isEmpty || stem.hasPrefix(".") { stem = "_" + stem }
      var name = stem + ".svg"
      var count = 1
      while !taken.insert(name.lowercased()).inserted {
        count += 1
        name = "\(stem)-\(count).svg"
      }
      names[id] = name
    }
    return names
  }
}

/// The sizes of the Settings app's inset grouped tables, in points.
struct PageMetrics {
  var width: Double
  /// From the page's edge to a group's.
  var margin: Double
  let padding = 16.0
  let rowHeight = 44.0
  let subtitleRowHeight = 58.0
  let navigationHeight = 52.0
  let bodySize = 17.0
  let noteSize = 13.0
  let noteLine = 18.0
  let textLine = 22.0
  let corner = 10.0

  init(idiom: Idiom) {
    // An iPhone 15's 390-point portrait width; an iPad's Settings page beside its list.
    switch idiom {
    case .pad: (width, margin) = (704, 20)
    case .phone: (width, margin) = (390, 16)
    }
  }

  var groupWidth: Double { width - 2 * margin }
  /// The room inside a row for its title and control.
  var inner: Double { groupWidth - 2 * padding }
}

/// The elements of one picture, placed in leading-to-trailing coordinates
/// and mirrored when the page reads right to left.
struct PageDrawing {
  let layout: SettingsLayout
  let options: SVGPicture.Options
  let metrics: PageMetrics
  var body: [String] = []
  var y = 0.0

  init(layout: SettingsLayout, options: SVGPicture.Options) {
    self.layout = layout
    self.options = options
    self.metrics = PageMetrics(idiom: layout.idiom)
  }

  var isRightToLeft: Bool { layout.direction == .rightToLeft }

  mutating func draw(_ written: LayoutPage) -> String {
    let page = SVGPicture.shown(written)
    y = metrics.navigationHeight
    for (position, section) in page.sections.enumerated() {
      drawSection(section, first: position == 0)
    }
    y += 34
    let height = y
    var navigation = PageDrawing(layout: layout, options: options)
    navigation.drawNavigation(page)
    let width = SVGMarkup.number(metrics.width)
    let heightText = SVGMarkup.number(height)
    var out =
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(heightText)\""
      + " viewBox=\"0 0 \(width) \(heightText)\" role=\"img\""
      + " aria-label=\"\(SVGMarkup.escaped(page.title))\""
    if let language = layout.systemLanguage ?? layout.language {
      out += " xml:lang=\"\(SVGMarkup.escaped(language))\""
    }
    out += ">\n<title>\(SVGMarkup.escaped(page.title))</title>\n"
    out += "<style>\n\(Self.style(options.appearance, marked: !options.marks.isEmpty))</style>\n"
    out +=
      "<g font-family=\"-apple-system, 'SF Pro Text', 'Helvetica Neue', 'Liberation Sans', Arial, 'DejaVu Sans', sans-serif\""
      + (isRightToLeft ? " direction=\"rtl\"" : "") + ">\n"
    out += "<rect class=\"page\" width=\"\(width)\" height=\"\(heightText)\"/>\n"
    if let mark = options.marks.page {
      out +=
        "<rect class=\"mark-\(mark.rawValue)\" width=\"\(width)\" height=\"4\"/>\n"
    }
    out += navigation.body.joined(separator: "\n") + (navigation.body.isEmpty ? "" : "\n")
    out += body.joined(separator: "\n") + (body.isEmpty ? "" : "\n")
    out += "</g>\n</svg>\n"
    return out
  }

  // MARK: Navigation bar

  mutating func drawNavigation(_ page: LayoutPage) {
    rectangle(
      leading: 0, top: 0, width: metrics.width, height: metrics.navigationHeight, class: "bar")
    line(leading: 0, to: metrics.width, at: metrics.navigationHeight - 0.5, class: "separator")
    var sideRoom = 0.0
    if let parent = page.parent, let back = layout.page(parent) {
      // The way back: a chevron and the page it goes back to.
      let backTitle = TextFitting.truncated(
        SVGPicture.shownText(back.title), width: metrics.width / 4, size: metrics.bodySize)
      sideRoom = 28 + TextAdvance.width(of: backTitle, size: metrics.bodySize) + 8
      chevron(
        leading: 8, middle: metrics.navigationHeight / 2, pointing: .back, class: "tint-stroke",
        size: 12)
      text(
        backTitle, leading: 26, baseline: 32, size: metrics.bodySize, class: "tint")
    }
    let room = metrics.width - 2 * max(sideRoom, metrics.margin)
    let title = TextFitting.truncated(page.title, width: room, size: metrics.bodySize, bold: true)
    text(
      title, leading: metrics.width / 2, baseline: 32, size: metrics.bodySize, class: "label",
      anchor: .middle, bold: true)
  }

  // MARK: Sections

  mutating func drawSection(_ section: LayoutSection, first: Bool) {
    let marks = options.marks
    let sectionMark = section.startIndex.flatMap { marks.sections[$0] }
    y += first ? 18 : 22
    if let title = section.title {
      let lines = TextFitting.wrapped(
        title.uppercased(), width: metrics.inner, size: metrics.noteSize)
      y += 8
      if let sectionMark {
        markSign(sectionMark, middle: y + metrics.noteLine * Double(lines.count) / 2 - 4)
      }
      for line in lines {
        y += metrics.noteLine
        text(
          line, leading: metrics.margin + metrics.padding, baseline: y - 5, size: metrics.noteSize,
          class: sectionMark.map { "note mark-text-\($0.rawValue)" } ?? "note")
      }
      y += 6
    } else if !first {
      y += 14
    }
    if !section.rows.isEmpty {
      let heights = section.rows.map(rowHeight)
      let total = heights.reduce(0, +)
      rectangle(
        leading: metrics.margin, top: y, width: metrics.groupWidth, height: total, class: "cell",
        corner: metrics.corner)
      for (index, row) in section.rows.enumerated() {
        if index > 0 {
          line(
            leading: metrics.margin + metrics.padding, to: metrics.width - metrics.margin, at: y,
            class: "separator")
        }
        drawRow(row, height: heights[index], first: index == 0, last: index == heights.count - 1)
        y += heights[index]
      }
    }
    if let footer = section.footer {
      let lines = TextFitting.wrapped(footer, width: metrics.inner, size: metrics.noteSize)
      y += 6
      if let sectionMark, section.title == nil {
        markSign(sectionMark, middle: y + metrics.noteLine * Double(lines.count) / 2 - 4)
      }
      for line in lines {
        y += metrics.noteLine
        text(
          line, leading: metrics.margin + metrics.padding, baseline: y - 5, size: metrics.noteSize,
          class: sectionMark.map { "note mark-text-\($0.rawValue)" } ?? "note")
      }
    }
  }

  func rowHeight(_ row: LayoutRow) -> Double {
    if case .textView(let text) = row.control {
      let lines = TextFitting.wrapped(text, width: metrics.inner, size: metrics.bodySize).count
      return 22 + metrics.textLine * Double(lines + (row.title.isEmpty ? 0 : 1))
    }
    return row.subtitle == nil ? metrics.rowHeight : metrics.subtitleRowHeight
  }

  // MARK: Rows

  mutating func drawRow(_ row: LayoutRow, height: Double, first: Bool, last: Bool) {
    let top = y
    let leading = metrics.margin + metrics.padding
    let trailing = metrics.width - metrics.margin - metrics.padding
    let baseline = top + (row.subtitle == nil ? 28 : 25)
    if let mark = options.marks.rows[row.id] {
      // A tint over the row and a bar on its leading edge, and a sign in the margin.
      rectangle(
        leading: metrics.margin, top: top, width: metrics.groupWidth, height: height,
        class: "mark-fill-\(mark.rawValue)", corner: first || last ? metrics.corner : 0)
      rectangle(
        leading: metrics.margin, top: top + 4, width: 4, height: height - 8,
        class: "mark-\(mark.rawValue)", corner: 2)
      markSign(mark, middle: top + height / 2)
    }
    // What the row shows on its trailing side, and the room it leaves the title.
    var titleRoom = metrics.inner
    var titleClass = "label"
    switch row.control {
    case .toggle(let isOn):
      titleRoom -= 51 + 8
      toggle(isOn: isOn, trailing: trailing, middle: top + height / 2)
    case .textField(let value, let placeholder, _, _):
      let shown = value.isEmpty ? (placeholder ?? "") : value
      let valueClass = value.isEmpty ? "placeholder" : "label"
      titleRoom = trailingValue(
        shown, title: row.title, trailing: trailing, baseline: baseline, class: valueClass)
    case .slider(let value, let minimum, let maximum, let minimumImage, let maximumImage):
      slider(
        value: value, minimum: minimum, maximum: maximum, images: (minimumImage, maximumImage),
        leading: leading, trailing: trailing, middle: top + height / 2)
      titleRoom = 0
    case .multiValue(let chosen, _):
      chevron(
        leading: trailing - 8, middle: top + height / 2, pointing: .forward, class: "chevron",
        size: 12)
      titleRoom = trailingValue(
        chosen ?? "", title: row.title, trailing: trailing - 20, baseline: baseline,
        class: "secondary", room: metrics.inner - 20)
    case .titleValue(let value), .date(let value):
      titleRoom = trailingValue(
        value, title: row.title, trailing: trailing, baseline: baseline, class: "secondary")
    case .radioOption(let isChosen), .choice(let isChosen):
      titleRoom -= 28
      if isChosen { checkmark(trailing: trailing, middle: top + height / 2) }
    case .childPane:
      titleRoom -= 20
      chevron(
        leading: trailing - 8, middle: top + height / 2, pointing: .forward, class: "chevron",
        size: 12)
    case .action(let action):
      switch action {
      case .button:
        titleClass = "tint"
      case .openURL, .mailCompose, .appView:
        titleRoom -= 20
        chevron(
          leading: trailing - 8, middle: top + height / 2, pointing: .forward, class: "chevron",
          size: 12)
      }
    case .textView(let value):
      var lineBaseline = top + 11 + 16
      if !row.title.isEmpty {
        text(
          TextFitting.truncated(row.title, width: metrics.inner, size: metrics.bodySize),
          leading: leading, baseline: lineBaseline, size: metrics.bodySize, class: "label")
        lineBaseline += metrics.textLine
      }
      for line in TextFitting.wrapped(value, width: metrics.inner, size: metrics.bodySize) {
        text(
          line, leading: leading, baseline: lineBaseline, size: metrics.bodySize, class: "secondary"
        )
        lineBaseline += metrics.textLine
      }
      return
    case .listItem:
      break
    case .listAdd:
      titleClass = "tint"
    case .customView:
      rectangle(
        leading: metrics.margin + 6, top: top + 6, width: metrics.groupWidth - 12,
        height: height - 12,
        class: "custom", corner: 6)
      titleClass = "secondary"
    }
    guard titleRoom > 0, !row.title.isEmpty else { return }
    text(
      TextFitting.truncated(row.title, width: titleRoom, size: metrics.bodySize),
      leading: leading, baseline: baseline, size: metrics.bodySize, class: titleClass)
    if let subtitle = row.subtitle {
      text(
        TextFitting.truncated(subtitle, width: titleRoom, size: metrics.noteSize),
        leading: leading, baseline: top + 44, size: metrics.noteSize, class: "secondary")
    }
  }

  /// A value on the trailing side of a row beside its title (a text field's
  /// text, a multi value's chosen title), as a value cell shares its width:
  /// the title keeps its own width up to three fifths of the row, the value
  /// takes what is left and is cut first. Returns the room left for the title.
  mutating func trailingValue(
    _ value: String, title: String, trailing: Double, baseline: Double, class: String,
    room: Double? = nil
  ) -> Double {
    let room = room ?? metrics.inner
    let gap = 12.0
    let titleWidth =
      title.isEmpty ? 0 : TextAdvance.width(of: firstLine(title), size: metrics.bodySize)
    let valueWidth = TextAdvance.width(of: firstLine(value), size: metrics.bodySize)
    let titleRoom: Double
    if titleWidth + gap + valueWidth <= room || value.isEmpty {
      titleRoom = title.isEmpty ? 0 : room - (value.isEmpty ? 0 : valueWidth + gap)
    } else {
      titleRoom = title.isEmpty ? 0 : min(titleWidth, room * 0.6)
    }
    let valueRoom = room - (title.isEmpty ? 0 : titleRoom + gap)
    if !value.isEmpty, valueRoom > 0 {
      text(
        TextFitting.truncated(value, width: valueRoom, size: metrics.bodySize), leading: trailing,
        baseline: baseline, size: metrics.bodySize, class: `class`, anchor: .end)
    }
    return titleRoom
  }

  func firstLine(_ text: String) -> String {
    String(text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).first ?? "")
  }

  // MARK: Controls

  mutating func toggle(isOn: Bool, trailing: Double, middle: Double) {
    let left = trailing - 51
    rectangle(
      leading: left, top: middle - 15.5, width: 51, height: 31, class: isOn ? "on" : "off",
      corner: 15.5)
    let knob = isOn ? trailing - 15.5 : left + 15.5
    body.append(
      "<circle class=\"knob\" cx=\"\(x(knob))\" cy=\"\(SVGMarkup.number(middle))\" r=\"13.5\"/>")
  }

  mutating func slider(
    value: Double, minimum: Double, maximum: Double, images: (BundleImage?, BundleImage?),
    leading: Double, trailing: Double, middle: Double
  ) {
    var start = leading
    var end = trailing
    let side = 21.0
    if let image = images.0 {
      self.image(image, leading: start, top: middle - side / 2, side: side)
      start += side + 10
    }
    if let image = images.1 {
      self.image(image, leading: end - side, top: middle - side / 2, side: side)
      end -= side + 10
    }
    guard end > start else { return }
    let span = maximum - minimum
    let fraction = span > 0 && value.isFinite ? min(max((value - minimum) / span, 0), 1) : 0
    let thumb = start + 14 + (end - start - 28) * fraction
    rectangle(
      leading: start, top: middle - 2, width: end - start, height: 4, class: "track", corner: 2)
    rectangle(
      leading: start, top: middle - 2, width: thumb - start, height: 4, class: "tint", corner: 2)
    body.append(
      "<circle class=\"thumb\" cx=\"\(x(thumb))\" cy=\"\(SVGMarkup.number(middle))\" r=\"14\"/>")
  }

  mutating func image(_ image: BundleImage, leading: Double, top: Double, side: Double) {
    let left = isRightToLeft ? metrics.width - leading - side : leading
    let data = Data(image.bytes).base64EncodedString()
    body.append(
      "<image x=\"\(SVGMarkup.number(left))\" y=\"\(SVGMarkup.number(top))\" width=\"\(SVGMarkup.number(side))\" height=\"\(SVGMarkup.number(side))\" href=\"data:\(SVGMarkup.escaped(image.mediaType));base64,\(data)\"/>"
    )
  }

  /// A check mark 14 wide whose trailing end is at `trailing`. Only its place is
  /// mirrored on a right-to-left page: iOS draws the same ✓ in both directions.
  mutating func checkmark(trailing: Double, middle: Double) {
    let left = isRightToLeft ? metrics.width - trailing : trailing - 14
    let points = [(left, middle), (left + 5, middle + 5), (left + 14, middle - 6)]
    let path = points.enumerated().map { index, point in
      "\(index == 0 ? "M" : "L")\(SVGMarkup.number(point.0)) \(SVGMarkup.number(point.1))"
    }.joined(separator: " ")
    body.append(
      "<path class=\"tint-stroke\" d=\"\(path)\" fill=\"none\" stroke-width=\"2.5\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>"
    )
  }

  enum Pointing { case forward, back }

  /// A chevron `size` tall whose leftmost leading-side point is at `leading`.
  mutating func chevron(
    leading: Double, middle: Double, pointing: Pointing, class: String, size: Double
  ) {
    let half = size / 2
    let depth = size * 0.55
    let tip = pointing == .forward ? leading + depth : leading
    let tail = pointing == .forward ? leading : leading + depth
    let path =
      "M\(x(tail)) \(SVGMarkup.number(middle - half)) L\(x(tip)) \(SVGMarkup.number(middle)) L\(x(tail)) \(SVGMarkup.number(middle + half))"
    body.append(
      "<path class=\"\(`class`)\" d=\"\(path)\" fill=\"none\" stroke-width=\"2.2\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>"
    )
  }

  /// The sign of a mark in the margin before a row or a header.
  mutating func markSign(_ mark: ChangeMark, middle: Double) {
    text(
      mark.sign, leading: metrics.margin / 2, baseline: middle + 5, size: 14,
      class: "mark-text-\(mark.rawValue)", anchor: .middle, bold: true)
  }

  // MARK: Primitives

  enum Anchor: String {
    case start, middle, end
  }

  /// A horizontal position from the leading edge, as drawn.
  func x(_ leading: Double) -> String {
    SVGMarkup.number(isRightToLeft ? metrics.width - leading : leading)
  }

  mutating func text(
    _ text: String, leading: Double, baseline: Double, size: Double, class: String,
    anchor: Anchor = .start, bold: Bool = false
  ) {
    // With direction="rtl" on the picture, start is the right end of a text.
    body.append(
      "<text class=\"\(`class`)\" x=\"\(x(leading))\" y=\"\(SVGMarkup.number(baseline))\" font-size=\"\(SVGMarkup.number(size))\""
        + (anchor == .start ? "" : " text-anchor=\"\(anchor.rawValue)\"")
        + (bold ? " font-weight=\"600\"" : "") + ">\(SVGMarkup.escaped(text))</text>")
  }

  mutating func rectangle(
    leading: Double, top: Double, width: Double, height: Double, class: String, corner: Double = 0
  ) {
    let left = isRightToLeft ? metrics.width - leading - width : leading
    body.append(
      "<rect class=\"\(`class`)\" x=\"\(SVGMarkup.number(left))\" y=\"\(SVGMarkup.number(top))\" width=\"\(SVGMarkup.number(width))\" height=\"\(SVGMarkup.number(height))\""
        + (corner > 0 ? " rx=\"\(SVGMarkup.number(corner))\"" : "") + "/>")
  }

  mutating func line(leading: Double, to end: Double, at top: Double, class: String) {
    body.append(
      "<line class=\"\(`class`)\" x1=\"\(x(leading))\" x2=\"\(x(end))\" y1=\"\(SVGMarkup.number(top))\" y2=\"\(SVGMarkup.number(top))\" stroke-width=\"0.5\"/>"
    )
  }

  // MARK: Colours

  /// The HTML pages' colours (``HTMLPalette``: iOS's grouped table colours,
  /// text at 4.5:1 or better), so that a picture and a page look alike; then
  /// the marks of a comparison (iOS's system green, red and orange, and text
  /// shades of them that read on the page's background).
  static func colours(_ palette: HTMLPalette, dark: Bool) -> [(String, String)] {
    [
      ("page", "fill:\(palette.background)"), ("bar", "fill:\(palette.background)"),
      ("cell", "fill:\(palette.card)"), ("label", "fill:\(palette.label)"),
      ("secondary", "fill:\(palette.secondary)"), ("note", "fill:\(palette.secondary)"),
      ("placeholder", "fill:\(palette.secondary)"), ("separator", "stroke:\(palette.separator)"),
      ("chevron", "stroke:\(palette.secondary)"), ("tint", "fill:\(palette.tint)"),
      ("tint-stroke", "stroke:\(palette.tint)"), ("on", "fill:\(palette.switchOn)"),
      ("off", "fill:\(palette.switchOff)"), ("knob", "fill:\(palette.knob)"),
      ("track", "fill:\(palette.switchOff)"),
      ("thumb", "fill:\(palette.knob);stroke:\(palette.separator)"),
      ("custom", "fill:none;stroke:\(palette.secondary);stroke-dasharray:4 3"),
      ("mark-added", dark ? "fill:#30D158" : "fill:#34C759"),
      ("mark-removed", dark ? "fill:#FF453A" : "fill:#FF3B30"),
      ("mark-changed", dark ? "fill:#FF9F0A" : "fill:#FF9500"),
      (
        "mark-fill-added", dark ? "fill:#30D158;fill-opacity:0.2" : "fill:#34C759;fill-opacity:0.14"
      ),
      (
        "mark-fill-removed",
        dark ? "fill:#FF453A;fill-opacity:0.2" : "fill:#FF3B30;fill-opacity:0.12"
      ),
      (
        "mark-fill-changed",
        dark ? "fill:#FF9F0A;fill-opacity:0.2" : "fill:#FF9500;fill-opacity:0.14"
      ),
      ("mark-text-added", dark ? "fill:#30DB5B" : "fill:#1E7A35"),
      ("mark-text-removed", dark ? "fill:#FF6961" : "fill:#C4000F"),
      ("mark-text-changed", dark ? "fill:#FFB340" : "fill:#A52A00"),
    ]
  }

  static let light = colours(.light, dark: false)
  static let dark = colours(.dark, dark: true)

  /// The colours a picture uses: the marks' only when it has marks.
  static func used(_ colours: [(String, String)], marked: Bool) -> [(String, String)] {
    marked ? colours : colours.filter { !$0.0.hasPrefix("mark-") }
  }

  static func rules(_ colours: [(String, String)], indent: String = "") -> String {
    colours.map { "\(indent).\($0.0){\($0.1)}\n" }.joined()
  }

  /// Spaces a text begins or ends with are drawn, as a label draws them.
  static let textRule = "text{white-space:pre}\n"

  static func style(_ appearance: SVGPicture.Appearance, marked: Bool) -> String {
    switch appearance {
    case .light: textRule + rules(used(light, marked: marked))
    case .dark: textRule + rules(used(dark, marked: marked))
    case .automatic:
      textRule + rules(used(light, marked: marked)) + "@media (prefers-color-scheme: dark) {\n"
        + rules(used(dark, marked: marked), indent: "  ") + "}\n"
    }
  }
}
