import Plist
import Yams

/// A configuration that cannot be used, with the place in the file.
public struct ConfigurationError: Error, Sendable, CustomStringConvertible {
  /// What the user can do about it, for the caller to word.
  public enum Remedy: Sendable, Hashable {
    /// See which rule ids there are.
    case listRules
  }

  public var file: String
  public var location: TextLocation?
  public var message: String
  public var remedy: Remedy?

  init(file: String, location: TextLocation? = nil, message: String) {
    self.file = file
    self.location = location
    self.message = message
  }

  init(file: String, node: Node, message: String) {
    let mark = node.mark
    self.init(
      file: file, location: mark.map { TextLocation(line: $0.line, column: $0.column) },
      message: message)
  }

  /// Yams' error in our words: its problem at its place, never its own
  /// rendering (which holds the whole text and literal line breaks).
  init(file: String, yamlError: YamlError, text: String) {
    switch yamlError {
    case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _),
      .composer(_, let problem, let mark, _):
      self.init(
        file: file, location: TextLocation(line: mark.line, column: mark.column), message: problem)
    case .reader(let problem, let offset, _, _):
      let location = offset.map { offset in
        let prefix = text.unicodeScalars.prefix(offset)
        let line = prefix.count { $0 == "\n" } + 1
        let column = prefix.reversed().prefix { $0 != "\n" }.count + 1
        return TextLocation(line: line, column: column)
      }
      self.init(file: file, location: location, message: problem)
    case .duplicatedKeysInMapping(let duplicates, let context):
      let key = duplicates.first ?? ""
      let first = context.mark
      let again = Self.repeatedKey(key, after: first, in: text)
      self.init(
        file: file,
        location: TextLocation(
          line: again?.line ?? first.line, column: again?.column ?? first.column),
        message: "\"\(key)\" is given twice in one mapping"
          + (again == nil ? "" : " (first on line \(first.line))"))
    default:
      self.init(file: file, message: "the file is not YAML prefs reads")
    }
  }

  /// The second `key:` of a block mapping whose first is at `first`: the next
  /// line at the same indentation that starts with the key; nil in a flow
  /// mapping (`{a: 1, a: 2}`), where the first is the place given.
  private static func repeatedKey(_ key: String, after first: Mark, in text: String)
    -> TextLocation?
  {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let indent = first.column - 1
    guard first.line >= 1, first.line <= lines.count else { return nil }
    for number in first.line..<lines.count {
      let line = Substring(lines[number])
      let body = line.drop { $0 == " " }
      if body.isEmpty || body.hasPrefix("#") { continue }
      let depth = line.count - body.count
      if depth < indent { return nil }
      guard depth == indent else { continue }
      for spelling in [key, "\"\(key)\"", "'\(key)'"] where body.hasPrefix(spelling + ":") {
        return TextLocation(line: number + 1, column: indent + 1)
      }
    }
    return nil
  }

  public var description: String {
    let place = location.map { ":\($0.line):\($0.column)" } ?? ""
    return "\(file)\(place): error: \(message)"
  }
}
