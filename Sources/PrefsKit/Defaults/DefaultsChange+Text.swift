import DefaultsStore
import Plist
import SharedDefaults

extension DefaultsChange {
  /// The change as one line of text, `key: old → new`: the key as a message
  /// quotes it, each value as ``Plist/PlistValue/scalarText`` shows it, a value
  /// that is not there being `(none)`, control characters escaped. What
  /// `prefs defaults watch` prints per change (``json`` for a program).
  ///
  /// ```swift
  /// DefaultsChange(key: "speed", old: .integer(1), new: nil).text
  /// // speed: 1 → (none)
  /// ```
  public var text: String {
    "\(MessageText.key(key.string)): \(old.changeText) → \(new.changeText)"
  }
}

extension DomainSync.Event {
  /// What a sync did with a key, as one line of text: `→ key = value` pushed
  /// to the store, `← key = value` pulled into the file, `≠` a conflict
  /// showing both values, `!` a key that could not be carried; values as
  /// ``DefaultsChange/text`` shows them. What `prefs defaults sync` prints.
  ///
  /// ```swift
  /// DomainSync.Event.pulled(key: "speed", value: .integer(3)).text  // ← speed = 3
  /// ```
  public var text: String {
    switch self {
    case .pushed(let key, let value): "→ \(MessageText.key(key.string)) = \(value.changeText)"
    case .pulled(let key, let value): "← \(MessageText.key(key.string)) = \(value.changeText)"
    case .keptLocal(let key):
      "→ \(MessageText.key(key.string)) (a local edit newer than the store's change)"
    case .failed(let key, let error):
      "! \(MessageText.key(key.string)): \(error.description)"
    case .conflict(let key, let kept, let local):
      "≠ \(MessageText.key(key.string)) = \(kept.changeText) (the store's, kept; a local save "
        + "from an older copy had \(local.changeText); save it again to keep it)"
    }
  }
}

extension PlistValue? {
  /// A value of a change line: its scalar text, escaped; `(none)` when not there.
  fileprivate var changeText: String {
    map { $0.scalarText.escapingControlCharacters } ?? "(none)"
  }
}
