import Foundation
import Plist
import SettingsSchema

/// `.prefs.yml`, read once and handed to every front end as typed sections:
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
/// debug-only:               # left out of `prefs bundle build --configuration Release`
///   keys: [server_url]
///   pages: ["Debug*"]
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
/// matches a file name anywhere. The lint section is checked against the rules
/// the caller knows (``LintRules``) as it is read, so a typo never silently
/// turns a rule back on.
///
/// ```swift
/// let configuration = try ProjectConfiguration.parse(text, file: ".prefs.yml", rules: rules)
/// configuration.diff.failOn  // [.breaking, .behaviour]
/// ```
public struct ProjectConfiguration: Sendable {
  /// `lint:`, what a team changes about the rules.
  public var lint: Lint
  /// `strings:`, what the strings workflow leaves out.
  public var strings: Strings
  /// `diff:`, what fails `prefs diff` and the renames people confirmed.
  public var diff: Diff
  /// `sources:`, the app's source folders, relative to the configuration file
  /// as written (``sourceDirectories`` resolves them). ``load(file:rules:)`` takes
  /// only folders inside the repository that holds the file
  /// (``repository(holding:)``), by their path and through any link.
  public var sources: [String] = []
  /// Where each of `sources` is written in the file, for messages.
  var sourcePlaces: [TextLocation?] = []
  /// `root:`, the page the app opens first, for every command (as `--root`); nil for `Root`.
  public var rootPage: String?
  /// `debug-only:`, the settings builds other than the ones that keep them
  /// leave out (``DebugOnly``); nil when the file has no such section.
  public var debugOnly: DebugOnly?
  /// `dialect:`, the reader every command reads the bundles as; nil to read
  /// each as its folder and pages say (a folder not named `Settings.bundle` as InAppSettingsKit).
  public var dialect: Dialect?
  /// The directory patterns are relative to; nil matches them against paths inside the bundle.
  public var baseDirectory: String?
  /// The file it was read from, for messages.
  public var file: String?

  /// A configuration with the given sections; every section empty by default
  /// (what a folder without `.prefs.yml` gets).
  ///
  /// ```swift
  /// let configuration = ProjectConfiguration(lint: .init(disabled: ["unknown-key"]))
  /// ```
  public init(
    lint: Lint = Lint(), strings: Strings = Strings(), diff: Diff = Diff(),
    baseDirectory: String? = nil, file: String? = nil
  ) {
    self.lint = lint
    self.strings = strings
    self.diff = diff
    self.baseDirectory = baseDirectory
    self.file = file
  }

  /// The source folders, resolved against the configuration file's folder.
  public var sourceDirectories: [String] {
    sources.map { source in
      guard !source.hasPrefix("/"), let baseDirectory else { return source }
      return baseDirectory + "/" + source
    }
  }

  /// Whether `lint: exclude:` leaves out a file of the bundle at `bundlePath`:
  /// a pattern is matched against the path inside the bundle, and against the
  /// path from the configuration's folder.
  ///
  /// ```swift
  /// configuration.excludes("Acknowledgements.plist", inBundle: "App/Settings.bundle")
  /// ```
  public func excludes(_ file: String, inBundle bundlePath: String) -> Bool {
    guard !lint.excludePatterns.isEmpty else { return false }
    var paths = [file]
    if let baseDirectory {
      let full = URL(fileURLWithPath: bundlePath).appendingPathComponent(file).standardizedFileURL
        .path
      let base = baseDirectory.hasSuffix("/") ? baseDirectory : baseDirectory + "/"
      if full.hasPrefix(base) { paths.append(String(full.dropFirst(base.count))) }
    }
    return lint.excludeGlobs.contains { glob in
      paths.contains { glob.matches($0) }
    }
  }

  /// The pages of `bundle` that `strings: exclude:` leaves out, for
  /// ``CoveragePolicy/excludedPages``.
  ///
  /// ```swift
  /// policy.excludedPages = configuration.stringsExcludedPages(of: bundle)
  /// ```
  public func stringsExcludedPages(of bundle: SettingsBundle) -> Set<String> {
    strings.excludedPages(of: bundle)
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

  /// Reads a configuration file, checking its lint section against `rules`.
  public static func load(file path: String, rules: LintRules) throws(ConfigurationError)
    -> ProjectConfiguration
  {
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
    var configuration = try parse(text, file: path, rules: rules)
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
  /// ProjectConfiguration.repository(holding: "/work/app/Config")  // "/work/app" when /work/app/.git exists
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
}
