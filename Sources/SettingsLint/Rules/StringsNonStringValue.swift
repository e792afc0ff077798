import Plist
import SettingsSchema

enum StringsNonStringValue: LintRule {
  static let summary =
    "A .strings entry whose value is an array, a dictionary or data, not a string."
  static let rationale = """
    The old-style syntax lets a table hold ("a", "b") or <0fbd>, and CoreFoundation reads \
    them, but a label can only show a string: iOS shows the key as written instead.
    """
  static let defaultSeverity = Severity.error
  static let failingExamples = [
    StringsExamples.bundle(
      english: "\"Enabled\" = \"Enabled\";\n", german: "\"Enabled\" = (\"Aktiviert\");\n")
  ]
  static let passingExamples = [StringsExamples.translated]

  static func check(_ context: LintContext, _ report: inout RuleReport) {
    for table in context.bundle.strings.values.sorted(by: { $0.file < $1.file }) {
      for entry in table.strings.entries where entry.value.string == nil {
        report.add(
          "the value of \(MessageText.quoted(entry.key)) is \(ValueType.describe(entry.value)), not a string; iOS shows the key instead",
          file: table.file, place: context.place(ofEntry: entry, in: table),
          language: LintContext.language(ofTable: table.file))
      }
    }
  }
}
