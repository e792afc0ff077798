import SettingsSchema

/// A row of some page of the bundle whose text holds the searched words.
///
/// ```swift
/// let hit = FormSearch.hits(state, "debug")[0]
/// hit.path  // ["Advanced"]: the child panes that open its page
/// hit.text  // "Debug Log"
/// ```
public struct SearchHit: Sendable, Equatable {
  /// The page's file.
  public var file: String
  /// The row, among the page's rows at the width of the search.
  public var row: Int
  /// What the hit list shows: the page's title path and the matching text.
  public var path: [String]
  public var text: String

  public init(file: String, row: Int, path: [String], text: String) {
    self.file = file
    self.row = row
    self.path = path
    self.text = text
  }
}

/// What `/` is typing: the text, its hits on every page, the one picked.
///
/// ```swift
/// if case .search(let prompt) = state.mode { prompt.hits[prompt.selected] }
/// ```
public struct SearchPrompt: Sendable, Equatable {
  public var text: String
  public var hits: [SearchHit]
  public var selected: Int

  public init(text: String = "", hits: [SearchHit] = [], selected: Int = 0) {
    self.text = text
    self.hits = hits
    self.selected = selected
  }
}

/// Searching every page of the bundle, in the language shown: titles,
/// group titles, footers (across their wrapped lines) and the titles of a
/// multi value's choices; a hit opens its page and focuses its row.
///
/// ```swift
/// FormSearch.hits(state, "dark")  // [SearchHit(file: "Root.plist", row: 3, …)]
/// ```
public enum FormSearch {
  /// A page reached from Root, with the pages that open it down from Root.
  struct Route {
    var page: Page
    /// Each page on the way (Root's child first) and the title that opens it.
    var steps: [(page: Page, title: String)]
  }

  /// Every page shown, Root first, then as child panes reach them (depth
  /// first, in row order); a page no child pane opens comes last, on its own.
  static func routes(_ state: FormState) -> [Route] {
    guard let root = state.bundle.pages.first else { return [] }
    var routes: [Route] = []
    var seen: Set<String> = []
    func visit(_ page: Page, _ steps: [(page: Page, title: String)]) {
      guard seen.insert(page.file).inserted else { return }
      routes.append(Route(page: page, steps: steps))
      for specifier in page.specifiers where specifier.isShown(on: state.idiom) {
        guard let file = specifier.childPage,
          let child = state.bundle.pages.first(where: { $0.file == file })
        else { continue }
        let title = state.bundle.localized(specifier.title ?? child.name, on: page)
          .escapingControlCharacters
        visit(child, steps + [(child, title)])
      }
    }
    visit(root, [])
    for page in state.bundle.pages where !seen.contains(page.file) {
      visit(page, [(page, page.name)])
    }
    return routes
  }

  /// The hits of `text` (ignoring case) on every page, in the order of `routes`.
  public static func hits(_ state: FormState, _ text: String) -> [SearchHit] {
    let needle = text.lowercased()
    guard !needle.isEmpty else { return [] }
    var hits: [SearchHit] = []
    for route in routes(state) {
      let rows = RowBuilder.rows(
        of: route.page, in: state.bundle, idiom: state.idiom, width: state.width,
        values: state.values)
      let path = route.steps.map(\.title)
      var index = 0
      while index < rows.count {
        let row = rows[index]
        if row.kind == .footer {
          // A footer is searched as one text, so words across a wrap are found.
          var end = index + 1
          while end < rows.count, rows[end].kind == .footer, rows[end].specifier == row.specifier {
            end += 1
          }
          let lines = rows[index..<end].map { $0.title.lowercased() }
          for line in footerLines(lines, matching: needle) {
            hits.append(
              SearchHit(
                file: route.page.file, row: index + line, path: path, text: rows[index + line].title
              ))
          }
          index = end
          continue
        }
        if row.title.lowercased().contains(needle) {
          hits.append(SearchHit(file: route.page.file, row: index, path: path, text: row.title))
        } else if row.kind == .multiValue,
          let choice = choiceTitles(row, on: route.page, in: state).first(where: {
            $0.lowercased().contains(needle)
          })
        {
          hits.append(
            SearchHit(
              file: route.page.file, row: index, path: path,
              text: TitleLabel.joined(row.title, choice)))
        }
        index += 1
      }
    }
    return hits
  }

  /// The lines of a wrapped text on which a match of `needle` starts.
  static func footerLines(_ lines: [String], matching needle: String) -> [Int] {
    let joined = Array(lines.joined(separator: " "))
    let pattern = Array(needle)
    var starts: [Int] = []
    var offset = 0
    for line in lines {
      starts.append(offset)
      offset += line.count + 1
    }
    var found: [Int] = []
    guard pattern.count <= joined.count else { return [] }
    for start in 0...(joined.count - pattern.count)
    where joined[start..<(start + pattern.count)].elementsEqual(pattern) {
      let line = (starts.lastIndex { $0 <= start }) ?? 0
      if found.last != line { found.append(line) }
    }
    return found
  }

  /// The localized titles of a multi value's choices.
  static func choiceTitles(_ row: Row, on page: Page, in state: FormState) -> [String] {
    row.specifier.titleList.map {
      state.bundle.localized($0, on: page).escapingControlCharacters
    }
  }

  /// Shows the page of `hit` (opened from Root along its route) with its
  /// row in view near the top, focused when it can take the focus, else the
  /// nearest row on screen that can.
  static func go(to hit: SearchHit, _ state: inout FormState) {
    if state.page.file != hit.file {
      guard let route = routes(state).first(where: { $0.page.file == hit.file }) else { return }
      state.stack.removeLast(state.stack.count - 1)
      for step in route.steps { state.push(page: step.page, title: step.title) }
    }
    guard state.page.rows.indices.contains(hit.row) else { return }
    state.page.scroll = max(0, min(state.maximumScroll, hit.row - 1))
    if state.page.rows[hit.row].isFocusable {
      state.page.focus = hit.row
    } else {
      let visible = state.visibleRows
      let nearest = visible.filter { state.page.rows[$0].isFocusable }
        .min { abs($0 - hit.row) < abs($1 - hit.row) }
      if let nearest { state.page.focus = nearest }
    }
    state.lastHit = hit
  }

  /// The hit after (or before) the one last shown, else after the focus,
  /// wrapping around the bundle's end as less and vim do.
  static func neighbour(
    of state: FormState, in hits: [SearchHit], forward: Bool
  ) -> (index: Int, wrapped: Bool)? {
    guard !hits.isEmpty else { return nil }
    let order = Dictionary(
      routes(state).enumerated().map { ($1.page.file, $0) }, uniquingKeysWith: { first, _ in first }
    )
    func place(_ file: String, _ row: Int) -> (Int, Int) { (order[file] ?? Int.max, row) }
    let here: (Int, Int)
    if let last = state.lastHit, last.file == state.page.file {
      here = place(last.file, last.row)
    } else {
      here = place(state.page.file, state.page.focus)
    }
    if forward {
      if let next = hits.firstIndex(where: { place($0.file, $0.row) > here }) {
        return (next, false)
      }
      return (0, true)
    }
    if let previous = hits.lastIndex(where: { place($0.file, $0.row) < here }) {
      return (previous, false)
    }
    return (hits.count - 1, true)
  }
}
