import Foundation
import Plist
import TestSupport
import Testing

@testable import SettingsSchema

/// The walk of a bundle folder: each real folder read once whatever links it
/// holds, never a folder outside the bundle, bounded by folders as well as
/// files, and a path that is not a bundle refused after its top level. The
/// tests count the folders read, never the time taken.
struct BundleWalkTests {
  static let root =
    #"{ StringsTable = Root; PreferenceSpecifiers = ({ Type = PSGroupSpecifier; Title = G; }); }"#

  /// Loads `bundle`, returning it with the folders the walk read, in order.
  static func load(
    _ bundle: TemporaryBundle, limits: WalkLimits = .standard
  ) throws -> (bundle: SettingsBundle, visited: [String]) {
    var visited: [String] = []
    let loaded = try SettingsBundle.load(
      at: bundle.path, options: LoadOptions(), walkLimits: limits, visit: { visited.append($0) })
    return (loaded, visited)
  }

  static func link(_ bundle: TemporaryBundle, _ path: String, to target: String) throws {
    try FileManager.default.createSymbolicLink(
      atPath: bundle.url.appendingPathComponent(path).path, withDestinationPath: target)
  }

  static func folder(_ bundle: TemporaryBundle, _ path: String) throws {
    try FileManager.default.createDirectory(
      at: bundle.url.appendingPathComponent(path), withIntermediateDirectories: true)
  }

  /// Five links to `.` at the top and two in a language folder: the old walk
  /// followed every path they make, 7^16 of them; now each folder is read once.
  @Test func linksToDotAreReadOnce() throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write("Root.plist", Self.root)
    try bundle.write("en.lproj/Root.strings", #""G" = "Group";"#)
    for name in ["a", "b", "c", "d", "e"] { try Self.link(bundle, name, to: ".") }
    try Self.link(bundle, "en.lproj/here", to: ".")
    try Self.link(bundle, "en.lproj/there", to: "./.")
    let (loaded, visited) = try Self.load(bundle)
    #expect(visited == ["", "en.lproj"])
    #expect(loaded.files == ["Root.plist", "en.lproj/Root.strings"])
    #expect(loaded.localized("G", on: loaded.pages[0]) == "Group")
    let warned = loaded.problems.filter { $0.issue.kind == .suspicious }.map(\.file)
    #expect(warned == ["a", "b", "c", "d", "e", "en.lproj/here", "en.lproj/there"])
    #expect(loaded.problems.allSatisfy { $0.origin == .layout && $0.issue.severity == .warning })
  }

  /// `..` from a subfolder is the bundle again (read once); from the top it leaves the
  /// bundle and is refused without being read.
  @Test func linksToTheParentAreReadOnceOrRefused() throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write("Root.plist", Self.root)
    try bundle.write("../Outside/Secret.plist", Self.root)
    try Self.folder(bundle, "sub/deeper")
    try Self.link(bundle, "sub/up", to: "..")
    try Self.link(bundle, "sub/deeper/upup", to: "../..")
    try Self.link(bundle, "escape", to: "..")
    try Self.link(bundle, "sub/deeper/escape", to: "../../..")
    let (loaded, visited) = try Self.load(bundle)
    #expect(visited == ["", "sub", "sub/deeper"])
    #expect(loaded.files == ["Root.plist"])
    let refused = loaded.problems.filter { $0.issue.kind == .unsafeMarkup }.map(\.file)
    #expect(refused == ["escape", "sub/deeper/escape"])
    let repeated = loaded.problems.filter { $0.issue.kind == .suspicious }.map(\.file)
    #expect(repeated == ["sub/up", "sub/deeper/upup"])
  }

  /// Links that point at each other lead nowhere; folders that link to each other
  /// are each read once.
  @Test func loopsEndAtOnce() throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write("Root.plist", Self.root)
    try Self.link(bundle, "ping", to: "pong")
    try Self.link(bundle, "pong", to: "ping")
    try Self.link(bundle, "self", to: "self")
    try bundle.write("x/Page.plist", Self.root)
    try bundle.write("y/Other.plist", Self.root)
    try Self.link(bundle, "x/toY", to: "../y")
    try Self.link(bundle, "y/toX", to: "../x")
    let (loaded, visited) = try Self.load(bundle)
    #expect(visited == ["", "x", "y"])
    #expect(loaded.files == ["Root.plist", "x/Page.plist", "y/Other.plist"])
    #expect(loaded.problems.map(\.file) == ["x/toY", "y/toX"])
  }

  /// A link to a folder read under its own path is not read again; a link that
  /// reaches a folder first (it is nearer the top) is where the folder is read.
  @Test func aLinkedFolderIsReadUnderTheNearestPath() throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write("Root.plist", Self.root)
    try bundle.write("pt.lproj/Root.strings", #""G" = "Grupo";"#)
    try Self.link(bundle, "pt-BR.lproj", to: "pt.lproj")
    try bundle.write("deep/a/b/Root.strings", #""G" = "Gruppe";"#)
    try Self.link(bundle, "de.lproj", to: "deep/a/b")
    let (loaded, visited) = try Self.load(bundle)
    #expect(visited == ["", "deep", "pt.lproj", "de.lproj", "deep/a"])
    #expect(loaded.files == ["Root.plist", "de.lproj/Root.strings", "pt.lproj/Root.strings"])
    #expect(loaded.languages == ["de", "pt"])
    let warnings = loaded.problems.map { "\($0.file): \($0.issue.message)" }
    #expect(
      warnings == [
        #"pt-BR.lproj: a symbolic link to "pt.lproj", which is read already; it is not read again"#,
        #"deep/a/b: the same folder as "de.lproj", where a symbolic link leads; it is read once, there"#,
      ])
  }

  /// `prefs lint .` in a repository, `prefs dump ~`: the top level is read and the
  /// path refused, whatever lies below it.
  @Test func aFolderThatIsNotABundleIsRefusedAfterItsTopLevel() throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    for index in 0..<300 { try Self.folder(bundle, "src/module\(index)/nested") }
    try bundle.write("src/Root.plist", Self.root)
    var visited: [String] = []
    #expect(throws: SettingsBundleError.noRootPlist(bundle.path)) {
      try SettingsBundle.load(
        at: bundle.path, options: LoadOptions(), visit: { visited.append($0) })
    }
    #expect(visited == [""])
  }

  /// A wide tree stops at the folder limit, with a problem that says so.
  @Test func aWideTreeStopsAtTheFolderLimit() throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write("Root.plist", Self.root)
    for index in 0..<40 { try Self.folder(bundle, "wide\(index)/a/b") }
    var limits = WalkLimits.standard
    limits.maximumFolders = 25
    let (loaded, visited) = try Self.load(bundle, limits: limits)
    #expect(visited.count == 25)
    #expect(Set(visited).count == visited.count)
    let limited = loaded.problems.filter { $0.issue.kind == .limit }
    #expect(limited.count == 1)
    #expect(limited.first?.issue.message == "more than 25 folders; the rest are not read")
    #expect(loaded.pages.count == 1)
  }

  /// The standard limit holds too: 1,200 folders under a bundle, 1,000 read.
  @Test func theStandardFolderLimit() throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write("Root.plist", Self.root)
    for index in 0..<1_200 { try Self.folder(bundle, "f\(index)") }
    let (loaded, visited) = try Self.load(bundle)
    #expect(visited.count == WalkLimits.standard.maximumFolders)
    #expect(loaded.problems.map(\.issue.kind) == [.limit])
  }

  /// Names of any kind count: a folder full of links that lead nowhere is cut off too.
  @Test func namesAreBoundedToo() throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write("Root.plist", Self.root)
    try Self.folder(bundle, "junk")
    for index in 0..<60 { try Self.link(bundle, "junk/dangling\(index)", to: "nowhere\(index)") }
    var limits = WalkLimits.standard
    limits.maximumNames = 50
    let (loaded, _) = try Self.load(bundle, limits: limits)
    #expect(
      loaded.problems.map(\.issue.message) == [
        "more than 50 names in the bundle's folders; the rest are not read"
      ])
  }

  @Test func foldersBelowTheDepthLimitAreNotRead() throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write("Root.plist", Self.root)
    let deep = (1...20).map { "d\($0)" }.joined(separator: "/")
    try Self.folder(bundle, deep)
    let (loaded, visited) = try Self.load(bundle)
    #expect(visited.count == WalkLimits.standard.maximumDepth + 1)
    #expect(loaded.problems.map(\.issue.kind) == [.limit])
  }

  /// Random trees of folders, files and links (to `.`, `..`, the root, outside, each
  /// other, nowhere): the walk reads each real folder at most once, only inside the
  /// bundle, and every file it lists resolves inside the bundle. `scripts/fuzz walk`
  /// runs the same checks over inputs libFuzzer picks.
  @Test(arguments: 0..<60)
  func randomTreesWithLinks(seed: UInt64) throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write("Root.plist", Self.root)
    try bundle.write("../Outside/inner/Secret.plist", Self.root)
    var random = SplitMix64(seed: seed)
    var folders = [""]
    var entries: [String] = []
    let targets = [".", "..", "../..", "../../..", "/", bundle.folder.path + "/Outside", "nowhere"]
    for index in 0..<40 {
      let parent = folders[Int(random.next() % UInt64(folders.count))]
      let name = (parent.isEmpty ? "" : parent + "/") + "n\(index)"
      switch random.next() % 4 {
      case 0:
        try Self.folder(bundle, name)
        folders.append(name)
      case 1:
        try bundle.write(name, "x")
      default:
        let target =
          random.next() % 2 == 0 || entries.isEmpty
          ? targets[Int(random.next() % UInt64(targets.count))]
          : String(repeating: "../", count: parent.split(separator: "/").count)
            + entries[Int(random.next() % UInt64(entries.count))]
        try Self.link(bundle, name, to: target)
      }
      entries.append(name)
    }
    let (loaded, visited) = try Self.load(bundle)
    let realRoot = try #require(BundleFileSystem.realPath(bundle.path))
    var identities = Set<FolderIdentity>()
    for folder in visited {
      let real = try #require(BundleFileSystem.realPath(bundle.path + "/" + folder))
      #expect(real == realRoot || real.hasPrefix(realRoot + "/"), "\(folder) is inside")
      var info = stat()
      #expect(stat(real, &info) == 0)
      #expect(identities.insert(FolderIdentity(info)).inserted, "\(folder) is read once")
    }
    #expect(visited.count <= folders.count)
    for file in loaded.files {
      let real = try #require(BundleFileSystem.realPath(bundle.path + "/" + file))
      #expect(real.hasPrefix(realRoot + "/"), "\(file) is inside")
    }
  }
}
