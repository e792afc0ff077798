import Plist
import SettingsSchema

/// A check of Settings bundles. Each rule lives in its own file under
/// `Rules/`, named after its type; its id is that name in kebab-case
/// (`DefaultNotInValues` → `default-not-in-values`). The rule carries its
/// own documentation and examples: `prefs rules explain ID` prints them, and
/// one test runs every example, so the docs and the behaviour cannot drift.
///
/// ```swift
/// enum EmptyKey: LintRule {
///   static let summary = "A Key that is empty or only spaces."
///   ...
///   static func check(_ context: LintContext, _ report: inout RuleReport) { ... }
/// }
/// ```
public protocol LintRule: SendableMetatype {
  /// One line: what the rule finds.
  static var summary: String { get }
  /// Why it matters: what iOS does with such a bundle.
  static var rationale: String { get }
  /// The most serious severity the rule reports with; a configuration may change it.
  static var defaultSeverity: Severity { get }
  /// The lesser severities the rule also reports with, each with when: what
  /// `prefs rules` shows, and a test holds every finding to it.
  static var lesserSeverities: [(severity: Severity, when: String)] { get }
  /// Bundles the rule must report.
  static var failingExamples: [RuleExample] { get }
  /// Bundles the rule must leave alone.
  static var passingExamples: [RuleExample] { get }
  /// What the rule takes under `lint: rules: ID:` in `.prefs.yml` (besides `severity`).
  static var options: [RuleOption] { get }
  /// Whether the rule reads the app's sources: without them it finds nothing,
  /// so an inline disable of it is not reported as unused.
  static var readsSources: Bool { get }
  /// Whether the findings depend on the device the bundle is read for
  /// (``LintContext/shownSpecifiers(on:)``): only such rules run again on a
  /// reading that differs from another in its device alone. A test holds
  /// every rule that reads the idiom to saying so.
  static var readsIdiom: Bool { get }

  /// Adds the rule's findings for one bundle.
  static func check(_ context: LintContext, _ report: inout RuleReport)
}

extension LintRule {
  public static var lesserSeverities: [(severity: Severity, when: String)] { [] }

  /// Every severity the rule reports with, the default first.
  public static var severities: [Severity] { [defaultSeverity] + lesserSeverities.map(\.severity) }
  public static var options: [RuleOption] { [] }
  public static var readsSources: Bool { false }
  public static var readsIdiom: Bool { false }

  /// The rule id: the type name in kebab-case.
  public static var id: String {
    RuleID.known[ObjectIdentifier(self)] ?? RuleID.kebabCase(_typeName(self, qualified: false))
  }
}

/// Where a rule puts its findings; the rule id and default severity are filled in.
public struct RuleReport {
  let rule: String
  let defaultSeverity: Severity
  var diagnostics: [Diagnostic] = []

  /// Adds a finding at `place` in `file`, with the rule's default severity unless
  /// told otherwise. The message quotes at most a line of any value (``MessageText``).
  public mutating func add(
    _ message: String, file: String, place: IssuePlace? = nil, keyPath: String? = nil,
    language: String? = nil, severity: Severity? = nil, fix: Fix? = nil,
    cause: FindingCause? = nil
  ) {
    var diagnostic = Diagnostic(
      rule: rule, severity: severity ?? defaultSeverity, file: file, place: place,
      keyPath: keyPath, language: language, message: MessageText.bounded(message), fix: fix)
    diagnostic.cause = cause
    diagnostics.append(diagnostic)
  }
}

extension RuleReport {
  /// Reports a problem the bundle's loader found, as it found it; a strings
  /// table's problem names the table's language. A reader's repair (a
  /// missing `;`, a missing byte order mark) becomes the finding's fix.
  public mutating func add(_ problem: BundleProblem) {
    add(
      problem.issue.message, file: problem.file, place: problem.issue.place,
      language: LintContext.isStringsFile(problem.file)
        ? LintContext.language(ofTable: problem.file) : nil,
      severity: problem.issue.severity,
      fix: problem.issue.repair.map {
        Fix(file: problem.file, summary: Self.summary(of: $0), repair: $0)
      })
    // The same cause at every other place the reader read on past (each missing
    // `;`): one finding each, the first's fix covering them all.
    for related in problem.issue.related {
      add(
        related.message, file: problem.file, place: related.place,
        language: LintContext.isStringsFile(problem.file)
          ? LintContext.language(ofTable: problem.file) : nil,
        severity: related.severity)
    }
  }

  /// What a reader's repair does, in words.
  static func summary(of repair: TextRepair) -> String {
    if repair.addsByteOrderMark, repair.edits.isEmpty { return "add a byte order mark" }
    let count = repair.edits.count
    if repair.edits.allSatisfy({ $0.original.isEmpty && $0.replacement == ";" }) {
      return count == 1 ? "insert ';'" : "insert ';' at \(count) places"
    }
    return count == 1 ? "make 1 edit" : "make \(count) edits"
  }
}

enum RuleID {
  /// Worked out once: ids are asked for in every loop over findings.
  static let known: [ObjectIdentifier: String] = Dictionary(
    uniqueKeysWithValues: RuleRegistry.all.map {
      // Not String(describing:): on a metatype it first asks the runtime for
      // three protocol conformances, a scan of the binary on first use.
      (ObjectIdentifier($0), kebabCase(_typeName($0, qualified: false)))
    })

  static func kebabCase(_ name: String) -> String {
    var result = ""
    for character in name {
      if character.isUppercase, !result.isEmpty { result += "-" }
      result += character.lowercased()
    }
    return result
  }
}

/// One file of an example bundle.
public struct ExampleFile: Sendable {
  /// The path inside the bundle.
  public var path: String
  public var bytes: [UInt8]

  public init(_ path: String, _ text: String) {
    self.path = path
    self.bytes = Array(text.utf8)
  }

  public init(_ path: String, bytes: [UInt8]) {
    self.path = path
    self.bytes = bytes
  }

  /// The file as text for `prefs rules explain`; bytes that are not UTF-8 are described.
  public var displayText: String {
    if let text = String(validating: bytes, as: UTF8.self) { return text }
    return "(\(bytes.count) bytes: "
      + bytes.prefix(24).map { String($0, radix: 16) }.joined(separator: " ")
      + (bytes.count > 24 ? " …)" : ")")
  }
}

/// A small bundle, as files, that shows a rule at work.
///
/// ```swift
/// RuleExample.root("""
///   <dict>
///     <key>Type</key><string>PSToggleSwitchSpecifier</string>
///   </dict>
///   """)
/// ```
public struct RuleExample: Sendable {
  public var files: [ExampleFile]
  /// Where the example is written (the rule's source file and line), so that a
  /// test of it that fails names that line.
  public var filePath: String
  public var line: Int

  public init(files: [ExampleFile], filePath: String = #filePath, line: Int = #line) {
    self.files = files
    self.filePath = filePath
    self.line = line
  }

  public init(
    files: [(path: String, text: String)], filePath: String = #filePath, line: Int = #line
  ) {
    self.init(files: files.map { ExampleFile($0.path, $0.text) }, filePath: filePath, line: line)
  }

  /// A bundle whose `Root.plist` holds the given specifiers (XML `<dict>`
  /// elements), with `StringsTable` set to `Root` unless `table` is nil, and
  /// the other files given.
  public static func root(
    _ specifiers: String, table: String? = "Root", rootKeys: String = "",
    files: [(path: String, text: String)] = [], filePath: String = #filePath, line: Int = #line
  ) -> RuleExample {
    RuleExample(
      files: [("Root.plist", page(specifiers, table: table, rootKeys: rootKeys))] + files,
      filePath: filePath, line: line)
  }

  /// The text of a page plist with these specifiers.
  public static func page(_ specifiers: String, table: String? = nil, rootKeys: String = "")
    -> String
  {
    let indented = specifiers.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
    var text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0">
      <dict>

      """
    if let table { text += "  <key>StringsTable</key>\n  <string>\(table)</string>\n" }
    if !rootKeys.isEmpty { text += "  " + rootKeys + "\n" }
    text +=
      "  <key>PreferenceSpecifiers</key>\n  <array>\n\(indented)\n  </array>\n</dict>\n</plist>\n"
    return text
  }
}
