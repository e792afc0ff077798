import Foundation
import Plist
import SettingsSchema
import TestSupport
import Testing

struct BundleTests {
  static let conversor = Paths.examples.appendingPathComponent("Conversor/Settings.bundle").path
  static let showcase = Paths.examples.appendingPathComponent("Showcase/Settings.bundle").path
  static let hostile = Paths.fixtures.appendingPathComponent("Hostile")

  @Test(arguments: [
    ("en", "Celsius First"), ("pt", "Celsius Primeiro"), ("pt-BR", "Celsius Primeiro"),
    ("ja", "Celsius First"),
  ])
  func conversorInEachLanguage(_ language: String, _ title: String) throws {
    let bundle = try SettingsBundle.load(
      at: Self.conversor, options: LoadOptions(preferredLanguages: [language]))
    let root = try #require(bundle.pages.first)
    let toggle = try #require(root.specifiers.first)
    #expect(toggle.type == "PSToggleSwitchSpecifier")
    #expect(toggle.key == "celsiusPref")
    #expect(toggle.defaultValue?.value == .bool(false))
    #expect(bundle.localized(try #require(toggle.title), on: root) == title)
    #expect(bundle.problems.isEmpty)
  }

  @Test(arguments: [
    ("App/Settings.bundle/Root.plist", "App/Settings.bundle"),
    ("App/Settings.bundle/en.lproj/Root.strings", "App/Settings.bundle"),
    ("/abs/Settings.bundle/Images/slider.png", "/abs/Settings.bundle"),
    ("App/Settings.bundle", "App/Settings.bundle"),
    ("App/Settings.bundle/", "App/Settings.bundle"),
    ("Pods/Lib.bundle/Settings.bundle/Root.plist", "Pods/Lib.bundle/Settings.bundle"),
    ("Extras/Données.BUNDLE/Root.plist", "Extras/Données.BUNDLE"),
    ("README.md", nil), ("App/.bundle/Root.plist", nil), ("App/Root.plist", nil),
  ])
  func aPathNamesTheBundleItLiesIn(_ path: String, _ folder: String?) {
    #expect(SettingsBundle.enclosingFolder(of: path) == folder)
  }

  @Test func showcaseHasEveryAppleTypeAndItsChildPane() throws {
    let bundle = try SettingsBundle.load(
      at: Self.showcase, options: LoadOptions(preferredLanguages: ["cs"]))
    #expect(bundle.pages.map(\.file) == ["Root.plist", "Advanced.plist"])
    let catalog = try SchemaCatalog.load(.apple)
    let types = Set(bundle.pages.flatMap(\.specifiers).compactMap(\.type))
    #expect(types == Set(catalog.types.keys))
    #expect(bundle.languages == ["cs", "en", "pt-BR", "ru"])
    #expect(bundle.strings["en.lproj/Root.strings"]?.strings.encoding == .utf16LittleEndianWithBOM)
    let advanced = bundle.pages[1]
    #expect(bundle.localized("NETWORK", on: advanced) == "Síť")
    #expect(bundle.problems.isEmpty)
    #expect(bundle.unreachedFiles.isEmpty)
  }

  @Test func pathsThatLeaveTheBundleAreNeverFollowed() throws {
    let bundle = try SettingsBundle.load(
      at: Self.hostile.appendingPathComponent("Traversal/Settings.bundle").path)
    #expect(bundle.pages.count == 1)
    #expect(bundle.pages[0].specifiers.allSatisfy { $0.childPage == nil })
    #expect(bundle.problems.count == 2)
    #expect(
      bundle.problems.allSatisfy { $0.issue.kind == .unsafeMarkup && $0.issue.severity == .error })
    #expect(bundle.problems.map(\.issue.message).allSatisfy { $0.contains("never followed") })
  }

  @Test func symbolicLinksLeavingTheBundleAreNotRead() throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    let outside = bundle.folder.appendingPathComponent("Outside.plist")
    try Data(#"{ PreferenceSpecifiers = (); }"#.utf8).write(to: outside)
    let root = bundle.url.appendingPathComponent("Root.plist")
    try FileManager.default.createSymbolicLink(atPath: root.path, withDestinationPath: outside.path)
    // The root is found where it is looked for, and does not read: the link is named.
    let linkedRoot = try SettingsBundle.load(at: bundle.path)
    #expect(linkedRoot.unreadPages.map(\.file) == ["Root.plist"])
    #expect(
      linkedRoot.problems.map(\.issue.message) == [
        "a symbolic link that leaves the bundle (to \(SettingsBundle.realPath(outside.path) ?? "")); it is never followed"
      ])
    try FileManager.default.removeItem(at: root)
    try bundle.write(
      "Root.plist",
      #"{ PreferenceSpecifiers = ({ Type = PSChildPaneSpecifier; Title = x; File = Escape; }); }"#)
    try FileManager.default.createSymbolicLink(
      atPath: bundle.url.appendingPathComponent("Escape.plist").path,
      withDestinationPath: outside.path)
    let loaded = try SettingsBundle.load(at: bundle.path)
    // The child pane opens the link, which is never read: one problem names it.
    #expect(loaded.pages.map(\.file) == ["Root.plist", "Escape.plist"])
    #expect(loaded.unreadPages.map(\.file) == ["Escape.plist"])
    #expect(
      loaded.problems.filter {
        $0.file == "Escape.plist" && $0.issue.message.contains("leaves the bundle")
      }.count == 1)
  }

  @Test func aBrokenRootStillLoadsWithItsProblems() throws {
    let bundle = try SettingsBundle.load(
      at: Self.hostile.appendingPathComponent("BrokenRoot/Settings.bundle").path)
    #expect(bundle.pages.count == 1)
    #expect(bundle.pages[0].document == nil)
    #expect(Set(bundle.problems.map(\.file)) == ["Root.plist", "en.lproj/Root.strings"])
    #expect(bundle.problems.allSatisfy { $0.issue.severity == .error })
  }

  @Test func notABundle() {
    #expect(throws: SettingsBundleError.notFound("/no/such/bundle")) {
      try SettingsBundle.load(at: "/no/such/bundle")
    }
    #expect(throws: SettingsBundleError.notADirectory(Self.conversor + "/Root.plist")) {
      try SettingsBundle.load(at: Self.conversor + "/Root.plist")
    }
    #expect(throws: SettingsBundleError.noRootPlist(Paths.examples.path)) {
      try SettingsBundle.load(at: Paths.examples.path)
    }
  }

  @Test(.needsCorpus) func deviceVariantsArePickedForTheirIdiom() throws {
    let path = Paths.corpus.appendingPathComponent("futuretap__InAppSettingsKit/Settings.bundle")
      .path
    let phone = try SettingsBundle.load(at: path, options: LoadOptions(idiom: .phone))
    let pad = try SettingsBundle.load(at: path, options: LoadOptions(idiom: .pad))
    let inApp = try SettingsBundle.load(at: path, options: LoadOptions(idiom: .pad, dialect: .iask))
    #expect(phone.pages.first?.file == "Root~iphone.plist")
    #expect(pad.pages.first?.file == "Root~ipad.plist")
    #expect(inApp.pages.first?.file == "Root~ipad.inApp.plist")
    #expect(!phone.unreachedFiles.contains("Root~ipad.plist"))
  }
}
