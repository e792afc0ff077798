import Foundation
import Plist
import TestSupport
import Testing

@testable import SettingsLint

/// `--fix` removing keys given twice with one value, over random OpenStep
/// pages, XML pages and `.strings` tables: comments anywhere (inside the
/// entries removed too, and text in strings that only looks like one), LF
/// or CRLF line breaks, entries on one line or on several.
///
/// Whatever the file: the fixed file reads, by our readers and by
/// CoreFoundation, to the values it read to before (iOS sees no change);
/// every comment is still there; no copy is left to remove.
struct DuplicateRemovalPropertyTests {
  enum Kind: CaseIterable { case openStepPage, xmlPage, stringsTable }

  /// Keys of a specifier with the one value each copy has: OpenStep text, XML text.
  static let pageEntries: [(key: String, openStep: String, xml: String)] = [
    ("Type", "PSTextFieldSpecifier", "<string>PSTextFieldSpecifier</string>"),
    ("Title", "\"Name /* not a comment */\"", "<string>Name &lt;!-- not a comment --&gt;</string>"),
    ("Key", "name", "<string>name</string>"),
    ("DefaultValue", "a//b", "<string><![CDATA[a <!-- b -->]]></string>"),
    ("KeyboardType", "'Alphabet'", "<string>Alphabet</string>"),
  ]

  static let tableEntries = [
    ("Name", "\"Name\""), ("Sound /* x */", "\"Ton // y\""), ("Größe", "\"Größe\""),
    ("Wi-Fi", "'WLAN'"),
  ]

  /// A comment of the file's syntax, numbered so that each is told apart.
  static func comment(_ number: Int, xml: Bool, lineBreak: String, random: inout SplitMix64)
    -> String
  {
    if xml { return "<!-- c\(number) -->" }
    return random.chance(30) ? "// c\(number)\(lineBreak)" : "/* c\(number) */"
  }

  /// A file of one kind, with at least one key given twice.
  static func make(_ kind: Kind, random: inout SplitMix64) -> String {
    let lineBreak = random.chance(50) ? "\r\n" : "\n"
    let oneLine = random.chance(30)
    let separator = oneLine ? " " : lineBreak
    var number = 0
    func maybeComment(_ random: inout SplitMix64) -> String {
      guard random.chance(25) else { return "" }
      number += 1
      return " " + comment(number, xml: kind == .xmlPage, lineBreak: lineBreak, random: &random)
        + " "
    }
    var order: [Int] = []
    let count = kind == .stringsTable ? tableEntries.count : pageEntries.count
    for index in 0..<count { order.append(index) }
    for _ in 0..<(1 + Int(random.next() % 4)) { order.append(Int(random.next() % UInt64(count))) }
    // A later copy anywhere after the first.
    var shuffled: [Int] = []
    for index in order {
      let position = shuffled.isEmpty ? 0 : Int(random.next() % UInt64(shuffled.count + 1))
      if shuffled.contains(index) {
        let first = shuffled.firstIndex(of: index) ?? 0
        shuffled.insert(index, at: max(position, first + 1))
      } else {
        shuffled.insert(index, at: position)
      }
    }
    var entries: [String] = []
    for index in shuffled {
      var c: [String] = []
      for _ in 0..<5 { c.append(maybeComment(&random)) }
      switch kind {
      case .openStepPage:
        let entry = pageEntries[index]
        entries.append("\(c[0])\(entry.key)\(c[1])=\(c[2])\(entry.openStep)\(c[3]);\(c[4])")
      case .xmlPage:
        let entry = pageEntries[index]
        entries.append("\(c[0])<key>\(entry.key)</key>\(c[1])\(entry.xml)\(c[2])")
      case .stringsTable:
        let (key, value) = tableEntries[index]
        let quotedKey = StringsWriter.quoted(key)
        entries.append("\(c[0])\(quotedKey)\(c[1])=\(c[2])\(value)\(c[3]);\(c[4])")
      }
    }
    let body = entries.joined(separator: separator)
    switch kind {
    case .openStepPage:
      return
        "{\(lineBreak)PreferenceSpecifiers = ({\(separator)\(body)\(separator)});\(lineBreak)}\(lineBreak)"
    case .xmlPage:
      return [
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<plist version=\"1.0\">", "<dict>",
        "<key>PreferenceSpecifiers</key>", "<array>", "<dict>", body, "</dict>", "</array>",
        "</dict>", "</plist>", "",
      ].joined(separator: lineBreak)
    case .stringsTable:
      return body + lineBreak
    }
  }

  /// The comments of a file, in order.
  static func comments(_ bytes: [UInt8], xml: Bool) -> [String] {
    let text = SourceText(utf8: bytes)
    return text.comments(in: 0..<bytes.count, syntax: xml ? .xml : .openStep).map {
      String(decoding: bytes[$0], as: UTF8.self)
    }
  }

  /// What our reader makes of a file.
  static func read(_ bytes: [UInt8], _ kind: Kind) throws -> PlistValue {
    switch kind {
    case .openStepPage, .xmlPage: return try PropertyListReader.read(bytes).root.value
    case .stringsTable:
      return .dictionary(
        try StringsReader.read(bytes).file.lookup.mapValues { PlistValue.string($0) })
    }
  }

  @Test(arguments: Kind.allCases)
  func removingAgreeingCopiesChangesNothingIOSReads(_ kind: Kind) throws {
    let root = kind == .stringsTable ? "en.lproj/Root.strings" : "Root.plist"
    for seed in UInt64(0)..<80 {
      var random = SplitMix64(seed: seed &* 7919 &+ UInt64(Kind.allCases.firstIndex(of: kind) ?? 0))
      let text = Self.make(kind, random: &random)
      let bundle = try TemporaryBundle()
      defer { bundle.remove() }
      if kind == .stringsTable {
        try bundle.write(
          "Root.plist",
          "{ StringsTable = Root; PreferenceSpecifiers = ({ Type = PSGroupSpecifier; Title = Name; }); }"
        )
      }
      try bundle.write(root, text)
      let outcome = try LintFixer(linter: Linter()).fix(bundleAt: bundle.path)
      let change = try #require(
        outcome.changes.first { $0.file == root }, "seed \(seed): nothing fixed in\n\(text)")
      let before = try Self.read(change.before, kind)
      let after = try #require(
        try? Self.read(change.after, kind),
        "seed \(seed): the fixed file does not read:\n\(String(decoding: change.after, as: UTF8.self))"
      )
      #expect(after == before, "seed \(seed)")
      if let foundation = FoundationOracle.read(change.before) {
        #expect(FoundationOracle.read(change.after) == foundation, "seed \(seed)")
      }
      #expect(
        Self.comments(change.after, xml: kind == .xmlPage)
          == Self.comments(change.before, xml: kind == .xmlPage),
        "seed \(seed): a comment was lost:\n\(String(decoding: change.after, as: UTF8.self))")
      #expect(
        !outcome.report.diagnostics.contains {
          $0.file == root && ($0.message.contains("given twice") || $0.rule.hasSuffix("-syntax"))
        }, "seed \(seed): \(outcome.report.diagnostics.map(\.message))")
    }
  }

  /// The tester's page: the `;` goes with the key it ends.
  @Test func anOpenStepEntryGoesWithItsSemicolon() throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write(
      "Root.plist",
      "{ PreferenceSpecifiers = ( { Type = PSToggleSwitchSpecifier; Title = T; Key = t; DefaultValue = YES; Key = t; } ); }\n"
    )
    let outcome = try LintFixer(linter: Linter()).fix(bundleAt: bundle.path)
    #expect(
      outcome.changes.map { String(decoding: $0.after, as: UTF8.self) } == [
        "{ PreferenceSpecifiers = ( { Type = PSToggleSwitchSpecifier; Title = T; Key = t; DefaultValue = YES; } ); }\n"
      ])
  }

  /// Comments inside a removed entry stay where it stood; a `prefs:disable`
  /// there would come to stand before another element, so that copy is left.
  @Test(arguments: [
    (
      "<key>Key</key><!-- prefs:disable-file unknown-key --><string>t</string>\n",
      "<!-- prefs:disable-file unknown-key -->\n"
    ),
    ("<key>Key</key><!-- prefs:disable unknown-key --><string>t</string>\n", nil),
  ])
  func commentsInARemovedXMLEntryStay(duplicate: String, kept: String?) throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    let head = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0">
      <dict><key>PreferenceSpecifiers</key><array><dict>
      <key>Type</key><string>PSTextFieldSpecifier</string>
      <key>Key</key><string>t</string>

      """
    let tail = "</dict></array></dict>\n</plist>\n"
    try bundle.write("Root.plist", head + duplicate + tail)
    let outcome = try LintFixer(linter: Linter()).fix(bundleAt: bundle.path)
    #expect(
      outcome.changes.map { String(decoding: $0.after, as: UTF8.self) } == kept.map {
        [head + $0 + tail]
      } ?? [])
  }

  @Test func commentsInARemovedStringsEntryStay() throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write(
      "Root.plist",
      "{ StringsTable = Root; PreferenceSpecifiers = ({ Type = PSGroupSpecifier; Title = Sound; }); }"
    )
    try bundle.write(
      "en.lproj/Root.strings", "\"Sound\" = \"Ton\";\n\"Sound\" /* inner */ = /* x */ \"Ton\";\n")
    let outcome = try LintFixer(linter: Linter()).fix(bundleAt: bundle.path)
    #expect(
      outcome.changes.map { String(decoding: $0.after, as: UTF8.self) } == [
        "\"Sound\" = \"Ton\";\n/* inner */ /* x */\n"
      ])
  }

  /// A key need not be quoted in OpenStep text; the message does not say it must.
  @Test func aMissingKeyIsNamedPlainly() {
    do {
      _ = try PropertyListReader.read(Array("{ a = b; ; }".utf8))
      Issue.record("read")
    } catch {
      #expect(error.message == "expected a key but found ';'")
    }
  }

  /// Comments are found between tokens only: not in strings, data or CDATA.
  @Test(arguments: [
    (#""a" /* x */ = "/* y */"; // z"#, false, ["/* x */", "// z"]),
    ("a//b = 'c/*'; /**/", false, ["/**/"]),
    ("a = <0a0b>; /* z", false, ["/* z"]),
    (
      "<key>a</key><!-- x --><string><![CDATA[<!-- y -->]]></string><?pi <!-- ?>", true,
      ["<!-- x -->"]
    ),
  ])
  func commentsAreFoundBetweenTokens(text: String, xml: Bool, expected: [String]) {
    #expect(Self.comments(Array(text.utf8), xml: xml) == expected)
  }
}
