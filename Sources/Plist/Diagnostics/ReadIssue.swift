/// How serious a finding is.
public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable {
  case note, warning, error

  private var rank: Int {
    switch self {
    case .note: 0
    case .warning: 1
    case .error: 2
    }
  }

  public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// Where in a file something was found: a line and column for text formats,
/// a key path (`PreferenceSpecifiers[3].DefaultValue`) for binary ones.
public enum IssuePlace: Sendable, Hashable {
  case text(SourceSnippet)
  case keyPath(String)
}

/// A problem a reader found in one file: a syntax error that stops the read,
/// or something it read that iOS would read differently.
///
/// ```swift
/// do { _ = try StringsReader.read(data) }
/// catch let issue as ReadIssue { print(issue.message, issue.place as Any) }
/// ```
public struct ReadIssue: Error, Sendable, Hashable, CustomStringConvertible {
  /// What kind of problem this is; stable, so later layers can map it to rule ids.
  public enum Kind: String, Sendable, Hashable {
    /// The file does not parse.
    case syntax
    /// The bytes are not in an encoding iOS reads as intended.
    case encoding
    /// A limit (size, depth, object count) was exceeded.
    case limit
    /// XML that asks for entities, DTDs or the network.
    case unsafeMarkup
    /// A key given twice in one dictionary or table.
    case duplicateKey
    /// Legal for the parser but not what the author meant.
    case suspicious
  }

  public var kind: Kind
  public var severity: Severity
  public var message: String
  public var place: IssuePlace?
  /// The change to the file's text that is the one way to what was meant
  /// (a missing `;`, a missing byte order mark), when there is exactly one.
  public var repair: TextRepair?
  /// Issues of the same cause found by reading on past this one (every other
  /// missing `;` of a table), each at its place; this issue's repair covers them.
  public var related: [ReadIssue] = []

  public init(
    _ kind: Kind, _ severity: Severity, _ message: String, place: IssuePlace? = nil,
    repair: TextRepair? = nil
  ) {
    self.kind = kind
    self.severity = severity
    self.message = message
    self.place = place
    self.repair = repair
  }

  public var description: String {
    switch place {
    case .text(let snippet)?: "\(snippet.location): \(severity.rawValue): \(message)"
    case .keyPath(let path)?: "\(path): \(severity.rawValue): \(message)"
    case nil: "\(severity.rawValue): \(message)"
    }
  }
}
