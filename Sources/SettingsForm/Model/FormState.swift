import Plist
import SettingsSchema

/// Everything the form shows, as a value: `update` turns it and an event
/// into the next state and the effects to carry out; `FormView` draws it.
public struct FormState: Sendable {
  public struct PageFrame: Sendable {
    public var file: String
    /// The localized title of the child pane that opened it (nil for Root).
    public var title: String?
    public var rows: [Row]
    public var focus: Int
    public var scroll: Int
  }

  public enum Mode: Sendable, Equatable {
    case browse
    /// Editing a text field: the text and the cursor (in characters).
    case editing(text: String, cursor: Int)
    /// The choices of a multi value, the focused one.
    case picker(focus: Int)
    /// Typing a search of every page; the hits so far and the one picked.
    case search(SearchPrompt)
    /// The list of every key binding.
    case keyList
  }

  public let bundle: SettingsBundle
  public let idiom: Idiom
  public var words: FormWords
  /// The title of the whole form (the app's name or domain).
  public var appTitle: String
  /// The values stored in the domain (as the store resolves them).
  public var values: [PlistKey: PlistValue]
  public var stack: [PageFrame]
  public var mode: Mode = .browse
  public var status: String?
  /// The defaults folder, while it is gone and other processes' changes are not heard.
  public var goneFolder: String?
  /// The shared store out of reach (its name), while the form reconnects.
  public var goneStore: String?
  /// Writes that failed, shown over the rows until dismissed.
  public var alert: Alert?
  /// How many writes failed since the form opened (the exit status says so).
  public var failedWrites = 0
  /// The last search, which `n` and `N` go on with, and the hit last shown.
  public var lastSearch: String?
  public var lastHit: SearchHit?

  /// The messages of failed writes, wrapped to the width when drawn, never cut.
  public struct Alert: Sendable, Equatable {
    public var messages: [String]
    /// The first line shown, when they are longer than the screen.
    public var scroll = 0

    public init(messages: [String], scroll: Int = 0) {
      self.messages = messages
      self.scroll = scroll
    }
  }
  public var width: Int
  public var height: Int

  public init(
    bundle: SettingsBundle, values: [PlistKey: PlistValue], width: Int, height: Int,
    words: FormWords = .keys, appTitle: String = "", idiom: Idiom = .phone
  ) {
    self.bundle = bundle
    self.idiom = idiom
    self.words = words
    self.appTitle = appTitle
    self.values = values
    self.width = width
    self.height = height
    self.stack = []
    if let root = bundle.pages.first { push(page: root, title: nil) }
  }

  /// The page on top.
  public var page: PageFrame {
    get { stack[stack.count - 1] }
    set { stack[stack.count - 1] = newValue }
  }

  mutating func push(page: Page, title: String?) {
    let rows = RowBuilder.rows(of: page, in: bundle, idiom: idiom, width: width, values: values)
    let first = rows.firstIndex(where: \.isFocusable) ?? 0
    stack.append(PageFrame(file: page.file, title: title, rows: rows, focus: first, scroll: 0))
  }

  /// Builds every page's rows again for a new width (footers wrap anew),
  /// keeping the focus on the same row and the top of the list on the same
  /// text (a footer line at the same place in its footer).
  mutating func relayout() {
    for index in stack.indices {
      guard let page = bundle.pages.first(where: { $0.file == stack[index].file }) else { continue }
      let old = stack[index]
      let rows = RowBuilder.rows(of: page, in: bundle, idiom: idiom, width: width, values: values)
      stack[index].rows = rows
      stack[index].focus =
        Self.index(of: old.focus, in: old.rows, among: rows)
        ?? min(old.focus, max(0, rows.count - 1))
      stack[index].scroll = Self.index(of: old.scroll, in: old.rows, among: rows) ?? 0
    }
  }

  /// Takes the values the store now holds; the pages whose rows show them
  /// (a text view's lines, a list's items) are built again.
  mutating func take(_ newValues: [PlistKey: PlistValue]) {
    values = newValues
    if stack.contains(where: { $0.rows.contains(where: \.dependsOnValue) }) { relayout() }
  }

  /// Where row `index` of `old` is in `new`: the same row, or for a line of
  /// a footer the line at the same fraction of the footer as wrapped anew.
  static func index(of index: Int, in old: [Row], among new: [Row]) -> Int? {
    guard old.indices.contains(index) else { return nil }
    let row = old[index]
    guard row.kind == .footer else { return new.firstIndex { $0 == row } }
    func block(_ rows: [Row], around index: Int) -> Range<Int> {
      var start = index
      var end = index + 1
      while start > 0, rows[start - 1].kind == .footer, rows[start - 1].specifier == row.specifier {
        start -= 1
      }
      while end < rows.count, rows[end].kind == .footer, rows[end].specifier == row.specifier {
        end += 1
      }
      return start..<end
    }
    let before = block(old, around: index)
    guard let first = new.firstIndex(where: { $0.kind == .footer && $0.specifier == row.specifier })
    else { return nil }
    let after = block(new, around: first)
    let line = (index - before.lowerBound) * after.count / max(1, before.count)
    return after.lowerBound + min(after.count - 1, line)
  }

  public var focusedRow: Row? {
    page.rows.indices.contains(page.focus) ? page.rows[page.focus] : nil
  }

  /// The value a row shows: the stored one, else its DefaultValue (display only, as on iOS).
  public func value(of row: Row) -> PlistValue? {
    guard let key = row.key else { return nil }
    return values[PlistKey(key)] ?? row.specifier.defaultValue?.value
  }

}

extension FormState {
  /// Shows the page `name` (a child pane's File, or a page file) as if
  /// opened from its parent; false when the bundle has no such page.
  public mutating func open(pageNamed name: String) -> Bool {
    guard
      let page = bundle.pages.first(where: {
        $0.name == name || $0.file == name || $0.file == name + ".plist"
      })
    else { return false }
    if page.file == bundle.pages.first?.file { return true }
    // The title is the child pane's that opens it.
    var title = page.name
    for parent in bundle.pages {
      for specifier in parent.specifiers where specifier.childPage == page.file {
        title = bundle.localized(specifier.title ?? page.name, on: parent).escapingControlCharacters
      }
    }
    push(page: page, title: title)
    return true
  }
}
