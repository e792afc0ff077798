import TerminalUI

/// What a key does in the form.
public enum FormAction: Sendable, Equatable {
  case up, down, pageUp, pageDown, home, end, activate, back, decrease, increase, decreaseMore
  case increaseMore, startSearch, nextHit, previousHit, reset, showKeys, quit, interrupt
}

/// One entry of the key table, which drives both the handling and the help
/// line: the keys, what they do, the words shown for them, and the rows
/// they apply to.
public struct KeyBinding: Sendable {
  public var keys: [Key]
  /// How the keys are written in the help (`↑/k`).
  public var keyLabel: String
  /// The key of the words that say what it does (`help.toggle`).
  public var wordKey: String
  public var action: FormAction
  /// Whether the binding applies to the focused row (nil: no row).
  public var applies: @Sendable (Row?) -> Bool
  /// Shown on the help line (the rest only in the `?` list).
  public var inHelpLine: Bool
}

extension KeyBinding {
  static func isSlider(_ row: Row?) -> Bool {
    if case .slider? = row?.kind { return true }
    return false
  }

  /// The word for Enter on a row: toggle, edit, choose, open.
  static func activateWord(_ row: Row?) -> String {
    switch row?.kind {
    case .toggle?: "help.toggle"
    case .textField?, .textView?, .datePicker?: "help.edit"
    case .multiValue?, .radioOption?: "help.choose"
    case .childPane?: "help.open"
    default: "help.select"
    }
  }

  /// The browse-mode table, most specific first.
  public static let browse: [KeyBinding] = [
    KeyBinding(
      keys: [.up, .character("k")], keyLabel: "↑/k", wordKey: "help.move", action: .up,
      applies: { _ in true }, inHelpLine: true),
    KeyBinding(
      keys: [.down, .character("j")], keyLabel: "↓/j", wordKey: "help.move", action: .down,
      applies: { _ in true }, inHelpLine: false),
    KeyBinding(
      keys: [.left], keyLabel: "←", wordKey: "help.less", action: .decrease, applies: isSlider,
      inHelpLine: true),
    KeyBinding(
      keys: [.right], keyLabel: "→", wordKey: "help.more", action: .increase, applies: isSlider,
      inHelpLine: true),
    KeyBinding(
      keys: [.pageDown, .shiftLeft], keyLabel: "PgDn/⇧←", wordKey: "help.muchLess",
      action: .decreaseMore, applies: isSlider, inHelpLine: false),
    KeyBinding(
      keys: [.pageUp, .shiftRight], keyLabel: "PgUp/⇧→", wordKey: "help.muchMore",
      action: .increaseMore, applies: isSlider, inHelpLine: false),
    KeyBinding(
      keys: [.pageUp], keyLabel: "PgUp", wordKey: "help.pageUp", action: .pageUp,
      applies: { !isSlider($0) }, inHelpLine: false),
    KeyBinding(
      keys: [.pageDown], keyLabel: "PgDn", wordKey: "help.pageDown", action: .pageDown,
      applies: { !isSlider($0) }, inHelpLine: false),
    KeyBinding(
      keys: [.home], keyLabel: "Home", wordKey: "help.home", action: .home,
      applies: { _ in true }, inHelpLine: false),
    KeyBinding(
      keys: [.end], keyLabel: "End", wordKey: "help.end", action: .end,
      applies: { _ in true }, inHelpLine: false),
    KeyBinding(
      keys: [.enter, .character(" ")], keyLabel: "⏎", wordKey: "help.select", action: .activate,
      applies: { row in row.map { !isSlider($0) && $0.isFocusable } ?? false }, inHelpLine: true),
    KeyBinding(
      keys: [.escape, .left], keyLabel: "esc", wordKey: "help.back", action: .back,
      applies: { !isSlider($0) }, inHelpLine: true),
    KeyBinding(
      keys: [.escape], keyLabel: "esc", wordKey: "help.back", action: .back, applies: isSlider,
      inHelpLine: true),
    KeyBinding(
      keys: [.character("/")], keyLabel: "/", wordKey: "help.search", action: .startSearch,
      applies: { _ in true }, inHelpLine: true),
    // Shown on the help line only once there is a search to go on with.
    KeyBinding(
      keys: [.character("n")], keyLabel: "n/N", wordKey: "help.nextHit", action: .nextHit,
      applies: { _ in true }, inHelpLine: true),
    KeyBinding(
      keys: [.character("N")], keyLabel: "n/N", wordKey: "help.nextHit", action: .previousHit,
      applies: { _ in true }, inHelpLine: false),
    KeyBinding(
      keys: [.character("r")], keyLabel: "r", wordKey: "help.reset", action: .reset,
      applies: { $0?.key != nil && $0?.isEditable == true }, inHelpLine: true),
    KeyBinding(
      keys: [.character("?")], keyLabel: "?", wordKey: "help.keys", action: .showKeys,
      applies: { _ in true }, inHelpLine: true),
    KeyBinding(
      keys: [.character("q")], keyLabel: "q", wordKey: "help.quit", action: .quit,
      applies: { _ in true }, inHelpLine: true),
    KeyBinding(
      keys: [.ctrl("c")], keyLabel: "^C", wordKey: "help.quit", action: .interrupt,
      applies: { _ in true }, inHelpLine: false),
  ]

  /// The action of `key` on `row`, from the table.
  public static func action(for key: Key, on row: Row?) -> FormAction? {
    browse.first { $0.keys.contains(key) && $0.applies(row) }?.action
  }
}
