import Foundation
import Plist
import SettingsSchema
import TestSupport
import Testing

@testable import BundleDiff

/// Each fixture of Tests/Fixtures/Diff is the base bundle after one change of
/// a kind (Tests/Fixtures/Diff/make-fixtures.py writes them).
struct BundleDiffTests {
  static func snapshot(_ name: String) throws -> BundleSnapshot {
    try snapshot(at: Paths.fixtures.appendingPathComponent("Diff/\(name)/Settings.bundle").path)
  }

  static func snapshot(at path: String) throws -> BundleSnapshot {
    BundleSnapshot(
      bundles: try Idiom.allCases.map {
        try SettingsBundle.load(at: path, options: LoadOptions(idiom: $0, keepsComments: false))
      })
  }

  /// Two bundles of one page each, written for a test and read on both idioms.
  static func snapshots(oldRoot: String, newRoot: String) throws -> (
    old: BundleSnapshot, new: BundleSnapshot
  ) {
    let old = try TemporaryBundle()
    let new = try TemporaryBundle()
    defer {
      old.remove()
      new.remove()
    }
    try old.write("Root.plist", oldRoot)
    try new.write("Root.plist", newRoot)
    return (try snapshot(at: old.path), try snapshot(at: new.path))
  }

  static let expected: [(String, [ChangeKind: ChangeSeverity])] = [
    ("key-removed", [.keyRemoved: .breaking]),
    ("key-added", [.keyAdded: .cosmetic]),
    ("key-renamed", [.keyRenamed: .breaking]),
    ("type-changed", [.typeChanged: .breaking]),
    ("default-changed", [.defaultChanged: .behaviour]),
    ("value-removed", [.valueRemoved: .breaking, .titleChanged: .cosmetic]),
    ("value-added", [.valueAdded: .cosmetic, .titleChanged: .cosmetic]),
    ("range-changed", [.rangeChanged: .breaking]),
    ("toggle-values-changed", [.toggleValuesChanged: .breaking, .defaultChanged: .behaviour]),
    ("title-changed", [.titleChanged: .cosmetic]),
    ("page-added", [.pageAdded: .cosmetic]),
    ("page-removed", [.pageRemoved: .cosmetic, .keyRemoved: .breaking]),
    ("strings-added", [.stringsAdded: .cosmetic]),
    ("translation-removed", [.translationRemoved: .cosmetic]),
    ("order-changed", [.orderChanged: .cosmetic]),
    ("footer-changed", [.footerChanged: .cosmetic]),
    ("group-title-changed", [.titleChanged: .cosmetic]),
    ("pad-page-changed", [.defaultChanged: .behaviour]),
    ("type-changed-lossless", [.typeChanged: .breaking]),
  ]

  @Test(arguments: expected)
  func eachKindIsFoundWithItsSeverity(fixture: String, kinds: [ChangeKind: ChangeSeverity]) throws {
    let changes = BundleDiff.compare(
      old: try Self.snapshot("base"), new: try Self.snapshot(fixture))
    let found = Dictionary(changes.map { ($0.kind, $0.severity) }, uniquingKeysWith: { a, _ in a })
    #expect(found == kinds, "\(changes.map(\.message))")
  }

  @Test func everyKindHasAFixture() {
    let covered = Set(Self.expected.flatMap { $0.1.keys })
    #expect(covered == Set(ChangeKind.allCases))
  }

  @Test func aBundleComparedWithItselfHasNoChange() throws {
    #expect(
      BundleDiff.compare(old: try Self.snapshot("base"), new: try Self.snapshot("base")).isEmpty)
  }

  @Test func aRenameCarriesItsEvidenceAndBothPlaces() throws {
    let changes = BundleDiff.compare(
      old: try Self.snapshot("base"), new: try Self.snapshot("key-renamed"))
    let rename = try #require(changes.first)
    #expect(rename.old == "sound" && rename.new == "soundEnabled")
    #expect(rename.message.contains("same type and title \"Sound\""))
    #expect(rename.oldPlace?.line == 13 && rename.newPlace?.line == 13)
  }

  @Test func aChangeOnlyOnThePadPageSaysSo() throws {
    // The pad reads its own Root~ipad.plist, where only the default of "sound" changed.
    let changes = BundleDiff.compare(
      old: try Self.snapshot("base"), new: try Self.snapshot("pad-page-changed"))
    let change = try #require(changes.first)
    #expect(changes.count == 1)
    #expect(change.idiom == .pad && change.key == "sound")
    #expect(change.message.hasPrefix("on pad: the default of \"sound\" changed from true to false"))
    #expect(change.newPlace?.file == "Root~ipad.plist" && change.oldPlace?.file == "Root.plist")
    // The other way round, the pad's page is the one that loses the change.
    let back = BundleDiff.compare(
      old: try Self.snapshot("pad-page-changed"), new: try Self.snapshot("base"))
    #expect(back.map(\.idiom) == [.pad])
  }

  @Test func aChangeOnEveryVariantIsReportedOnceWithoutAnIdiom() throws {
    let changes = BundleDiff.compare(
      old: try Self.snapshot("base"), new: try Self.snapshot("default-changed"))
    #expect(changes.count == 1 && changes.first?.idiom == nil)
    #expect(changes.first?.message.hasPrefix("on ") == false)
  }

  @Test func anElementLimitedToOneIdiomIsComparedOnThatIdiomOnly() throws {
    func page(_ idioms: String) -> String {
      """
      <plist version="1.0"><dict><key>PreferenceSpecifiers</key><array>
      <dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Key</key><string>zoom</string>
      <key>DefaultValue</key><true/>\(idioms)</dict>
      </array></dict></plist>
      """
    }
    let (old, new) = try Self.snapshots(
      oldRoot: page(""),
      newRoot: page("<key>SupportedUserInterfaceIdioms</key><array><string>Pad</string></array>"))
    let changes = BundleDiff.compare(old: old, new: new)
    #expect(changes.map(\.kind) == [.keyRemoved] && changes.first?.idiom == .phone)
  }

  @Test func orderFootersAndTitlesOfElementsWithoutAKey() throws {
    let base = try Self.snapshot("base")
    let moved = BundleDiff.compare(old: base, new: try Self.snapshot("order-changed"))
    #expect(moved.map(\.kind) == [.orderChanged] && moved.first?.key == "units")
    #expect(moved.first?.old == "after \"name\"" && moved.first?.new == "after \"sound\"")

    let footer = BundleDiff.compare(old: base, new: try Self.snapshot("footer-changed"))
    #expect(footer.map(\.kind) == [.footerChanged] && footer.first?.key == nil)
    #expect(footer.first?.old == nil && footer.first?.new == "Applies to this device")

    let titles = BundleDiff.compare(old: base, new: try Self.snapshot("group-title-changed"))
    #expect(titles.map(\.kind) == [.titleChanged, .titleChanged])
    #expect(
      titles.map(\.old) == ["General", "Advanced"] && titles.map(\.new) == ["Basics", "More"])
    #expect(titles.allSatisfy { $0.key == nil && $0.severity == .cosmetic })
  }

  @Test(arguments: [[3, 1, 2], [1, 2, 3], [3, 2, 1], [2, 5, 3, 7, 11, 8, 10, 13, 6], []])
  func theFewestMovesKeepTheLongestRunInOrder(sequence: [Int]) {
    let kept = BundleDiff.longestIncreasingRun(sequence).sorted().map { sequence[$0] }
    #expect(kept == kept.sorted())
    let expected = [
      [3, 1, 2]: 2, [1, 2, 3]: 3, [3, 2, 1]: 1, [2, 5, 3, 7, 11, 8, 10, 13, 6]: 6, []: 0,
    ]
    #expect(kept.count == expected[sequence])
  }

  /// Numbers written another way (`1` and `1.0`, `<true/>` and `1`) are the
  /// same stored value to Foundation, and so to the diff and to migration.
  @Test func numbersCompareAsFoundationsIsEqual() throws {
    func page(_ one: String, _ two: String, _ on: String) -> String {
      """
      <plist version="1.0"><dict><key>PreferenceSpecifiers</key><array>
      <dict><key>Type</key><string>PSMultiValueSpecifier</string><key>Key</key><string>speed</string>
      <key>Title</key><string>Speed</string><key>DefaultValue</key>\(one)
      <key>Values</key><array>\(one)\(two)</array><key>Titles</key><array><string>1x</string><string>2x</string></array></dict>
      <dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Key</key><string>hd</string>
      <key>TrueValue</key>\(on)<key>FalseValue</key><integer>0</integer><key>DefaultValue</key>\(on)</dict>
      </array></dict></plist>
      """
    }
    let (before, after) = try Self.snapshots(
      oldRoot: page("<integer>1</integer>", "<integer>2</integer>", "<true/>"),
      newRoot: page("<real>1.0</real>", "<real>2</real>", "<integer>1</integer>"))
    let changes = BundleDiff.compare(old: before, new: after)
    #expect(changes.isEmpty, "\(changes.map(\.message))")
    let plan = MigrationPlan(
      old: before, new: after, stored: ["speed": .integer(2), "hd": .bool(true)])
    #expect(plan.steps.isEmpty && plan.refusals.isEmpty)
  }

  static func history(_ name: String) throws -> (old: BundleSnapshot, new: BundleSnapshot) {
    let folder = Paths.fixtures.appendingPathComponent("Diff/History/\(name)")
    return (
      try snapshot(at: folder.appendingPathComponent("old/Settings.bundle").path),
      try snapshot(at: folder.appendingPathComponent("new/Settings.bundle").path)
    )
  }

  /// Releases of real apps (Tests/Fixtures/Diff/README.md): the kinds each
  /// shows, how many of each, and the keys on one device only.
  @Test(arguments: [
    ("awful-pad-page", [ChangeKind.keyAdded: 4], ["username": Idiom.phone]),
    (
      "meshtastic-reworded", [.keyRemoved: 1, .keyAdded: 3, .titleChanged: 2, .orderChanged: 2], [:]
    ),
    ("vlc-defaults", [.keyRemoved: 2, .keyAdded: 2, .defaultChanged: 3, .orderChanged: 2], [:]),
    ("vlc-deinterlace-retyped", [.valueRemoved: 1, .valueAdded: 1], [:]),
  ])
  func realReleasesAreFound(name: String, kinds: [ChangeKind: Int], oneDevice: [String: Idiom])
    throws
  {
    let (old, new) = try Self.history(name)
    let changes = BundleDiff.compare(old: old, new: new)
    let counted = Dictionary(changes.map { ($0.kind, 1) }, uniquingKeysWith: +)
    #expect(counted == kinds, "\(changes.map(\.message))")
    let onOne = Dictionary(
      changes.compactMap { change in change.idiom.map { (change.key ?? "", $0) } },
      uniquingKeysWith: { a, _ in a })
    #expect(onOne == oneDevice)
  }

  @Test func aRetypedValueIsConvertedByMigrationWithoutLoss() throws {
    let (old, new) = try Self.history("vlc-deinterlace-retyped")
    let plan = MigrationPlan(old: old, new: new, stored: ["deinterlace": .string("-1")])
    #expect(
      plan.steps == [
        .convert(
          key: "deinterlace", from: .string("-1"), to: .integer(-1),
          reason: "the values changed type")
      ])
  }

  @Test func aWiderRangeIsNotBreaking() throws {
    // The other way round: 0...0.4 becomes 0...1, which still holds every old value.
    let changes = BundleDiff.compare(
      old: try Self.snapshot("range-changed"), new: try Self.snapshot("base"))
    #expect(changes.map(\.kind) == [.rangeChanged])
    #expect(changes.first?.severity == .cosmetic)
  }
}

/// What `prefs defaults migrate` plans for stored values.
struct MigrationPlanTests {
  static let stored: [PlistKey: PlistValue] = [
    "sound": .bool(false), "theme": .string("light"), "volume": .real(0.8),
    "name": .string("Ana"), "units": .string("metric"), "debug": .bool(true),
    "appOwn": .integer(7),
  ]

  func plan(_ fixture: String, renames: [String: String] = [:], dropRemoved: Bool = false) throws
    -> MigrationPlan
  {
    MigrationPlan(
      old: try BundleDiffTests.snapshot("base"), new: try BundleDiffTests.snapshot(fixture),
      stored: Self.stored, renames: renames, dropRemoved: dropRemoved)
  }

  @Test func aConfirmedRenameMovesTheValue() throws {
    let plan = try plan("key-renamed", renames: ["sound": "soundEnabled"])
    #expect(plan.steps == [.move(from: "sound", to: "soundEnabled", value: .bool(false))])
    let migrated = plan.apply(to: Self.stored)
    #expect(migrated["sound"] == nil && migrated["soundEnabled"] == .bool(false))
  }

  @Test func anUnconfirmedRenameIsAnOrphanKept() throws {
    #expect(try plan("key-renamed").steps == [.keepOrphan(key: "sound")])
  }

  @Test func removedValuesAndNarrowedRangesResetToTheNewDefault() throws {
    #expect(
      try plan("value-removed").steps == [
        .reset(
          key: "theme", from: .string("light"), to: .string("system"),
          reason: "light is no longer one of the values")
      ])
    #expect(
      try plan("range-changed").apply(to: Self.stored)["volume"] == .real(0.5))
  }

  @Test func changedToggleValuesAreConverted() throws {
    #expect(try plan("toggle-values-changed").apply(to: Self.stored)["units"] == .string("si"))
  }

  @Test func aLossyTypeChangeIsRefusedUnlessForced() throws {
    let plan = try plan("type-changed")
    #expect(plan.refusals.map(\.key) == ["name"])
    #expect(plan.apply(to: Self.stored)["name"] == .string("Ana"), "refused: left as it is")
    #expect(
      plan.apply(to: Self.stored, force: true)["name"] == .bool(false), "forced: the new default")
  }

  @Test func removedKeysAreDroppedOnlyWhenAsked() throws {
    #expect(try plan("page-removed").steps == [.keepOrphan(key: "debug")])
    #expect(try plan("page-removed", dropRemoved: true).apply(to: Self.stored)["debug"] == nil)
  }

  @Test func keysTheBundleNeverHadAreTheAppsOwn() throws {
    for fixture in ["key-removed", "page-removed", "type-changed"] {
      #expect(
        try plan(fixture, dropRemoved: true).apply(to: Self.stored, force: true)["appOwn"]
          == .integer(7))
    }
  }

  @Test(arguments: [
    (PlistValue.integer(3), ValueKind.string, PlistValue.string("3")),
    (.string("42"), .integer, .integer(42)), (.integer(2), .real, .real(2)),
    (.real(2), .integer, .integer(2)),
  ])
  func losslessConversions(value: PlistValue, kind: ValueKind, result: PlistValue) {
    guard case .converted(let converted, _) = MigrationPlan.convert(value, to: kind) else {
      Issue.record("\(value) was not converted")
      return
    }
    #expect(converted == result)
  }

  @Test(arguments: [
    (PlistValue.string("abc"), ValueKind.integer), (.real(2.5), .integer),
    (.array([]), .string),
  ])
  func lossyConversionsAreRefused(value: PlistValue, kind: ValueKind) {
    if case .lossy = MigrationPlan.convert(value, to: kind) { return }
    Issue.record("\(value) as \(kind) should be refused")
  }
}

/// On the real bundles of the corpus: a bundle compared with itself has no
/// change, and the changes real releases make to them are found.
struct CorpusDiffTests {
  static func snapshot(_ path: String) throws -> BundleSnapshot {
    try BundleDiffTests.snapshot(at: path)
  }

  @Test(.needsCorpus)
  func aBundleComparedWithItselfHasNoChange() throws {
    for url in Paths.corpusBundles {
      let snapshot = try Self.snapshot(url.path)
      let changes = BundleDiff.compare(old: snapshot, new: snapshot)
      #expect(changes.isEmpty, "\(url.path): \(changes.map(\.message))")
    }
  }

  /// What releases do (seen in app histories: a setting dropped, a key
  /// renamed to a clearer one, a default flipped), applied to each bundle's
  /// first stored setting and found again.
  @Test(.needsCorpus)
  func releaseChangesToRealBundlesAreFound() throws {
    var checked = 0
    for url in Paths.corpusBundles {
      let old = try Self.snapshot(url.path)
      guard let first = old.settings.first(where: { $0.title?.isEmpty == false }) else { continue }
      checked += 1
      let renamed = old.changingSettings { settings in
        for index in settings.indices where settings[index].key == first.key {
          settings[index].key = first.key + "V2"
        }
      }
      let renames = BundleDiff.compare(old: old, new: renamed)
      // A bundle whose phone and pad pages are different files changed in both.
      #expect(
        Set(renames.map(\.kind)) == [.keyRenamed] && renames.allSatisfy { $0.old == first.key },
        "\(url.path): \(renames.map(\.message))")

      let removed = old.changingSettings { $0.removeAll { $0.key == first.key } }
      #expect(
        Set(BundleDiff.compare(old: old, new: removed).map(\.kind)) == [.keyRemoved], "\(url.path)")

      let flipped = old.changingSettings { settings in
        for index in settings.indices where settings[index].key == first.key {
          settings[index].defaultValue = .string("changed in the next release")
        }
      }
      #expect(
        Set(BundleDiff.compare(old: old, new: flipped).map(\.kind)) == [.defaultChanged],
        "\(url.path)")
    }
    #expect(checked > 40, "most corpus bundles have a titled setting")
  }
}

extension BundleSnapshot {
  /// The snapshot with every variant's settings changed alike (a release's change to both devices).
  func changingSettings(_ body: (inout [Setting]) -> Void) -> BundleSnapshot {
    var copy = self
    for index in copy.variants.indices { body(&copy.variants[index].settings) }
    return copy
  }
}
