import Plist

/// Shell-style patterns: `*` and `?` within one path component, `**` across them.
///
/// Matching simulates the pattern as an automaton over the set of positions
/// in the path reachable so far, one sweep of the path per pattern element:
/// at most (elements + 1) × (path length + 1) steps, whatever the pattern
/// and the path (no backtracking, so `a*a*a*…b` against `aaaa…` costs no more
/// than any other pattern of its length). A pattern is compiled once, and a
/// run of stars is one element (`**********` is `**`), so its length costs
/// nothing per path: every other element takes at least one character of the
/// path, and the sweep ends when no position is left, so at most about three
/// times the path's length of elements are ever swept.
struct Glob: Sendable {
  /// The pattern as written.
  let text: String
  private let elements: [Element]
  /// Whether the pattern (without `/`) is matched against the file name alone.
  private let matchesName: Bool

  init(_ pattern: String) {
    text = pattern
    matchesName = !pattern.contains("/")
    elements = Self.elements(Array(pattern.unicodeScalars))
  }

  /// `patterns` compiled, taking each unchanged one from `previous`.
  static func compiled(_ patterns: [String], reusing previous: [Glob]) -> [Glob] {
    patterns.enumerated().map { index, pattern in
      index < previous.count && previous[index].text == pattern
        ? previous[index] : Glob(pattern)
    }
  }

  static func matches(_ pattern: String, _ path: String) -> Bool {
    Glob(pattern).matches(path)
  }

  /// `matches`, counting the steps taken (for the tests that hold it linear).
  static func matches(_ pattern: String, _ path: String, steps: inout Int) -> Bool {
    Glob(pattern).matches(path, steps: &steps)
  }

  func matches(_ path: String) -> Bool {
    var steps = 0
    return matches(path, steps: &steps)
  }

  func matches(_ path: String, steps: inout Int) -> Bool {
    if matchesName {
      let name = path.split(separator: "/").last.map(String.init) ?? path
      return Self.match(elements, Array(name.unicodeScalars), steps: &steps)
    }
    return Self.match(elements, Array(path.unicodeScalars), steps: &steps)
  }

  /// One element of a pattern.
  private enum Element: Equatable, Sendable {
    case scalar(Unicode.Scalar)
    /// `?`: one character but `/`.
    case one
    /// `*`: any characters but `/`.
    case star
    /// `**`: any characters.
    case anything
    /// `**/`: no folder at all, or any characters ending with `/`.
    case folders

    /// Whether it may match no character at all.
    var takesNothing: Bool { self == .star || self == .anything || self == .folders }
  }

  private static func elements(_ pattern: [Unicode.Scalar]) -> [Element] {
    var elements: [Element] = []
    // A run of elements that may take nothing is kept short: the same one
    // twice is once, and `**` next to any of them is `**` alone.
    func append(_ element: Element) {
      guard element.takesNothing else {
        elements.append(element)
        return
      }
      var runStart = elements.endIndex
      while runStart > elements.startIndex, elements[runStart - 1].takesNothing { runStart -= 1 }
      if element == .anything || elements[runStart...].contains(.anything) {
        elements.removeSubrange(runStart...)
        elements.append(.anything)
      } else if elements.last != element {
        elements.append(element)
      }
    }
    var index = 0
    while index < pattern.count {
      switch pattern[index] {
      case "*" where index + 1 < pattern.count && pattern[index + 1] == "*":
        index += 2
        if index < pattern.count, pattern[index] == "/" {
          index += 1
          append(.folders)
        } else {
          append(.anything)
        }
        continue
      case "*": append(.star)
      case "?": append(.one)
      case let scalar: append(.scalar(scalar))
      }
      index += 1
    }
    return elements
  }

  private static func match(_ elements: [Element], _ text: [Unicode.Scalar], steps: inout Int)
    -> Bool
  {
    // `reached[i]`: the path's first i characters match the elements read so far.
    var reached = [Bool](repeating: false, count: text.count + 1)
    reached[0] = true
    var next = reached
    for element in elements {
      switch element {
      case .scalar(let scalar):
        next[0] = false
        for position in 0..<text.count {
          next[position + 1] = reached[position] && text[position] == scalar
        }
      case .one:
        next[0] = false
        for position in 0..<text.count {
          next[position + 1] = reached[position] && text[position] != "/"
        }
      case .star:
        next[0] = reached[0]
        for position in 0..<text.count {
          next[position + 1] =
            reached[position + 1] || (next[position] && text[position] != "/")
        }
      case .anything:
        next[0] = reached[0]
        for position in 0..<text.count {
          next[position + 1] = reached[position + 1] || next[position]
        }
      case .folders:
        // `seen`: some position at or before this one was reached.
        var seen = reached[0]
        next[0] = reached[0]
        for position in 0..<text.count {
          next[position + 1] = reached[position + 1] || (seen && text[position] == "/")
          seen = seen || reached[position + 1]
        }
      }
      steps += text.count + 1
      swap(&reached, &next)
      if !reached.contains(true) { return false }
    }
    return reached[text.count]
  }
}
