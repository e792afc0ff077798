import Plist
import SettingsSchema

enum PlistSyntax: LintRule {
  static let summary =
    "A page plist that does not parse, or that iOS reads differently than written."
  static let rationale = """
    Settings.app reads each page with CoreFoundation. A page that does not parse is not \
    shown at all; parts that CoreFoundation reads in its own way (a <key> used as a value, \
    a UTF-16 file without a byte order mark, a key given twice in one dictionary, of which \
    only the last counts) show something other than what was meant. prefs never expands \
    XML entities or follows a DTD, so such files are refused too.
    """
  static let defaultSeverity = Severity.error
  static let lesserSeverities: [(severity: Severity, when: String)] = [
    (.warning, "iOS still reads the file, though not as its author likely meant")
  ]
  static let failingExamples = [
    RuleExample(files: [
      (
        "Root.plist",
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
          <key>PreferenceSpecifiers</key>
          <array>
            <dict>
              <key>Type</key>
              <string>PSGroupSpecifier</string>
          </array>
        </dict>
        </plist>
        """
      )
    ])
  ]
  static let passingExamples = [
    RuleExample.root(
      """
      <dict>
        <key>Type</key>
        <string>PSGroupSpecifier</string>
      </dict>
      """, table: nil)
  ]

  static func check(_ context: LintContext, _ report: inout RuleReport) {
    for problem in context.bundle.problems
    where problem.origin == .reader && !LintContext.isStringsFile(problem.file) {
      report.add(problem)
    }
    for page in context.bundle.pages {
      guard let document = page.document else { continue }
      reportDuplicateKeys(in: document.root, keyPath: "", file: page.file, document, &report)
    }
  }

  /// A key given twice in one dictionary: CoreFoundation keeps the last.
  /// When every copy holds the same value, removing the later ones changes
  /// nothing on the device: that is the fix.
  static func reportDuplicateKeys(
    in node: PlistNode, keyPath: String, file: String, _ document: PlistDocument,
    _ report: inout RuleReport
  ) {
    switch node.content {
    case .array(let items):
      for (index, item) in items.enumerated() {
        reportDuplicateKeys(
          in: item, keyPath: keyPath + "[\(index)]", file: file, document, &report)
      }
    case .dictionary(let entries):
      var copies: [PlistKey: [Int]] = [:]
      for (index, entry) in entries.enumerated() {
        copies[PlistKey(entry.key), default: []].append(index)
        let path = keyPath.isEmpty ? entry.key : keyPath + "." + entry.key
        reportDuplicateKeys(in: entry.value, keyPath: path, file: file, document, &report)
      }
      for indices in copies.values where indices.count > 1 {
        let values = indices.map { entries[$0].value.value }
        let agree = values.allSatisfy { $0 == values[0] }
        let last = entries[indices[indices.count - 1]].value
        let firstLine = document.place(offset: entries[indices[0]].keyOffset, keyPath: "")
          .lineNumber
        let earlier = firstLine.map { " (first on line \($0))" } ?? ""
        for index in indices.dropFirst() {
          let entry = entries[index]
          let path = keyPath.isEmpty ? entry.key : keyPath + "." + entry.key
          let key = "\(MessageText.quoted(entry.key))"
          var fix: Fix?
          if agree {
            fix = Fix.forText(
              file: file, source: document.source,
              summary: "remove the later \(key)"
                + (firstLine.map { ", the same as on line \($0)" } ?? "")
            ) { source in
              guard let start = entry.keyOffset,
                let end = entry.endOffset ?? entry.value.endOffset
              else { return nil }
              let syntax: SourceText.CommentSyntax = document.format == .xml ? .xml : .openStep
              return source.removal(start, end, syntax: syntax).map { [$0] }
            }
          }
          report.add(
            agree
              ? "the key \(key) is given twice in this dictionary\(earlier) with the same value"
              : "the key \(key) is given twice in this dictionary\(earlier); iOS uses the last one, \(last.shortDescription)",
            file: file, place: document.place(offset: entry.keyOffset, keyPath: path),
            keyPath: path, severity: agree ? .note : .warning, fix: fix)
        }
      }
    default:
      break
    }
  }
}

extension IssuePlace {
  /// The line, for places in text.
  var lineNumber: Int? {
    if case .text(let snippet) = self { return snippet.location.line }
    return nil
  }
}
