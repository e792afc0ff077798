import Plist
import SettingsSchema

/// A loaded bundle as one JSON value: what `prefs dump --format json` prints,
/// for scripts that want the bundle as prefs reads it.
///
/// ```swift
/// let bundle = try SettingsBundle.load(at: "/work/app/Settings.bundle")
/// print(BundleDump.json(of: bundle).rendered())
/// ```
public enum BundleDump {
  /// The bundle as JSON, its `bundle` field `shownPath` (its own path when nil).
  public static func json(of bundle: SettingsBundle, shownAs shownPath: String? = nil) -> JSONValue
  {
    .object([
      ("bundle", .string(shownPath ?? bundle.path)),
      ("language", .optional(bundle.language)),
      ("languages", .array(bundle.languages.map(JSONValue.string))),
      ("pages", .array(bundle.pages.map { pageJSON($0, in: bundle) })),
      ("unreachedFiles", .array(bundle.unreachedFiles.map(JSONValue.string))),
      ("problems", .array(bundle.problems.map(problemJSON))),
    ])
  }

  /// The line of a specifier's dictionary in its page, when the page has text.
  public static func line(of node: PlistNode, on page: Page) -> Int? {
    guard let offset = node.offset, let source = page.document?.source else { return nil }
    return source.location(ofOffset: offset).line
  }

  private static func pageJSON(_ page: Page, in bundle: SettingsBundle) -> JSONValue {
    .object([
      ("file", .string(page.file)),
      ("stringsTable", .optional(page.stringsTable)),
      ("stringsFile", .optional(bundle.table(for: page)?.file)),
      ("specifiers", .array(page.specifiers.map { specifierJSON($0, on: page, in: bundle) })),
    ])
  }

  private static func specifierJSON(
    _ specifier: Specifier, on page: Page, in bundle: SettingsBundle
  )
    -> JSONValue
  {
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

  private static func problemJSON(_ problem: BundleProblem) -> JSONValue {
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
}
