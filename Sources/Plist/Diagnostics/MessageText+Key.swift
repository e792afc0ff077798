extension MessageText {
  /// A defaults key as a message names it: as written when it has a visible
  /// character at each end (`theme`, `sync.interval`), else in quotes, so that
  /// the empty key and one with white space at its ends are seen for what
  /// they are: `wrote "" to com.example.app`, never `wrote  to com.example.app`.
  /// A control character is escaped either way, so none reaches a terminal.
  ///
  /// ```swift
  /// MessageText.key("theme")   // "theme"
  /// MessageText.key("")        // "\"\""
  /// MessageText.key(" name ")  // "\" name \""
  /// ```
  public static func key(_ key: String) -> String {
    let plain =
      key.first.map { !$0.isWhitespace } == true && key.last.map { !$0.isWhitespace } == true
    if plain { return key.escapingControlCharacters }
    var quoted = "\""
    for character in key {
      if character == "\"" || character == "\\" { quoted.append("\\") }
      quoted.append(character)
    }
    return (quoted + "\"").escapingControlCharacters
  }
}
