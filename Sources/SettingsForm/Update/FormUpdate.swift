import Foundation
import Plist
import SettingsSchema
import TerminalUI

/// What the form asks its host to do. The host answers a write or a
/// removal with the values now stored (`valuesChanged`), and a failure with
/// `writeFailed`: the form shows only what is stored.
public enum FormEffect: Sendable, Equatable {
  case write(key: String, value: PlistValue)
  case remove(key: String)
  /// Leave; the host decides what the reason means (an exit status).
  case quit(QuitReason)
}

/// Why the form ends.
public enum QuitReason: Sendable, Hashable {
  /// `q`, and every change was stored.
  case requested
  /// `q` after a change could not be stored (the form showed why).
  case requestedAfterFailedWrite
  /// Ctrl-C.
  case interrupted
}

/// What happens to the form.
public enum FormEvent: Sendable {
  case key(Key)
  case resize(width: Int, height: Int)
  /// The stored values changed (here or in another process).
  case valuesChanged([PlistKey: PlistValue])
  /// The host could not store the value of `key`; `message` says why, in the
  /// user's words. It is shown until dismissed.
  case writeFailed(key: String, message: String)
  /// The defaults folder is gone (`folder`), so changes from other processes
  /// are not heard until it is back (nil): said on the status line meanwhile.
  case folderGone(String?)
  /// The shared store is out of reach (`store`: its name, never a password)
  /// while it reconnects, or back (nil): said on the status line meanwhile.
  case storeGone(String?)
}

/// The form's logic: a pure function of the state and an event.
public enum FormUpdate {
  public static func update(_ state: inout FormState, _ event: FormEvent) -> [FormEffect] {
    switch event {
    case .resize(let width, let height):
      resize(&state, width: width, height: height)
      return []
    case .valuesChanged(let values):
      state.take(values)
      return []
    case .folderGone(let folder):
      let wasGone = state.goneFolder != nil
      state.goneFolder = folder
      if let folder {
        state.status = state.words["status.folderGone"]
          .replacing("%@", with: folder.escapingControlCharacters, maxReplacements: 1)
      } else if wasGone {
        state.status = state.words["status.folderBack"]
      }
      return []
    case .storeGone(let store):
      let wasGone = state.goneStore != nil
      state.goneStore = store
      if let store {
        state.status = state.words["status.storeGone"]
          .replacing("%@", with: store.escapingControlCharacters, maxReplacements: 1)
      } else if wasGone {
        state.status = state.words["status.storeBack"]
      }
      return []
    case .writeFailed(let key, let message):
      state.failedWrites += 1
      let title = state.page.rows.first { $0.key == key }?.title ?? key.escapingControlCharacters
      let text = state.words["alert.notSaved"]
        .replacing("%@", with: title, maxReplacements: 1)
        .replacing("%@", with: message.escapingControlCharacters, maxReplacements: 1)
      state.alert = FormState.Alert(messages: (state.alert?.messages ?? []) + [text])
      return []
    case .key(let key):
      // While the folder is gone, the status line keeps saying so.
      state.status =
        state.goneFolder.map {
          state.words["status.folderGone"]
            .replacing("%@", with: $0.escapingControlCharacters, maxReplacements: 1)
        }
        ?? state.goneStore.map {
          state.words["status.storeGone"]
            .replacing("%@", with: $0.escapingControlCharacters, maxReplacements: 1)
        }
      if state.alert != nil { return alert(&state, key) }
      switch state.mode {
      case .browse: return browse(&state, key)
      case .editing(let text, let cursor): return edit(&state, key, text: text, cursor: cursor)
      case .picker(let focus): return pick(&state, key, focus: focus)
      case .search(let prompt): return search(&state, key, prompt)
      case .keyList:
        state.mode = .browse
        return key == .ctrl("c") ? [.quit(.interrupted)] : []
      }
    }
  }

  // MARK: - Browsing

  static func browse(_ state: inout FormState, _ key: Key) -> [FormEffect] {
    // A row scrolled out of view is not acted on: Enter does what the screen shows.
    let row = state.visibleFocusedRow
    guard let action = KeyBinding.action(for: key, on: row) else { return [] }
    switch action {
    case .up: step(&state, forward: false)
    case .down: step(&state, forward: true)
    case .pageUp: page(&state, forward: false)
    case .pageDown: page(&state, forward: true)
    case .home: jumpToEnd(&state, last: false)
    case .end: jumpToEnd(&state, last: true)
    case .quit: return [.quit(quitReason(state))]
    case .interrupt: return [.quit(.interrupted)]
    case .showKeys: state.mode = .keyList
    case .startSearch: state.mode = .search(SearchPrompt())
    case .nextHit: nextHit(&state, forward: true)
    case .previousHit: nextHit(&state, forward: false)
    case .back:
      if state.stack.count > 1 { state.stack.removeLast() }
    case .reset:
      guard let key = row?.key else { return [] }
      state.status = state.words["status.reset"]
      return state.values[PlistKey(key)] == nil ? [] : [.remove(key: key)]
    case .decrease, .increase, .decreaseMore, .increaseMore:
      return slide(&state, action)
    case .activate:
      return activate(&state)
    }
    return []
  }

  static func activate(_ state: inout FormState) -> [FormEffect] {
    guard let row = state.focusedRow else { return [] }
    let key = row.key ?? ""
    // An archived value is shown, never edited (as text, a switch or a choice):
    // that would replace the object the app decodes.
    switch row.kind {
    case .textField, .textView, .datePicker, .toggle, .multiValue:
      if ArchivedValueText.line(of: state.value(of: row)) != nil { return [] }
    default: break
    }
    switch row.kind {
    case .toggle:
      let (on, off) = SpecifierValue.states(of: row.specifier)
      let isOn = SpecifierValue.showsOn(
        state.value(of: row), of: row.specifier, dialect: state.bundle.options.dialect)
      return write(&state, key, isOn ? off : on, row)
    case .textField:
      let text = state.value(of: row).map(SpecifierValue.text(of:)) ?? ""
      state.mode = .editing(text: text, cursor: text.count)
    case .multiValue:
      let values = row.specifier.choiceValues
      let current = values.firstIndex { $0 == state.value(of: row) } ?? 0
      state.mode = .picker(focus: current)
    case .radioOption(let value):
      return write(&state, key, value, row)
    case .childPane(let file):
      // A File that names no page of the bundle opens an empty page, as on the device.
      let page =
        state.bundle.pages.first(where: { $0.file == file })
        ?? Page(file: file, name: row.title, document: nil, specifiers: [])
      state.push(page: page, title: row.title)
    case .textView:
      let text = state.value(of: row).map(SpecifierValue.text(of:)) ?? ""
      state.mode = .editing(text: text, cursor: text.count)
    case .datePicker(let mode):
      var text = ""
      if case .date(let date)? = state.value(of: row) { text = DateText.format(date, mode) }
      state.mode = .editing(text: text, cursor: text.count)
    case .action(let action):
      // Described, never done: prefs opens no URL, writes no mail, runs no app code.
      state.status = state.words["status.described"]
        .replacing("%@", with: FormView.describe(action, words: state.words), maxReplacements: 1)
    case .listItem, .listAdd:
      state.status = state.words["status.listInApp"]
    default:
      break
    }
    return []
  }

  static func write(_ state: inout FormState, _ key: String, _ value: PlistValue, _ row: Row)
    -> [FormEffect]
  {
    // A control without a Key stores nothing, as on iOS.
    guard !key.isEmpty else {
      state.status = state.words["status.noKey"]
      return []
    }
    do {
      // The row changes when the host reports the value stored, not before.
      let checked = try SpecifierValue.check(value, for: row.specifier, in: state.bundle.catalog)
      return [.write(key: key, value: checked)]
    } catch {
      state.status = error.reason.escapingControlCharacters
      return []
    }
  }

  static func slide(_ state: inout FormState, _ action: FormAction) -> [FormEffect] {
    guard let row = state.focusedRow, let key = row.key,
      case .slider(let minimum, let maximum) = row.kind, maximum > minimum
    else { return [] }
    let range = maximum - minimum
    let step: Double =
      switch action {
      case .decrease: -range / 20
      case .increase: range / 20
      case .decreaseMore: -range / 10
      default: range / 10
      }
    let current: Double
    switch state.value(of: row) {
    case .real(let number)?: current = number
    case .integer(let number)?: current = Double(number)
    default: current = minimum
    }
    // Round to the step's grid so that repeated steps land on even values.
    let raw = min(maximum, max(minimum, current + step))
    let rounded = (raw * 1_000_000).rounded() / 1_000_000
    guard rounded != current else { return [] }
    return write(&state, key, .real(rounded), row)
  }

  static func quitReason(_ state: FormState) -> QuitReason {
    state.failedWrites > 0 ? .requestedAfterFailedWrite : .requested
  }

  /// Keys while a failed write is shown: it stays until dismissed.
  static func alert(_ state: inout FormState, _ key: Key) -> [FormEffect] {
    switch key {
    case .enter, .escape, .character(" "): state.alert = nil
    case .down, .character("j"):
      let last = FormView.alertLines(state).count - (FormView.alertHeight(state) - 1)
      let scroll = state.alert?.scroll ?? 0
      state.alert?.scroll = max(0, min(last, scroll + 1))
    case .up, .character("k"):
      let scroll = state.alert?.scroll ?? 0
      state.alert?.scroll = max(0, scroll - 1)
    case .character("q"): return [.quit(quitReason(state))]
    case .ctrl("c"): return [.quit(.interrupted)]
    default: break
    }
    return []
  }

  // MARK: - Moving

  /// ↑/↓: the focus goes to the previous or next row that takes it, unless
  /// that would skip text never shown (a long footer between): then the
  /// list scrolls a line, so a licence page reads line by line.
  static func step(_ state: inout FormState, forward: Bool) {
    let rows = state.page.rows
    let height = state.listHeight
    let visible = state.visibleRows
    state.page.scroll = visible.lowerBound
    let focusable = rows.indices.filter { rows[$0].isFocusable }
    let target: Int?
    if visible.contains(state.page.focus) && rows.indices.contains(state.page.focus)
      && rows[state.page.focus].isFocusable
    {
      target =
        forward
        ? focusable.first { $0 > state.page.focus && $0 <= visible.lowerBound + 2 * height - 2 }
        : focusable.last { $0 < state.page.focus && $0 >= visible.lowerBound - height + 1 }
    } else {
      // The focus is out of view: the first (or last) row on screen that takes it.
      target =
        forward ? focusable.first(where: visible.contains) : focusable.last(where: visible.contains)
    }
    if let target {
      state.page.focus = target
      keepFocusVisible(&state)
    } else {
      scroll(&state, by: forward ? 1 : -1)
    }
  }

  /// PgUp/PgDn: the list moves by a screen, the focus with it to the row
  /// at the same place on screen that takes it (or the nearest on screen);
  /// at either end, to the first or last row that takes it.
  static func page(_ state: inout FormState, forward: Bool) {
    let height = state.listHeight
    let old = state.visibleRows.lowerBound
    let new = max(0, min(state.maximumScroll, old + (forward ? height : -height)))
    guard new != old else {
      jumpToEnd(&state, last: forward)
      return
    }
    state.page.scroll = new
    let rows = state.page.rows
    let wanted = new + max(0, min(height - 1, state.page.focus - old))
    let candidates = state.visibleRows.filter { rows[$0].isFocusable }
    if let nearest = candidates.min(by: { abs($0 - wanted) < abs($1 - wanted) }) {
      state.page.focus = nearest
    }
  }

  /// Home/End: the first or last row that takes the focus, with the top or
  /// the end of the page in view (all of the text, without rows).
  static func jumpToEnd(_ state: inout FormState, last: Bool) {
    state.page.scroll = last ? state.maximumScroll : 0
    let focusable = state.page.rows.indices.filter { state.page.rows[$0].isFocusable }
    guard let target = last ? focusable.last : focusable.first else { return }
    state.page.focus = target
    keepFocusVisible(&state)
  }

  /// Moves the list by `lines`, within the page.
  static func scroll(_ state: inout FormState, by lines: Int) {
    state.page.scroll = max(0, min(state.maximumScroll, state.visibleRows.lowerBound + lines))
  }

  /// Scrolls so that the focused row (with a row of context) is on screen,
  /// and no blank lines are left below the last row.
  static func keepFocusVisible(_ state: inout FormState) {
    guard !state.stack.isEmpty else { return }
    let height = state.listHeight
    var scroll = min(state.page.scroll, state.maximumScroll)
    let focus = state.page.focus
    if state.focusedRow?.isFocusable == true {
      if focus - 1 < scroll { scroll = max(0, focus - 1) }
      if focus + 1 >= scroll + height {
        scroll = min(state.maximumScroll, focus + 2 - height)
      }
    }
    state.page.scroll = max(0, scroll)
  }

  /// A new size: rows are laid out anew for a new width, and the list keeps
  /// the focused row where it was on screen (when it was on screen), else
  /// the text that was at its top.
  static func resize(_ state: inout FormState, width: Int, height: Int) {
    guard !state.stack.isEmpty else {
      state.width = width
      state.height = height
      return
    }
    let before = state.page
    let focusShown = state.visibleFocusedRow != nil
    let offset = before.focus - state.visibleRows.lowerBound
    let widthChanged = width != state.width
    state.width = width
    state.height = height
    if widthChanged {
      state.relayout()
      if var hit = state.lastHit, hit.file == state.page.file {
        hit.row = FormState.index(of: hit.row, in: before.rows, among: state.page.rows) ?? hit.row
        state.lastHit = hit
      }
    }
    if focusShown {
      state.page.scroll = max(0, min(state.maximumScroll, state.page.focus - offset))
      keepFocusVisible(&state)
    } else {
      state.page.scroll = min(state.page.scroll, state.maximumScroll)
    }
  }

  /// n/N: the next or previous hit of the last search, on whatever page.
  static func nextHit(_ state: inout FormState, forward: Bool) {
    guard let text = state.lastSearch, !text.isEmpty else {
      state.status = state.words["status.noSearch"]
      return
    }
    let hits = FormSearch.hits(state, text)
    guard let (index, wrapped) = FormSearch.neighbour(of: state, in: hits, forward: forward) else {
      state.status = state.words["status.noMatch"]
      return
    }
    show(hit: index, of: hits, wrapped: wrapped, &state)
  }

  static func show(hit index: Int, of hits: [SearchHit], wrapped: Bool, _ state: inout FormState) {
    FormSearch.go(to: hits[index], &state)
    state.status = state.words[wrapped ? "status.hitWrapped" : "status.hit"]
      .replacing("%d", with: String(index + 1), maxReplacements: 1)
      .replacing("%d", with: String(hits.count), maxReplacements: 1)
  }

  // MARK: - Modes

  static func edit(_ state: inout FormState, _ key: Key, text: String, cursor: Int) -> [FormEffect]
  {
    guard let row = state.focusedRow, let name = row.key, let keyboard = keyboardType(of: row)
    else {
      state.mode = .browse
      return []
    }
    var characters = Array(text)
    var cursor = min(cursor, characters.count)
    switch key {
    case .escape:
      state.mode = .browse
      return []
    case .enter:
      if case .datePicker(let mode) = row.kind {
        var current: Date?
        if case .date(let date)? = state.value(of: row) { current = date }
        guard let date = DateText.parse(String(characters), mode, keeping: current) else {
          state.status = DateText.refusal(String(characters), mode, words: state.words)
          return []
        }
        state.mode = .browse
        return write(&state, name, .date(date), row)
      }
      state.mode = .browse
      return write(&state, name, .string(String(characters)), row)
    case .ctrl("c"):
      return [.quit(.interrupted)]
    case .left: cursor = max(0, cursor - 1)
    case .right: cursor = min(characters.count, cursor + 1)
    case .home, .ctrl("a"): cursor = 0
    case .end, .ctrl("e"): cursor = characters.count
    case .backspace:
      if cursor > 0 {
        characters.remove(at: cursor - 1)
        cursor -= 1
      }
    case .delete:
      if cursor < characters.count { characters.remove(at: cursor) }
    case .character(let character):
      guard accepts(character, keyboard: keyboard) else {
        state.status = state.words["status.notAccepted"]
        break
      }
      characters.insert(character, at: cursor)
      cursor += 1
    default:
      break
    }
    state.mode = .editing(text: String(characters), cursor: cursor)
    return []
  }

  /// The keyboard a row is edited with; nil for a row that is not typed in.
  static func keyboardType(of row: Row) -> String? {
    switch row.kind {
    case .textField(_, let keyboard): keyboard
    case .textView: row.specifier.keyboardType
    case .datePicker: "NumbersAndPunctuation"
    default: nil
    }
  }

  /// Whether every character of `text` can be typed with the keyboard (plain mode asks this of a whole answer).
  ///
  /// ```swift
  /// FormUpdate.accepts("abc", keyboard: "NumberPad")  // false
  /// ```
  public static func accepts(_ text: String, keyboard: String) -> Bool {
    text.allSatisfy { accepts($0, keyboard: keyboard) }
  }

  /// KeyboardType as an input filter, as the iOS keyboards allow.
  static func accepts(_ character: Character, keyboard: String) -> Bool {
    if character.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
      return false
    }
    switch keyboard {
    case "NumberPad": return character.isASCII && character.isNumber
    case "DecimalPad": return character.isASCII && (character.isNumber || character == ".")
    case "PhonePad": return character.isASCII && (character.isNumber || "+*#".contains(character))
    case "URL", "EmailAddress": return !character.isWhitespace
    default: return true
    }
  }

  static func pick(_ state: inout FormState, _ key: Key, focus: Int) -> [FormEffect] {
    guard let row = state.focusedRow, let name = row.key else {
      state.mode = .browse
      return []
    }
    let values = row.specifier.choiceValues
    switch key {
    case .up, .character("k"): state.mode = .picker(focus: max(0, focus - 1))
    case .down, .character("j"): state.mode = .picker(focus: min(values.count - 1, focus + 1))
    case .escape, .left, .character("q"):
      state.mode = .browse
    case .ctrl("c"):
      return [.quit(.interrupted)]
    case .enter, .character(" "):
      state.mode = .browse
      guard values.indices.contains(focus) else { return [] }
      return write(&state, name, values[focus], row)
    default:
      break
    }
    return []
  }

  /// Keys while typing a search: the hits list as the text changes, ↑/↓
  /// pick one, Enter goes to it (an empty search goes on with the last one,
  /// as in less and vim), Esc leaves the page as it was.
  static func search(_ state: inout FormState, _ key: Key, _ prompt: SearchPrompt) -> [FormEffect] {
    var prompt = prompt
    switch key {
    case .escape:
      state.mode = .browse
      return []
    case .ctrl("c"):
      return [.quit(.interrupted)]
    case .enter:
      state.mode = .browse
      if prompt.text.isEmpty {
        nextHit(&state, forward: true)
      } else if prompt.hits.indices.contains(prompt.selected) {
        state.lastSearch = prompt.text
        show(hit: prompt.selected, of: prompt.hits, wrapped: false, &state)
      } else {
        state.lastSearch = prompt.text
        state.status = state.words["status.noMatch"]
      }
      return []
    case .up, .ctrl("p"): prompt.selected -= 1
    case .down, .ctrl("n"): prompt.selected += 1
    case .pageUp: prompt.selected -= state.listHeight
    case .pageDown: prompt.selected += state.listHeight
    case .backspace:
      prompt.text = String(prompt.text.dropLast())
      prompt.hits = FormSearch.hits(state, prompt.text)
      prompt.selected = 0
    case .character(let character) where KeyBinding.isPrintable(character):
      prompt.text.append(character)
      prompt.hits = FormSearch.hits(state, prompt.text)
      prompt.selected = 0
    default:
      break
    }
    prompt.selected = max(0, min(prompt.hits.count - 1, prompt.selected))
    state.mode = .search(prompt)
    return []
  }
}

extension KeyBinding {
  static func isPrintable(_ character: Character) -> Bool {
    !character.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
  }
}
