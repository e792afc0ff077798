import DefaultsStore
import Plist
import PrefsKit
import SharedDefaults
import Testing

/// The lines `prefs defaults watch` and `prefs defaults sync` print, through
/// PrefsKit's public API: values as `scalarText` shows them, a value not
/// there as `(none)`, nothing from a key or a value reaching a terminal as a
/// control character.
struct DefaultsChangeTextTests {
  @Test(arguments: [
    (DefaultsChange(key: "speed", old: .integer(1), new: .integer(3)), "speed: 1 → 3"),
    (DefaultsChange(key: "speed", old: nil, new: .real(0.5)), "speed: (none) → 0.5"),
    (DefaultsChange(key: "on", old: .bool(true), new: nil), "on: true → (none)"),
    (
      DefaultsChange(key: "name\u{1B}[2J", old: .string("a\nb"), new: .string("c")),
      #"name\u{1B}[2J: a\nb → c"#
    ),
  ])
  func aWatchedChangeIsOneLine(change: DefaultsChange, line: String) {
    #expect(change.text == line)
    #expect(!change.text.unicodeScalars.contains { $0.needsEscapingForTerminal })
  }

  @Test(arguments: [
    (DomainSync.Event.pushed(key: "speed", value: .integer(3)), "→ speed = 3"),
    (.pulled(key: "speed", value: nil), "← speed = (none)"),
    (.keptLocal(key: "speed"), "→ speed (a local edit newer than the store's change)"),
    (
      .conflict(key: "thème\u{1B}[2J", kept: .string("dark"), local: .string("light")),
      #"≠ thème\u{1B}[2J = dark (the store's, kept; a local save from an older copy had light; save it again to keep it)"#
    ),
    (
      .conflict(key: "k", kept: .integer(1), local: nil),
      "≠ k = 1 (the store's, kept; a local save from an older copy had (none); save it again to keep it)"
    ),
  ])
  func aSyncEventIsOneLine(event: DomainSync.Event, line: String) {
    #expect(event.text == line)
  }
}
