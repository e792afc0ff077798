import Foundation
import Plist
import SourceCheck
import TestSupport
import Testing

@testable import SettingsLint

/// The reading table, row by row, from Apple's documentation of
/// `NSUserDefaults` and swift-corelibs-foundation's `UserDefaults.swift`;
/// and, through the whole linter, that no stored value a getter converts
/// faithfully is reported.
struct FoundationReadingTests {
  typealias Outcome = FoundationReading.Outcome

  struct Row: Sendable, CustomTestStringConvertible {
    var reading: FoundationReading
    var stored: PlistValue
    var outcome: Outcome
    var testDescription: String {
      "\(reading.strict ? "as? " : "")\(reading.getter) of \(stored) -> \(outcome)"
    }
  }

  static func row(
    _ getter: DefaultsGetter, strict: Bool = false, _ stored: PlistValue, _ outcome: Outcome
  ) -> Row {
    Row(reading: FoundationReading(getter, strict: strict), stored: stored, outcome: outcome)
  }

  static let date = Date(timeIntervalSince1970: 1_700_000_000)

  /// One row per documented behaviour: the getters convert, the casts do not.
  static let rows: [Row] = [
    // integer(forKey:): "A string that represents an integer becomes the equivalent
    // integer"; true is 1; "2.67 becomes 2".
    row(.integer, .string("8080"), .faithful),
    row(.integer, .string(" -12"), .faithful),
    row(.integer, .string("metric"), .lossy("0")),
    row(.integer, .string("12.5"), .lossy("12")),
    row(.integer, .integer(3), .faithful),
    row(.integer, .bool(true), .faithful),
    row(.integer, .real(2.0), .faithful),
    row(.integer, .real(2.67), .lossy("2")),
    row(.integer, .date(date), .nothing),
    row(.integer, .array([]), .nothing),
    // double(forKey:) and float(forKey:): numbers, booleans and numeric strings.
    row(.double, .string("0.5"), .faithful),
    row(.double, .string("1e3"), .faithful),
    row(.double, .string("fast"), .lossy("0")),
    row(.double, .integer(3), .faithful),
    row(.double, .bool(false), .faithful),
    row(.double, .real(0.25), .faithful),
    row(.double, .data(Data([1])), .nothing),
    row(.float, .string("8080"), .faithful),
    row(.float, .real(0.5), .faithful),
    row(.float, .dictionary([:]), .nothing),
    // bool(forKey:): "YES", "1" and "true" are true, "NO", "0", "false" false;
    // numbers are true when not zero.
    row(.bool, .string("YES"), .faithful),
    row(.bool, .string("NO"), .faithful),
    row(.bool, .string("true"), .faithful),
    row(.bool, .string("false"), .faithful),
    row(.bool, .string("1"), .faithful),
    row(.bool, .string("0"), .faithful),
    row(.bool, .string("metric"), .lossy("false")),
    row(.bool, .string("on"), .lossy("false")),
    row(.bool, .string("Tuesday"), .lossy("true")),
    row(.bool, .integer(2), .faithful),
    row(.bool, .real(0.5), .faithful),
    row(.bool, .bool(true), .faithful),
    row(.bool, .date(date), .nothing),
    // string(forKey:): "For number values, returns the string value of the number."
    row(.string, .string("metric"), .faithful),
    row(.string, .integer(1), .faithful),
    row(.string, .real(0.5), .faithful),
    row(.string, .bool(true), .faithful),
    row(.string, .date(date), .nothing),
    row(.string, .array([.string("a")]), .nothing),
    // url(forKey:): a path string is a file URL (tilde expanded); an archived URL.
    row(.url, .string("~/Documents"), .faithful),
    row(.url, .data(Data([1])), .faithful),
    row(.url, .integer(1), .nothing),
    // array, stringArray, dictionary, data: strict.
    row(.array, .array([.integer(1)]), .faithful),
    row(.array, .string("a"), .nothing),
    row(.stringArray, .array([.string("a"), .string("b")]), .faithful),
    row(.stringArray, .array([.string("a"), .integer(1)]), .nothing),
    row(.stringArray, .string("a"), .nothing),
    row(.dictionary, .dictionary([:]), .faithful),
    row(.dictionary, .array([]), .nothing),
    row(.data, .data(Data()), .faithful),
    row(.data, .string("a"), .nothing),
    // object(forKey:): anything, as it is.
    row(.object, .date(date), .faithful),
    row(.object, .string("YES"), .faithful),
    // Casts, @AppStorage, Defaults.Key: only an NSNumber that fits the type exactly.
    row(.integer, strict: true, .string("8080"), .nothing),
    row(.integer, strict: true, .integer(8080), .faithful),
    row(.integer, strict: true, .real(2.0), .faithful),
    row(.integer, strict: true, .real(0.5), .nothing),
    row(.integer, strict: true, .bool(true), .faithful),
    row(.bool, strict: true, .bool(false), .faithful),
    row(.bool, strict: true, .integer(1), .faithful),
    row(.bool, strict: true, .integer(2), .nothing),
    row(.bool, strict: true, .string("YES"), .nothing),
    row(.double, strict: true, .integer(3), .faithful),
    row(.double, strict: true, .string("0.5"), .nothing),
    row(.string, strict: true, .string("metric"), .faithful),
    row(.string, strict: true, .integer(1), .nothing),
    row(.string, strict: true, .bool(true), .nothing),
    row(.stringArray, strict: true, .array([.string("a")]), .faithful),
    row(.data, strict: true, .string("a"), .nothing),
    row(.float, strict: true, .real(0.5), .faithful),
    row(.float, strict: true, .string("0.5"), .nothing),
    row(.array, strict: true, .array([]), .faithful),
    row(.array, strict: true, .string("a"), .nothing),
    row(.dictionary, strict: true, .dictionary([:]), .faithful),
    row(.dictionary, strict: true, .integer(1), .nothing),
    row(.url, strict: true, .string("/tmp"), .faithful),
    row(.url, strict: true, .bool(true), .nothing),
  ]

  @Test(arguments: rows)
  func eachReadingReadsAsFoundationDoes(row: Row) {
    #expect(row.reading.read(row.stored) == row.outcome)
  }

  @Test func everyReadingHasARow() {
    let covered = Set(Self.rows.map(\.reading))
    let all = Set(
      DefaultsGetter.allCases.flatMap {
        [FoundationReading($0), FoundationReading($0, strict: true)]
      }
    )
    #expect(all.subtracting(covered).filter { $0.getter != .object }.isEmpty)
    #expect(Set(FoundationReading.table.keys) == all)
  }

  /// Free values: a text field can hold "8080", a slider holds fractions.
  @Test func valuesThePersonChoosesAreJudgedByWhatTheKindCanHold() {
    #expect(FoundationReading(.integer).read(anyOf: .string) == .faithful)
    #expect(FoundationReading(.bool).read(anyOf: .string) == .faithful)
    #expect(FoundationReading(.integer).read(anyOf: .real) == .lossy("its integer part"))
    #expect(FoundationReading(.integer, strict: true).read(anyOf: .real) == .nothing)
    #expect(FoundationReading(.integer, strict: true).read(anyOf: .string) == .nothing)
    #expect(FoundationReading(.string).read(anyOf: .real) == .faithful)
    #expect(FoundationReading(.array).read(anyOf: .string) == .nothing)
  }

  // MARK: The property, through the linter

  /// Stored values of every kind a bundle's multi value can list, text in every
  /// spelling people use for numbers and booleans.
  static let samples: [PlistValue] = [
    .string("8080"), .string("-3"), .string("0.5"), .string(" 42 "), .string("1e3"),
    .string("YES"), .string("NO"), .string("yes"), .string("True"), .string("false"),
    .string("1"), .string("0"), .string("metric"), .string("on"), .string(""),
    .string("Ünïcødé"), .string("12abc"), .integer(0), .integer(1), .integer(2),
    .integer(-7), .integer(8080), .real(0), .real(1), .real(0.5), .real(-2.75),
    .real(1e300), .bool(true), .bool(false), .date(date), .data(Data([0, 1])),
  ]

  /// What Foundation gives, told independently of the table: Swift's own parsers
  /// for the text the getters convert, and the kinds the documentation names.
  static func foundationGivesTheValue(_ getter: DefaultsGetter, strict: Bool, _ value: PlistValue)
    -> Bool
  {
    let text: String? =
      if case .string(let text) = value { text.trimmingCharacters(in: .whitespaces) } else { nil }
    switch (getter, strict, value) {
    case (.object, _, _): return true
    case (.string, false, .string), (.string, false, .integer), (.string, false, .real),
      (.string, false, .bool):
      return true
    case (.string, true, .string): return true
    case (.integer, _, .integer), (.integer, _, .bool): return true
    case (.integer, _, .real(let number)): return number.rounded(.towardZero) == number
    case (.integer, false, .string): return text.flatMap { Int64($0) } != nil
    case (.double, _, .integer), (.double, _, .real), (.double, _, .bool),
      (.float, _, .integer), (.float, _, .real), (.float, _, .bool):
      return true
    case (.double, false, .string), (.float, false, .string):
      return text.flatMap { Double($0) } != nil
        && text?.first.map { $0.isNumber || "+-.".contains($0) } == true
    case (.bool, _, .bool): return true
    case (.bool, false, .integer), (.bool, false, .real): return true
    case (.bool, true, .integer(let number)): return number == 0 || number == 1
    case (.bool, true, .real(let number)): return number == 0 || number == 1
    case (.bool, false, .string):
      guard let text else { return false }
      return ["yes", "no", "true", "false"].contains(text.lowercased())
        || (Double(text) != nil && text.first.map { $0.isNumber || "+-.".contains($0) } == true)
    case (.url, _, .string), (.url, _, .data): return true
    case (.data, _, .data): return true
    default: return false
    }
  }

  static func xml(_ value: PlistValue) -> String {
    switch value {
    case .string(let text): "<string>\(text)</string>"
    case .integer(let number): "<integer>\(number)</integer>"
    case .real(let number): "<real>\(number)</real>"
    case .bool(let flag): flag ? "<true/>" : "<false/>"
    case .date: "<date>2023-11-14T22:13:20Z</date>"
    case .data(let bytes): "<data>\(bytes.base64EncodedString())</data>"
    case .array(let elements): "<array>\(elements.map(xml).joined())</array>"
    case .dictionary: "<dict/>"
    }
  }

  static func multiValue(key: String, _ value: PlistValue) -> String {
    """
    <dict>
      <key>Type</key><string>PSMultiValueSpecifier</string>
      <key>Title</key><string>\(key)</string>
      <key>Key</key><string>\(key)</string>
      <key>Values</key><array>\(xml(value))</array>
      <key>Titles</key><array><string>\(key)</string></array>
    </dict>
    """
  }

  /// No getter or cast that Foundation answers with the stored value is
  /// reported, and every one it does not is: one multi value per sample, each
  /// read by every getter and every cast.
  @Test func noReadFoundationConvertsIsEverReported() throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    var specifiers: [String] = []
    var uses: [KeyUse] = []
    var expected: Set<String> = []
    for (index, value) in Self.samples.enumerated() {
      let key = "k\(index)"
      specifiers.append(Self.multiValue(key: key, value))
      for getter in DefaultsGetter.allCases {
        for strict in [false, true] {
          let line = uses.count + 1
          let place = SourcePlace(file: "/app/Read.swift", line: line, column: 1, lineText: "")
          uses.append(
            KeyUse(
              key: key,
              action: strict ? .cast(getter, fallback: nil) : .read(getter, fallback: nil),
              place: place))
          if !Self.foundationGivesTheValue(getter, strict: strict, value) {
            expected.insert("\(line)")
          }
        }
      }
    }
    try bundle.write(
      "Root.plist",
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>PreferenceSpecifiers</key><array>
      \(specifiers.joined(separator: "\n"))
      </array></dict></plist>
      """)
    let report = try Linter(sources: SourceScan(uses: uses)).lint(bundleAt: bundle.path)
    let reported = Set(
      report.diagnostics.filter { $0.rule == "code-type-mismatch" }.compactMap { diagnostic in
        guard case .text(let snippet)? = diagnostic.place else { return String?.none }
        return "\(snippet.location.line)"
      })
    let falseErrors = reported.subtracting(expected).compactMap(Int.init).sorted().map {
      "\(uses[$0 - 1].action) of \(uses[$0 - 1].key)"
    }
    let missed = expected.subtracting(reported).compactMap(Int.init).sorted().map {
      "\(uses[$0 - 1].action) of \(uses[$0 - 1].key)"
    }
    #expect(falseErrors.isEmpty, "reported though Foundation converts: \(falseErrors)")
    #expect(missed.isEmpty, "not reported though Foundation misreads: \(missed)")
  }
}

/// Toggles read as a Bool: right when the TrueValue reads true and the FalseValue false.
extension FoundationReadingTests {
  struct TogglePair: Sendable, CustomTestStringConvertible {
    var on: String
    var off: String
    var strict: Bool
    var reported: Bool
    var testDescription: String { "\(strict ? "as? Bool" : "bool(forKey:)") on \(on)/\(off)" }
  }

  static let pairs: [TogglePair] = [
    // c99koder/lastfm-iphone's toggles: YES/NO, YES/OFF (both read right), 128/64 (both true).
    TogglePair(
      on: "<string>YES</string>", off: "<string>NO</string>", strict: false, reported: false),
    TogglePair(
      on: "<string>YES</string>", off: "<string>OFF</string>", strict: false, reported: false),
    TogglePair(
      on: "<string>128</string>", off: "<string>64</string>", strict: false, reported: true),
    TogglePair(
      on: "<string>on</string>", off: "<string>off</string>", strict: false, reported: true),
    TogglePair(
      on: "<string>true</string>", off: "<string>false</string>", strict: false, reported: false),
    TogglePair(
      on: "<integer>1</integer>", off: "<integer>0</integer>", strict: false, reported: false),
    TogglePair(on: "<true/>", off: "<false/>", strict: false, reported: false),
    TogglePair(on: "<true/>", off: "<false/>", strict: true, reported: false),
    TogglePair(
      on: "<integer>1</integer>", off: "<integer>0</integer>", strict: true, reported: false),
    TogglePair(
      on: "<integer>2</integer>", off: "<integer>0</integer>", strict: true, reported: true),
    TogglePair(
      on: "<string>YES</string>", off: "<string>NO</string>", strict: true, reported: true),
  ]

  @Test(arguments: pairs)
  func aToggleReadAsABoolIsJudgedByBothItsStates(pair: TogglePair) throws {
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    try bundle.write(
      "Root.plist",
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>PreferenceSpecifiers</key><array>
      <dict>
        <key>Type</key><string>PSToggleSwitchSpecifier</string>
        <key>Title</key><string>Scrobble</string>
        <key>Key</key><string>scrobbling</string>
        <key>TrueValue</key>\(pair.on)
        <key>FalseValue</key>\(pair.off)
      </dict>
      </array></dict></plist>
      """)
    let place = SourcePlace(file: "/app/Read.swift", line: 1, column: 1, lineText: "")
    let use = KeyUse(
      key: "scrobbling",
      action: pair.strict ? .cast(.bool, fallback: nil) : .read(.bool, fallback: nil), place: place)
    let report = try Linter(sources: SourceScan(uses: [use])).lint(bundleAt: bundle.path)
    let found = report.diagnostics.filter { $0.rule == "code-type-mismatch" }
    #expect(found.isEmpty != pair.reported, "\(found.map(\.message))")
  }
}
