import Localization
import Plist
import SettingsSchema

enum MisspelledLanguageFolder: LintRule {
  static let summary = "A folder named like a language folder whose .lproj is misspelled."
  static let rationale = """
    iOS finds a language's tables in folders whose names end in .lproj, spelled exactly \
    so (CFBundle compares the ending with its letter case, and iOS's file system \
    keeps case). A folder named en.lprog, de.Iproj (a capital I for the l) or \
    fr.Lproj is not a language folder: its tables are never read and the language \
    shows as written. Only a folder whose name before the dot is a language (a tag or an \
    old name such as English) and whose ending is one or two letters away from lproj \
    is reported; other folders in a bundle are legal. --fix renames it when no folder \
    has the right name.
    """
  static let defaultSeverity = Severity.warning
  static let failingExamples = [
    StringsExamples.bundle(
      english: "\"Enabled\" = \"Enabled\";\n", german: "\"Enabled\" = \"Aktiviert\";\n",
      extra: [("fr.lprog/Root.strings", "\"Enabled\" = \"Activé\";\n")])
  ]
  static let passingExamples = [
    StringsExamples.bundle(
      english: "\"Enabled\" = \"Enabled\";\n", german: "\"Enabled\" = \"Aktiviert\";\n",
      extra: [("fr.lproj/Root.strings", "\"Enabled\" = \"Activé\";\n")])
  ]

  static let ending = "lproj"

  static func check(_ context: LintContext, _ report: inout RuleReport) {
    var folders = Set<String>()
    for file in context.bundle.files {
      let first = file.prefix { $0 != "/" }
      if first.count < file.count { folders.insert(String(first)) }
    }
    for folder in folders.sorted() {
      guard let dot = folder.lastIndex(of: "."), dot != folder.startIndex else { continue }
      let stem = String(folder[..<dot])
      let suffix = String(folder[folder.index(after: dot)...])
      guard suffix != ending, isMisspelling(suffix), names(language: stem) else { continue }
      let newName = "\(stem).\(ending)"
      let taken = folders.contains(newName)
      report.add(
        "\(folder) is not a language folder: iOS reads only folders ending in .lproj, so its tables are never shown; rename it \(newName)",
        file: folder, fix: taken ? nil : Fix.renaming(folder: folder, to: newName))
    }
  }

  /// Whether `suffix` is one or two edits from `lproj`, letter case counting
  /// as an edit but `I` for `l` as none (they look alike).
  static func isMisspelling(_ suffix: String) -> Bool {
    guard (3...7).contains(suffix.count), suffix.allSatisfy({ $0.isASCII && $0.isLetter }) else {
      return false
    }
    let seen = suffix.lowercased().replacingOccurrences(of: "i", with: "l")
    if seen == ending { return true }
    return Suggestion.editDistance(suffix.lowercased(), ending) <= 2
  }

  /// Whether a folder's name before the dot is a language: a tag, an old
  /// name, or `Base`.
  static func names(language stem: String) -> Bool {
    stem == "Base" || LanguageTag(folderName: stem) != nil
      || LanguageFolder.intendedTag(of: stem) != nil
  }
}
