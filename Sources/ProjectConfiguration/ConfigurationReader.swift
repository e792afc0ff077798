import Foundation
import Plist
import SettingsSchema
import Yams

extension ProjectConfiguration {
  /// Parses configuration text. Unknown keys and rule ids are errors, so a
  /// typo never silently turns a rule back on.
  ///
  /// ```swift
  /// let configuration = try ProjectConfiguration.parse(
  ///   "lint:\n  disable: [unknown-key]\n", file: ".prefs.yml", rules: rules)
  /// ```
  public static func parse(_ text: String, file: String, rules: LintRules)
    throws(ConfigurationError) -> ProjectConfiguration
  {
    let root: Node?
    do {
      root = try Yams.compose(yaml: text)
    } catch let error as YamlError {
      throw ConfigurationError(file: file, yamlError: error, text: text)
    } catch {
      throw ConfigurationError(file: file, message: "\(error)")
    }
    var configuration = ProjectConfiguration(file: file)
    guard let root, root.mapping != nil || root.scalar?.string.isEmpty == false else {
      return configuration
    }
    let top = try mapping(root, named: "the configuration", file: file)
    for (key, value) in top {
      switch key.string ?? "" {
      case "lint":
        try configuration.read(lint: value, file: file, rules: rules)
      case "diff":
        try configuration.read(diff: value, file: file)
      case "strings":
        try configuration.read(strings: value, file: file)
      case "debug-only":
        try configuration.read(debugOnly: value, file: file)
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
            "unknown section \"\(key.string ?? "")\"; expected lint, sources, strings, diff, root, dialect or debug-only"
        )
      }
    }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    for (rule, options) in configuration.lint.ruleOptions {
      for (option, places) in options.places {
        for (item, place) in places where place.snippet.location.line <= lines.count {
          var filled = place
          filled.snippet.lineText = String(lines[place.snippet.location.line - 1])
            .trimmingCharacters(in: CharacterSet(charactersIn: "\r"))
          configuration.lint.ruleOptions[rule]?.places[option]?[item] = filled
        }
      }
    }
    return configuration
  }

  private mutating func read(lint node: Node, file: String, rules: LintRules)
    throws(ConfigurationError)
  {
    for (key, value) in try Self.mapping(node, named: "lint", file: file) {
      switch key.string ?? "" {
      case "disable":
        for item in try Self.sequence(value, named: "disable", file: file) {
          lint.disabled.insert(try Self.ruleID(item, file: file, rules: rules))
        }
      case "severity":
        for (rule, level) in try Self.mapping(value, named: "severity", file: file) {
          let id = try Self.ruleID(rule, file: file, rules: rules)
          try setSeverity(of: id, level, file: file)
        }
      case "rules":
        for (rule, options) in try Self.mapping(value, named: "rules", file: file) {
          let id = try Self.ruleID(rule, file: file, rules: rules)
          try read(options: options, of: id, declared: rules.options[id] ?? [], file: file)
        }
      case "exclude":
        for item in try Self.sequence(value, named: "exclude", file: file) {
          guard let pattern = item.string, !pattern.isEmpty else {
            throw ConfigurationError(
              file: file, node: item, message: "an exclude pattern must be text")
          }
          lint.excludePatterns.append(pattern)
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
    if let earlier = lint.severities[id], earlier != severity {
      throw ConfigurationError(
        file: file, node: level,
        message: "the severity of \(id) is given twice, as \(earlier.rawValue) and \(text)")
    }
    lint.severities[id] = severity
  }

  /// One rule's options: `severity`, and those the rule declares, each checked against its kind.
  private mutating func read(
    options node: Node, of id: String, declared: [RuleOptionDeclaration], file: String
  ) throws(ConfigurationError) {
    var options = lint.ruleOptions[id] ?? RuleOptions()
    for (key, value) in try Self.mapping(node, named: "the options of \(id)", file: file) {
      let name = key.string ?? ""
      if name == RuleOptionDeclaration.severity {
        try setSeverity(of: id, value, file: file)
        continue
      }
      guard let option = declared.first(where: { $0.name == name }) else {
        let known = [RuleOptionDeclaration.severity] + declared.map(\.name)
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
    lint.ruleOptions[id] = options
  }

  private static func value(
    _ node: Node, of option: RuleOptionDeclaration, rule id: String, file: String
  )
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
  private static func places(of node: Node, file: String) -> [String: SourcePlace] {
    let items =
      node.sequence.map(Array.init) ?? node.mapping.map {
        $0.values.flatMap { $0.sequence.map(Array.init) ?? [$0] }
      }
      ?? [node]
    var places: [String: SourcePlace] = [:]
    let absolute = URL(fileURLWithPath: file).standardizedFileURL.path
    for item in items {
      guard let text = item.string, let mark = item.mark, places[text] == nil else { continue }
      places[text] = SourcePlace(
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
        strings.excludePatterns.append(pattern)
      }
    }
  }

  private mutating func read(diff node: Node, file: String) throws(ConfigurationError) {
    for (key, value) in try Self.mapping(node, named: "diff", file: file) {
      switch key.string ?? "" {
      case "fail-on":
        var severities = Set<Diff.ChangeSeverity>()
        for item in try Self.sequence(value, named: "fail-on", file: file) {
          guard let text = item.string else {
            throw ConfigurationError(file: file, node: item, message: "fail-on takes severities")
          }
          guard let severity = Diff.ChangeSeverity(rawValue: text) else {
            let known = Diff.ChangeSeverity.allCases.map(\.rawValue)
            var message =
              "diff: fail-on: unknown severity \"\(text)\"; expected \(known.joined(separator: ", "))"
            if let suggestion = Suggestion.closest(to: text, among: known) {
              message += "; did you mean \(suggestion)?"
            }
            throw ConfigurationError(file: file, node: item, message: message)
          }
          severities.insert(severity)
        }
        diff.failOn = severities
      case "renames":
        for (old, new) in try Self.mapping(value, named: "renames", file: file) {
          guard let from = old.string, let to = new.string, !from.isEmpty, !to.isEmpty else {
            throw ConfigurationError(
              file: file, node: old, message: "a rename is old-key: new-key, both text")
          }
          diff.renames[from] = to
        }
      default:
        throw ConfigurationError(
          file: file, node: key,
          message: "unknown key \"\(key.string ?? "")\" in diff; expected fail-on, renames")
      }
    }
  }

  private static func ruleID(_ node: Node, file: String, rules: LintRules)
    throws(ConfigurationError) -> String
  {
    let id = node.string ?? ""
    guard rules.known.contains(id) else {
      var message = "unknown rule \"\(id)\""
      if let suggestion = Suggestion.closest(to: id, among: rules.ids) {
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

}
