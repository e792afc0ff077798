import Plist
import PrefsKit
import SettingsSchema

/// `prefs dump`'s text: a loaded bundle in the tool's own words (its JSON is
/// PrefsKit's ``BundleDump``).
struct DumpRenderer {
  let bundle: SettingsBundle
  /// The bundle's path as the user gave it.
  let shownPath: String
  let words: ToolStrings

  /// A readable listing; every string from the bundle is escaped.
  func text() -> String {
    var lines: [String] = []
    let none = words["dump.none"]
    lines.append("Bundle: " + shownPath.escapingControlCharacters)
    lines.append(
      words["dump.language"] + ": " + (bundle.language ?? none).escapingControlCharacters)
    let languages = bundle.languages.isEmpty ? none : bundle.languages.joined(separator: ", ")
    lines.append(words["dump.languages"] + ": " + languages.escapingControlCharacters)
    for page in bundle.pages {
      lines.append("")
      let table =
        page.stringsTable.map { words["dump.table"] + " " + $0 } ?? words["dump.notLocalized"]
      lines.append(
        page.file.escapingControlCharacters + " (" + table.escapingControlCharacters + ")")
      for specifier in page.specifiers {
        var parts: [String] = []
        parts.append(String(repeating: " ", count: 2) + (specifier.type?.rawValue ?? "(no Type)"))
        if let key = specifier.key { parts.append("key=" + key) }
        if let title = specifier.title {
          let shown = bundle.localized(title, on: page)
          parts.append("title=\"" + shown.replacingOccurrences(of: "\"", with: "\\\"") + "\"")
        }
        if let value = specifier.defaultValue {
          parts.append(words["dump.default"] + "=" + value.displayText)
        }
        if let child = specifier.childPage { parts.append("→ " + child) }
        if let line = BundleDump.line(of: specifier.node, on: page) {
          parts.append("(" + words["dump.line"] + " \(line))")
        }
        lines.append(parts.joined(separator: "  ").escapingControlCharacters)
      }
    }
    if !bundle.unreachedFiles.isEmpty {
      lines.append("")
      lines.append(
        words["dump.unreached"] + ": "
          + bundle.unreachedFiles.joined(separator: ", ").escapingControlCharacters)
    }
    return lines.joined(separator: "\n")
  }
}
