import Plist
import Yams

extension ProjectConfiguration {
  /// `debug-only:`: the settings a build configuration other than the ones that
  /// keep them leaves out of the bundle it ships (`prefs bundle build`), and that
  /// lint checks both with and without.
  ///
  /// ```yaml
  /// debug-only:
  ///   keys: [server_url, show_fps]   # elements with these Keys, on every page
  ///   pages: [Debug, "Internal*"]    # pages by name (* and ? match within a name)
  ///   kept-in: [Debug]               # configurations that keep them (default: Debug)
  /// ```
  ///
  /// ```swift
  /// let debugOnly = ProjectConfiguration.DebugOnly(keys: ["server_url"], pagePatterns: ["Debug*"])
  /// debugOnly.strips(configuration: "Release")  // true
  /// debugOnly.matchesPage(named: "DebugMenu")   // true
  /// ```
  public struct DebugOnly: Sendable {
    /// `keys:`: the `Key`s of elements that only debug builds show.
    public var keys: [String]
    /// `pages:`: page names (a page file without `.plist`, `.inApp` and its
    /// device suffix), `*` and `?` matching within the name.
    public var pagePatterns: [String] {
      didSet { pageGlobs = pagePatterns.map(Glob.init) }
    }
    private var pageGlobs: [Glob]
    /// `kept-in:`: the build configurations that keep them; every other one strips them.
    public var keptIn: [String]

    /// The configurations that keep debug-only settings when `kept-in:` is not given.
    public static let defaultKeptIn = ["Debug"]

    public init(keys: [String] = [], pagePatterns: [String] = [], keptIn: [String] = defaultKeptIn)
    {
      self.keys = keys
      self.pagePatterns = pagePatterns
      self.pageGlobs = pagePatterns.map(Glob.init)
      self.keptIn = keptIn
    }

    /// Whether a build of `configuration` (as Xcode names it: `Release`) leaves them out.
    public func strips(configuration: String) -> Bool {
      !keptIn.contains(configuration)
    }

    /// Whether a page of this name (``Page/name(ofFile:)``) is debug-only.
    public func matchesPage(named name: String) -> Bool {
      pageGlobs.contains { $0.matches(name) }
    }
  }

  mutating func read(debugOnly node: Node, file: String) throws(ConfigurationError) {
    var section = DebugOnly()
    let known = ["keys", "pages", "kept-in"]
    guard let mapping = node.mapping else {
      throw ConfigurationError(file: file, node: node, message: "debug-only must be a mapping")
    }
    for (key, value) in mapping {
      let name = key.string ?? ""
      switch name {
      case "keys":
        section.keys = try Self.texts(value, named: "debug-only: keys", file: file)
      case "pages":
        let patterns = try Self.texts(value, named: "debug-only: pages", file: file)
        for (pattern, item) in zip(patterns, value.sequence.map(Array.init) ?? [value])
        where pattern.contains("/") || pattern.contains("\\") || pattern == ".."
          || pattern.hasSuffix(".plist")
        {
          throw ConfigurationError(
            file: file, node: item,
            message:
              "debug-only: pages names pages by name (Debug for Debug.plist and its variants), not \"\(pattern)\""
          )
        }
        section.pagePatterns = patterns
      case "kept-in":
        section.keptIn = try Self.texts(value, named: "debug-only: kept-in", file: file)
      default:
        var message =
          "unknown key \"\(name)\" in debug-only; expected \(known.joined(separator: ", "))"
        if let suggestion = Suggestion.closest(to: name, among: known) {
          message += "; did you mean \(suggestion)?"
        }
        throw ConfigurationError(file: file, node: key, message: message)
      }
    }
    if section.keys.isEmpty && section.pagePatterns.isEmpty {
      throw ConfigurationError(
        file: file, node: node, message: "debug-only names no keys and no pages")
    }
    debugOnly = section
  }

  /// A list of non-empty text (one text is a list of one).
  private static func texts(_ node: Node, named name: String, file: String)
    throws(ConfigurationError) -> [String]
  {
    let items: [Node]
    if let sequence = node.sequence {
      items = Array(sequence)
    } else if node.scalar != nil {
      items = [node]
    } else {
      throw ConfigurationError(file: file, node: node, message: "\(name) must be a list")
    }
    var result: [String] = []
    for item in items {
      guard item.scalar != nil, Tag.Name(rawValue: item.tag.rawValue) == .str,
        let text = item.string, !text.isEmpty
      else {
        throw ConfigurationError(
          file: file, node: item, message: "\(name) takes text, not \(describe(item))")
      }
      result.append(text)
    }
    return result
  }

  private static func describe(_ node: Node) -> String {
    if node.mapping != nil { return "a mapping" }
    if node.sequence != nil { return "a list" }
    let written = node.scalar?.string ?? ""
    switch Tag.Name(rawValue: node.tag.rawValue) {
    case .int, .float: return "the number \(written) (write \"\(written)\" for the text)"
    case .bool: return "the boolean \(written) (write \"\(written)\" for the text)"
    default: return written.isEmpty ? "empty text" : "null"
    }
  }
}
