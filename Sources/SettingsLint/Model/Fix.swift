import Plist

/// The one safe change that makes a finding go away, attached to it by the
/// rule that found it: which file, which bytes of its text become what.
/// `prefs lint --fix` makes it (see ``LintFixer``); nothing here writes.
///
/// The file is not always the finding's: a page's string that misses its
/// translation by letter case is fixed in the table.
///
/// ```swift
/// for case let fix? in report.diagnostics.map(\.fix) where fix.obstacle == nil {
///   print(fix.file, fix.summary)  // de.lproj/Root.strings insert the missing ';' after "Enabled"
/// }
/// ```
public struct Fix: Sendable, Hashable {
  /// Why a fix that exists is not made.
  public enum Obstacle: Sendable, Hashable {
    /// The file is a binary property list, which prefs never rewrites.
    case binaryPropertyList
  }

  /// The file to change, inside the bundle.
  public var file: String
  /// What the change does, for the list `--fix` prints.
  public var summary: String
  /// The edits to the file's text (and a byte order mark, when one is added).
  public var repair: TextRepair
  /// Set when the fix cannot be made; `repair` is then empty.
  public var obstacle: Obstacle?
  /// A folder of the bundle renamed instead of a text edited (`Croatian.lproj`
  /// → `hr.lproj`); `repair` is then empty, and `--fix` renames the folder
  /// after every text edit is written.
  public var rename: FolderRename?

  /// A top-level folder of the bundle and the name it gets.
  public struct FolderRename: Sendable, Hashable {
    /// The folder's name now (`Croatian.lproj`).
    public var folder: String
    /// Its new name (`hr.lproj`), one path component.
    public var newName: String

    public init(folder: String, newName: String) {
      self.folder = folder
      self.newName = newName
    }
  }

  /// The fix that renames a top-level folder of the bundle (`file` is the folder).
  ///
  /// ```swift
  /// let fix = Fix.renaming(folder: "Croatian.lproj", to: "hr.lproj")
  /// fix.summary  // rename Croatian.lproj to hr.lproj
  /// ```
  public static func renaming(folder: String, to newName: String) -> Fix {
    var fix = Fix(file: folder, summary: "rename \(folder) to \(newName)", repair: TextRepair())
    fix.rename = FolderRename(folder: folder, newName: newName)
    return fix
  }

  public init(file: String, summary: String, repair: TextRepair) {
    self.file = file
    self.summary = summary
    self.repair = repair
    self.obstacle = nil
  }

  /// A fix that exists but is not made, and why.
  public static func notApplicable(file: String, summary: String, _ obstacle: Obstacle) -> Fix {
    var fix = Fix(file: file, summary: summary, repair: TextRepair())
    fix.obstacle = obstacle
    return fix
  }

  /// The fix for the file's text, or, for a binary property list, the same
  /// fix marked as not applicable: `edits` is only asked for text.
  static func forText(
    file: String, source: SourceText?, summary: String, edits: (SourceText) -> [TextEdit]?
  ) -> Fix? {
    guard let source else {
      return .notApplicable(file: file, summary: summary, .binaryPropertyList)
    }
    return edits(source).map { Fix(file: file, summary: summary, repair: TextRepair(edits: $0)) }
  }
}

extension SourceText {
  /// The edit that removes an entry from `start` to `end` (its key to its
  /// `;` or closing tag) and keeps every comment inside it, where the entry
  /// stood; nil when one of them is a `prefs:disable` directive, which there
  /// would stand before another element and hide its findings.
  ///
  /// Without comments the whole lines go, when nothing else is on them, so
  /// that no blank line is left behind; else the blanks after the entry, so
  /// that `a = 1; a = 1; }` becomes `a = 1; }`.
  func removal(_ start: Int, _ end: Int, syntax: CommentSyntax) -> TextEdit? {
    let comments = self.comments(in: start..<end, syntax: syntax)
    guard !comments.isEmpty else {
      return TextEdit(replacing: wholeLines(start, end), in: self, with: "")
    }
    let texts = comments.map { String(decoding: utf8[$0], as: UTF8.self) }
    let directive = InlineDisables.prefix + InlineDisables.Command.disable.rawValue
    let fileWide = InlineDisables.prefix + InlineDisables.Command.disableFile.rawValue
    for text in texts {
      let body = text.drop { "/*<!-".contains($0) }.drop(while: \.isWhitespace)
      if body.hasPrefix(directive), !body.hasPrefix(fileWide) { return nil }
    }
    // A `//` comment ends at its line break, which goes with it, lest it swallow what follows.
    var replacement = ""
    for (range, text) in zip(comments, texts) {
      if !replacement.isEmpty, !replacement.hasSuffix("\n"), !replacement.hasSuffix("\r") {
        replacement += " "
      }
      replacement += text
      guard text.hasPrefix("//") else { continue }
      var lineBreak = range.upperBound
      if lineBreak < utf8.count, utf8[lineBreak] == 0x0D { lineBreak += 1 }
      if lineBreak < utf8.count, utf8[lineBreak] == 0x0A { lineBreak += 1 }
      let written = String(decoding: utf8[range.upperBound..<lineBreak], as: UTF8.self)
      replacement += written.isEmpty ? "\n" : written
    }
    let upper = max(end, comments.last?.upperBound ?? end)
    return TextEdit(replacing: start..<upper, in: self, with: replacement)
  }

  /// The range of an element or entry from `start` to `end`, widened to its
  /// whole lines when nothing else is on them, so that removing it leaves no
  /// blank line behind; else to the blanks after it, when more follows on its line.
  func wholeLines(_ start: Int, _ end: Int) -> Range<Int> {
    var lower = start
    while lower > 0, utf8[lower - 1] == 0x20 || utf8[lower - 1] == 0x09 { lower -= 1 }
    var upper = end
    while upper < utf8.count, utf8[upper] == 0x20 || utf8[upper] == 0x09 { upper += 1 }
    let startsLine = lower == 0 || utf8[lower - 1] == 0x0A || utf8[lower - 1] == 0x0D
    let endsLine = upper == utf8.count || utf8[upper] == 0x0A || utf8[upper] == 0x0D
    guard startsLine, endsLine else { return start..<(endsLine ? end : upper) }
    if upper < utf8.count, utf8[upper] == 0x0D { upper += 1 }
    if upper < utf8.count, utf8[upper] == 0x0A { upper += 1 }
    return lower..<upper
  }
}
