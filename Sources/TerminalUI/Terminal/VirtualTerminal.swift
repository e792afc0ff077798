/// A terminal in memory, for tests: feed it keys, read its screen as text.
/// It applies the same diff the real terminal gets, so tests also check
/// that only changed cells are written.
public struct VirtualTerminal: Sendable {
  public private(set) var screen: Screen
  public private(set) var cellsWrittenLastFrame = 0

  public init(width: Int, height: Int) {
    screen = Screen(width: width, height: height)
  }

  public mutating func show(_ next: Screen) {
    let diff = ScreenDiff.ansi(from: screen, to: next, colors: false)
    cellsWrittenLastFrame = diff.cellsWritten
    screen = next
  }

  /// Keys for a script of text and named keys: `"j j ⏎ ↓ esc"`-style scripts
  /// are built by the caller from `Key` values.
  public static func keys(typing text: String) -> [Key] {
    text.map { Key.character($0) }
  }
}
