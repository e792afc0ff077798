import Foundation
import Plist

extension PlistValue {
  /// How `prefs defaults read` prints a value on a terminal: a scalar bare
  /// (`42`, `true`, `text`), a container as indented OpenStep text; control
  /// characters escaped, and backslashes too, so that a stored backslash-n
  /// never looks like a stored newline.
  var readText: String { readText(forTerminal: true) }

  /// The same; into a pipe or file (`forTerminal` false) a string prints as
  /// stored, as macOS `defaults read` prints it, so that scripts get it back whole.
  ///
  /// ```swift
  /// PlistValue.string("a\nb").readText(forTerminal: true)   // a\nb, backslash doubled
  /// PlistValue.string("a\nb").readText(forTerminal: false)  // a\nb as stored
  /// ```
  func readText(forTerminal: Bool) -> String {
    switch self {
    case .string(let text):
      forTerminal ? text.escapingControlCharactersAndBackslashes : text
    case .array, .dictionary: openStepText(indent: 0)
    default: scalarText
    }
  }
}
