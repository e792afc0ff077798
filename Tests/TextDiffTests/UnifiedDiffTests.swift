import PropertyBased
import TestSupport
import Testing
import TextDiff

/// The hunks of a diff turn the old text into the new one, and the rendering
/// says so in the form `patch` reads.
struct UnifiedDiffTests {
  /// Few distinct lines, so that texts share many of them and the edit script
  /// has choices to make; non-ASCII and empty lines among them.
  static let line = Gen<String?>.element(of: ["a", "b", "c", "", "é ü", "\t<key>", "終"])
    .map { $0 ?? "" }
  static func lineBreak(_ breaks: [UnifiedDiff.LineBreak]) -> Generator<
    UnifiedDiff.LineBreak, some SendableSequenceType
  > {
    Gen<UnifiedDiff.LineBreak?>.element(of: breaks).map { $0 ?? .lineFeed }
  }
  static var anyBreak: Generator<UnifiedDiff.LineBreak, some SendableSequenceType> {
    lineBreak([.lineFeed, .lineFeed, .carriageReturnLineFeed, .carriageReturn])
  }

  /// A text of those lines, each with its break; the last one may have none.
  static func text<Shrinks>(breaks: Generator<UnifiedDiff.LineBreak, Shrinks>) -> Generator<
    String, some SendableSequenceType
  > {
    zip(zip(line, breaks).array(of: 0...14), Gen.bool).map { lines, endsOpen in
      var text = lines.map { UnifiedDiff.Line(text: Substring($0), lineBreak: $1).written }
        .joined()
      if endsOpen, let last = lines.last?.0 { text += last }
      return text
    }
  }

  /// The old text's lines, with each hunk's deletions taken out and insertions put in.
  static func apply(_ diff: UnifiedDiff, to old: String) -> [UnifiedDiff.Line]? {
    let before = UnifiedDiff.lines(old)
    var result: [UnifiedDiff.Line] = []
    var next = 0
    for hunk in diff.hunks {
      guard hunk.oldLines.lowerBound >= next, hunk.oldLines.upperBound <= before.count,
        hunk.newLines.lowerBound == result.count + hunk.oldLines.lowerBound - next
      else { return nil }
      result += before[next..<hunk.oldLines.lowerBound]
      next = hunk.oldLines.lowerBound
      for line in hunk.lines {
        switch line {
        case .context(let kept):
          guard next < before.count, before[next] == kept else { return nil }
          result.append(kept)
          next += 1
        case .deleted(let removed):
          guard next < before.count, before[next] == removed else { return nil }
          next += 1
        case .inserted(let added):
          result.append(added)
        }
      }
      guard next == hunk.oldLines.upperBound, result.count == hunk.newLines.upperBound else {
        return nil
      }
    }
    return result + before[next...]
  }

  @Test func applyingTheHunksToTheOldTextGivesTheNewText() async {
    await propertyCheck(
      count: 500, input: Self.text(breaks: Self.anyBreak), Self.text(breaks: Self.anyBreak),
      Gen.int(in: 0...4), Gen.int(in: 0...6)
    ) { old, new, context, searched in
      // A search stopped early (0…5 differences) must still give a correct diff.
      let limit = searched == 6 ? 2000 : searched
      let diff = UnifiedDiff(old: old, new: new, context: context, differenceLimit: limit)
      #expect(Self.apply(diff, to: old) == UnifiedDiff.lines(new), "\(diff.hunks)")
      #expect(diff.isEmpty == (old == new))
      for hunk in diff.hunks {
        let changes = hunk.lines.filter { if case .context = $0 { false } else { true } }
        #expect(!changes.isEmpty)
        #expect(hunk.oldLines.count == hunk.lines.count - hunk.lines.filter(\.isInserted).count)
        #expect(hunk.newLines.count == hunk.lines.count - hunk.lines.filter(\.isDeleted).count)
      }
    }
  }

  /// The shortest edit script: no diff of these texts deletes and inserts the same line
  /// where keeping it would do (a full search, within the limit).
  @Test func theScriptIsMinimalForSmallTexts() async {
    await propertyCheck(
      count: 300, input: Self.line.array(of: 0...7), Self.line.array(of: 0...7)
    ) { old, new in
      let diff = UnifiedDiff(
        old: old.map { $0 + "\n" }.joined(), new: new.map { $0 + "\n" }.joined(), context: 0)
      let changed = diff.hunks.flatMap(\.lines).count
      let common = Self.longestCommonSubsequence(old, new)
      #expect(changed == old.count + new.count - 2 * common)
    }
  }

  static func longestCommonSubsequence(_ a: [String], _ b: [String]) -> Int {
    var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in a.indices.reversed() {
      for j in b.indices.reversed() {
        table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
      }
    }
    return table[0][0]
  }

  /// Applies a rendered diff as `patch` does: the header's line numbers and
  /// counts, each marked line, and `\ No newline at end of file`.
  static func patch(_ old: String, with rendered: String) -> String? {
    var result: [String] = []
    let before = UnifiedDiff.lines(old).map(\.written)
    // Split as patch does, at line feeds only (a CR before one stays in the line).
    var lines = UnifiedDiff.lines(rendered)
    guard lines.count >= 2, lines[0].text.hasPrefix("--- a/"), lines[1].text.hasPrefix("+++ b/")
    else { return nil }
    lines.removeFirst(2)
    var next = 0
    var index = 0
    while index < lines.count {
      let header = lines[index].text.split(separator: " ")
      guard header.count == 4, header[0] == "@@", header[3] == "@@",
        let oldRange = range(header[1].dropFirst()), let newRange = range(header[2].dropFirst())
      else { return nil }
      guard oldRange.start >= next, newRange.start == result.count + oldRange.start - next else {
        return nil
      }
      result += before[next..<oldRange.start]
      next = oldRange.start
      index += 1
      var taken = 0
      var added = 0
      while index < lines.count, !lines[index].text.hasPrefix("@@") {
        let marker = lines[index].text.unicodeScalars.first
        var body = String(String.UnicodeScalarView(lines[index].written.unicodeScalars.dropFirst()))
        if index + 1 < lines.count, lines[index + 1].text == "\\ No newline at end of file" {
          guard body.hasSuffix("\n") else { return nil }
          body.removeLast()
          index += 1
        }
        switch marker {
        case " ", "-":
          guard next < before.count, before[next] == body else { return nil }
          if marker == " " { result.append(body) }
          next += 1
          taken += 1
          added += marker == " " ? 1 : 0
        case "+":
          result.append(body)
          added += 1
        default: return nil
        }
        index += 1
      }
      guard taken == oldRange.count, added == newRange.count else { return nil }
    }
    return (result + before[next...]).joined()
  }

  /// `3,2` (from line 3, 2 lines), `3` (one line) or `2,0` (none, after line 2), from 0.
  static func range(_ text: Substring) -> (start: Int, count: Int)? {
    let parts = text.split(separator: ",").compactMap { Int($0) }
    switch parts.count {
    case 1: return (parts[0] - 1, 1)
    case 2: return (parts[1] == 0 ? parts[0] : parts[0] - 1, parts[1])
    default: return nil
    }
  }

  /// What `patch` could apply: line feeds, CRLF kept inside the line, and a
  /// last line without a break (a lone CR is shown escaped, so it is left out).
  @Test func patchingTheOldTextWithTheRenderingGivesTheNewText() async {
    let breaks = Self.lineBreak([.lineFeed, .carriageReturnLineFeed])
    await propertyCheck(
      count: 500, input: Self.text(breaks: breaks), Self.text(breaks: breaks), Gen.int(in: 0...4)
    ) { old, new, context in
      let rendered = UnifiedDiff.render(
        old: old, new: new, path: "Root.strings", context: context, escaping: Self.control)
      #expect(rendered.isEmpty == (old == new))
      if !rendered.isEmpty {
        #expect(Self.patch(old, with: rendered) == new, "\(rendered)")
      }
    }
  }

  @Test func theDocumentedExample() {
    #expect(
      UnifiedDiff.render(old: "a\nb\n", new: "a\nc\n", path: "Root.strings", escaping: Self.control)
        == """
        --- a/Root.strings
        +++ b/Root.strings
        @@ -1,2 +1,2 @@
         a
        -b
        +c

        """)
    #expect(UnifiedDiff(old: "a\nb\n", new: "a\nc\n").hunks.map(\.oldLines) == [0..<2])
    #expect(
      UnifiedDiff.render(old: "same\n", new: "same\n", path: "x", escaping: Self.control) == "")
  }

  /// Changes more than twice the context apart get hunks of their own; closer,
  /// they share one (as GNU diff -u groups them).
  @Test(arguments: [(5, 1), (6, 1), (7, 2)])
  func changesApartHaveHunksOfTheirOwn(gap: Int, hunks: Int) {
    let lines = (0..<(gap + 2)).map { "line \($0)\n" }
    var changed = lines
    changed[0] = "first\n"
    changed[gap + 1] = "last\n"
    let diff = UnifiedDiff(old: lines.joined(), new: changed.joined())
    #expect(diff.hunks.count == hunks, "\(diff.hunks)")
  }

  /// What a terminal would act on, in this test C0, C1 and one bidi override
  /// (the CLI passes Plist's `needsEscapingForTerminal`).
  static let control: @Sendable (Unicode.Scalar) -> Bool = {
    $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}"
  }

  /// Nothing in a file reaches the terminal raw: control characters, bidi
  /// overrides, a byte order mark and a lone carriage return are shown
  /// escaped; a tab and CRLF stay as written (`patch` needs them), and the
  /// path's tab is escaped.
  @Test func linesAreShownWithoutWhatWouldDriveATerminal() {
    let rendered = UnifiedDiff.render(
      old: "\u{FEFF}a\u{1B}[31m\tb\r\nold\rend", new: "\u{FEFF}a\u{1B}[31m\tb\r\nnew\u{202E}\n",
      path: "en.lproj/\u{1B}]0;x\t.strings", escaping: Self.control)
    #expect(
      rendered == """
        --- a/en.lproj/\\u{1B}]0;x\\t.strings
        +++ b/en.lproj/\\u{1B}]0;x\\t.strings
        @@ -1,3 +1,2 @@
         \\u{FEFF}a\\u{1B}[31m\tb\r
        -old\\r
        -end
        \\ No newline at end of file
        +new\\u{202E}

        """)
  }
}

extension UnifiedDiff.HunkLine {
  fileprivate var isInserted: Bool { if case .inserted = self { true } else { false } }
  fileprivate var isDeleted: Bool { if case .deleted = self { true } else { false } }
}

/// A failing golden shows what differs as a unified diff, bounded in length.
struct GoldenDiffTests {
  @Test func aFailingGoldenShowsAUnifiedDiff() {
    // A golden of prefs diff, its last line changed here.
    let golden = "diff/footer-changed.text"
    withKnownIssue {
      expectGolden("2 changes: 0 breaking, 0 behaviour, 3 cosmetic\n", golden)
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains("--- a/\(golden)\n+++ b/\(golden)\n@@ -1,10 +1 @@\n-Tests/")
        && text.hasSuffix("\n+2 changes: 0 breaking, 0 behaviour, 3 cosmetic")
    }
  }

  @Test func aLongDiffIsCutAfterItsLimit() {
    let long = (0..<500).map { "line \($0)\n" }.joined()
    withKnownIssue {
      expectGolden(long, "diff/footer-changed.text")
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.split(separator: "\n").count <= goldenDiffLineLimit + 2
        && text.hasSuffix("more lines of diff")
    }
  }
}
