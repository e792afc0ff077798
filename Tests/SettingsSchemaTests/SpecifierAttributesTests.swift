import Foundation
import Plist
import SettingsSchema
import TestSupport
import Testing

/// The typed attributes every module reads instead of raw keys: Values paired
/// with Titles and ShortTitles by position once, a slider's range as written
/// and as UISlider reads it, a toggle's states, the bundle's defaults domain.
struct SpecifierAttributesTests {
  /// The element of an XML dictionary's entries (`<key>…</key><…>…</…>`).
  static func specifier(_ entries: String) throws -> Specifier {
    let document = try PropertyListReader.read(
      Array(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>\(entries)</dict></plist>
        """.utf8))
    return Specifier(index: 0, node: document.root)
  }

  static func strings(_ items: [String]) -> String {
    "<array>" + items.map { "<string>\($0)</string>" }.joined() + "</array>"
  }

  /// Every length of Values against every length of Titles: one choice per
  /// value, each with the title at its own position or none.
  @Test(arguments: 0...3, 0...3)
  func valuesPairWithTitlesByPosition(values: Int, titles: Int) throws {
    let valueNames = (0..<values).map { "v\($0)" }
    let titleNames = (0..<titles).map { "T\($0)" }
    let specifier = try Self.specifier(
      "<key>Values</key>\(Self.strings(valueNames))<key>Titles</key>\(Self.strings(titleNames))")
    let choices = try #require(specifier.choices)
    #expect(choices.map(\.value) == valueNames.map(PlistValue.string))
    for (index, choice) in choices.enumerated() {
      #expect(choice.title == (index < titles ? "T\(index)" : nil))
      #expect(choice.shortTitle == nil)
      #expect(choice.displayTitle == (index < titles ? "T\(index)" : "v\(index)"))
    }
  }

  /// A title that is no string is no title: the value stands for itself, and
  /// the titles after it keep their positions.
  @Test func aTitleThatIsNoStringIsNone() throws {
    let specifier = try Self.specifier(
      """
      <key>Values</key><array><integer>0</integer><integer>1</integer><integer>2</integer></array>\
      <key>Titles</key><array><string>Off</string><integer>7</integer><string>High</string></array>\
      <key>ShortTitles</key><array><string>O</string></array>
      """)
    let choices = try #require(specifier.choices)
    #expect(choices.map(\.title) == ["Off", nil, "High"])
    #expect(choices.map(\.shortTitle) == ["O", nil, nil])
    #expect(choices.map(\.displayTitle) == ["Off", "1", "High"])
    #expect(specifier.titleList == ["Off", "High"])
    #expect(specifier.hasShortTitles)
  }

  @Test func noValuesIsNoChoices() throws {
    let specifier = try Self.specifier("<key>Titles</key>\(Self.strings(["A"]))")
    #expect(specifier.choices == nil)
    #expect(specifier.choiceValues.isEmpty)
    #expect(!specifier.hasShortTitles)
  }

  /// UISlider gets floatValue of what is written, 0 and 1 when nothing is; the
  /// written numbers are what a checker compares.
  @Test func aSlidersRangeAsWrittenAndAsRead() throws {
    let written = try Self.specifier(
      "<key>MinimumValue</key><string>40</string><key>MaximumValue</key><integer>90</integer>")
    #expect(written.range.minimum == 40)
    #expect(written.range.maximum == 90)
    #expect(written.range.writtenMinimum == nil)
    #expect(written.range.writtenMaximum == 90)
    let missing = try Self.specifier("<key>Key</key><string>volume</string>")
    #expect(
      missing.range == SliderRange(writtenMinimum: nil, writtenMaximum: nil, minimum: 0, maximum: 1)
    )
  }

  @Test func aTogglesStates() throws {
    let own = try Self.specifier("<key>TrueValue</key><string>YES</string>")
    #expect(own.toggleStates.on == .string("YES"))
    #expect(own.toggleStates.off == .bool(false))
    #expect(own.toggleStates.writtenOff == nil)
    #expect(own.toggleStates.hasOwnValues)
    let plain = try Self.specifier("<key>Key</key><string>k</string>")
    #expect(plain.toggleStates.on == .bool(true))
    #expect(!plain.toggleStates.hasOwnValues)
  }

  static let info = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict><key>CFBundleIdentifier</key><string>%@</string></dict></plist>
    """

  /// The group container first, then the Info.plist beside the bundle; an
  /// identifier only a build fills in is no domain, but is told.
  @Test func theDomainComesFromTheGroupThenTheInfoPlist() throws {
    let conversor = try SettingsBundle.load(
      at: Paths.examples.appendingPathComponent("Conversor/Settings.bundle").path)
    #expect(conversor.defaultsDomain == "com.example.conversor")
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write(
      "Root.plist",
      "{ ApplicationGroupContainerIdentifier = group.com.example.shared; PreferenceSpecifiers = (); }"
    )
    #expect(try SettingsBundle.load(at: bundle.path).defaultsDomain == "group.com.example.shared")
    try bundle.write("Root.plist", "{ PreferenceSpecifiers = (); }")
    #expect(try SettingsBundle.load(at: bundle.path).defaultsDomain == nil)
    try bundle.write(
      "../Info.plist", Self.info.replacingOccurrences(of: "%@", with: "com.example.app"))
    #expect(try SettingsBundle.load(at: bundle.path).defaultsDomain == "com.example.app")
    try bundle.write(
      "../Info.plist",
      Self.info.replacingOccurrences(of: "%@", with: "$(PRODUCT_BUNDLE_IDENTIFIER)"))
    let unbuilt = try SettingsBundle.load(at: bundle.path)
    #expect(unbuilt.defaultsDomain == nil)
    #expect(unbuilt.infoPlistIdentifier == "$(PRODUCT_BUNDLE_IDENTIFIER)")
  }

  /// A bundle whose path is relative to another directory finds its Info.plist
  /// where the caller says the bundle is.
  @Test func theInfoPlistIsLookedForBesideTheBundleNamed() throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write("Root.plist", "{ PreferenceSpecifiers = (); }")
    try bundle.write(
      "../Info.plist", Self.info.replacingOccurrences(of: "%@", with: "com.example.app"))
    var loaded = try SettingsBundle.load(at: bundle.path)
    loaded.path = "Settings.bundle"
    #expect(loaded.defaultsDomain(besideBundleAt: bundle.path) == "com.example.app")
    #expect(loaded.defaultsDomain(besideBundleAt: bundle.path + "/") == "com.example.app")
  }
}
