import Plist
import SettingsSchema

enum UnsupportedStringsFormat: LintRule {
  static let summary = "A .stringsdict or .xcstrings file inside the Settings bundle."
  static let rationale = """
    Settings.app reads only .strings tables. Plural rules in a .stringsdict and String \
    Catalogs (.xcstrings) are ignored there; Xcode compiles catalogs for the app, not for \
    the Settings bundle. Export the catalog's strings to .lproj/<Table>.strings instead \
    (prefs strings import can read a catalog).
    """
  static let defaultSeverity = Severity.warning
  static let failingExamples = [
    RuleExample.root(
      StringsExamples.toggle,
      files: [
        ("en.lproj/Root.strings", "\"Enabled\" = \"Enabled\";\n"),
        ("Root.xcstrings", #"{"sourceLanguage": "en", "strings": {}, "version": "1.0"}"#),
      ])
  ]
  static let passingExamples = [StringsExamples.translated]

  static func check(_ context: LintContext, _ report: inout RuleReport) {
    for file in context.bundle.files
    where file.hasSuffix(".stringsdict") || file.hasSuffix(".xcstrings") {
      let kind = file.hasSuffix(".xcstrings") ? "a String Catalog" : "a plural table"
      report.add(
        "Settings.app reads only .strings tables; this file is \(kind) and is ignored", file: file,
        language: LintContext.language(ofTable: file))
    }
  }
}
