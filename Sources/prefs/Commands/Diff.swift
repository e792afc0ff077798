import ArgumentParser
import BundleDiff
import Foundation
import Parallel
import Plist
import SettingsLint
import SettingsSchema

/// `prefs diff OLD NEW`: what a change to the bundle does to values people stored.
struct Diff: ParsableCommand, StreamingCommand {
  static let configuration = CommandConfiguration(
    commandName: "diff",
    abstract: "Show what changed between two versions of a Settings bundle, and what it breaks.",
    discussion: """
      OLD and NEW are bundle folders, or REV:PATH to read a bundle from a git revision \
      (prefs diff HEAD~1:App/Settings.bundle App/Settings.bundle); nothing is checked out. \
      Exit status: 0 when nothing breaking changed, 1 when something did (diff: fail-on: in \
      .prefs.yml changes which severities fail), 2 for a usage error.
      """)

  @Argument(help: "The old bundle: a folder, or REV:PATH.") var old: String
  @Argument(help: "The new bundle: a folder, or REV:PATH.") var new: String
  @Option(help: "Output format: text, json, markdown or github.") var format: DiffFormat = .text
  @Option(help: "Compare one device's pages only: phone or pad (default: both).")
  var idiom: Idiom?
  @Option(help: "The configuration file (default: the nearest .prefs.yml above NEW).")
  var config: String?
  @Option(
    parsing: .singleValue,
    help: "A confirmed rename, old=new (repeatable; also diff: renames: in .prefs.yml).")
  var rename: [String] = []
  @OptionGroup var reading: RootPageOption

  mutating func run() throws { try runOnStandardStreams() }

  func execute(output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
    CommandErrors.run(errors: &errors) { errors in
      let idioms = idiom.map { [$0] } ?? Idiom.allCases
      // Only the tables that differ between the versions are read (and those
      // with a string new to the pages, when the comparison needs them).
      let oldPath = try DiffInput.materialize(old)
      defer { oldPath.revision?.remove() }
      let newPath = try DiffInput.materialize(new)
      defer { newPath.revision?.remove() }
      let configuration = try DiffInput.configuration(
        config, argument: new, revision: newPath.revision)
      // Both versions open at the page the app opens first.
      let root = reading.root.flatMap(PageName.init)?.name ?? configuration.rootPage
      // Both versions at once: each load is mostly one thread's parsing of pages.
      let sides = [(old, oldPath, newPath.path), (new, newPath, oldPath.path)]
      // InAppSettingsKit's reading too when either version has pages of its own.
      let dialects = DiffInput.dialects(reading: [oldPath.path, newPath.path])
      let loaded = sides.concurrentMap { argument, source, other in
        Result {
          try DiffInput(
            argument, source: source, idioms: idioms, dialects: dialects, root: root,
            tables: .differentFrom(bundle: other))
        }
      }
      let before = try loaded[0].get()
      let after = try loaded[1].get()
      // A page that does not read would show as every one of its keys
      // removed (or added): no comparison is better than a wrong one.
      let unread = [before, after].filter { !$0.unreadPages.isEmpty }
      if !unread.isEmpty {
        for side in unread {
          ProblemPrinter.print(side.unreadPages, bundle: side.argument, to: &errors)
        }
        throw CommandFailure.failure(
          "\(unread.map(\.argument).joined(separator: " and ")): a page does not read, so the versions cannot be compared; nothing was compared"
        )
      }
      // Freeing a large model object by object costs more than the comparison.
      ProcessLifetime.keepUntilExit(before.snapshot)
      ProcessLifetime.keepUntilExit(after.snapshot)
      let failOn = try DiffInput.failOn(configuration)
      let renames = try DiffInput.renames(rename, configured: configuration.diffRenames)
      let changes = BundleDiff.compare(
        old: before.snapshot, new: after.snapshot, renames: renames
      ).map(DiffInput.worded)
      let renderer = DiffRenderer(
        changes: changes, oldName: before.name, newName: after.name,
        annotationPath: after.repositoryName,
        colored: format == .text
          && TerminalCapabilities.colorsOnStandardOutput(ProcessInfo.processInfo.environment))
      output.write(renderer.render(format))
      return changes.contains { failOn.contains($0.severity) }
        ? ExitStatus.failure : ExitStatus.success
    }
  }
}

/// One side of a diff: a bundle folder, or a copy of one read from git.
struct DiffInput {
  let snapshot: BundleSnapshot
  /// The errors of page plists that did not read: their settings are missing from the snapshot.
  let unreadPages: [BundleProblem]
  let argument: String
  let revision: GitRevisionBundle?
  /// Where the bundle is read from (the copy, for a revision).
  let path: String

  /// Where a bundle argument is read from: the folder, or a copy of REV:PATH.
  static func materialize(_ argument: String) throws -> (path: String, revision: GitRevisionBundle?)
  {
    guard GitRevisionBundle.isRevisionSpec(argument) else { return (argument, nil) }
    let copy = try GitRevisionBundle(argument)
    return (copy.path, copy)
  }

  init(
    _ argument: String, idioms: [Idiom], dialects: [Dialect] = [.apple],
    tables: TableSelection = .none
  ) throws {
    let source = try Self.materialize(argument)
    do {
      try self.init(argument, source: source, idioms: idioms, dialects: dialects, tables: tables)
    } catch {
      source.revision?.remove()
      throw error
    }
  }

  /// - Parameter tables: the tables to read, with the first reading (the
  ///   pages of the others need none).
  init(
    _ argument: String, source: (path: String, revision: GitRevisionBundle?), idioms: [Idiom],
    dialects: [Dialect] = [.apple], root: String? = nil, tables: TableSelection
  ) throws {
    self.argument = argument
    revision = source.revision
    path = source.path
    var bundles: [SettingsBundle] = []
    for dialect in dialects {
      for idiom in idioms {
        var options = LoadOptions(
          idiom: idiom, dialect: dialect, keepsComments: false,
          tables: bundles.isEmpty ? tables : .none)
        options.rootPage = root
        let bundle =
          try bundles.first.map {
            try SettingsBundle.load(at: source.path, options: options, readingAgain: $0)
          } ?? SettingsBundle.load(at: source.path, options: options)
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
    unreadPages = bundles.flatMap(\.problems).filter { problem in
      problem.origin == .reader && problem.issue.severity == .error
        && problem.file.hasSuffix(".plist") && seen.insert(problem).inserted
    }
  }

  func remove() { revision?.remove() }

  /// The dialects a comparison reads both versions as: Settings.app's, and
  /// InAppSettingsKit's when either version has `.inApp` pages (its reader
  /// opens them first; a bundle without them reads alike in both).
  static func dialects(reading paths: [String]) -> [Dialect] {
    let hasInAppPages = paths.contains { path in
      let files = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
      return files.contains { $0.hasSuffix(".inApp.plist") }
    }
    return hasInAppPages ? [.apple, .iask] : [.apple]
  }

  /// Confirmed renames: `diff: renames:` of the configuration, then each
  /// `old=new` given on the command line.
  static func renames(_ pairs: [String], configured: [String: String]) throws -> [String: String] {
    var result = configured
    for pair in pairs {
      let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
      guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
        throw CommandFailure.usage("--rename takes old=new, not \"\(pair)\"")
      }
      result[parts[0]] = parts[1]
    }
    return result
  }

  /// A change as the command says it: which readings found it, when not
  /// all did (in lint's words: "on pad", "in InAppSettingsKit"), and for a
  /// likely rename, how to confirm it.
  static func worded(_ change: BundleChange) -> BundleChange {
    var worded = change
    func variant(_ reading: BundleReading) -> LintVariant {
      LintVariant(idiom: reading.idiom, dialect: reading.dialect)
    }
    let found = change.readings.map(variant)
    if !found.isEmpty,
      let label = LintVariant.label(found: found, reading: found + change.missed.map(variant))
    {
      worded.message = "\(label): \(change.message)"
    }
    if change.kind == .keyRenamed, !change.renameConfirmed, let old = change.old,
      let new = change.new
    {
      worded.message +=
        "; confirm it with --rename \(shellWord(old))=\(shellWord(new)) (prefs diff, prefs defaults migrate) or under diff: renames: in .prefs.yml"
    }
    return worded
  }

  /// A key as a shell word: as it is when nothing in it is special to a shell.
  static func shellWord(_ text: String) -> String {
    let plain = text.unicodeScalars.allSatisfy {
      CharacterSet.alphanumerics.contains($0) || "-_.:/@+,".unicodeScalars.contains($0)
    }
    return plain ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  /// A file of the bundle as the user named the bundle.
  func name(_ file: String) -> String { argument + "/" + file }

  /// A file of the bundle as the repository names it (for annotations).
  func repositoryName(_ file: String) -> String {
    (revision?.repositoryPath ?? argument) + "/" + file
  }

  static func configuration(_ explicit: String?, near input: DiffInput) throws
    -> LintConfiguration
  {
    try configuration(explicit, argument: input.argument, revision: input.revision)
  }

  /// The configuration nearest the bundle an argument names (for a revision,
  /// the working tree's file above its path).
  static func configuration(
    _ explicit: String?, argument: String, revision: GitRevisionBundle?
  ) throws -> LintConfiguration {
    if let explicit { return try LintConfiguration.load(file: explicit) }
    let start =
      revision.map { FileManager.default.currentDirectoryPath + "/" + $0.repositoryPath }
      ?? argument
    if let found = LintConfiguration.find(forBundle: start) {
      return try LintConfiguration.load(file: found)
    }
    return LintConfiguration()
  }

  /// The severities that fail the run: `diff: fail-on:`, breaking by default.
  static func failOn(_ configuration: LintConfiguration) throws -> Set<ChangeSeverity> {
    guard let written = configuration.diffFailOn else { return [.breaking] }
    var result = Set<ChangeSeverity>()
    for word in written {
      guard let severity = ChangeSeverity(rawValue: word) else {
        throw CommandFailure.usage(
          "\(configuration.file ?? ".prefs.yml"): diff: fail-on: unknown severity \"\(word)\"; expected \(ChangeSeverity.allCases.map(\.rawValue).joined(separator: ", "))"
        )
      }
      result.insert(severity)
    }
    return result
  }
}

extension DiffFormat: ExpressibleByArgument {}
