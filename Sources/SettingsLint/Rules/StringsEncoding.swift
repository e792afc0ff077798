import Plist
import SettingsSchema

enum StringsEncoding: LintRule {
  static let summary = "A .strings table in an encoding iOS does not read as intended."
  static let rationale = """
    iOS reads tables as UTF-8, or as UTF-16 when they start with a byte order mark. A \
    UTF-16 file without the mark loses its first character or fails to parse; bytes that \
    are not valid UTF-8 make the table unreadable. UTF-16 takes bytes two by two: a file \
    with an odd number of bytes loses its last one (a warning), a sign that it was cut short \
    or joined from files in other encodings.
    """
  static let defaultSeverity = Severity.error
  static let lesserSeverities: [(severity: Severity, when: String)] = [
    (.warning, "iOS still reads the table (a form that works only by chance)")
  ]
  static let failingExamples = [
    RuleExample(
      files: StringsExamples.bundle(english: "\"Enabled\" = \"Enabled\";\n", german: "").files
        .dropLast() + [
          // UTF-16 little-endian without a byte order mark, as some editors save it.
          ExampleFile(
            "de.lproj/Root.strings",
            bytes: "\"Enabled\" = \"Aktiviert\";\n".utf16.flatMap {
              [UInt8($0 & 0xFF), UInt8($0 >> 8)]
            })
        ])
  ]
  static let passingExamples = [StringsExamples.translated]

  static func check(_ context: LintContext, _ report: inout RuleReport) {
    for problem in context.bundle.problems
    where problem.origin == .reader && LintContext.isStringsFile(problem.file)
      && problem.issue.kind == .encoding
    {
      report.add(problem)
    }
  }
}
