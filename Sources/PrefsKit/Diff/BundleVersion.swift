import BundleDiff
import Foundation
import SettingsSchema

/// One version of a bundle to compare: a folder, or a copy of `REV:PATH`
/// read from git (``GitRevisionBundle``), loaded in every reading asked for
/// and named as the user named it.
///
/// ```swift
/// let environment = PrefsEnvironment(workingDirectory: "/work/app")
/// let source = try BundleVersion.Source("HEAD~1:App/Settings.bundle", environment: environment)
/// defer { source.remove() }
/// let old = try BundleVersion(source, idioms: Idiom.allCases, tables: .none)
/// old.name("Root.plist")  // "HEAD~1:App/Settings.bundle/Root.plist"
/// ```
public struct BundleVersion: Sendable {
  /// Where a version is read from: the folder the argument names, or a copy of `REV:PATH`.
  public struct Source: Sendable {
    /// The argument as given: a folder, or `REV:PATH`.
    public let argument: String
    /// The copy read from git, for `REV:PATH`.
    public let revision: GitRevisionBundle?
    /// Where the bundle is read from: the folder (resolved against the
    /// working directory), or the copy.
    public var path: String { named.resolved }
    /// The bundle as messages name it: the folder as given, or the copy.
    public let named: NamedBundle

    /// The folder `argument` names, or a copy of the revision it names.
    public init(_ argument: String, environment: PrefsEnvironment) throws(GitRevisionError) {
      self.argument = argument
      if GitRevisionBundle.isRevisionSpec(argument, environment: environment) {
        let copy = try GitRevisionBundle(argument, environment: environment)
        revision = copy
        named = NamedBundle(copy.path, environment: environment)
      } else {
        revision = nil
        named = NamedBundle(argument, environment: environment)
      }
    }

    /// Removes the copy read from git, if there is one.
    public func remove() { revision?.remove() }

    /// Where `.prefs.yml` is looked for: the bundle's folder, or for a
    /// revision the working tree's folder of its PATH (the revision's own
    /// file is not read).
    public func configurationSearchPath(environment: PrefsEnvironment) -> String {
      revision.map { environment.absolutePath($0.repositoryPath) } ?? path
    }
  }

  /// The readings of the version, as one model to compare.
  public let snapshot: BundleSnapshot
  /// The errors of page plists that did not read: their settings are missing from the snapshot.
  public let unreadPages: [BundleProblem]
  public let source: Source

  /// The argument as the user gave it.
  public var argument: String { source.argument }

  /// Loads `source` in each dialect and idiom (a bundle only InAppSettingsKit
  /// opens is read once).
  ///
  /// - Parameters:
  ///   - root: the page the app opens first; nil for `Root`.
  ///   - tables: the tables to read, with the first reading (the pages of the others need none).
  ///   - followsBundleReader: whether a bundle only InAppSettingsKit opens is read its
  ///     way whatever `dialects` say; false when the dialect was asked for.
  public init(
    _ source: Source, idioms: [Idiom], dialects: [Dialect] = [.apple], root: String? = nil,
    tables: TableSelection, followsBundleReader: Bool = true
  ) throws(SettingsBundleError) {
    self.source = source
    var bundles: [SettingsBundle] = []
    for dialect in dialects {
      for idiom in idioms {
        var options = LoadOptions(
          idiom: idiom, dialect: dialect, keepsComments: false,
          tables: bundles.isEmpty ? tables : .none)
        options.rootPage = root
        options.followsBundleReader = followsBundleReader
        let first = bundles.first
        let bundle = try source.named.shown { () throws(SettingsBundleError) in
          if let first {
            return try SettingsBundle.load(at: source.path, options: options, readingAgain: first)
          }
          return try SettingsBundle.load(at: source.path, options: options)
        }
        // A bundle only InAppSettingsKit opens is read its way by either reading: once.
        guard
          !bundles.contains(where: {
            $0.options.idiom == bundle.options.idiom
              && $0.options.dialect == bundle.options.dialect
          })
        else { continue }
        bundles.append(bundle)
      }
    }
    snapshot = BundleSnapshot(bundles: bundles)
    var seen = Set<BundleProblem>()
    // A page the walk refused (a Root.plist linking out of the bundle) is reached but unread.
    let refused = Set(bundles.flatMap(\.unreadPages))
    unreadPages = bundles.flatMap(\.problems).filter { problem in
      (problem.origin == .reader || refused.contains(problem)) && problem.issue.severity == .error
        && problem.file.hasSuffix(".plist") && seen.insert(problem).inserted
    }
  }

  /// The dialects a comparison reads both versions as: Settings.app's, and
  /// InAppSettingsKit's when either version has `.inApp` pages (its reader
  /// opens them first; a bundle without them reads alike in both).
  public static func dialects(reading paths: [String]) -> [Dialect] {
    let hasInAppPages = paths.contains { path in
      let files = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
      return files.contains { $0.hasSuffix(".inApp.plist") }
    }
    return hasInAppPages ? [.apple, .iask] : [.apple]
  }

  /// A file of the bundle as the user named the bundle.
  public func name(_ file: String) -> String { argument + "/" + file }

  /// A file of the bundle as the repository names it (for annotations).
  public func repositoryName(_ file: String) -> String {
    (source.revision?.repositoryPath ?? argument) + "/" + file
  }
}
