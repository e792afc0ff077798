/// How a row, a section or a whole page of one version differs from the
/// other version, for a picture of a comparison.
///
/// ```swift
/// ChangeMark.added.rawValue  // "added"
/// ```
public enum ChangeMark: String, Sendable, Hashable, CaseIterable, Comparable {
  /// Only the new version has it.
  case added
  /// Only the old version has it.
  case removed
  /// Both have it, and what it shows or stores changed.
  case changed

  public static func < (lhs: Self, rhs: Self) -> Bool {
    (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
  }

  /// The sign drawn beside a marked row, so a mark is told without its colour.
  public var sign: String {
    switch self {
    case .added: "+"
    case .removed: "\u{2212}"
    case .changed: "~"
    }
  }
}

/// The marks on one page of one version: its rows (by their identity), the
/// headers and footers of its sections (by the element that starts them) and
/// the page itself (a page only one version reaches).
///
/// ```swift
/// var marks = PageMarks()
/// marks.rows[row.id] = .changed
/// marks.isEmpty  // false
/// ```
public struct PageMarks: Sendable, Hashable {
  public var page: ChangeMark?
  public var rows: [RowID: ChangeMark]
  /// By ``LayoutSection/startIndex``: a group's title or footer that changed, or a group added or removed.
  public var sections: [Int: ChangeMark]

  public init(
    page: ChangeMark? = nil, rows: [RowID: ChangeMark] = [:], sections: [Int: ChangeMark] = [:]
  ) {
    self.page = page
    self.rows = rows
    self.sections = sections
  }

  public var isEmpty: Bool { page == nil && rows.isEmpty && sections.isEmpty }

  /// Marks a row, keeping the stronger of two marks (added or removed over changed).
  public mutating func mark(_ row: RowID, _ mark: ChangeMark) {
    rows[row] = min(rows[row] ?? mark, mark)
  }

  /// Marks a section, keeping the stronger of two marks.
  public mutating func mark(section start: Int, _ mark: ChangeMark) {
    sections[start] = min(sections[start] ?? mark, mark)
  }
}
