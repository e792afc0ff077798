/// The line differences between two versions of a text, in hunks as `diff -u`
/// and `git diff` group them, and their rendering as a unified diff:
/// `--- a/…` and `+++ b/…`, then hunks of changed lines with three lines of
/// context. Lines are shown with every character the caller's `escaping`
/// names (the terminal's control characters, say) but the tab escaped, and a
/// byte order mark as `\u{FEFF}`, so that what a fix adds can be seen and
/// nothing in a file drives the terminal. (Which characters those are is the
/// caller's to say: this module depends on nothing.)
///
/// Lines end where `diff` and `patch` end them, at a line feed; a carriage
/// return before it stays part of the line break, as written (a CR right
/// before LF moves the cursor nowhere LF does not), so that `patch` applies
/// the diff to a CRLF file. A carriage return alone (old Mac line breaks)
/// also ends a line, shown as `\r` at its end: the file is then readable
/// line by line, though `patch` cannot apply such a diff.
///
/// ```swift
/// UnifiedDiff.render(
///   old: "a\nb\n", new: "a\nc\n", path: "Root.strings", escaping: \.needsEscapingForTerminal)
/// // --- a/Root.strings
/// // +++ b/Root.strings
/// // @@ -1,2 +1,2 @@
/// //  a
/// // -b
/// // +c
///
/// let diff = UnifiedDiff(old: "a\nb\n", new: "a\nc\n")
/// diff.hunks[0].oldLines  // 0..<2
/// ```
public struct UnifiedDiff: Sendable, Equatable {
  /// A line and the line break that ends it (the last line of a text may have none).
  public struct Line: Hashable, Sendable {
    public var text: Substring
    public var lineBreak: LineBreak

    public init(text: Substring, lineBreak: LineBreak) {
      self.text = text
      self.lineBreak = lineBreak
    }

    /// The line as it was written, its line break included.
    public var written: String {
      switch lineBreak {
      case .lineFeed: String(text) + "\n"
      case .carriageReturnLineFeed: String(text) + "\r\n"
      case .carriageReturn: String(text) + "\r"
      case .none: String(text)
      }
    }
  }

  /// How a line ends.
  public enum LineBreak: Hashable, Sendable {
    case lineFeed, carriageReturnLineFeed, carriageReturn, none
  }

  /// One line of a hunk: kept, taken out of the old text, or put into the new one.
  public enum HunkLine: Hashable, Sendable {
    case context(Line)
    case deleted(Line)
    case inserted(Line)
  }

  /// Changed lines with the unchanged lines around them.
  public struct Hunk: Hashable, Sendable {
    /// The old text's lines the hunk covers (indices from 0, as `UnifiedDiff.lines` counts).
    public var oldLines: Range<Int>
    /// The new text's lines the hunk covers.
    public var newLines: Range<Int>
    public var lines: [HunkLine]

    /// `@@ -1,2 +1,2 @@`: lines counted from 1; an empty range names the line before it.
    public var header: String {
      func range(_ lines: Range<Int>) -> String {
        let first = lines.isEmpty ? lines.lowerBound : lines.lowerBound + 1
        return lines.count == 1 ? "\(first)" : "\(first),\(lines.count)"
      }
      return "@@ -\(range(oldLines)) +\(range(newLines)) @@"
    }
  }

  /// The hunks, in order; none when the texts have the same lines.
  public let hunks: [Hunk]

  /// Whether the texts are the same.
  public var isEmpty: Bool { hunks.isEmpty }

  /// Compares `old` with `new` line by line.
  ///
  /// - Parameters:
  ///   - context: the unchanged lines shown before and after each change; changes closer
  ///     than twice that share a hunk.
  ///   - differenceLimit: how many differences the shortest edit script is searched for;
  ///     past it, the lines between the common start and end are one block of deletions
  ///     and insertions (a longer diff, still a correct one), so that two unrelated large
  ///     texts cost no more than `limit` × their length.
  public init(old: String, new: String, context: Int = 3, differenceLimit: Int = 2000) {
    let before = Self.lines(old)
    let after = Self.lines(new)
    let operations = Self.script(before, after, limit: max(0, differenceLimit))
    hunks = Self.hunks(operations, before, after, context: max(0, context))
  }

  /// The diff, or "" when the texts are the same. `path` names the file in the
  /// `---`/`+++` lines; the characters `escaping` names are shown as escapes
  /// there (`\t`, `\n`, `\r`, `\u{1B}`) and in the lines (but the tab, kept).
  public func rendered(path: String, escaping: (Unicode.Scalar) -> Bool) -> String {
    guard !hunks.isEmpty else { return "" }
    var shownPath = ""
    for scalar in path.unicodeScalars {
      if escaping(scalar) {
        shownPath += Self.escape(scalar)
      } else {
        shownPath.unicodeScalars.append(scalar)
      }
    }
    var output = "--- a/\(shownPath)\n+++ b/\(shownPath)\n"
    for hunk in hunks {
      output += hunk.header + "\n"
      for line in hunk.lines {
        switch line {
        case .context(let line): output += Self.shown(" ", line, escaping)
        case .deleted(let line): output += Self.shown("-", line, escaping)
        case .inserted(let line): output += Self.shown("+", line, escaping)
        }
      }
    }
    return output
  }

  /// The unified diff of two texts, or "" when they are the same.
  public static func render(
    old: String, new: String, path: String, context: Int = 3,
    escaping: (Unicode.Scalar) -> Bool
  ) -> String {
    UnifiedDiff(old: old, new: new, context: context).rendered(path: path, escaping: escaping)
  }

  /// The lines of a text, split on its scalars: Swift's `Character` takes
  /// CRLF as one, which `split(separator: "\n")` would never find.
  ///
  /// ```swift
  /// UnifiedDiff.lines("a\r\nb").map(\.text)  // ["a", "b"]
  /// ```
  public static func lines(_ text: String) -> [Line] {
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

  private enum Operation: Equatable {
    case same(old: Int, new: Int)
    case delete(old: Int)
    case insert(new: Int)

    var isChange: Bool {
      if case .same = self { return false }
      return true
    }
  }

  private static func hunks(
    _ operations: [Operation], _ before: [Line], _ after: [Line], context: Int
  ) -> [Hunk] {
    var result: [Hunk] = []
    // Lines of each side before the operation at `position`.
    var oldLine = 0
    var newLine = 0
    var position = 0
    func advance(to end: Int) {
      while position < end {
        switch operations[position] {
        case .same:
          oldLine += 1
          newLine += 1
        case .delete: oldLine += 1
        case .insert: newLine += 1
        }
        position += 1
      }
    }
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
      advance(to: start)
      let firstOld = oldLine
      let firstNew = newLine
      let lines = operations[start..<end].map { operation -> HunkLine in
        switch operation {
        case .same(let old, _): .context(before[old])
        case .delete(let old): .deleted(before[old])
        case .insert(let new): .inserted(after[new])
        }
      }
      advance(to: end)
      result.append(Hunk(oldLines: firstOld..<oldLine, newLines: firstNew..<newLine, lines: lines))
      index = end
    }
    return result
  }

  /// A character as an escape a reader can see: `\t`, `\n`, `\r`, or its code point.
  private static func escape(_ scalar: Unicode.Scalar) -> String {
    switch scalar {
    case "\n": "\\n"
    case "\r": "\\r"
    case "\t": "\\t"
    default: "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }
  }

  private static func shown(
    _ marker: String, _ line: Line, _ escaping: (Unicode.Scalar) -> Bool
  ) -> String {
    var text = marker
    for scalar in line.text.unicodeScalars {
      if scalar == "\t" {
        text += "\t"
      } else if scalar == "\u{FEFF}" {
        text += "\\u{FEFF}"
      } else if escaping(scalar) {
        text += escape(scalar)
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
  private static func script(_ a: [Line], _ b: [Line], limit: Int) -> [Operation] {
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
