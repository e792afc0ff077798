import Plist
import SharedDefaults
import Testing

@testable import prefs

/// `prefs defaults sync` prints a conflict with both values, escaped.
struct SyncConflictLineTests {
  @Test func aConflictShowsTheKeptAndTheLocalValue() {
    let line = Defaults.Sync.line(
      .conflict(key: "thème\u{1B}[2J", kept: .string("dark"), local: .string("light")))
    #expect(
      line
        == #"≠ thème\u{1B}[2J = dark (the store's, kept; a local save from an older copy had light; save it again to keep it)"#
    )
    #expect(
      Defaults.Sync.line(.conflict(key: "k", kept: .integer(1), local: nil)).contains("had (none)"))
  }
}
