import BundleDiff
import Foundation
import Plist

/// The output formats of `prefs diff`: compiler-style text, JSON, a Markdown
/// table for a pull request comment, GitHub annotations.
public enum DiffFormat: String, Sendable, CaseIterable {
  case text, json, markdown, github
}

/// The changes between two bundles as text in one of the ``DiffFormat``s.
/// Paths are shown as the user named the bundles
/// (`HEAD~1:App/Settings.bundle/Root.plist`); annotations name the new
/// bundle's files as the repository does.
///
/// ```swift
/// let outcome = try DiffFrontEnd.run(
///   DiffOptions(old: "HEAD~1:App/Settings.bundle", new: "App/Settings.bundle"),
///   environment: PrefsEnvironment(workingDirectory: "/work/app"))
/// print(DiffReport(outcome).render(.markdown))
/// // ### prefs diff: 1 change: 1 breaking, 0 behaviour, 0 cosmetic …
/// ```
public struct DiffReport {
  public var changes: [BundleChange]
  /// How to name a file of the old and the new bundle.
  public var oldName: (String) -> String
  public var newName: (String) -> String
  /// The new bundle's files as the repository names them, for annotations.
  public var annotationPath: (String) -> String
  /// Whether the text format is coloured for a terminal.
  public var colored: Bool

  public init(
    changes: [BundleChange], oldName: @escaping (String) -> String,
    newName: @escaping (String) -> String, annotationPath: @escaping (String) -> String,
    colored: Bool = false
  ) {
    self.changes = changes
    self.oldName = oldName
    self.newName = newName
    self.annotationPath = annotationPath
    self.colored = colored
  }

  /// An outcome's changes (or `changes`, when the caller words them
  /// further), its files named as its versions were given.
  public init(_ outcome: DiffOutcome, changes: [BundleChange]? = nil, colored: Bool = false) {
    let old = outcome.old
    let new = outcome.new
    self.init(
      changes: changes ?? outcome.changes, oldName: { old.name($0) }, newName: { new.name($0) },
      annotationPath: { new.repositoryName($0) }, colored: colored)
  }

  public func render(_ format: DiffFormat) -> String {
    switch format {
    case .text: text()
    case .json: json()
    case .markdown: markdown()
    case .github: github()
    }
  }

  /// "3 changes: 1 breaking, 1 behaviour, 1 cosmetic".
  public var summary: String {
    let counts = ChangeSeverity.allCases.map { severity in
      "\(changes.filter { $0.severity == severity }.count) \(severity.rawValue)"
    }
    let noun = changes.count == 1 ? "change" : "changes"
    return "\(changes.count) \(noun): \(counts.joined(separator: ", "))"
  }

  /// Compiler style: each change at its place in the new bundle (or the old
  /// one, for what was removed), then the other place as a note.
  public func text() -> String {
    var out = ""
    for change in changes {
      let (file, place) =
        change.newPlace.map { (newName($0.file), $0) }
        ?? change.oldPlace.map { (oldName($0.file), $0) } ?? (newName("."), nil)
      out += CompilerStyleFormatter.format(
        file: file, severity: change.severity.diagnosticSeverity,
        message: "\(change.severity.rawValue): \(change.message)", place: place?.place,
        ruleID: change.kind.rawValue, colored: colored)
      out += "\n"
      if change.newPlace != nil, let old = change.oldPlace, old.line != nil {
        out += CompilerStyleFormatter.format(
          file: oldName(old.file), severity: .note, message: "before the change",
          place: old.place, ruleID: nil, colored: colored)
        out += "\n"
      }
    }
    return out + summary + "\n"
  }

  public func json() -> String {
    func location(_ place: BundlePlace?, name: (String) -> String) -> JSONValue {
      guard let place else { return .null }
      return .object([
        ("file", .string(name(place.file))),
        ("line", .optional(place.line)), ("column", .optional(place.column)),
      ])
    }
    let list = changes.map { change in
      JSONValue.object([
        ("kind", .string(change.kind.rawValue)), ("severity", .string(change.severity.rawValue)),
        ("key", .optional(change.key)), ("page", .optional(change.page)),
        ("old", .optional(change.old)), ("new", .optional(change.new)),
        ("oldLocation", location(change.oldPlace, name: oldName)),
        ("newLocation", location(change.newPlace, name: newName)),
        ("message", .string(change.message)), ("idiom", .optional(change.idiom?.rawValue)),
      ])
    }
    return JSONValue.object([("version", .integer(1)), ("changes", .array(list))]).rendered()
      + "\n"
  }

  /// A table to post as a pull request comment.
  public func markdown() -> String {
    var out = "### prefs diff: \(summary)\n\n"
    guard !changes.isEmpty else { return out + "No change to stored settings or strings.\n" }
    out += "| severity | change | key | page | what |\n| --- | --- | --- | --- | --- |\n"
    for change in changes {
      let cells = [
        change.severity.rawValue, "`\(change.kind.rawValue)`", change.key.map { code($0) } ?? "",
        change.page.map(cell) ?? "", cell(change.message),
      ]
      out += "| " + cells.joined(separator: " | ") + " |\n"
    }
    return out
  }

  /// Text in a table cell: nothing that ends the cell or the row, nothing raw for a terminal.
  func cell(_ text: String) -> String {
    text.escapingControlCharacters.replacingOccurrences(of: "|", with: "\\|")
      .replacingOccurrences(of: "<", with: "&lt;")
  }

  func code(_ text: String) -> String {
    let body = cell(text).replacingOccurrences(of: "`", with: "'")
    return "`\(body)`"
  }

  /// Annotations on the new bundle's files.
  public func github() -> String {
    var out = ""
    for change in changes {
      let place = change.newPlace ?? change.oldPlace.map { BundlePlace(file: $0.file) }
      out +=
        GitHubAnnotation.command(
          change.severity.diagnosticSeverity, file: place.map { annotationPath($0.file) },
          line: change.newPlace?.line, column: change.newPlace?.column,
          title: "prefs diff: \(change.kind.rawValue)", message: change.message) + "\n"
    }
    return out + summary + "\n"
  }
}
