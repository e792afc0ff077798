import Foundation
import Plist
import SettingsSchema
import TestSupport
import Testing

/// Who reads a bundle, and from which page: a bundle only InAppSettingsKit
/// opens is read its way alone; the root page is the one the app opens
/// (`rootPage`), found at the top or in a language folder as CFBundle and
/// InAppSettingsKit find it; a page without StringsTable is shown from
/// InAppSettingsKit's fallback table. Built on real bundles from
/// `Tests/Fixtures/Unseen` (each folder's MANIFEST names its repository).
struct BundleReaderTests {
  static let unseen = Paths.fixtures.appendingPathComponent("Unseen")

  static func fixture(_ name: String) -> String {
    let folder = unseen.appendingPathComponent(name)
    let bundle = (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?
      .first { $0.hasSuffix(".bundle") }
    return folder.appendingPathComponent(bundle ?? "Settings.bundle").path
  }

  static let iKopter = fixture("fblumenberg__iKopter")
  static let todo = fixture("todotxt__todo.txt-ios")
  static let hfr = fixture("FLKone__HFRplus")
  static let taskCoach = fixture("vkucera__task-coach")

  /// iKopter opens `Main.plist` with InAppSettingsKit (`self.file = @"Main"`): its one
  /// page is the root, read as InAppSettingsKit reads it. Before: "not a Settings bundle".
  @Test func aBundleWhoseOnePageIsNotRootIsReadFromIt() throws {
    let bundle = try SettingsBundle.load(at: Self.iKopter)
    #expect(bundle.pages.first?.file == "Main.plist")
    #expect(bundle.options.dialect == .iask)
    #expect(bundle.onlyInAppSettingsKitOpens)
    #expect(bundle.problems.filter { $0.issue.severity == .error }.isEmpty)
  }

  /// Its child panes open the app's view controllers (IASKViewControllerClass): no File, no page.
  @Test func childPanesThatOpenTheAppsScreensNeedNoFile() throws {
    let bundle = try SettingsBundle.load(at: Self.iKopter)
    let panes = bundle.pages[0].specifiers.filter { $0.type == .childPane }
    #expect(panes.count == 4)
    for pane in panes {
      #expect(bundle.catalog.opensOwnView(pane))
      #expect(pane.childPage == nil)
    }
  }

  /// HFR+'s Root.inApp.plist has no StringsTable; InAppSettingsKit shows it
  /// from the table named after the page, en.lproj/Root.strings
  /// (IASKSettingsReader initWithFile:). Before, the page was not localized.
  @Test func aPageWithoutStringsTableIsShownFromItsOwnTableUnderInAppSettingsKit() throws {
    let bundle = try SettingsBundle.load(
      at: Self.hfr, options: LoadOptions(preferredLanguages: ["en"]))
    let root = try #require(bundle.pages.first)
    #expect(root.stringsTable == "Root")
    #expect(root.stringsTableIsImplicit)
    #expect(bundle.table(for: root)?.file == "en.lproj/Root.strings")
  }

  /// The same bundle read as Settings.app, asked for: a page without StringsTable is not localized.
  @Test func settingsAppLocalizesNoPageWithoutStringsTable() throws {
    var options = LoadOptions(dialect: .apple, preferredLanguages: ["en"])
    options.followsBundleReader = false
    let bundle = try SettingsBundle.load(at: Self.hfr, options: options)
    #expect(bundle.options.dialect == .apple)
    #expect(bundle.pages.first?.stringsTable == nil)
  }

  /// InAppSettings.bundle (todo.txt, HFR+): only InAppSettingsKit opens the
  /// folder, so there is no Settings.app reading and no fallback warning that
  /// "Settings.app would show nothing".
  @Test(arguments: [todo, hfr])
  func anInAppSettingsBundleIsInAppSettingsKitsAlone(path: String) throws {
    let bundle = try SettingsBundle.load(at: path)
    #expect(bundle.options.dialect == .iask)
    #expect(bundle.onlyInAppSettingsKitOpens)
    #expect(bundle.pages.first?.file == "Root.inApp.plist")
    #expect(!bundle.problems.contains { $0.origin == .rootFallback })
  }

  /// The folder's name decides who opens it: Settings.app opens the app's
  /// `Settings.bundle` (and the Watch app `Settings-Watch.bundle`) and no
  /// other folder, so a folder by any other name is read in the app
  /// (InAppSettingsKit opens `InAppSettings.bundle`, then `Settings.bundle`);
  /// the same files under Settings.bundle with a Root.plist are Settings.app's too.
  @Test(arguments: [
    ("InAppSettings.bundle", ["Root.plist"], true),
    ("Settings.bundle", ["Root.plist"], false),
    ("Settings.bundle", ["Root.plist", "Root.inApp.plist"], false),
    ("Settings.bundle", ["Root.inApp.plist"], true),
    ("Settings.bundle", ["Root.inApp.plist", "Advanced.plist"], true),
    ("Settings-Watch.bundle", ["Root.plist"], false),
    ("Copy.bundle", ["Root.plist"], true),
    ("Preferences.bundle", ["Root.plist"], true),
    ("Settings", ["Root.plist"], true),
  ])
  func whoOpensABundle(folder: String, pages: [String], onlyIASK: Bool) throws {
    let temporary = try TemporaryFolder()
    defer { temporary.remove() }
    let bundle = temporary.url.appendingPathComponent(folder)
    for page in pages {
      try temporary.write("\(folder)/\(page)", Self.page(title: page))
    }
    let loaded = try SettingsBundle.load(at: bundle.path)
    #expect(loaded.onlyInAppSettingsKitOpens == onlyIASK)
    #expect(loaded.options.dialect == (onlyIASK ? .iask : .apple))
  }

  /// Real bundles of each shape, read by the reader that opens them, from the page it opens.
  @Test(arguments: [
    ("fatih__cafetiere", Dialect.iask, "Root.inApp.plist"),  // Settings.bundle, .inApp pages only
    ("addi__Straeto-iphone-app", .iask, "Root.plist"),  // InAppSettings.bundle with a Root.plist
    ("miyagihe__Drawords1.0", .apple, "en.lproj/Root.plist"),  // a localized root only
    ("vkucera__task-coach", .apple, "en.lproj/Root.plist"),
    ("fblumenberg__iKopter", .iask, "Main.plist"),
  ])
  func realBundlesAreReadByTheirReader(fixture: String, dialect: Dialect, root: String) throws {
    let bundle = try SettingsBundle.load(
      at: Self.fixture(fixture), options: LoadOptions(preferredLanguages: ["en"]))
    #expect(bundle.options.dialect == dialect)
    #expect(bundle.pages.first?.file == root)
    #expect(!bundle.problems.contains { $0.origin == .rootFallback })
  }

  /// A dialect asked for is kept (`followsBundleReader` false).
  @Test func anExplicitDialectIsKept() throws {
    var options = LoadOptions(dialect: .apple)
    options.followsBundleReader = false
    let bundle = try SettingsBundle.load(at: Self.todo, options: options)
    #expect(bundle.options.dialect == .apple)
    #expect(bundle.onlyInAppSettingsKitOpens)
  }

  /// Task Coach has Root.plist only inside its .lproj folders: CFBundle finds the one
  /// of the language shown (after the top level, which has none).
  @Test(arguments: [("en", "en"), ("de", "de"), ("fr-CA", "fr"), ("ja", "en")])
  func aLocalizedRootIsFoundInTheLanguageShown(language: String, folder: String) throws {
    let bundle = try SettingsBundle.load(
      at: Self.taskCoach, options: LoadOptions(preferredLanguages: [language, "en"]))
    #expect(bundle.options.dialect == .apple)
    #expect(bundle.pages.first?.file == "\(folder).lproj/Root.plist")
    #expect(bundle.pages.first?.specifiers.isEmpty == false)
  }

  /// hp-mpos has a Root.plist in en.lproj and another in es.lproj and none at
  /// the top: each language is shown its own copy, and a reading for one
  /// language says which languages see its pages. Task Coach's copies are
  /// one per folder too; a bundle whose pages are all at its top shows every
  /// language the same pages.
  @Test func eachLanguageIsShownItsOwnLocalizedRoot() throws {
    let path = Self.fixture("Jornason__hp-mpos-ios")
    let english = try SettingsBundle.load(
      at: path, options: LoadOptions(preferredLanguages: ["en"]))
    let spanish = try SettingsBundle.load(
      at: path, options: LoadOptions(preferredLanguages: ["es"]))
    #expect(
      english.pages.filter(\.isReached).map(\.file) == [
        "en.lproj/Root.plist", "en.lproj/hpConfig.plist",
      ])
    #expect(
      spanish.pages.filter(\.isReached).map(\.file) == [
        "es.lproj/Root.plist", "es.lproj/hpConfig.plist",
      ])
    #expect(english.hasLocalizedPages)
    #expect(!english.showsSamePages(inLanguage: "es"))
    #expect(english.languagesShowingThesePages == ["en"])
    #expect(spanish.languagesShowingThesePages == ["es"])
    let taskCoach = try SettingsBundle.load(at: Self.taskCoach)
    #expect(taskCoach.languagesShowingThesePages.count == 1)
    let flux = try SettingsBundle.load(at: Self.fixture("sebastian__Flux"))
    #expect(!flux.hasLocalizedPages)
    #expect(flux.languagesShowingThesePages == flux.languages)
  }

  /// A top-level Root.plist wins over the language folders' (CFBundle looks there first).
  @Test func theTopLevelRootWinsOverALocalizedOne() throws {
    let temporary = try TemporaryFolder()
    defer { temporary.remove() }
    try temporary.write("Settings.bundle/Root.plist", Self.page(title: "top"))
    try temporary.write("Settings.bundle/en.lproj/Root.plist", Self.page(title: "en"))
    let bundle = try SettingsBundle.load(
      at: temporary.url.appendingPathComponent("Settings.bundle").path,
      options: LoadOptions(preferredLanguages: ["en"]))
    #expect(bundle.pages.first?.file == "Root.plist")
  }

  /// `rootPage` names the page the app opens; Settings.app opens only Root, so
  /// the reading is InAppSettingsKit's.
  @Test func theRootPageAsked() throws {
    let temporary = try TemporaryFolder()
    defer { temporary.remove() }
    try temporary.write("Settings.bundle/Root.plist", Self.page(title: "root"))
    try temporary.write("Settings.bundle/Main.plist", Self.page(title: "main"))
    let path = temporary.url.appendingPathComponent("Settings.bundle").path
    var options = LoadOptions()
    options.rootPage = "Main"
    let bundle = try SettingsBundle.load(at: path, options: options)
    #expect(bundle.pages.first?.file == "Main.plist")
    #expect(bundle.options.dialect == .iask)
    #expect(try SettingsBundle.load(at: path).pages.first?.file == "Root.plist")
  }

  /// Several pages and none is the root: the error names them, for the caller to offer.
  @Test func noRootAmongSeveralPagesNamesThem() throws {
    let temporary = try TemporaryFolder()
    defer { temporary.remove() }
    try temporary.write("Settings.bundle/Main.plist", Self.page(title: "main"))
    try temporary.write("Settings.bundle/Other.plist", Self.page(title: "other"))
    let path = temporary.url.appendingPathComponent("Settings.bundle").path
    #expect(throws: SettingsBundleError.noRootPage(path, root: "Root", pages: ["Main", "Other"])) {
      try SettingsBundle.load(at: path)
    }
    var options = LoadOptions()
    options.rootPage = "Other"
    #expect(try SettingsBundle.load(at: path, options: options).pages.first?.file == "Other.plist")
  }

  /// InAppSettingsKit's table for a page without StringsTable, for every page
  /// file shape and set of tables: the file's name without .plist, .inApp and
  /// the device's suffix when the bundle has that table, else Root (when the
  /// bundle has Root), else none. The model below is IASKSettingsReader's code.
  @Test(arguments: Idiom.allCases)
  func theImplicitTableFollowsInAppSettingsKit(idiom: Idiom) throws {
    var random = SplitMix64(seed: 24)
    let names = ["Root", "Advanced", "Sync", "My.Page"]
    let shapes = ["", "~iphone", "~ipad"]
    for _ in 0..<40 {
      let temporary = try TemporaryFolder()
      defer { temporary.remove() }
      let name = names[Int(random.next() % UInt64(names.count))]
      let shape = shapes[Int(random.next() % UInt64(shapes.count))]
      let inApp = random.next() % 2 == 0
      let file = name + shape + (inApp ? ".inApp" : "") + ".plist"
      let tables =
        names.filter { _ in random.next() % 2 == 0 } + ["My"].filter { _ in random.next() % 3 == 0 }
      try temporary.write("InAppSettings.bundle/\(file)", Self.page(title: "t"))
      for table in tables {
        try temporary.write("InAppSettings.bundle/en.lproj/\(table).strings", "\"t\" = \"T\";\n")
      }
      var options = LoadOptions(idiom: idiom, preferredLanguages: ["en"])
      options.rootPage = name
      options.extraPages = [file]
      let bundle = try SettingsBundle.load(
        at: temporary.url.appendingPathComponent("InAppSettings.bundle").path, options: options)
      let page = try #require(bundle.pages.first { $0.file == file })
      // IASK: stringByDeletingPathExtension twice, lastPathComponent, the idiom's suffix removed.
      var base = String(file.dropLast(".plist".count))
      if let dot = base.lastIndex(of: ".") { base = String(base[..<dot]) }
      base = base.replacingOccurrences(of: idiom == .phone ? "~iphone" : "~ipad", with: "")
      let expected = tables.contains(base) ? base : tables.contains("Root") ? "Root" : nil
      #expect(page.stringsTable == expected, "\(file) with \(tables) on \(idiom)")
    }
  }

  static func page(title: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
      <key>PreferenceSpecifiers</key>
      <array>
        <dict>
          <key>Type</key>
          <string>PSGroupSpecifier</string>
          <key>Title</key>
          <string>\(title)</string>
        </dict>
      </array>
    </dict>
    </plist>
    """
  }
}

/// A fresh temporary folder for bundles of any name, removed on `remove()`.
struct TemporaryFolder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-reader-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  func write(_ relativePath: String, _ text: String) throws {
    let file = url.appendingPathComponent(relativePath)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: file)
  }

  func remove() { try? FileManager.default.removeItem(at: url) }
}
