import Foundation

extension PlistValue {
  /// A value as `defaults read` prints it on a terminal: a scalar bare
  /// (`42`, `true`, `text`), a container as indented OpenStep text
  /// (``openStepText(indent:)``); control characters escaped, and backslashes
  /// too, so that a stored backslash-n never looks like a stored newline.
  ///
  /// ```swift
  /// PlistValue.dictionary(["speed": .integer(3)]).readText  // {\n    speed = 3;\n}
  /// ```
  public var readText: String { readText(forTerminal: true) }

  /// The same; into a pipe or file (`forTerminal` false) a string prints as
  /// stored, as macOS `defaults read` prints it, so that scripts get it back whole.
  ///
  /// ```swift
  /// PlistValue.string("a\nb").readText(forTerminal: true)   // a\nb, backslash doubled
  /// PlistValue.string("a\nb").readText(forTerminal: false)  // a\nb as stored
  /// ```
  public func readText(forTerminal: Bool) -> String {
    readText(forTerminal: forTerminal, dataText: nil)
  }

  /// The same, with data shown as `dataText` gives it (see
  /// ``openStepText(indent:dataText:)``): an archive as its tree.
  public func readText(forTerminal: Bool, dataText: ((Data, Int) -> String?)?) -> String {
    switch self {
    case .string(let text):
      forTerminal ? text.escapingControlCharactersAndBackslashes : text
    case .array, .dictionary, .data: openStepText(indent: 0, dataText: dataText)
    default: scalarText
    }
  }
}
