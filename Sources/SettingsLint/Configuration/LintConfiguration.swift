import Foundation
import Plist
import SettingsSchema
import Yams

/// What a team changes about `prefs lint`, from `.prefs.yml`:
///
/// ```yaml
/// lint:
///   disable: [unused-translation, page-without-group]
///   severity:
///     missing-translation: error
///   exclude:
///     - "**/Acknowledgements*.plist"
///   rules:                         # per-rule options, as each rule declares them
///     unknown-key:
///       allowed-keys: { PSToggleSwitchSpecifier: [Platform] }
/// sources: [App/Sources]   # the app's code, for the code-… rules (as --sources)
/// root: Main                # the page the app opens first (InAppSettingsKit's file = "Main"; as --root)
/// dialect: iask             # every command reads the bundles as InAppSettingsKit does
/// strings:
///   exclude: [Acknowledgements.plist, "Licenses/*.plist"]   # pages out of the strings workflow
/// diff:
///   fail-on: [breaking, behaviour]   # what makes prefs diff exit 1 (default: breaking)
///   renames:                          # renames confirmed for prefs defaults migrate
///     volume: level
/// ```
///
/// Exclude patterns are globs relative to the directory of the configuration
/// file (`*` within a folder, `**` across folders); a pattern without `/`
/// matches a file name anywhere.
///
/// ```swift
/// let configuration = try LintConfiguration.parse(text, file: ".prefs.yml")
/// ```
public struct LintConfiguration: Sendable {
  public var disabled: Set<String>
  public var severities: [String: Severity]
  public var excludePatterns: [String] {
    didSet { excludeGlobs = Glob.compiled(excludePatterns, reusing: excludeGlobs) }
  }
  /// `excludePatterns`, each compiled once: a pattern is read once, not once a file.
  private var excludeGlobs: [Glob]
  /// `lint: rules:`, each rule's options by rule id (``LintRule/options`` says which).
  public var ruleOptions: [String: RuleOptions] = [:]
  /// The directory patterns are relative to; nil matches them against paths inside the bundle.
  public var baseDirectory: String?
  /// The file it was read from, for messages.
  public var file: String?
  /// `diff: fail-on:`, as written (the diff's severities); nil when not given.
  public var diffFailOn: [String]?
  /// `diff: renames:`, old key → new key.
  public var diffRenames: [String: String] = [:]
  /// `sources:`, the app's source folders, relative to the configuration file
  /// as written (``sourceDirectories`` resolves them). ``load(file:)`` takes
  /// only folders inside the repository that holds the file
  /// (``repository(holding:)``), by their path and through any link.
  public var sources: [String] = []
  /// Where each of `sources` is written in the file, for messages.
  var sourcePlaces: [TextLocation?] = []
  /// `strings: exclude:`, globs of page files (relative to the bundle) that
  /// the strings workflow and lint's translation rules leave out.
  public var stringsExcludePatterns: [String] = [] {
    didSet {
      stringsExcludeGlobs = Glob.compiled(stringsExcludePatterns, reusing: stringsExcludeGlobs)
    }
  }
  private var stringsExcludeGlobs: [Glob] = []
  /// `root:`, the page the app opens first, for every command (as `--root`); nil for `Root`.
  public var rootPage: String?
  /// `dialect:`, the reader every command reads the bundles as; nil to read
  /// each as its folder and pages say (an `InAppSettings.bundle` as InAppSettingsKit).
  public var dialect: Dialect?

  /// The pages of `bundle` that `strings: exclude:` leaves out, for
  /// ``CoveragePolicy/excludedPages``.
  ///
  /// ```swift
  /// policy.excludedPages = configuration.stringsExcludedPages(of: bundle)
  /// ```
  public func stringsExcludedPages(of bundle: SettingsBundle) -> Set<String> {
    guard !stringsExcludePatterns.isEmpty else { return [] }
    return Set(
      bundle.pages.map(\.file).filter { page in
        stringsExcludeGlobs.contains { $0.matches(page) }
      })
  }

  /// The source folders, resolved against the configuration file's folder.
  public var sourceDirectories: [String] {
    sources.map { source in
      guard !source.hasPrefix("/"), let baseDirectory else { return source }
      return baseDirectory + "/" + source
    }
  }

  public init(
    disabled: Set<String> = [], severities: [String: Severity] = [:],
    excludePatterns: [String] = [], ruleOptions: [String: RuleOptions] = [:],
    baseDirectory: String? = nil, file: String? = nil
  ) {
    self.disabled = disabled
    self.severities = severities
    self.excludePatterns = excludePatterns
    self.excludeGlobs = excludePatterns.map(Glob.init)
    self.ruleOptions = ruleOptions
    self.baseDirectory = baseDirectory
    self.file = file
  }

  /// The name looked for beside the bundle and in each folder above it.
  public static let fileName = ".prefs.yml"

  /// The nearest `.prefs.yml` at or above the bundle's folder.
  public static func find(forBundle path: String) -> String? {
    var directory = URL(fileURLWithPath: path).standardizedFileURL.path
    while true {
      let candidate = (directory == "/" ? "" : directory) + "/" + fileName
      if access(candidate, F_OK) == 0 { return candidate }
      guard let slash = directory.lastIndex(of: "/"), directory != "/" else { return nil }
      directory = slash == directory.startIndex ? "/" : String(directory[..<slash])
    }
  }

  /// Reads a configuration file.
  public static func load(file path: String) throws(ConfigurationError) -> LintConfiguration {
    // Bounded, and never a FIFO: a repository under review may hold anything named .prefs.yml.
    let data: [UInt8]
    do {
      data = try BoundedInput.read(
        path: path, limit: ReadLimits.standard.maximumBytes, regularFileOnly: true)
    } catch {
      throw ConfigurationError(
        file: path, message: "the configuration file cannot be read: \(error)")
    }
    guard let text = String(data: Data(data), encoding: .utf8) else {
      throw ConfigurationError(file: path, message: "the configuration file is not UTF-8")
    }
    var configuration = try parse(text, file: path)
    configuration.baseDirectory =
      URL(fileURLWithPath: path).deletingLastPathComponent()
      .standardizedFileURL.path
    try configuration.checkSourcesStayInside(file: path)
    return configuration
  }

  /// The repository that holds a configuration in `folder`: the nearest
  /// folder at or above it with a `.git` (a folder, or the file a worktree
  /// or submodule has), else `folder` itself. `sources:` may name only
  /// folders inside it, so that a configuration from a stranger's pull
  /// request cannot point `lint` at the rest of the machine.
  ///
  /// ```swift
  /// LintConfiguration.repository(holding: "/work/app/Config")  // "/work/app" when /work/app/.git exists
  /// ```
  public static func repository(holding folder: String) -> String {
    var directory = folder
    while true {
      if access((directory == "/" ? "" : directory) + "/.git", F_OK) == 0 { return directory }
      guard let slash = directory.lastIndex(of: "/"), directory != "/" else { return folder }
      directory = slash == directory.startIndex ? "/" : String(directory[..<slash])
    }
  }

  /// Refuses a `sources:` folder that is outside the repository, by its
  /// path (`..`) or through a symbolic link; one that does not exist yet is
  /// checked as far as it does.
  private func checkSourcesStayInside(file: String) throws(ConfigurationError) {
    guard let baseDirectory else { return }
    let root = Self.repository(holding: baseDirectory)
    let realRoot = Self.realPath(root) ?? root
    for (index, source) in sources.enumerated() {
      let place = index < sourcePlaces.count ? sourcePlaces[index] : nil
      let lexical = Self.lexicallyNormalized(baseDirectory + "/" + source)
      guard Self.path(lexical, isInside: root) else {
        throw ConfigurationError(
          file: file, location: place,
          message: "the source folder \"\(source)\" is outside the repository at \(root)")
      }
      // The kernel reads `link/..` as the link's parent, not the text's: resolved as it will be opened.
      let opened = Self.resolvedAsFarAsItExists(baseDirectory + "/" + source)
      guard Self.path(Self.lexicallyNormalized(opened), isInside: realRoot) else {
        throw ConfigurationError(
          file: file, location: place,
          message:
            "the source folder \"\(source)\" leads through a symbolic link out of the repository at \(root)"
        )
      }
    }
  }

  private static func path(_ path: String, isInside root: String) -> Bool {
    path == root || path.hasPrefix(root == "/" ? "/" : root + "/")
  }

  /// `.` and `..` taken away by the text alone, as the path reads.
  private static func lexicallyNormalized(_ path: String) -> String {
    var parts: [Substring] = []
    for part in path.split(separator: "/") {
      if part == "." { continue }
      if part == ".." {
        if !parts.isEmpty { parts.removeLast() }
        continue
      }
      parts.append(part)
    }
    return "/" + parts.joined(separator: "/")
  }

  private static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// The real path of the longest part of `path` that exists, with the rest
  /// as written.
  private static func resolvedAsFarAsItExists(_ path: String) -> String {
    var existing = path
    var rest: [Substring] = []
    while existing != "/" {
      if let real = realPath(existing) {
        return rest.isEmpty
          ? real : (real == "/" ? "" : real) + "/" + rest.reversed().joined(separator: "/")
      }
      guard let slash = existing.lastIndex(of: "/") else { break }
      rest.append(existing[existing.index(after: slash)...])
      existing = slash == existing.startIndex ? "/" : String(existing[..<slash])
    }
    return path
  }

  /// Parses configuration text. Unknown keys and rule ids are errors, so a
  /// typo never silently turns a rule back on.
  public static func parse(_ text: String, file: String) throws(ConfigurationError)
    -> LintConfiguration
  {
    let root: Node?
    do {
      root = try Yams.compose(yaml: text)
    } catch let error as YamlError {
      throw ConfigurationError(file: file, yamlError: error, text: text)
    } catch {
      throw ConfigurationError(file: file, message: "\(error)")
    }
    var configuration = LintConfiguration(file: file)
    guard let root, root.mapping != nil || root.scalar?.string.isEmpty == false else {
      return configuration
    }
    let top = try mapping(root, named: "the configuration", file: file)
    for (key, value) in top {
      switch key.string ?? "" {
      case "lint":
        try configuration.read(lint: value, file: file)
      case "diff":
        try configuration.read(diff: value, file: file)
      case "strings":
        try configuration.read(strings: value, file: file)
      case "sources":
        for item in try sequence(value, named: "sources", file: file) {
          guard let folder = item.string, !folder.isEmpty else {
            throw ConfigurationError(
              file: file, node: item, message: "a source folder must be text")
          }
          if folder.hasPrefix("/") {
            throw ConfigurationError(
              file: file, node: item,
              message:
                "the source folder \"\(folder)\" is absolute; sources are relative to the configuration's folder and stay inside its repository"
            )
          }
          configuration.sources.append(folder)
          configuration.sourcePlaces.append(
            item.mark.map { TextLocation(line: $0.line, column: $0.column) })
        }
      case "root":
        guard let name = value.scalar?.string, let page = PageName(name) else {
          throw ConfigurationError(
            file: file, node: value,
            message:
              "root must be the name of a page plist of the bundle, without .plist (Main for Main.plist)"
          )
        }
        configuration.rootPage = page.name
      case "dialect":
        guard let name = value.scalar?.string, let dialect = Dialect(rawValue: name) else {
          throw ConfigurationError(
            file: file, node: value,
            message:
              "dialect must be apple (Settings.app) or iask (InAppSettingsKit), not \"\(value.scalar?.string ?? "")\""
          )
        }
        configuration.dialect = dialect
      default:
        throw ConfigurationError(
          file: file, node: key,
          message:
            "unknown section \"\(key.string ?? "")\"; expected lint, sources, strings, diff, root or dialect"
        )
      }
    }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    for (rule, options) in configuration.ruleOptions {
      for (option, places) in options.places {
        for (item, place) in places where place.snippet.location.line <= lines.count {
          var filled = place
          filled.snippet.lineText = String(lines[place.snippet.location.line - 1])
            .trimmingCharacters(in: CharacterSet(charactersIn: "\r"))
          configuration.ruleOptions[rule]?.places[option]?[item] = filled
        }
      }
    }
    return configuration
  }

  private mutating func read(lint node: Node, file: String) throws(ConfigurationError) {
    for (key, value) in try Self.mapping(node, named: "lint", file: file) {
      switch key.string ?? "" {
      case "disable":
        for item in try Self.sequence(value, named: "disable", file: file) {
          disabled.insert(try Self.ruleID(item, file: file))
        }
      case "severity":
        for (rule, level) in try Self.mapping(value, named: "severity", file: file) {
          let id = try Self.ruleID(rule, file: file)
          try setSeverity(of: id, level, file: file)
        }
      case "rules":
        for (rule, options) in try Self.mapping(value, named: "rules", file: file) {
          let id = try Self.ruleID(rule, file: file)
          try read(options: options, of: id, file: file)
        }
      case "exclude":
        for item in try Self.sequence(value, named: "exclude", file: file) {
          guard let pattern = item.string, !pattern.isEmpty else {
            throw ConfigurationError(
              file: file, node: item, message: "an exclude pattern must be text")
          }
          excludePatterns.append(pattern)
        }
      default:
        let known = ["disable", "severity", "exclude", "rules"]
        var message =
          "unknown key \"\(key.string ?? "")\" in lint; expected \(known.joined(separator: ", "))"
        if let suggestion = Suggestion.closest(to: key.string ?? "", among: known) {
          message += "; did you mean \(suggestion)?"
        }
        throw ConfigurationError(file: file, node: key, message: message)
      }
    }
  }

  private mutating func setSeverity(of id: String, _ level: Node, file: String)
    throws(ConfigurationError)
  {
    guard let text = level.string, let severity = Severity(rawValue: text) else {
      throw ConfigurationError(
        file: file, node: level, message: "the severity of \(id) must be error, warning or note")
    }
    if let earlier = severities[id], earlier != severity {
      throw ConfigurationError(
        file: file, node: level,
        message: "the severity of \(id) is given twice, as \(earlier.rawValue) and \(text)")
    }
    severities[id] = severity
  }

  /// One rule's options: `severity`, and those the rule declares, each checked against its kind.
  private mutating func read(options node: Node, of id: String, file: String)
    throws(ConfigurationError)
  {
    let declared = RuleRegistry.rule(id)?.options ?? []
    var options = ruleOptions[id] ?? RuleOptions()
    for (key, value) in try Self.mapping(node, named: "the options of \(id)", file: file) {
      let name = key.string ?? ""
      if name == RuleOption.severity {
        try setSeverity(of: id, value, file: file)
        continue
      }
      guard let option = declared.first(where: { $0.name == name }) else {
        let known = [RuleOption.severity] + declared.map(\.name)
        var message =
          "unknown option \"\(name)\" for \(id); it takes \(known.joined(separator: ", "))"
        if let suggestion = Suggestion.closest(to: name, among: known) {
          message += "; did you mean \(suggestion)?"
        }
        throw ConfigurationError(file: file, node: key, message: message)
      }
      options[name] = try Self.value(value, of: option, rule: id, file: file)
      options.places[name] = Self.places(of: value, file: file)
    }
    ruleOptions[id] = options
  }

  private static func value(_ node: Node, of option: RuleOption, rule id: String, file: String)
    throws(ConfigurationError) -> RuleOptionValue
  {
    let wrongKind = ConfigurationError(
      file: file, node: node, message: "\(option.name) of \(id) must be \(option.expectation)")
    func texts(_ node: Node) throws(ConfigurationError) -> [String] {
      let items: [Node]
      if let sequence = node.sequence {
        items = Array(sequence)
      } else if node.scalar != nil {
        items = [node]
      } else {
        throw wrongKind
      }
      var result: [String] = []
      for item in items {
        guard item.scalar != nil, let text = item.string, !text.isEmpty, isText(item) else {
          throw ConfigurationError(
            file: file, node: item,
            message: "\(option.name) of \(id) takes text, not \(kind(of: item))")
        }
        result.append(text)
      }
      return result
    }
    switch option.kind {
    case .list:
      return .list(try texts(node))
    case .pages:
      let pages = try texts(node)
      for (page, item) in zip(pages, node.sequence.map(Array.init) ?? [node])
      where page.hasPrefix("/") || page.split(separator: "/").contains("..") {
        throw ConfigurationError(
          file: file, node: item,
          message:
            "\(option.name) of \(id): \"\(page)\" leaves the bundle; name a page plist in it")
      }
      return .list(pages)
    case .listByType:
      guard let mapping = node.mapping else {
        return .listByType(all: try texts(node), byType: [:])
      }
      let known = Self.specifierTypes
      var byType: [SpecifierType: [String]] = [:]
      for (key, value) in mapping {
        let name = key.string ?? ""
        guard known.contains(name) else {
          var message = "\(option.name) of \(id): unknown specifier type \"\(name)\""
          // People drop the "Specifier" of a type name.
          if let suggestion = Suggestion.closest(to: name, among: known)
            ?? Suggestion.closest(to: name + "Specifier", among: known)
          {
            message += "; did you mean \(suggestion)?"
          }
          throw ConfigurationError(file: file, node: key, message: message)
        }
        byType[SpecifierType(name), default: []] += try texts(value)
      }
      return .listByType(all: [], byType: byType)
    }
  }

  /// Every type either dialect's schema knows.
  private static var specifierTypes: [String] {
    Dialect.allCases.flatMap { dialect in
      ((try? SchemaCatalog.load(dialect))?.types.keys).map { $0.map(\.rawValue) } ?? []
    }.sorted()
  }

  private static func kind(of node: Node) -> String {
    if node.mapping != nil { return "a mapping" }
    if node.sequence != nil { return "a list" }
    let written = node.scalar?.string ?? ""
    switch Tag.Name(rawValue: node.tag.rawValue) {
    case .int, .float: return "the number \(written) (write \"\(written)\" for the text)"
    case .bool: return "the boolean \(written) (write \"\(written)\" for the text)"
    case .null where !written.isEmpty: return "null"
    default: return "empty text"
    }
  }

  /// Whether a scalar is text as YAML reads it: `3`, `yes` and `~` are a
  /// number, a boolean and null, not the key names they look like.
  private static func isText(_ node: Node) -> Bool {
    Tag.Name(rawValue: node.tag.rawValue) == .str
  }

  /// Where each text item of an option's value is written (its line's text filled in by ``parse``).
  private static func places(of node: Node, file: String) -> [String: RuleOptionPlace] {
    let items =
      node.sequence.map(Array.init) ?? node.mapping.map {
        $0.values.flatMap { $0.sequence.map(Array.init) ?? [$0] }
      }
      ?? [node]
    var places: [String: RuleOptionPlace] = [:]
    let absolute = URL(fileURLWithPath: file).standardizedFileURL.path
    for item in items {
      guard let text = item.string, let mark = item.mark, places[text] == nil else { continue }
      places[text] = RuleOptionPlace(
        file: absolute,
        snippet: SourceSnippet(
          location: TextLocation(line: mark.line, column: mark.column), lineText: ""))
    }
    return places
  }

  private mutating func read(strings node: Node, file: String) throws(ConfigurationError) {
    for (key, value) in try Self.mapping(node, named: "strings", file: file) {
      guard key.string == "exclude" else {
        var message = "unknown key \"\(key.string ?? "")\" in strings; expected exclude"
        if let suggestion = Suggestion.closest(to: key.string ?? "", among: ["exclude"]) {
          message += "; did you mean \(suggestion)?"
        }
        throw ConfigurationError(file: file, node: key, message: message)
      }
      for item in try Self.sequence(value, named: "strings: exclude", file: file) {
        guard item.scalar != nil, Self.isText(item), let pattern = item.string, !pattern.isEmpty
        else {
          throw ConfigurationError(
            file: file, node: item,
            message: "a strings exclude pattern must be text, not \(Self.kind(of: item))")
        }
        // Patterns name pages inside the bundle.
        if pattern.hasPrefix("/") || pattern.split(separator: "/").contains("..") {
          throw ConfigurationError(
            file: file, node: item,
            message: "\"\(pattern)\" leaves the bundle; name page files inside it")
        }
        stringsExcludePatterns.append(pattern)
      }
    }
  }

  private mutating func read(diff node: Node, file: String) throws(ConfigurationError) {
    for (key, value) in try Self.mapping(node, named: "diff", file: file) {
      switch key.string ?? "" {
      case "fail-on":
        var severities: [String] = []
        for item in try Self.sequence(value, named: "fail-on", file: file) {
          guard let text = item.string else {
            throw ConfigurationError(file: file, node: item, message: "fail-on takes severities")
          }
          severities.append(text)
        }
        diffFailOn = severities
      case "renames":
        for (old, new) in try Self.mapping(value, named: "renames", file: file) {
          guard let from = old.string, let to = new.string, !from.isEmpty, !to.isEmpty else {
            throw ConfigurationError(
              file: file, node: old, message: "a rename is old-key: new-key, both text")
          }
          diffRenames[from] = to
        }
      default:
        throw ConfigurationError(
          file: file, node: key,
          message: "unknown key \"\(key.string ?? "")\" in diff; expected fail-on, renames")
      }
    }
  }

  private static func ruleID(_ node: Node, file: String) throws(ConfigurationError) -> String {
    let id = node.string ?? ""
    guard RuleRegistry.rule(id) != nil else {
      var message = "unknown rule \"\(id)\""
      if let suggestion = Suggestion.closest(to: id, among: RuleRegistry.ids) {
        message += "; did you mean \(suggestion)?"
      }
      var error = ConfigurationError(file: file, node: node, message: message)
      error.remedy = .listRules
      throw error
    }
    return id
  }

  private static func mapping(_ node: Node, named name: String, file: String)
    throws(ConfigurationError) -> [(Node, Node)]
  {
    guard let mapping = node.mapping else {
      throw ConfigurationError(file: file, node: node, message: "\(name) must be a mapping")
    }
    return mapping.map { ($0.key, $0.value) }
  }

  private static func sequence(_ node: Node, named name: String, file: String)
    throws(ConfigurationError) -> [Node]
  {
    if let sequence = node.sequence { return Array(sequence) }
    if node.scalar != nil { return [node] }
    throw ConfigurationError(file: file, node: node, message: "\(name) must be a list")
  }

  /// Whether a file of the bundle at `bundlePath` is excluded.
  public func excludes(_ file: String, inBundle bundlePath: String) -> Bool {
    guard !excludePatterns.isEmpty else { return false }
    var paths = [file]
    if let baseDirectory {
      let full = URL(fileURLWithPath: bundlePath).appendingPathComponent(file).standardizedFileURL
        .path
      let base = baseDirectory.hasSuffix("/") ? baseDirectory : baseDirectory + "/"
      if full.hasPrefix(base) { paths.append(String(full.dropFirst(base.count))) }
    }
    return excludeGlobs.contains { glob in
      paths.contains { glob.matches($0) }
    }
  }
}

/// A configuration that cannot be used, with the place in the file.
public struct ConfigurationError: Error, Sendable, CustomStringConvertible {
  /// What the user can do about it, for the caller to word.
  public enum Remedy: Sendable, Hashable {
    /// See which rule ids there are.
    case listRules
  }

  public var file: String
  public var location: TextLocation?
  public var message: String
  public var remedy: Remedy?

  init(file: String, location: TextLocation? = nil, message: String) {
    self.file = file
    self.location = location
    self.message = message
  }

  init(file: String, node: Node, message: String) {
    let mark = node.mark
    self.init(
      file: file, location: mark.map { TextLocation(line: $0.line, column: $0.column) },
      message: message)
  }

  /// Yams' error in our words: its problem at its place, never its own
  /// rendering (which holds the whole text and literal line breaks).
  init(file: String, yamlError: YamlError, text: String) {
    switch yamlError {
    case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _),
      .composer(_, let problem, let mark, _):
      self.init(
        file: file, location: TextLocation(line: mark.line, column: mark.column), message: problem)
    case .reader(let problem, let offset, _, _):
      let location = offset.map { offset in
        let prefix = text.unicodeScalars.prefix(offset)
        let line = prefix.count { $0 == "\n" } + 1
        let column = prefix.reversed().prefix { $0 != "\n" }.count + 1
        return TextLocation(line: line, column: column)
      }
      self.init(file: file, location: location, message: problem)
    case .duplicatedKeysInMapping(let duplicates, let context):
      let key = duplicates.first ?? ""
      let first = context.mark
      let again = Self.repeatedKey(key, after: first, in: text)
      self.init(
        file: file,
        location: TextLocation(
          line: again?.line ?? first.line, column: again?.column ?? first.column),
        message: "\"\(key)\" is given twice in one mapping"
          + (again == nil ? "" : " (first on line \(first.line))"))
    default:
      self.init(file: file, message: "the file is not YAML prefs reads")
    }
  }

  /// The second `key:` of a block mapping whose first is at `first`: the next
  /// line at the same indentation that starts with the key; nil in a flow
  /// mapping (`{a: 1, a: 2}`), where the first is the place given.
  private static func repeatedKey(_ key: String, after first: Mark, in text: String)
    -> TextLocation?
  {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let indent = first.column - 1
    guard first.line >= 1, first.line <= lines.count else { return nil }
    for number in first.line..<lines.count {
      let line = Substring(lines[number])
      let body = line.drop { $0 == " " }
      if body.isEmpty || body.hasPrefix("#") { continue }
      let depth = line.count - body.count
      if depth < indent { return nil }
      guard depth == indent else { continue }
      for spelling in [key, "\"\(key)\"", "'\(key)'"] where body.hasPrefix(spelling + ":") {
        return TextLocation(line: number + 1, column: indent + 1)
      }
    }
    return nil
  }

  public var description: String {
    let place = location.map { ":\($0.line):\($0.column)" } ?? ""
    return "\(file)\(place): error: \(message)"
  }
}

/// Shell-style patterns: `*` and `?` within one path component, `**` across them.
///
/// Matching simulates the pattern as an automaton over the set of positions
/// in the path reachable so far, one sweep of the path per pattern element:
/// at most (elements + 1) × (path length + 1) steps, whatever the pattern
/// and the path (no backtracking, so `a*a*a*…b` against `aaaa…` costs no more
/// than any other pattern of its length). A pattern is compiled once, and a
/// run of stars is one element (`**********` is `**`), so its length costs
/// nothing per path: every other element takes at least one character of the
/// path, and the sweep ends when no position is left, so at most about three
/// times the path's length of elements are ever swept.
struct Glob: Sendable {
  /// The pattern as written.
  let text: String
  private let elements: [Element]
  /// Whether the pattern (without `/`) is matched against the file name alone.
  private let matchesName: Bool

  init(_ pattern: String) {
    text = pattern
    matchesName = !pattern.contains("/")
    elements = Self.elements(Array(pattern.unicodeScalars))
  }

  /// `patterns` compiled, taking each unchanged one from `previous`.
  static func compiled(_ patterns: [String], reusing previous: [Glob]) -> [Glob] {
    patterns.enumerated().map { index, pattern in
      index < previous.count && previous[index].text == pattern
        ? previous[index] : Glob(pattern)
    }
  }

  static func matches(_ pattern: String, _ path: String) -> Bool {
    Glob(pattern).matches(path)
  }

  /// `matches`, counting the steps taken (for the tests that hold it linear).
  static func matches(_ pattern: String, _ path: String, steps: inout Int) -> Bool {
    Glob(pattern).matches(path, steps: &steps)
  }

  func matches(_ path: String) -> Bool {
    var steps = 0
    return matches(path, steps: &steps)
  }

  func matches(_ path: String, steps: inout Int) -> Bool {
    if matchesName {
      let name = path.split(separator: "/").last.map(String.init) ?? path
      return Self.match(elements, Array(name.unicodeScalars), steps: &steps)
    }
    return Self.match(elements, Array(path.unicodeScalars), steps: &steps)
  }

  /// One element of a pattern.
  private enum Element: Equatable, Sendable {
    case scalar(Unicode.Scalar)
    /// `?`: one character but `/`.
    case one
    /// `*`: any characters but `/`.
    case star
    /// `**`: any characters.
    case anything
    /// `**/`: no folder at all, or any characters ending with `/`.
    case folders

    /// Whether it may match no character at all.
    var takesNothing: Bool { self == .star || self == .anything || self == .folders }
  }

  private static func elements(_ pattern: [Unicode.Scalar]) -> [Element] {
    var elements: [Element] = []
    // A run of elements that may take nothing is kept short: the same one
    // twice is once, and `**` next to any of them is `**` alone.
    func append(_ element: Element) {
      guard element.takesNothing else {
        elements.append(element)
        return
      }
      var runStart = elements.endIndex
      while runStart > elements.startIndex, elements[runStart - 1].takesNothing { runStart -= 1 }
      if element == .anything || elements[runStart...].contains(.anything) {
        elements.removeSubrange(runStart...)
        elements.append(.anything)
      } else if elements.last != element {
        elements.append(element)
      }
    }
    var index = 0
    while index < pattern.count {
      switch pattern[index] {
      case "*" where index + 1 < pattern.count && pattern[index + 1] == "*":
        index += 2
        if index < pattern.count, pattern[index] == "/" {
          index += 1
          append(.folders)
        } else {
          append(.anything)
        }
        continue
      case "*": append(.star)
      case "?": append(.one)
      case let scalar: append(.scalar(scalar))
      }
      index += 1
    }
    return elements
  }

  private static func match(_ elements: [Element], _ text: [Unicode.Scalar], steps: inout Int)
    -> Bool
  {
    // `reached[i]`: the path's first i characters match the elements read so far.
    var reached = [Bool](repeating: false, count: text.count + 1)
    reached[0] = true
    var next = reached
    for element in elements {
      switch element {
      case .scalar(let scalar):
        next[0] = false
        for position in 0..<text.count {
          next[position + 1] = reached[position] && text[position] == scalar
        }
      case .one:
        next[0] = false
        for position in 0..<text.count {
          next[position + 1] = reached[position] && text[position] != "/"
        }
      case .star:
        next[0] = reached[0]
        for position in 0..<text.count {
          next[position + 1] =
            reached[position + 1] || (next[position] && text[position] != "/")
        }
      case .anything:
        next[0] = reached[0]
        for position in 0..<text.count {
          next[position + 1] = reached[position + 1] || next[position]
        }
      case .folders:
        // `seen`: some position at or before this one was reached.
        var seen = reached[0]
        next[0] = reached[0]
        for position in 0..<text.count {
          next[position + 1] = reached[position + 1] || (seen && text[position] == "/")
          seen = seen || reached[position + 1]
        }
      }
      steps += text.count + 1
      swap(&reached, &next)
      if !reached.contains(true) { return false }
    }
    return reached[text.count]
  }
}
