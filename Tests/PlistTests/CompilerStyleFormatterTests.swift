import Plist
import TestSupport
import Testing

struct CompilerStyleFormatterTests {
  @Test func rendersTheLineAndACaret() throws {
    let text = "\"a\" = \"b\";\n\"タイトル\" = \"c\"\n"
    let error = try #require(throws: ReadIssue.self) { try StringsReader.read(Array(text.utf8)) }
    let rendered = CompilerStyleFormatter.format(
      file: "ja.lproj/Root.strings", severity: error.severity, message: error.message,
      place: error.place,
      ruleID: "strings-syntax")
    expectGolden(rendered, "diagnostics/missing-semicolon-wide.txt")
  }

  @Test func escapesControlCharactersFromTheFile() {
    let snippet = SourceSnippet(
      location: TextLocation(line: 1, column: 3), lineText: "a\u{1B}[31mb")
    let rendered = CompilerStyleFormatter.format(
      file: "bad\u{7}.plist", severity: .error, message: "oops\u{1B}]0;title\u{7}",
      place: .text(snippet))
    #expect(!rendered.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    expectGolden(rendered, "diagnostics/control-characters.txt")
  }

  @Test func namesAKeyPathWhereThereAreNoLines() {
    let rendered = CompilerStyleFormatter.format(
      file: "Root.plist", severity: .warning, message: "m",
      place: .keyPath("PreferenceSpecifiers[3].DefaultValue"))
    #expect(rendered == "Root.plist: PreferenceSpecifiers[3].DefaultValue: warning: m")
  }
}

extension CompilerStyleFormatterTests {
  @Test func aLongLineIsCutAroundTheCaret() {
    let line = String(repeating: "<array>", count: 300)
    let snippet = SourceSnippet(location: TextLocation(line: 1, column: 1401), lineText: line)
    let rendered = CompilerStyleFormatter.format(
      file: "Root.plist", severity: .error, message: "deep", place: .text(snippet))
    let lines = rendered.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 3)
    #expect(lines[1].count <= 160)
    let caret = lines[2].count - 1
    #expect(Array(lines[1])[caret] == Array(line)[1400])
  }
}
