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
    // The Titles change only by the value's title: said by the value's change.
    ("value-removed", [.valueRemoved: .breaking]),
    ("value-added", [.valueAdded: .cosmetic]),
    ("range-changed", [.rangeChanged: .breaking]),
    // The default stays the on value: shown on before and after, no change of its own.
    ("toggle-values-changed", [.toggleValuesChanged: .breaking]),
    ("toggle-retyped", [.typeChanged: .breaking]),
    ("title-changed", [.titleChanged: .cosmetic]),
    ("page-added", [.pageAdded: .cosmetic]),
    ("page-removed", [.pageRemoved: .cosmetic, .keyRemoved: .breaking]),
    // A group with a new title: the group and its text for translators.
    ("strings-added", [.stringsAdded: .cosmetic, .elementAdded: .cosmetic]),
    ("translation-removed", [.translationRemoved: .cosmetic]),
    ("order-changed", [.orderChanged: .cosmetic]),
    ("footer-changed", [.footerChanged: .cosmetic, .stringsAdded: .cosmetic]),
    ("group-title-changed", [.titleChanged: .cosmetic, .stringsAdded: .cosmetic]),
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
    let covered = Set(Self.expected.flatMap { $0.1.keys }).union(
      Self.licencePairs.flatMap { $0.1.keys })
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
    // At the Key lines, not the elements' <dict>.
    #expect(rename.oldPlace?.line == 17 && rename.newPlace?.line == 17)
    #expect(!rename.renameConfirmed && rename.severity == .breaking)
  }

  @Test func aChangeOnlyOnThePadPageSaysSo() throws {
    // The pad reads its own Root~ipad.plist, where only the default of "sound" changed.
    let changes = BundleDiff.compare(
      old: try Self.snapshot("base"), new: try Self.snapshot("pad-page-changed"))
    let change = try #require(changes.first)
    #expect(changes.count == 1)
    #expect(change.idiom == .pad && change.key == "sound")
    #expect(change.readings == [BundleReading(idiom: .pad, dialect: .apple)])
    #expect(change.missed == [BundleReading(idiom: .phone, dialect: .apple)])
    #expect(change.message.hasPrefix("the default of \"sound\" changed from true to false"))
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
    #expect(
      footer.map(\.kind) == [.footerChanged, .stringsAdded] && footer.first?.key == nil)
    #expect(footer.first?.old == nil && footer.first?.new == "Applies to this device")

    let titles = BundleDiff.compare(old: base, new: try Self.snapshot("group-title-changed"))
      .filter { $0.kind != .stringsAdded }
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

  /// An empty default is said as "" (Psiphon f3dbac47 → 670791e3 gave
  /// "changed from nothing to : the setting changes"), for every kind of element.
  @Test(arguments: [
    "PSTextFieldSpecifier", "PSToggleSwitchSpecifier", "PSTitleValueSpecifier",
  ])
  func anEmptyDefaultIsSaidAsAnEmptyText(type: String) throws {
    func page(_ defaultValue: String) -> String {
      """
      <plist version="1.0"><dict><key>PreferenceSpecifiers</key><array>
      <dict><key>Type</key><string>\(type)</string><key>Key</key><string>name</string>
      <key>Title</key><string>Name</string>\(defaultValue)</dict>
      </array></dict></plist>
      """
    }
    for (old, new) in [
      ("", "<key>DefaultValue</key><string></string>"),
      ("<key>DefaultValue</key><string></string>", ""),
      ("<key>DefaultValue</key><string>x</string>", "<key>DefaultValue</key><string></string>"),
    ] {
      let (before, after) = try Self.snapshots(oldRoot: page(old), newRoot: page(new))
      let messages = BundleDiff.compare(old: before, new: after).map(\.message)
      #expect(!messages.isEmpty)
      for message in messages {
        #expect(
          !message.contains(" to :") && !message.contains(" to ,") && !message.contains("from  to"),
          "\(message)")
        #expect(!message.contains("shows  instead") && !message.contains("instead of  until"))
      }
    }
  }

  /// A history pair read by each device, by Settings.app and by
  /// InAppSettingsKit when the pair has `.inApp` pages (as `prefs diff` reads it).
  static func history(_ name: String, dialects: [Dialect]? = nil) throws -> (
    old: BundleSnapshot, new: BundleSnapshot
  ) {
    let folder = Paths.fixtures.appendingPathComponent("Diff/History/\(name)")
    func read(_ side: String) throws -> BundleSnapshot {
      let path = folder.appendingPathComponent("\(side)/Settings.bundle").path
      let files = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
      let readers =
        dialects ?? (files.contains { $0.hasSuffix(".inApp.plist") } ? [.apple, .iask] : [.apple])
      return BundleSnapshot(
        bundles: try readers.flatMap { dialect in
          try Idiom.allCases.map {
            try SettingsBundle.load(
              at: path, options: LoadOptions(idiom: $0, dialect: dialect, keepsComments: false))
          }
        })
    }
    return (try read("old"), try read("new"))
  }

  /// Licence pages of real apps, whose groups have no key (Tests/Fixtures/Diff/README.md),
  /// in both directions: a group removed or added is one change, the other
  /// groups matched by their texts. Failed before (matched by position):
  /// caronae's removed group gave 37 title-changed and 34 footer-changed.
  static let licencePairs: [(String, [ChangeKind: Int], reversed: Bool)] = [
    ("caronae-licence-group-removed", [.elementRemoved: 1], false),
    // Added, the group's title and footer are also new text to translate.
    ("caronae-licence-group-removed", [.elementAdded: 1, .stringsAdded: 2], true),
    ("pigdogbay-licence-reworded", [.footerChanged: 1], false),
  ]

  @Test(arguments: licencePairs)
  func keylessGroupsAreMatchedByTheirTexts(
    name: String, kinds: [ChangeKind: Int], reversed: Bool
  ) throws {
    let pair = try Self.history(name)
    let changes =
      reversed
      ? BundleDiff.compare(old: pair.new, new: pair.old)
      : BundleDiff.compare(old: pair.old, new: pair.new)
    let found = Dictionary(changes.map { ($0.kind, 1) }, uniquingKeysWith: +)
    #expect(found == kinds, "\(changes.map(\.message))")
  }

  /// One value added with its title (cvmdev/ksvdlmobile a32e7e8b) is the one
  /// change a reviewer needs: the value with its new title, and no
  /// strings-added telling the source language (en, its only one) to
  /// translate its own text, nor a title-changed for the Titles list.
  /// Failed before: 3 changes, "en must translate it".
  @Test func aValueAddedWithItsTitleIsOneChange() throws {
    let pair = try Self.history("cvmdev-sound-added")
    let changes = BundleDiff.compare(old: pair.old, new: pair.new)
    #expect(changes.map(\.kind) == [.valueAdded])
    #expect(changes.first?.message == "\"multi_preference\" now offers 6, titled \"Default(Beep)\"")
  }

  /// Property: whatever a change quotes (whole licences, values with quotes
  /// and line breaks), its message is one line with no quoted run over the
  /// limit. Failed before: a 511-character footer-changed line (PigDogBay),
  /// caronae's longest 15,197 characters.
  @Test(arguments: ["caronae-licence-group-removed", "pigdogbay-licence-reworded"])
  func messagesQuoteOneBoundedLine(name: String) throws {
    let pair = try Self.history(name)
    for change in BundleDiff.compare(old: pair.old, new: pair.new)
      + BundleDiff.compare(old: pair.new, new: pair.old)
    {
      #expect(!change.message.contains { $0.isNewline })
      #expect(change.message.count <= 2 * (MessageText.limit + 3) + 80, "\(change.message)")
    }
  }

  /// Releases of real apps (Tests/Fixtures/Diff/README.md): the kinds each
  /// shows, how many of each, and the keys on one device only.
  @Test(arguments: [
    ("awful-pad-page", [ChangeKind.keyAdded: 4, .stringsAdded: 7], ["username": Idiom.phone]),
    (
      "meshtastic-reworded",
      [.keyRemoved: 1, .keyAdded: 3, .titleChanged: 2, .orderChanged: 2, .stringsAdded: 11], [:]
    ),
    (
      "vlc-defaults",
      [.keyRemoved: 2, .keyAdded: 2, .defaultChanged: 3, .orderChanged: 2, .stringsAdded: 8], [:]
    ),
    // The string "-1" became the integer -1: one retyping, not a value removed and one added.
    ("vlc-deinterlace-retyped", [.typeChanged: 1], [:]),
    // Copied from the apps' histories (Tests/Fixtures/Diff/README.md).
    ("vlc-values-retyped", [.typeChanged: 2], [:]),
    ("lastfm-default-fixed", [.defaultChanged: 1], [:]),
    (
      "lastfm-default-shown-off",
      [
        .toggleValuesChanged: 1, .defaultChanged: 1, .titleChanged: 4, .footerChanged: 3,
        .orderChanged: 1, .stringsAdded: 7, .elementRemoved: 1,
      ], [:]
    ),
    // A toggle become a multi value of 0 and 1 (true and false read as them, as isEqual: compares).
    ("vlc-toggle-to-choice", [.typeChanged: 1, .defaultChanged: 1, .stringsAdded: 2], [:]),
    // A title value's DefaultValue (the version DuckDuckGo writes each release) is only shown.
    ("duckduckgo-version", [.defaultChanged: 1], [:]),
    // TrueValue true and FalseValue false dropped: what the toggle stores is unchanged.
    (
      "colloquy-toggle-values-dropped",
      [.defaultChanged: 1, .orderChanged: 1, .stringsAdded: 2], [:]
    ),
    // 19 city URLs moved to https under the same titles: 19 values replaced (each
    // paired by its title), one city new. Before: 19 removed and 20 added.
    ("docksmart-https", [.valueRemoved: 19, .valueAdded: 1], [:]),
    ("docksmart-version-added", [.keyAdded: 1, .stringsAdded: 1], [:]),
    (
      "iask-open-url-https",
      [.defaultChanged: 1, .keyRemoved: 3, .stringsAdded: 2, .titleChanged: 6], [:]
    ),
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

  /// DockSmart a86f264 moved its city URLs to https, each under the title it
  /// had: a value removed and one added with one title are one value
  /// replaced, as an element without a Key is paired by its title. It stays
  /// breaking (a stored http URL is no longer one of Values) and names both
  /// values and both lines. Before, each was a value-removed and a value-added.
  @Test func aValueReplacedUnderItsTitleIsOneChange() throws {
    let (old, new) = try Self.history("docksmart-https")
    let changes = BundleDiff.compare(old: old, new: new)
    let replaced = changes.filter { $0.kind == .valueRemoved }
    #expect(replaced.count == 19)
    for change in replaced {
      #expect(change.severity == .breaking)
      let (before, after) = (change.old ?? "", change.new ?? "")
      #expect(before.hasPrefix("http://") && after.hasPrefix("https://"), "\(change.message)")
      #expect(change.message.contains("instead of"), "\(change.message)")
      #expect(change.oldPlace?.line != nil && change.newPlace?.line != nil)
    }
    // London's URL changed its name too (barclays-cycle-hire to santander-cycles): still
    // one value under the one title "London, England".
    #expect(replaced.contains { $0.new == "https://api.citybik.es/santander-cycles.json" })
    // Portland is new: its title was no one's before.
    #expect(changes.filter { $0.kind == .valueAdded }.map(\.shownTitle) == ["Portland, OR"])
  }

  /// InAppSettingsKit 3.0 (855f951) sent its sample's open-URL rows to
  /// GitHub instead of http://www.inappsettingskit.com/. Such a row is
  /// anchored by its File, which changed: it is paired by its type and
  /// Title, and the change of the URL it opens is said. Before, the rows
  /// had no counterpart and the change went unsaid.
  @Test func anOpenURLRowWhoseURLChangedIsPairedByItsTitle() throws {
    let (old, new) = try Self.history("iask-open-url-https")
    let files = BundleDiff.compare(old: old, new: new).filter {
      $0.message.hasPrefix("the File of IASKOpenURLSpecifier")
    }
    #expect(files.count == 2)
    // The new URL is text the table could hold, but a link reads the same in every
    // language: nobody is asked to translate it (before: "de must translate it").
    let link = try #require(
      BundleDiff.compare(old: old, new: new).first {
        $0.kind == .stringsAdded && $0.new == "https://github.com/futuretap/InAppSettingsKit/"
      })
    #expect(link.lacking.isEmpty && !link.message.contains("must translate"), "\(link.message)")
    for change in files {
      #expect(change.old == "http://www.inappsettingskit.com/", "\(change.message)")
      #expect(change.new?.hasPrefix("https://github.com/futuretap/InAppSettingsKit") == true)
    }
  }

  /// DockSmart 90a1b24 added a "Version" row; its only language, en (the
  /// source), has the entry commented out: no table has it, and the change
  /// says so instead of "every language translates it".
  @Test func newTextTheOnlyLanguageLacksIsNotSaidTranslated() throws {
    let (old, new) = try Self.history("docksmart-version-added")
    let added = try #require(
      BundleDiff.compare(old: old, new: new).first { $0.kind == .stringsAdded })
    #expect(added.new == "Version")
    #expect(!added.message.contains("every language translates it"), "\(added.message)")
    #expect(
      added.message.hasSuffix("no language's table has it; en, the source, shows it as written"))
  }

  /// VLC 19d21436d3 wrote the Values of two multi values as strings where
  /// they were integers: people's stored integers match no new value.
  @Test func valuesThatChangeTypeAreOneTypeChangeAtTheFirstRetypedValue() throws {
    let (old, new) = try Self.history("vlc-values-retyped")
    let changes = BundleDiff.compare(old: old, new: new)
    #expect(changes.map(\.key) == ["avcodec-skiploopfilter", "deinterlace"])
    for change in changes {
      #expect(change.kind == .typeChanged && change.severity == .breaking)
      #expect(change.message.contains("changed type from integers to strings"), "\(change.message)")
      #expect(change.message.contains("the DefaultValue too"), "\(change.message)")
    }
    // The first <string> of Values, not the element's <dict>.
    #expect(changes.map { $0.newPlace?.line } == [326, 350])
    let plan = MigrationPlan(old: old, new: new, stored: ["deinterlace": .integer(-1)])
    #expect(
      plan.steps == [
        .convert(
          key: "deinterlace", from: .integer(-1), to: .string("-1"),
          reason: "the values changed type")
      ])
  }

  /// Lists whose values are the same numbers in another type (`1`, `1.0`,
  /// `true`) change nothing; the same number as text does.
  @Test(arguments: [
    ([PlistValue.integer(1), .integer(2)], [PlistValue.real(1), .real(2)], false),
    ([.integer(0), .integer(1)], [.bool(false), .bool(true)], false),
    ([.integer(1), .integer(2)], [.string("1"), .string("2")], true),
    ([.integer(1), .string("-1")], [.integer(1), .integer(-1)], true),
    ([.string("1.5")], [.real(1.5)], true),
    ([.string("a"), .string("b")], [.string("a"), .string("c")], false),
  ])
  func retypedValuesAreThoseIsEqualTellsApartButTheSameNumber(
    old: [PlistValue], new: [PlistValue], retyped: Bool
  ) {
    #expect(BundleDiff.retypedValues(old, new).isEmpty == !retyped)
  }

  /// Last.fm 8110470 changed the scrobbling toggle's FalseValue NO to OFF:
  /// what was stored as off still shows off, so nothing breaks; its
  /// DefaultValue YES became true, which is not the TrueValue: shown off.
  @Test func onlyTheOffValueChangingIsNotBreaking() throws {
    let (old, new) = try Self.history("lastfm-default-shown-off")
    let changes = BundleDiff.compare(old: old, new: new).filter { $0.key == "scrobbling" }
    #expect(Set(changes.map(\.kind)) == [.toggleValuesChanged, .defaultChanged])
    #expect(changes.allSatisfy { $0.severity == .behaviour })
    let shown = changes.first { $0.kind == .defaultChanged }
    #expect(shown?.message.contains("the switch is now off") == true)
  }

  /// DuckDuckGo abebe1ba75 (Release 7.131.0) changed the DefaultValue of its
  /// read-only `version` title value, as each release does: people set
  /// nothing, so the change is cosmetic, not a change of behaviour.
  @Test func aTitleValuesDefaultIsOnlyShown() throws {
    let (old, new) = try Self.history("duckduckgo-version")
    let changes = BundleDiff.compare(old: old, new: new)
    #expect(changes.map(\.severity) == [.cosmetic], "\(changes.map(\.message))")
    #expect(changes.first?.newPlace?.line == 9)
  }

  /// VLC 207b4a27cc made the AutomaticallyPlayNextItem toggle (in its
  /// `.inApp` page) a multi value of 0 and 1: what people stored (true or
  /// false) is one of its values as `isEqual:` compares, so nothing breaks.
  @Test func aToggleBecomeAChoiceOfItsValuesIsNotBreaking() throws {
    let (old, new) = try Self.history("vlc-toggle-to-choice", dialects: Dialect.allCases)
    let retyped = BundleDiff.compare(old: old, new: new).filter { $0.kind == .typeChanged }
    #expect(retyped.map(\.severity) == [.behaviour], "\(retyped.map(\.message))")
    #expect(retyped.first?.readings.allSatisfy { $0.dialect == .iask } == true)
  }

  @Test func aConfirmedRenameIsReportedAsConfirmed() throws {
    let changes = BundleDiff.compare(
      old: try Self.snapshot("base"), new: try Self.snapshot("key-renamed"),
      renames: ["sound": "soundEnabled"])
    let rename = try #require(changes.first)
    #expect(changes.count == 1 && rename.kind == .keyRenamed && rename.renameConfirmed)
    #expect(rename.severity == .behaviour && rename.message.contains("(confirmed)"))
  }

  /// InAppSettingsKit 4eb36da833 retyped the Values of its `.inApp` pages
  /// only: InAppSettingsKit's reading finds it, Settings.app's does not.
  @Test func aChangeToTheInAppPagesIsFoundByInAppSettingsKitsReadingOnly() throws {
    func snapshot(_ side: String) throws -> BundleSnapshot {
      let path = Paths.fixtures.appendingPathComponent(
        "Diff/History/iask-inapp-retyped/\(side)/Settings.bundle"
      ).path
      return BundleSnapshot(
        bundles: try Dialect.allCases.flatMap { dialect in
          try Idiom.allCases.map {
            try SettingsBundle.load(
              at: path, options: LoadOptions(idiom: $0, dialect: dialect, keepsComments: false))
          }
        })
    }
    let changes = BundleDiff.compare(old: try snapshot("old"), new: try snapshot("new"))
    let retyped = changes.filter { $0.kind == .typeChanged }
    #expect(retyped.map(\.key) == ["mulValue", "mulValueOther"])
    for change in retyped {
      #expect(change.readings == [BundleReading(idiom: .pad, dialect: .iask)])
      #expect(Set(change.missed.map(\.dialect)) == [.apple, .iask])
      #expect(change.newPlace?.file == "Root~ipad.inApp.plist")
    }
  }

  /// VLC removed `satip-channellist-url` from Root.plist but kept it in
  /// Root.inApp.plist: Settings.app no longer shows it, the values are kept.
  @Test func aKeyOneReaderStillShowsIsNotOrphaned() throws {
    let toggle = """
      <dict><key>Type</key><string>PSTextFieldSpecifier</string><key>Key</key><string>url</string></dict>
      """
    func page(_ body: String) -> String {
      "<plist version=\"1.0\"><dict><key>PreferenceSpecifiers</key><array>\(body)</array></dict></plist>"
    }
    func snapshot(_ root: String) throws -> BundleSnapshot {
      let bundle = try TemporaryBundle()
      defer { bundle.remove() }
      try bundle.write("Root.plist", page(root))
      try bundle.write("Root.inApp.plist", page(toggle))
      return BundleSnapshot(
        bundles: try Dialect.allCases.map {
          try SettingsBundle.load(
            at: bundle.path, options: LoadOptions(dialect: $0, keepsComments: false))
        })
    }
    let changes = BundleDiff.compare(old: try snapshot(toggle), new: try snapshot(""))
    #expect(changes.map(\.kind) == [.keyRemoved], "\(changes.map(\.message))")
    #expect(changes.first?.severity == .cosmetic)
    #expect(changes.first?.readings.map(\.dialect) == [.apple])
  }

  /// InAppSettingsKit's own types are compared by its reading: a date
  /// picker become a text field stores a string where a date was; a mail
  /// compose row's title is a text like any other.
  @Test func inAppSettingsKitTypesAreComparedByItsReading() throws {
    func page(_ body: String) -> String {
      "<plist version=\"1.0\"><dict><key>PreferenceSpecifiers</key><array>\(body)</array></dict></plist>"
    }
    func snapshot(reminder: String, mailTitle: String) throws -> BundleSnapshot {
      let bundle = try TemporaryBundle()
      defer { bundle.remove() }
      try bundle.write("Root.plist", page(""))
      try bundle.write(
        "Root.inApp.plist",
        page(
          """
          <dict><key>Type</key><string>\(reminder)</string><key>Key</key><string>reminder</string>\
          <key>Title</key><string>Reminder</string></dict>
          <dict><key>Type</key><string>IASKMailComposeSpecifier</string>\
          <key>Title</key><string>\(mailTitle)</string></dict>
          """))
      return BundleSnapshot(
        bundles: try Dialect.allCases.map {
          try SettingsBundle.load(
            at: bundle.path, options: LoadOptions(dialect: $0, keepsComments: false))
        })
    }
    let changes = BundleDiff.compare(
      old: try snapshot(reminder: "IASKDatePickerSpecifier", mailTitle: "Write to us"),
      new: try snapshot(reminder: "PSTextFieldSpecifier", mailTitle: "Contact"))
    // (No strings-added: InAppSettingsKit reads no table for a page without StringsTable
    // in a bundle without .lproj folders, so "Contact" is shown as written.)
    #expect(Set(changes.map(\.kind)) == [.typeChanged, .titleChanged])
    let retyped = try #require(changes.first { $0.kind == .typeChanged })
    #expect(retyped.severity == .breaking && retyped.message.contains("storing a date"))
    #expect(
      changes.allSatisfy {
        $0.readings.map(\.dialect) == [.iask] && $0.missed.map(\.dialect) == [.apple]
      })
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
