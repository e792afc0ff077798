import Plist
import SettingsSchema

/// Turns a loaded bundle into `prefs dump` output, as text or JSON.
struct DumpRenderer {
  let bundle: SettingsBundle
  let words: ToolStrings

  func json() -> JSONValue {
    .object([
      ("bundle", .string(bundle.path)),
      ("language", .optional(bundle.language)),
      ("languages", .array(bundle.languages.map(JSONValue.string))),
      ("pages", .array(bundle.pages.map(pageJSON))),
      ("unreachedFiles", .array(bundle.unreachedFiles.map(JSONValue.string))),
      ("problems", .array(bundle.problems.map(problemJSON))),
    ])
  }

  private func pageJSON(_ page: Page) -> JSONValue {
    .object([
      ("file", .string(page.file)),
      ("stringsTable", .optional(page.stringsTable)),
      ("stringsFile", .optional(bundle.table(for: page)?.file)),
      ("specifiers", .array(page.specifiers.map { specifierJSON($0, on: page) })),
    ])
  }

  private func specifierJSON(_ specifier: Specifier, on page: Page) -> JSONValue {
    .object([
      ("type", .optional(specifier.type?.rawValue)),
      ("key", .optional(specifier.key)),
      ("titleKey", .optional(specifier.title)),
      ("title", .optional(specifier.title.map { bundle.localized($0, on: page) })),
      ("defaultValue", specifier.defaultValue.map(JSONValue.init) ?? .null),
      ("line", .optional(line(of: specifier.node, on: page))),
      ("childPage", .optional(specifier.childPage)),
    ])
  }

  private func problemJSON(_ problem: BundleProblem) -> JSONValue {
    var line: Int?
    var column: Int?
    var keyPath: String?
    switch problem.issue.place {
    case .text(let snippet)?:
      line = snippet.location.line
      column = snippet.location.column
    case .keyPath(let path)?:
      keyPath = path
    case nil:
      break
    }
    return .object([
      ("file", .string(problem.file)),
      ("severity", .string(problem.issue.severity.rawValue)),
      ("line", .optional(line)),
      ("column", .optional(column)),
      ("keyPath", .optional(keyPath)),
      ("message", .string(problem.issue.message)),
    ])
  }

  private func line(of node: PlistNode, on page: Page) -> Int? {
    guard let offset = node.offset, let source = page.document?.source else { return nil }
    return source.location(ofOffset: offset).line
  }

  /// A readable listing; every string from the bundle is escaped.
  func text() -> String {
    var lines: [String] = []
    let none = words["dump.none"]
    lines.append("Bundle: " + bundle.path.escapingControlCharacters)
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
