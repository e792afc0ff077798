import Plist
import SettingsSchema

enum StringsDuplicateKey: LintRule {
  static let summary = "A key given twice in one .strings table."
  static let rationale = """
    iOS keeps the last of two entries with one key and drops the first without a word. When \
    the two translations differ, the one a translator fixed may be the one that is ignored.
    """
  static let defaultSeverity = Severity.warning
  static let lesserSeverities: [(severity: Severity, when: String)] = [
    (.note, "both entries give the same text")
  ]
  static let failingExamples = [
    StringsExamples.bundle(
      english: "\"Enabled\" = \"Enabled\";\n",
      german: "\"Enabled\" = \"Aktiviert\";\n\"Enabled\" = \"Eingeschaltet\";\n")
  ]
  static let passingExamples = [StringsExamples.translated]

  static func check(_ context: LintContext, _ report: inout RuleReport) {
    for table in context.bundle.strings.values.sorted(by: { $0.file < $1.file }) {
      let entries = table.strings.entries
      // The coverage pass found them, in the same walk over the entries.
      let duplicates = context.coverage.files[table.file]?.duplicateEntries ?? []
      guard !duplicates.isEmpty else { continue }
      var copies: [PlistKey: [Int]] = [:]
      for index in entries.indices {
        copies[PlistKey(entries[index].key), default: []].append(index)
      }
      for index in duplicates {
        let entry = entries[index]
        guard let all = copies[PlistKey(entry.key)], let first = all.first.map({ entries[$0] })
        else { continue }
        let same = first.value.value == entry.value.value
        var earlier = ""
        var firstLine: Int?
        if case .text(let snippet) = context.place(ofEntry: first, in: table) {
          firstLine = snippet.location.line
          earlier = " (first on line \(snippet.location.line))"
        }
        // Removing a later copy changes nothing on the device only when every copy agrees.
        let agree = all.allSatisfy { entries[$0].value.value == first.value.value }
        report.add(
          same
            ? "the key \(MessageText.quoted(entry.key)) is given twice\(earlier) with the same text"
            : "the key \(MessageText.quoted(entry.key)) is given twice\(earlier); iOS uses this last one, \(entry.value.shortDescription)",
          file: table.file, place: context.place(ofEntry: entry, in: table),
          language: LintContext.language(ofTable: table.file), severity: same ? .note : .warning,
          fix: agree ? removal(of: entry, from: table, firstLine: firstLine) : nil)
      }
    }
  }

  /// The fix that removes a later copy of an entry, every comment kept.
  static func removal(of entry: StringsEntry, from table: LoadedStrings, firstLine: Int?) -> Fix? {
    Fix.forText(
      file: table.file, source: table.source,
      summary: "remove the later \(MessageText.quoted(entry.key))"
        + (firstLine.map { ", the same as on line \($0)" } ?? "")
    ) { source in
      guard let start = entry.keyOffset, let end = entry.endOffset else { return nil }
      let syntax: SourceText.CommentSyntax = table.strings.isPropertyList ? .xml : .openStep
      return source.removal(start, end, syntax: syntax).map { [$0] }
    }
  }
}
