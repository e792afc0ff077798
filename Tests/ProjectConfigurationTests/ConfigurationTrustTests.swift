import Foundation
import Plist
import PrefsKit
import TestSupport
import Testing

@testable import ProjectConfiguration

/// `.prefs.yml` from a stranger's repository: its globs cost time linear in
/// the path whatever they are, and its `sources:` stay inside the repository.
struct ConfigurationTrustTests {
  // MARK: - Globs

  /// `a*a*…a*b` against `aaaa…` is the classic backtracking blow-up; here it
  /// costs one sweep of the path per element of the pattern.
  @Test(arguments: [(10, 200), (40, 2_000), (100, 10_000)])
  func starsCostOneSweepEach(stars: Int, length: Int) {
    let pattern = String(repeating: "a*", count: stars) + "b"
    let path = String(repeating: "a", count: length)
    var steps = 0
    #expect(!Glob.matches("x/" + pattern, "x/" + path, steps: &steps))
    let elements = 2 * stars + 3
    #expect(steps <= (elements + 1) * (length + 3), "\(steps) steps")
    var folderSteps = 0
    let folders = String(repeating: "**/a", count: stars) + "/b"
    let deep = Array(repeating: "a", count: length / 2).joined(separator: "/")
    #expect(!Glob.matches(folders, deep, steps: &folderSteps))
    #expect(folderSteps <= (2 * stars + 3) * (deep.count + 1), "\(folderSteps) steps")
  }

  /// A pattern's length costs nothing a path: a run of a million stars (of
  /// every kind) is one element, and the elements that take a character end
  /// the sweep once the path is used up, so the steps are bounded by the
  /// path alone.
  @Test(arguments: ["*", "**", "**/", "**/*", "***/", "*?"])
  func aLongPatternCostsWhatThePathDoes(piece: String) {
    let path = "folder/" + String(repeating: "a", count: 40) + "/Root.plist"
    let bound = (3 * (path.unicodeScalars.count + 1) + 3) * (path.unicodeScalars.count + 1)
    for tail in ["/x", "x", "/Root.plist", ""] {
      let pattern = String(repeating: piece, count: 200_000) + tail
      var steps = 0
      let matched = Glob.matches(pattern, path, steps: &steps)
      #expect(steps <= bound, "\(piece) \(tail): \(steps) steps")
      // Three copies of a piece that takes nothing mean what 200,000 do; a
      // piece that takes a character (`?`, a `/` after stars) cannot match.
      let takesCharacters = ["*?", "**/*", "***/"].contains(piece)
      let expected =
        !takesCharacters && Self.definition(String(repeating: piece, count: 3) + tail, path)
      #expect(matched == expected, "\(piece) \(tail)")
    }
  }

  /// A configuration's pattern is read once, not once for each file: a 2 MB
  /// pattern over a bundle of 400 files takes well under seconds.
  @Test func aConfigurationsPatternIsCompiledOnce() throws {
    let pattern = String(repeating: "a", count: 2_000_000) + "/x"
    let configuration = try ProjectConfiguration.parse(
      "lint:\n  exclude: [\"\(pattern)\", \"\(String(repeating: "*", count: 2_000_000))/y\"]\n",
      file: ".prefs.yml")
    let started = ContinuousClock.now
    for index in 0..<400 {
      #expect(!configuration.excludes("Page\(index).plist", inBundle: "/work/app/Settings.bundle"))
    }
    #expect(ContinuousClock.now - started < .seconds(2))
  }

  /// A hostile pattern ends at once in the process too, not only by the count.
  @Test func aHostilePatternEndsAtOnce() {
    let started = ContinuousClock.now
    #expect(
      !Glob.matches(
        String(repeating: "*a", count: 60) + "b", String(repeating: "a", count: 20_000)))
    #expect(ContinuousClock.now - started < .seconds(5))
  }

  /// The automaton agrees with the plain backtracking definition on random
  /// small patterns and paths.
  @Test func agreesWithTheDefinition() {
    var random = SplitMix64(seed: 2030)
    let patternPieces = ["a", "b", "/", "*", "?", "**", "**/", "."]
    let pathPieces = ["a", "b", "/", "."]
    for _ in 0..<20_000 {
      let pattern = (0..<Int.random(in: 0...7, using: &random)).map { _ in
        random.pick(patternPieces)
      }.joined()
      let path = (0..<Int.random(in: 0...9, using: &random)).map { _ in random.pick(pathPieces) }
        .joined()
      let expected = Self.definition(pattern, path)
      #expect(Glob.matches(pattern, path) == expected, "\(pattern) against \(path)")
    }
  }

  /// The rules as written: `*` and `?` within a component, `**` across
  /// them, `**/` also for no folder; a pattern without `/` against the name.
  static func definition(_ pattern: String, _ path: String) -> Bool {
    func match(_ p: Substring, _ t: Substring) -> Bool {
      if p.isEmpty { return t.isEmpty }
      if p.hasPrefix("**/") {
        if match(p.dropFirst(3), t) { return true }
        var rest = t
        while let slash = rest.firstIndex(of: "/") {
          rest = rest[rest.index(after: slash)...]
          if match(p.dropFirst(3), rest) { return true }
        }
        return false
      }
      if p.hasPrefix("**") {
        var rest = t
        while true {
          if match(p.dropFirst(2), rest) { return true }
          if rest.isEmpty { return false }
          rest = rest.dropFirst()
        }
      }
      if p.hasPrefix("*") {
        var rest = t
        while true {
          if match(p.dropFirst(), rest) { return true }
          guard let first = rest.first, first != "/" else { return false }
          rest = rest.dropFirst()
        }
      }
      guard let first = t.first else { return false }
      if p.first == "?" { return first != "/" && match(p.dropFirst(), t.dropFirst()) }
      return p.first == first && match(p.dropFirst(), t.dropFirst())
    }
    if !pattern.contains("/") {
      return match(Substring(pattern), (path.split(separator: "/").last ?? Substring(path)))
    }
    return match(Substring(pattern), Substring(path))
  }

  // MARK: - sources:

  /// A repository with a `.git` folder, an app inside, a folder beside it
  /// outside, and links both ways.
  final class Repository {
    let top: URL
    var root: URL { top.appendingPathComponent("repo") }

    init(git: Bool = true) throws {
      top = FileManager.default.temporaryDirectory.appendingPathComponent(
        "prefs-sources-\(UUID().uuidString)")
      let manager = FileManager.default
      for folder in ["repo/App/Sources", "repo/Config", "outside/Secrets"] {
        try manager.createDirectory(
          at: top.appendingPathComponent(folder), withIntermediateDirectories: true)
      }
      if git {
        try manager.createDirectory(
          at: top.appendingPathComponent("repo/.git"), withIntermediateDirectories: true)
      }
      try manager.createSymbolicLink(
        atPath: top.appendingPathComponent("repo/App/Out").path,
        withDestinationPath: top.appendingPathComponent("outside/Secrets").path)
      try manager.createSymbolicLink(
        atPath: top.appendingPathComponent("repo/App/Up").path, withDestinationPath: "../..")
      try manager.createSymbolicLink(
        atPath: top.appendingPathComponent("repo/App/In").path, withDestinationPath: "Sources")
    }

    /// Writes `sources: [list]` at `at` (a folder inside the repository) and loads it.
    func load(_ sources: [String], at folder: String = "") throws -> ProjectConfiguration {
      let directory = folder.isEmpty ? root : root.appendingPathComponent(folder)
      let file = directory.appendingPathComponent(".prefs.yml").path
      let text = "lint:\n  disable: []\nsources:\n" + sources.map { "  - \"\($0)\"\n" }.joined()
      try text.write(toFile: file, atomically: true, encoding: .utf8)
      return try ProjectConfiguration.load(file: file)
    }

    deinit { try? FileManager.default.removeItem(at: top) }
  }

  @Test(arguments: [
    (["App/Sources"], ""), (["App/In", "./App/Sources/"], ""), (["../App/Sources"], "Config"),
    (["App/Sources/../Sources"], ""), (["App/NotYet/Deeper"], ""),
  ])
  func foldersInsideTheRepositoryAreTaken(sources: [String], folder: String) throws {
    let repository = try Repository()
    let configuration = try repository.load(sources, at: folder)
    #expect(configuration.sources == sources)
  }

  @Test(arguments: [
    ("../outside/Secrets", "is outside the repository at"),
    ("App/../../outside", "is outside the repository at"),
    ("App/Out", "leads through a symbolic link out of the repository at"),
    ("App/Out/More", "leads through a symbolic link out of the repository at"),
    ("App/Up/outside", "leads through a symbolic link out of the repository at"),
    ("App/In/../../../outside", "is outside the repository at"),
  ])
  func foldersThatLeaveAreRefusedWithTheirPlace(source: String, message: String) throws {
    let repository = try Repository()
    let file = repository.root.appendingPathComponent(".prefs.yml").path
    let error = #expect(throws: ConfigurationError.self) {
      try repository.load(["App/Sources", source])
    }
    // The second item of the list, on line 5, after "  - ".
    #expect(error?.file == file)
    #expect(error?.location == TextLocation(line: 5, column: 5), "\(String(describing: error))")
    #expect(error?.message.contains(message) == true, "\(String(describing: error))")
    #expect(error?.description.hasPrefix("\(file):5:5: error: the source folder") == true)
  }

  @Test func anAbsoluteFolderIsRefusedWhereItIsWritten() {
    let error = #expect(throws: ConfigurationError.self) {
      try ProjectConfiguration.parse("sources:\n  - App\n  - /etc\n", file: "dir/.prefs.yml")
    }
    #expect(
      error?.description
        == "dir/.prefs.yml:3:5: error: the source folder \"/etc\" is absolute; sources are relative to the configuration's folder and stay inside its repository"
    )
  }

  /// Without a `.git` above it, the configuration's own folder is the repository.
  @Test func withoutGitTheConfigurationsFolderIsTheLimit() throws {
    let repository = try Repository(git: false)
    #expect(throws: ConfigurationError.self) {
      try repository.load(["../App/Sources"], at: "Config")
    }
    #expect(try repository.load(["App/Sources"]).sources == ["App/Sources"])
  }
}
