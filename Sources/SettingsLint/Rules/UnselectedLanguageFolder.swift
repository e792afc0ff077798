import Localization
import Plist
import SettingsSchema

enum UnselectedLanguageFolder: LintRule {
  static let summary = "A .lproj folder that no device selects, whatever its languages."
  static let rationale = """
    iOS hands the bundle's folder names to Apple ICU's matching, which reads language \
    tags (de, pt-BR, zh-Hans) and a few old English names (English, German, French, \
    Italian, Dutch, Spanish, Japanese and others in Apple's alias table). CFBundle's \
    longer list of old names (Croatian, Greek, Slovak, Hebrew, ...) is read by nothing, \
    and a retired region code (en_UK; the region is GB) matches no device; a folder \
    beside another of the same language (German beside de, pt_BR beside pt-BR) loses to \
    it. Such a folder's translations are shown to nobody: its users see another \
    language. The finding names the tag iOS would select the folder under, and --fix \
    renames the folder to it when no folder has that name.
    """
  static let defaultSeverity = Severity.warning
  static let failingExamples = [
    StringsExamples.bundle(
      english: "\"Enabled\" = \"Enabled\";\n", german: "\"Enabled\" = \"Aktiviert\";\n",
      extra: [("Croatian.lproj/Root.strings", "\"Enabled\" = \"Omogućeno\";\n")])
  ]
  static let passingExamples = [
    StringsExamples.bundle(
      english: "\"Enabled\" = \"Enabled\";\n", german: "\"Enabled\" = \"Aktiviert\";\n",
      extra: [("hr.lproj/Root.strings", "\"Enabled\" = \"Omogućeno\";\n")])
  ]

  static func check(_ context: LintContext, _ report: inout RuleReport) {
    let folders = context.bundle.languages
    for unselected in LanguageFolder.unselected(in: folders) {
      let folder = unselected.folder
      let file = folder + ".lproj"
      let shownInstead = unselected.servedBy.map { "\($0).lproj" } ?? "the strings as written"
      guard let meant = unselected.intendedTag else {
        report.add(
          "no device selects \(file): \(MessageText.quoted(folder)) names no language iOS reads; name the folder by a language tag (de, pt-BR, zh-Hans)",
          file: file)
        continue
      }
      let newName = meant + ".lproj"
      // The folder meant for the tag is there already: the two are one language.
      if let rival = unselected.servedBy, LanguageFolder.folder(for: meant, in: [rival]) == rival {
        report.add(
          "no device selects \(file): \(rival).lproj serves \(meant) and is used instead; move what \(file) translates into \(rival).lproj and remove \(file)",
          file: file)
        continue
      }
      let why =
        LanguageFolder.tag(of: folder) == nil
        ? "iOS does not read \(MessageText.quoted(folder)) as a language name"
        : "iOS matches no device to \(MessageText.quoted(folder)) (the language is \(meant))"
      let taken = folders.contains { $0.lowercased() == meant.lowercased() }
      report.add(
        "no device selects \(file): \(why), so \(meant) users see \(shownInstead); rename it \(newName)",
        file: file, fix: taken ? nil : Fix.renaming(folder: file, to: newName))
    }
  }
}
