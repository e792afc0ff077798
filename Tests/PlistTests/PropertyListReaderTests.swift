import Foundation
import Plist
import TestSupport
import Testing

struct PropertyListReaderTests {
  static func xml(_ body: String) -> [UInt8] {
    Array(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">
      \(body)
      </plist>
      """.utf8)
  }

  @Test func readsEveryXMLType() throws {
    let bytes = Self.xml(
      """
      <dict>
        <key>s</key><string>a &amp; b &lt;c&gt; &#233;</string>
        <key>i</key><integer> -0x1F</integer>
        <key>r</key><real>2.5e3</real>
        <key>t</key><true/>
        <key>f</key><false/>
        <key>d</key><date>2020-02-29T12:34:56Z</date>
        <key>data</key><data>AAEC
        /w==</data>
        <key>a</key><array><string>x</string><dict/></array>
        <key>cdata</key><string><![CDATA[<raw>]]></string>
      </dict>
      """)
    let document = try PropertyListReader.read(bytes)
    #expect(document.format == .xml)
    let expected: PlistValue = .dictionary([
      "s": .string("a & b <c> é"), "i": .integer(-31), "r": .real(2500), "t": .bool(true),
      "f": .bool(false),
      "d": .date(Date(timeIntervalSince1970: 1_582_979_696)), "data": .data(Data([0, 1, 2, 255])),
      "a": .array([.string("x"), .dictionary([:])]), "cdata": .string("<raw>"),
    ])
    #expect(document.root.value == expected)
    #expect(FoundationOracle.read(bytes) == expected)
  }

  @Test func recordsLinesAndColumnsOfKeysAndValues() throws {
    let document = try PropertyListReader.read(
      Self.xml("<dict>\n  <key>Type</key>\n  <string>PSGroupSpecifier</string>\n</dict>"))
    let entry = try #require(document.root.entry(forKey: "Type"))
    let source = try #require(document.source)
    #expect(
      source.location(ofOffset: try #require(entry.keyOffset)) == TextLocation(line: 5, column: 3))
    #expect(
      source.location(ofOffset: try #require(entry.value.offset))
        == TextLocation(line: 6, column: 3))
  }

  @Test func keepsCarriageReturnsAsCoreFoundationDoes() throws {
    let bytes = Self.xml("<string>a\r\nb</string>")
    #expect(try PropertyListReader.read(bytes).root.value == .string("a\r\nb"))
  }

  @Test func keyWhereAValueBelongsIsReadAsAStringWithAWarning() throws {
    let document = try PropertyListReader.read(
      Self.xml("<dict><key>File</key><key>Other</key></dict>"))
    #expect(document.root.value == .dictionary(["File": .string("Other")]))
    #expect(document.issues.map(\.severity) == [.warning])
  }

  struct Hostile: CustomTestStringConvertible, Sendable {
    var name: String
    var bytes: [UInt8]
    var kind: ReadIssue.Kind
    var testDescription: String { name }
  }

  static let billionLaughs = """
    <?xml version="1.0"?>
    <!DOCTYPE plist [
      <!ENTITY a "aaaaaaaaaa">
      <!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
      <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">
    ]>
    <plist><string>&c;</string></plist>
    """

  static let externalEntity = """
    <?xml version="1.0"?>
    <!DOCTYPE plist [ <!ENTITY secret SYSTEM "file:///etc/passwd"> ]>
    <plist><string>&secret;</string></plist>
    """

  static let hostile: [Hostile] = [
    Hostile(name: "entity bomb", bytes: Array(billionLaughs.utf8), kind: .unsafeMarkup),
    Hostile(name: "external entity", bytes: Array(externalEntity.utf8), kind: .unsafeMarkup),
    Hostile(
      name: "undeclared entity", bytes: Array("<plist><string>&nope;</string></plist>".utf8),
      kind: .syntax),
    Hostile(
      name: "100,000-deep nesting",
      bytes: Array((String(repeating: "<array>", count: 100_000)).utf8), kind: .limit),
    Hostile(
      name: "truncated", bytes: Array(xml("<dict><key>a</key><string>b").prefix(150)), kind: .syntax
    ),
    Hostile(
      name: "unknown tag", bytes: xml("<dict><key>a</key><strin>b</strin></dict>"), kind: .syntax),
    Hostile(
      name: "value without key", bytes: xml("<dict><string>b</string></dict>"), kind: .syntax),
    Hostile(name: "key without value", bytes: xml("<dict><key>b</key></dict>"), kind: .syntax),
    Hostile(name: "bad integer", bytes: xml("<integer>12a</integer>"), kind: .syntax),
    Hostile(
      name: "integer overflow", bytes: xml("<integer>99999999999999999999</integer>"), kind: .syntax
    ),
    Hostile(name: "bad date", bytes: xml("<date>yesterday</date>"), kind: .syntax),
    Hostile(name: "bad real", bytes: xml("<real>0x1p3</real>"), kind: .syntax),
    Hostile(name: "empty plist", bytes: xml(""), kind: .syntax),
    Hostile(name: "two values", bytes: xml("<true/><false/>"), kind: .syntax),
    Hostile(
      name: "garbage", bytes: (0..<512).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) },
      kind: .syntax),
    Hostile(name: "empty", bytes: [], kind: .syntax),
    Hostile(name: "invalid UTF-8 in OpenStep", bytes: [0x22, 0xFF, 0x22], kind: .encoding),
    Hostile(
      name: "deep OpenStep", bytes: Array(String(repeating: "(", count: 100_000).utf8), kind: .limit
    ),
    Hostile(name: "truncated binary", bytes: Array("bplist00".utf8) + [0xD1, 0x01], kind: .syntax),
  ]

  @Test(arguments: hostile)
  func refusesHostileInputWithAClearError(_ input: Hostile) {
    #expect {
      try PropertyListReader.read(input.bytes)
    } throws: { error in
      (error as? ReadIssue)?.kind == input.kind && (error as? ReadIssue)?.severity == .error
    }
  }

  @Test func tooLargeIsRefusedBeforeParsing() {
    let limits = ReadLimits(maximumBytes: 100)
    #expect {
      try PropertyListReader.read(
        Self.xml("<string>\(String(repeating: "x", count: 200))</string>"), limits: limits)
    } throws: { ($0 as? ReadIssue)?.kind == .limit }
  }

  @Test func readsOpenStepPlists() throws {
    let text =
      #"{ PreferenceSpecifiers = ( { Type = PSGroupSpecifier; Title = "Général"; } ); StringsTable = Root; }"#
    let document = try PropertyListReader.read(Array(text.utf8))
    #expect(document.format == .openStep)
    #expect(document.root["PreferenceSpecifiers"]?[0]?["Title"]?.string == "Général")
    let foundation = try PropertyListSerialization.propertyList(from: Data(text.utf8), format: nil)
    #expect(document.root.value == TestSupportBridge.value(foundation))
  }

  nonisolated(unsafe) static let binaryValues: [Any] = [
    [
      "PreferenceSpecifiers": [
        ["Type": "PSSliderSpecifier", "DefaultValue": 0.5, "MinimumValue": 0, "MaximumValue": 100]
      ]
    ],
    [
      "big": Int64.max, "small": Int64.min, "byte": 200, "short": 60_000, "flag": true,
      "when": Date(timeIntervalSinceReferenceDate: 1000),
    ],
    [
      "text": "ünïcödé ✓ 😀", "ascii": "plain", "data": Data([1, 2, 3]),
      "nested": [[[["deep": ["a", "b"]]]]],
    ],
  ]

  @Test(arguments: binaryValues.indices)
  func readsBinaryPlistsAsFoundationWrites(_ index: Int) throws {
    let data = try PropertyListSerialization.data(
      fromPropertyList: Self.binaryValues[index], format: .binary, options: 0)
    let document = try PropertyListReader.read(Array(data))
    #expect(document.format == .binary)
    #expect(
      document.root.value
        == TestSupportBridge.value(
          try PropertyListSerialization.propertyList(from: data, format: nil)))
  }

  @Test func binaryCyclesAreRefused() {
    // One array (object 0) whose only element is itself.
    var bytes = Array("bplist00".utf8)
    bytes += [0xA1, 0x00]
    let offsetTable = bytes.count
    bytes += [0x08]
    bytes += [0, 0, 0, 0, 0, 0, 1, 1]
    bytes += [0, 0, 0, 0, 0, 0, 0, 1]
    bytes += [0, 0, 0, 0, 0, 0, 0, 0]
    bytes += [0, 0, 0, 0, 0, 0, 0, UInt8(offsetTable)]
    #expect(throws: ReadIssue.self) { try PropertyListReader.read(bytes) }
  }
}
