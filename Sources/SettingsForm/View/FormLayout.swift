import TextWidth

/// Where the form's parts go on a screen of the state's size: the title
/// bar, the list, then the status and help lines at the bottom. Messages
/// wrap to the width (never cut), so the list gets what they leave.
///
/// ```swift
/// let bottom = FormLayout.bottomLines(state)  // status lines, then help lines
/// state.listHeight  // the rows shown at once
/// ```
public enum FormLayout {
  /// The wrapped lines below the list: the status (or the search prompt),
  /// then the help. At most what leaves the title bar and one row.
  public static func bottomLines(_ state: FormState) -> (status: [String], help: [String]) {
    bottomLines(state, row: state.visibleFocusedRow)
  }

  /// The bottom lines with the help of `row`. The list's height is laid out
  /// with the focused row's help, the longest there is (a row out of view
  /// has fewer keys), so that what is on screen does not depend on itself.
  static func bottomLines(_ state: FormState, row: Row?) -> (status: [String], help: [String]) {
    let width = max(1, state.width)
    let help = wrapParts(FormView.helpParts(state, row: row), width: width)
    var status: [String] = []
    if case .search(let prompt) = state.mode {
      status = [FormView.searchPrompt(prompt.text, width: width)]
    } else if let text = state.status {
      status = RowBuilder.wrap(text, width: width)
    } else if !help.isEmpty {
      // An empty line sets the help apart from the rows, as before.
      status = [""]
    }
    let room = max(0, state.height - 2)
    let shownHelp = Array(help.suffix(room))
    let shownStatus = Array(status.suffix(max(0, room - shownHelp.count)))
    return (shownStatus, shownHelp)
  }

  /// Parts (a key and its word) to lines of at most `width` columns, two
  /// spaces between parts; a part longer than a line wraps on its own.
  public static func wrapParts(_ parts: [String], width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for part in parts where !part.isEmpty {
      if line.isEmpty {
        line = part
      } else if DisplayWidth.of(line) + 2 + DisplayWidth.of(part) <= width {
        line += "  " + part
      } else {
        lines.append(line)
        line = part
      }
      if DisplayWidth.of(line) > width {
        let wrapped = RowBuilder.wrap(line, width: width)
        lines += wrapped.dropLast()
        line = wrapped.last ?? ""
      }
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }
}

extension FormState {
  /// Rows visible in the list area (between the title bar and the status and help lines).
  public var listHeight: Int {
    let bottom = FormLayout.bottomLines(self, row: focusedRow.flatMap { $0.isFocusable ? $0 : nil })
    return max(1, height - 1 - bottom.status.count - bottom.help.count)
  }

  /// The number of screen lines that show every row of the page at once.
  public var fullHeight: Int {
    // The bottom lines depend on the width only, once there is room for them all.
    var tall = self
    tall.height = 10_000
    let bottom = FormLayout.bottomLines(tall, row: focusedRow.flatMap { $0.isFocusable ? $0 : nil })
    return page.rows.count + 1 + bottom.status.count + bottom.help.count
  }

  /// The largest scroll: the last row at the bottom of the list.
  var maximumScroll: Int { max(0, page.rows.count - listHeight) }

  /// The page's rows on screen now.
  var visibleRows: Range<Int> {
    let start = min(page.scroll, maximumScroll)
    return start..<min(page.rows.count, start + listHeight)
  }

  /// The focused row when it is on screen and can take the focus: what Enter acts on.
  public var visibleFocusedRow: Row? {
    guard let row = focusedRow, row.isFocusable, visibleRows.contains(page.focus) else {
      return nil
    }
    return row
  }
}
