import TextWidth

/// One character cell: a grapheme and its style. A wide character fills
/// its cell and marks the next as its continuation.
public struct Cell: Sendable, Hashable {
  public var text: String
  public var style: Style
  /// The right half of a wide character: drawn by the cell before it.
  public var isContinuation: Bool

  public init(_ text: String = " ", style: Style = .plain, isContinuation: Bool = false) {
    self.text = text
    self.style = style
    self.isContinuation = isContinuation
  }

  public static let blank = Cell()
}

/// A grid of cells that views draw into; the terminal gets only what
/// changed between two screens.
///
/// ```swift
/// var screen = Screen(width: 40, height: 10)
/// screen.put("Olá 日本", x: 0, y: 0, style: Style(bold: true))
/// screen.plainText  // "Olá 日本\n…"
/// ```
public struct Screen: Sendable, Hashable {
  public let width: Int
  public let height: Int
  public private(set) var cells: [Cell]
  /// Where the terminal's cursor goes (a text field being edited); nil hides it.
  public var cursor: Position?

  public struct Position: Sendable, Hashable {
    public var x: Int
    public var y: Int
    public init(x: Int, y: Int) {
      self.x = x
      self.y = y
    }
  }

  public init(width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
    cells = Array(repeating: .blank, count: self.width * self.height)
  }

  public subscript(x: Int, y: Int) -> Cell {
    get { cells[y * width + x] }
    set { cells[y * width + x] = newValue }
  }

  /// Writes text from `x` on row `y`, clipped at `limit` columns (the row's
  /// end by default); control characters must be escaped by the caller.
  /// Returns the column after the text.
  @discardableResult
  public mutating func put(_ text: String, x: Int, y: Int, style: Style = .plain, limit: Int? = nil)
    -> Int
  {
    guard y >= 0, y < height else { return x }
    let end = min(width, limit.map { x + $0 } ?? width)
    var column = x
    for character in text {
      let cellWidth = DisplayWidth.of(character)
      if cellWidth == 0 { continue }
      guard column + cellWidth <= end else { break }
      if column >= 0 {
        clearHalves(x: column, width: cellWidth, y: y)
        self[column, y] = Cell(String(character), style: style)
        if cellWidth == 2 { self[column + 1, y] = Cell("", style: style, isContinuation: true) }
      }
      column += cellWidth
    }
    return column
  }

  /// A wide character partly overwritten at `x` leaves a blank, as on a
  /// terminal: never half a character, nor a lead without its continuation.
  private mutating func clearHalves(x: Int, width cellWidth: Int, y: Int) {
    if self[x, y].isContinuation, x > 0 { self[x - 1, y] = Cell(" ", style: self[x - 1, y].style) }
    let after = x + cellWidth
    if after < width, self[after, y].isContinuation {
      self[after, y] = Cell(" ", style: self[after, y].style)
    }
  }

  /// Sets the style of a run of cells (a highlighted row). A wide character
  /// has one style, its lead's: its right half follows it.
  public mutating func fill(y: Int, from x: Int = 0, to end: Int? = nil, style: Style) {
    guard y >= 0, y < height else { return }
    let stop = min(width, end ?? width)
    for column in max(0, x)..<max(max(0, x), stop) where !self[column, y].isContinuation {
      self[column, y].style = style
      if column + 1 < width, self[column + 1, y].isContinuation {
        self[column + 1, y].style = style
      }
    }
  }

  /// The screen as text, one line per row, trailing spaces removed: what golden files hold.
  public var plainText: String {
    (0..<height).map { y in
      var line = ""
      for x in 0..<width where !self[x, y].isContinuation { line += self[x, y].text }
      while line.hasSuffix(" ") { line.removeLast() }
      return line
    }.joined(separator: "\n")
  }

}
