import Plist
import SettingsSchema
import TerminalUI
import TextWidth

/// Draws a form state into a screen: the title bar with the page's path,
/// the rows (scrolled so the focus is in view), a status line and a help
/// line made from the key table.
public enum FormView {
  public static func draw(_ state: FormState) -> Screen {
    var screen = Screen(width: state.width, height: state.height)
    guard state.width > 0, state.height > 0, !state.stack.isEmpty else { return screen }
    drawTitle(state, &screen)
    let bottom = FormLayout.bottomLines(state)
    switch state.mode {
    case .picker(let focus): drawPicker(state, focus: focus, &screen)
    case .keyList: drawKeyList(state, &screen)
    case .search(let prompt): drawHits(state, prompt, &screen)
    default: drawRows(state, &screen)
    }
    drawStatus(state, bottom, &screen)
    drawHelp(state, bottom, &screen)
    if let alert = state.alert { drawAlert(state, alert, &screen) }
    return screen
  }

  static let titleStyle = Style(bold: true)
  static let sectionStyle = Style(foreground: .cyan, bold: true)
  static let footerStyle = Style(dim: true)
  static let focusStyle = Style(inverse: true)
  static let helpStyle = Style(dim: true)
  static let alertStyle = Style(foreground: .red, bold: true)

  static func drawTitle(_ state: FormState, _ screen: inout Screen) {
    var parts = [state.appTitle.isEmpty ? state.words["form.settings"] : state.appTitle]
    parts += state.stack.compactMap(\.title)
    if case .picker = state.mode, let row = state.focusedRow { parts.append(row.title) }
    screen.put(fit(parts.joined(separator: " › "), state.width), x: 0, y: 0, style: titleStyle)
  }

  /// The rows on screen, never leaving blank lines below the last row
  /// while rows above are hidden; the last search's words marked, as less does.
  static func drawRows(_ state: FormState, _ screen: inout Screen) {
    for (line, index) in state.visibleRows.enumerated() {
      let y = line + 1
      let row = state.page.rows[index]
      let focused = index == state.page.focus && row.isFocusable
      drawRow(row, state: state, focused: focused, y: y, &screen)
      if let text = state.lastSearch { mark(text, y: y, &screen) }
    }
    if state.page.rows.isEmpty {
      drawMessage(state.words["form.empty"], state: state, &screen)
    }
  }

  /// A message in the list area, wrapped to the width.
  static func drawMessage(_ text: String, state: FormState, _ screen: inout Screen) {
    let lines = RowBuilder.wrap(text, width: max(1, state.width - 2))
    for (offset, line) in lines.prefix(state.listHeight).enumerated() {
      screen.put(
        line, x: min(2, max(0, state.width - DisplayWidth.of(line))), y: 1 + offset,
        style: footerStyle)
    }
  }

  /// Underlines every match of `text` (ignoring case) on line `y`.
  static func mark(_ text: String, y: Int, _ screen: inout Screen) {
    let needle = Array(text.lowercased())
    guard !needle.isEmpty else { return }
    var columns: [Int] = []
    var characters: [Character] = []
    for x in 0..<screen.width where !screen[x, y].isContinuation {
      for character in screen[x, y].text.lowercased() {
        columns.append(x)
        characters.append(character)
      }
    }
    guard needle.count <= characters.count else { return }
    for start in 0...(characters.count - needle.count)
    where characters[start..<(start + needle.count)].elementsEqual(needle) {
      for x in Set(columns[start..<(start + needle.count)]) {
        var style = screen[x, y].style
        style.underline = true
        screen.fill(y: y, from: x, to: x + 1, style: style)
      }
    }
  }

  /// The hits of the search being typed, on every page: the page's path,
  /// then the matching text; the picked one highlighted and kept in view.
  static func drawHits(_ state: FormState, _ prompt: SearchPrompt, _ screen: inout Screen) {
    guard !prompt.text.isEmpty else { return }
    guard !prompt.hits.isEmpty else {
      drawMessage(state.words["status.noMatch"], state: state, &screen)
      return
    }
    let height = state.listHeight
    let first = max(0, min(prompt.selected - height / 2, prompt.hits.count - height))
    for (line, index) in prompt.hits.indices.dropFirst(first).prefix(height).enumerated() {
      let y = line + 1
      let hit = prompt.hits[index]
      let selected = index == prompt.selected
      let style = selected ? focusStyle : Style.plain
      if selected { screen.fill(y: y, style: focusStyle) }
      let text = (hit.path + [hit.text]).joined(separator: " › ")
      screen.put(fit(text, state.width - 2), x: 1, y: y, style: style)
      mark(prompt.text, y: y, &screen)
    }
  }

  /// The prompt of a search: `/`, then the end of the text typed.
  static func searchPrompt(_ text: String, width: Int) -> String {
    "/" + fitLeft(text.escapingControlCharacters, max(1, width - 2))
  }

  static func drawRow(_ row: Row, state: FormState, focused: Bool, y: Int, _ screen: inout Screen) {
    let width = state.width
    let style = focused ? focusStyle : Style.plain
    if focused { screen.fill(y: y, style: focusStyle) }
    switch row.kind {
    case .groupTitle:
      screen.put(fit(row.title, width - 1), x: 1, y: y, style: sectionStyle)
    case .footer:
      // Wrapped to fit already; the indent gives way on a very narrow screen.
      let indent = min(2, max(0, width - DisplayWidth.of(row.title)))
      screen.put(row.title, x: indent, y: y, style: footerStyle)
    case .radioOption(let value):
      let chosen = state.value(of: row) == value
      screen.put(chosen ? "✓" : " ", x: 2, y: y, style: style)
      screen.put(fit(row.title, width - 5), x: 4, y: y, style: style)
    case .slider(let minimum, let maximum):
      drawSlider(row, state: state, minimum: minimum, maximum: maximum, y: y, style: style, &screen)
    case .textLine:
      screen.put(fit(row.title, width - 5), x: 4, y: y, style: footerStyle)
    case .listItem:
      screen.put(fit(row.title, width - 3), x: 2, y: y, style: style)
    case .listAdd:
      screen.put(fit("+ " + row.title, width - 3), x: 2, y: y, style: style)
    default:
      var value = valueText(row, state: state)
      if case .editing(let text, let cursor) = state.mode, focused {
        value = editingText(text, row: row)
        let shown = fitLeft(value, max(1, width / 2))
        let title = fit(row.title, max(0, width - 4 - DisplayWidth.of(shown)))
        screen.put(title, x: 2, y: y, style: style)
        let x = width - 1 - DisplayWidth.of(shown)
        screen.put(shown, x: x, y: y, style: Style(underline: true))
        let before = DisplayWidth.of(String(editingText(String(text.prefix(cursor)), row: row)))
        let hidden = DisplayWidth.of(value) - DisplayWidth.of(shown)
        screen.cursor = Screen.Position(x: min(width - 1, x + max(0, before - hidden)), y: y)
        return
      }
      // What an action does reads from its start; a value's end matters more.
      let shownValue =
        if case .action = row.kind { fit(value, max(1, width / 2)) } else {
          fitLeft(value, max(1, width / 2))
        }
      let title = fit(row.title, max(0, width - 5 - DisplayWidth.of(shownValue)))
      screen.put(title, x: 2, y: y, style: style)
      screen.put(shownValue, x: width - 1 - DisplayWidth.of(shownValue), y: y, style: style)
    }
  }

  static func drawSlider(
    _ row: Row, state: FormState, minimum: Double, maximum: Double, y: Int, style: Style,
    _ screen: inout Screen
  ) {
    let number = SpecifierValue.sliderPosition(
      of: state.value(of: row), minimum: minimum, maximum: maximum)
    let label = format(number)
    let barWidth = max(3, state.width - 6 - DisplayWidth.of(label))
    let fraction = maximum > minimum ? min(1, max(0, (number - minimum) / (maximum - minimum))) : 0
    let knob = Int((fraction * Double(barWidth - 1)).rounded())
    var bar = ""
    for index in 0..<barWidth { bar += index < knob ? "━" : index == knob ? "●" : "─" }
    screen.put(bar, x: 2, y: y, style: style)
    screen.put(label, x: state.width - 1 - DisplayWidth.of(label), y: y, style: style)
  }

  /// What a row shows on its right.
  static func valueText(_ row: Row, state: FormState) -> String {
    let value = state.value(of: row)
    switch row.kind {
    case .toggle:
      // An archive is no boolean: say what is stored, not "off".
      if let archived = ArchivedValueText.line(of: value) { return archived }
      let isOn = SpecifierValue.showsOn(
        value, of: row.specifier, dialect: state.bundle.options.dialect)
      return isOn ? state.words["value.on"] : state.words["value.off"]
    case .textField(let secure, _):
      if !secure, let archived = ArchivedValueText.line(of: value) { return archived }
      let text = value.map(SpecifierValue.text(of:)) ?? ""
      return secure ? String(repeating: "•", count: text.count) : text.escapingControlCharacters
    case .multiValue:
      if let archived = ArchivedValueText.line(of: value) { return archived }
      return (title(of: value, in: row, state: state, short: true) ?? "") + " ›"
    case .titleValue:
      return title(of: value, in: row, state: state, short: false)
        ?? ArchivedValueText.line(of: value) ?? value.map {
          SpecifierValue.text(of: $0).escapingControlCharacters
        } ?? ""
    case .childPane:
      return "›"
    case .action(let action):
      return describe(action, words: state.words)
    case .datePicker(let mode):
      guard case .date(let date)? = value else {
        if let archived = ArchivedValueText.line(of: value) { return archived }
        return value.map { SpecifierValue.text(of: $0).escapingControlCharacters } ?? ""
      }
      return DateText.format(date, mode) + " UTC"
    case .customView:
      return state.words["value.custom"]
    default:
      return ""
    }
  }

  /// What an action row would do in the app, in the user's words.
  ///
  /// ```swift
  /// FormView.describe(.mailCompose(to: ["help@example.com"], subject: nil), words: english)
  /// // "mail to help@example.com"
  /// ```
  public static func describe(_ action: RowAction, words: FormWords) -> String {
    switch action {
    case .openURL(let url):
      return words["action.openURL"].replacing(
        "%@", with: url.escapingControlCharacters, maxReplacements: 1)
    case .mailCompose(let recipients, _):
      guard !recipients.isEmpty else { return words["action.mailAnyone"] }
      return words["action.mail"].replacing(
        "%@", with: recipients.joined(separator: ", ").escapingControlCharacters,
        maxReplacements: 1)
    case .button:
      return words["action.button"]
    case .appView(let name):
      return words["action.appView"].replacing(
        "%@", with: name.escapingControlCharacters, maxReplacements: 1)
    }
  }

  /// The (short) title beside a value in Values, localized.
  static func title(of value: PlistValue?, in row: Row, state: FormState, short: Bool) -> String? {
    guard let value, let raw = row.specifier.choiceTitle(for: value, short: short) else {
      return nil
    }
    let page = state.bundle.pages.first { $0.file == state.page.file }
    return (page.map { state.bundle.localized(raw, on: $0) } ?? raw).escapingControlCharacters
  }

  static func editingText(_ text: String, row: Row) -> String {
    if case .textField(true, _) = row.kind { return String(repeating: "•", count: text.count) }
    return text.escapingControlCharacters
  }

  static func drawPicker(_ state: FormState, focus: Int, _ screen: inout Screen) {
    guard let row = state.focusedRow else { return }
    let values = row.specifier.choiceValues
    let current = state.value(of: row)
    let scroll = max(0, min(focus - state.listHeight / 2, values.count - state.listHeight))
    for (line, index) in values.indices.dropFirst(scroll).prefix(state.listHeight).enumerated() {
      let y = line + 1
      let style = index == focus ? focusStyle : Style.plain
      if index == focus { screen.fill(y: y, style: focusStyle) }
      screen.put(values[index] == current ? "✓" : " ", x: 2, y: y, style: style)
      let title =
        title(of: values[index], in: row, state: state, short: false)
        ?? SpecifierValue.text(of: values[index]).escapingControlCharacters
      screen.put(fit(title, state.width - 5), x: 4, y: y, style: style)
    }
  }

  /// Every key and what it does; on a narrow screen the words go under
  /// the key, wrapped.
  static func drawKeyList(_ state: FormState, _ screen: inout Screen) {
    var seen = Set<String>()
    var line = 1
    let narrow = state.width < 30
    for binding in KeyBinding.browse where line <= state.listHeight {
      let word = state.words[binding.wordKey]
      guard seen.insert(binding.keyLabel + word).inserted else { continue }
      screen.put(binding.keyLabel, x: narrow ? 0 : 2, y: line, style: Style(bold: true))
      let x = narrow ? 2 : 12
      if narrow { line += 1 }
      for part in RowBuilder.wrap(word, width: max(1, state.width - x))
      where line <= state.listHeight {
        screen.put(part, x: x, y: line)
        line += 1
      }
    }
  }

  /// The status (wrapped) or the search prompt, above the help.
  static func drawStatus(
    _ state: FormState, _ bottom: (status: [String], help: [String]), _ screen: inout Screen
  ) {
    let top = state.height - bottom.help.count - bottom.status.count
    for (offset, line) in bottom.status.enumerated() where top + offset > 0 {
      if case .search = state.mode {
        let end = screen.put(line, x: 0, y: top + offset, style: Style(bold: true))
        screen.cursor = Screen.Position(x: min(state.width - 1, end), y: top + offset)
      } else {
        screen.put(line, x: 0, y: top + offset, style: Style(foreground: .yellow))
      }
    }
  }

  /// The lines of the failed writes' messages, wrapped to the width.
  static func alertLines(_ state: FormState) -> [String] {
    (state.alert?.messages ?? []).flatMap { RowBuilder.wrap($0, width: max(1, state.width - 2)) }
  }

  /// The lines the alert may take: every line between the title and the help.
  static func alertHeight(_ state: FormState) -> Int {
    max(1, state.height - 1 - FormLayout.bottomLines(state).help.count)
  }

  /// The failed writes over the bottom of the list, above the help line:
  /// every word of them, scrolled with ↑/↓ when they are longer than the screen.
  static func drawAlert(_ state: FormState, _ alert: FormState.Alert, _ screen: inout Screen) {
    let lines = alertLines(state)
    let room = alertHeight(state)
    let shown: [String]
    if lines.count <= room {
      shown = lines
    } else {
      let visible = max(1, room - 1)
      let first = min(max(0, alert.scroll), lines.count - visible)
      shown =
        Array(lines[first..<(first + visible)]) + [
          "↑↓ \(first + 1)–\(first + visible)/\(lines.count)"
        ]
    }
    let top = max(1, 1 + room - shown.count)
    let blank = String(repeating: " ", count: state.width)
    // A blank line above sets the alert apart from the rows, when there is room.
    if top > 1 { screen.put(blank, x: 0, y: top - 1) }
    for (offset, line) in shown.enumerated() {
      screen.put(blank, x: 0, y: top + offset)
      screen.put(line, x: 1, y: top + offset, style: alertStyle)
    }
    screen.cursor = nil
  }

  /// The help, wrapped to the width: never cut, at any width.
  static func drawHelp(
    _ state: FormState, _ bottom: (status: [String], help: [String]), _ screen: inout Screen
  ) {
    let top = state.height - bottom.help.count
    for (offset, line) in bottom.help.enumerated() where top + offset > 0 {
      screen.put(line, x: 0, y: top + offset, style: helpStyle)
    }
  }

  /// The parts of the help line (a key and its words): those of the mode,
  /// or in browsing the keys that apply to the focused row.
  static func helpParts(_ state: FormState, row: Row?) -> [String] {
    func parts(_ key: String) -> [String] {
      state.words[key].components(separatedBy: "  ").filter { !$0.isEmpty }
    }
    if state.alert != nil { return parts("help.alert") }
    switch state.mode {
    case .editing: return parts("help.editing")
    case .picker: return parts("help.picker")
    case .search: return parts("help.searching")
    case .keyList: return parts("help.anyKey")
    case .browse:
      var parts: [String] = []
      var seen = Set<String>()
      for binding in KeyBinding.browse where binding.inHelpLine && binding.applies(row) {
        // On the first page there is nothing to go back to.
        if binding.action == .back && state.stack.count == 1 { continue }
        // n/N once there is a search to go on with.
        if binding.action == .nextHit && state.lastSearch == nil { continue }
        let word =
          binding.action == .activate
          ? state.words[KeyBinding.activateWord(row)] : state.words[binding.wordKey]
        guard seen.insert(word).inserted else { continue }
        parts.append(binding.keyLabel + " " + word)
      }
      return parts
    }
  }

  /// Text cut to `width` columns, ending in `…` when cut.
  static func fit(_ text: String, _ width: Int) -> String {
    guard width > 0 else { return "" }
    guard DisplayWidth.of(text) > width else { return text }
    var result = ""
    var used = 0
    for character in text {
      let next = DisplayWidth.of(character)
      if used + next > width - 1 { break }
      result.append(character)
      used += next
    }
    return result + "…"
  }

  /// Text cut from the left (the end of a long value stays in view).
  static func fitLeft(_ text: String, _ width: Int) -> String {
    guard DisplayWidth.of(text) > width, width > 1 else { return text }
    var result = ""
    var used = 0
    for character in text.reversed() {
      let next = DisplayWidth.of(character)
      if used + next > width - 1 { break }
      result.insert(character, at: result.startIndex)
      used += next
    }
    return "…" + result
  }

  static func format(_ number: Double) -> String {
    number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
  }
}
