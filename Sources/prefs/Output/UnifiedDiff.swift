import Plist

/// A unified diff of two versions of a text, as `diff -u` and `git diff`
/// write it: `--- a/…` and `+++ b/…`, then hunks of changed lines with three
/// lines of context. Lines are shown with every control character but the
/// tab escaped, and a byte order mark as `\u{FEFF}`, so that what a fix adds
/// can be seen and nothing in a file drives the terminal.
///
/// Lines end where `diff` and `patch` end them, at a line feed; a carriage
/// return before it stays part of the line break, as written (a CR right
/// before LF moves the cursor nowhere LF does not), so that `patch` applies
/// the diff to a CRLF file. A carriage return alone (old Mac line breaks)
/// also ends a line, shown as `\r` at its end: the file is then readable
/// line by line, though `patch` cannot apply such a diff.
///
/// ```swift
/// UnifiedDiff.render(old: "a\nb\n", new: "a\nc\n", path: "Root.strings")
/// // --- a/Root.strings
/// // +++ b/Root.strings
/// // @@ -1,2 +1,2 @@
/// //  a
/// // -b
/// // +c
/// ```
enum UnifiedDiff {
  /// A line and the line break that ends it (the last line of a file may have none).
  struct Line: Hashable {
    enum Break: Hashable {
      case lineFeed, carriageReturnLineFeed, carriageReturn, none
    }
    var text: Substring
    var lineBreak: Break
  }

  enum Operation: Equatable {
    case same(old: Int, new: Int)
    case delete(old: Int)
    case insert(new: Int)

    var isChange: Bool {
      if case .same = self { return false }
      return true
    }
  }

  /// The diff, or "" when the texts are the same.
  static func render(old: String, new: String, path: String, context: Int = 3) -> String {
    let before = lines(old)
    let after = lines(new)
    let operations = script(before, after)
    guard operations.contains(where: \.isChange) else { return "" }
    let shownPath = path.escapingControlCharacters
    var output = "--- a/\(shownPath)\n+++ b/\(shownPath)\n"
    var index = 0
    while index < operations.count {
      guard operations[index].isChange else {
        index += 1
        continue
      }
      // The hunk runs from `context` lines before this change to `context`
      // after the last change that lies within 2 × context of the one before.
      var last = index
      var next = index + 1
      while next < operations.count, next - last <= 2 * context + 1 {
        if operations[next].isChange { last = next }
        next += 1
      }
      let start = max(0, index - context)
      let end = min(operations.count, last + context + 1)
      output += hunk(operations[start..<end], before, after, start: start, all: operations)
      index = end
    }
    return output
  }

  /// The lines of a text, split on its scalars: Swift's `Character` takes
  /// CRLF as one, which `split(separator: "\n")` would never find.
  static func lines(_ text: String) -> [Line] {
    var result: [Line] = []
    let scalars = text.unicodeScalars
    var start = scalars.startIndex
    var index = start
    while index < scalars.endIndex {
      let scalar = scalars[index]
      let next = scalars.index(after: index)
      if scalar == "\n" {
        result.append(Line(text: Substring(scalars[start..<index]), lineBreak: .lineFeed))
        start = next
      } else if scalar == "\r" {
        if next < scalars.endIndex, scalars[next] == "\n" {
          result.append(
            Line(text: Substring(scalars[start..<index]), lineBreak: .carriageReturnLineFeed))
          start = scalars.index(after: next)
          index = start
          continue
        }
        result.append(Line(text: Substring(scalars[start..<index]), lineBreak: .carriageReturn))
        start = next
      }
      index = next
    }
    if start < scalars.endIndex {
      result.append(Line(text: Substring(scalars[start...]), lineBreak: .none))
    }
    return result
  }

  private static func hunk(
    _ operations: ArraySlice<Operation>, _ before: [Line], _ after: [Line], start: Int,
    all: [Operation]
  ) -> String {
    // Lines of each side before the hunk.
    var oldLine = 0
    var newLine = 0
    for operation in all[..<start] {
      switch operation {
      case .same:
        oldLine += 1
        newLine += 1
      case .delete: oldLine += 1
      case .insert: newLine += 1
      }
    }
    let oldCount = operations.count { if case .insert = $0 { false } else { true } }
    let newCount = operations.count { if case .delete = $0 { false } else { true } }
    func range(_ line: Int, _ count: Int) -> String {
      let first = count == 0 ? line : line + 1
      return count == 1 ? "\(first)" : "\(first),\(count)"
    }
    var text = "@@ -\(range(oldLine, oldCount)) +\(range(newLine, newCount)) @@\n"
    for operation in operations {
      switch operation {
      case .same(let old, _): text += shown(" ", before[old])
      case .delete(let old): text += shown("-", before[old])
      case .insert(let new): text += shown("+", after[new])
      }
    }
    return text
  }

  private static func shown(_ marker: String, _ line: Line) -> String {
    var text = marker
    for scalar in line.text.unicodeScalars {
      if scalar == "\t" {
        text += "\t"
      } else if scalar == "\u{FEFF}" {
        text += "\\u{FEFF}"
      } else if scalar.needsEscapingForTerminal {
        text += String(scalar).escapingControlCharacters
      } else {
        text.unicodeScalars.append(scalar)
      }
    }
    switch line.lineBreak {
    case .lineFeed: return text + "\n"
    case .carriageReturnLineFeed: return text + "\r\n"
    case .carriageReturn: return text + "\\r\n"
    case .none: return text + "\n\\ No newline at end of file\n"
    }
  }

  /// The shortest edit script (Myers' algorithm) after the lines both ends
  /// share; past `limit` differences, the middle is one block of deletions
  /// and insertions, still a correct diff.
  static func script(_ a: [Line], _ b: [Line], limit: Int = 2000) -> [Operation] {
    var prefix = 0
    while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < a.count - prefix, suffix < b.count - prefix,
      a[a.count - 1 - suffix] == b[b.count - 1 - suffix]
    {
      suffix += 1
    }
    let n = a.count - prefix - suffix
    let m = b.count - prefix - suffix
    var result = (0..<prefix).map { Operation.same(old: $0, new: $0) }
    result += middle(a, b, from: prefix, n, m, limit: limit)
    result += (0..<suffix).map {
      Operation.same(old: a.count - suffix + $0, new: b.count - suffix + $0)
    }
    return result
  }

  private static func middle(
    _ a: [Line], _ b: [Line], from offset: Int, _ n: Int, _ m: Int, limit: Int
  ) -> [Operation] {
    let block =
      (0..<n).map { Operation.delete(old: offset + $0) }
      + (0..<m).map { Operation.insert(new: offset + $0) }
    if n == 0 || m == 0 { return block }
    let maximum = min(n + m, limit)
    let shift = maximum + 1
    var v = [Int](repeating: 0, count: 2 * maximum + 3)
    // trace[d]: v for k in -d...d after step d.
    var trace: [[Int]] = []
    var found: Int?
    search: for d in 0...maximum {
      for k in stride(from: -d, through: d, by: 2) {
        var x =
          k == -d || (k != d && v[shift + k - 1] < v[shift + k + 1])
          ? v[shift + k + 1] : v[shift + k - 1] + 1
        var y = x - k
        while x < n, y < m, a[offset + x] == b[offset + y] {
          x += 1
          y += 1
        }
        v[shift + k] = x
        if x >= n, y >= m {
          found = d
          trace.append(Array(v[(shift - d)...(shift + d)]))
          break search
        }
      }
      trace.append(Array(v[(shift - d)...(shift + d)]))
    }
    guard let distance = found else { return block }
    var operations: [Operation] = []
    var x = n
    var y = m
    for d in stride(from: distance, to: 0, by: -1) {
      let previous = trace[d - 1]
      func at(_ k: Int) -> Int { previous[k + d - 1] }
      let k = x - y
      let down = k == -d || (k != d && at(k - 1) < at(k + 1))
      let previousK = down ? k + 1 : k - 1
      let previousX = at(previousK)
      let previousY = previousX - previousK
      while x > previousX, y > previousY {
        operations.append(.same(old: offset + x - 1, new: offset + y - 1))
        x -= 1
        y -= 1
      }
      if down {
        operations.append(.insert(new: offset + y - 1))
      } else {
        operations.append(.delete(old: offset + x - 1))
      }
      x = previousX
      y = previousY
    }
    while x > 0, y > 0 {
      operations.append(.same(old: offset + x - 1, new: offset + y - 1))
      x -= 1
      y -= 1
    }
    return operations.reversed()
  }
}
