import Foundation
import Plist
import SettingsSchema

extension BundleDump {
  /// A loaded bundle as a readable listing in the tool's own words: what
  /// `prefs dump` prints. Every string from the bundle is escaped, so none
  /// reaches a terminal as a control character.
  ///
  /// ```swift
  /// let outcome = try DumpFrontEnd.run(
  ///   DumpOptions(bundle: "Examples/Conversor/Settings.bundle"),
  ///   environment: PrefsEnvironment(workingDirectory: "/work/prefs"))
  /// print(BundleDump.text(of: outcome.bundle, shownAs: outcome.shownPath,
  ///   words: ToolStrings(preferredLanguages: ["en"])))
  /// // Bundle: Examples/Conversor/Settings.bundle
  /// // Language: en …
  /// ```
  public static func text(of bundle: SettingsBundle, shownAs shownPath: String, words: ToolStrings)
    -> String
  {
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
        if let line = line(of: specifier.node, on: page) {
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

extension DumpOutcome {
  /// The bundle as ``BundleDump/text(of:shownAs:words:)`` lists it, named as given.
  public func text(words: ToolStrings) -> String {
    BundleDump.text(of: bundle, shownAs: shownPath, words: words)
  }
}

extension PlistNode {
  /// A one-line rendering for terminals: strings quoted and escaped, dates
  /// in ISO 8601, data in hex, containers in OpenStep style.
  var displayText: String {
    switch content {
    case .string(let value):
      return "\"" + value.escapingControlCharacters.replacingOccurrences(of: "\"", with: "\\\"")
        + "\""
    case .integer(let value): return String(value)
    case .real(let value): return String(value)
    case .bool(let value): return value ? "true" : "false"
    case .date(let value): return ProlepticGregorian.iso8601(value)
    case .data(let value): return "<" + value.map { String(format: "%02x", $0) }.joined() + ">"
    case .array(let items): return "(" + items.map(\.displayText).joined(separator: ", ") + ")"
    case .dictionary(let entries):
      return "{"
        + entries.map { "\($0.key.escapingControlCharacters) = \($0.value.displayText);" }.joined(
          separator: " ") + "}"
    }
  }
}
