import CodeGeneration
import Foundation
import SettingsSchema
import TestSupport
import Testing

/// A multi value's DefaultValue written as another type than its Values (the
/// string "0.4" among reals in CustomTypeOne/Loop 11bdf1f6, a real among
/// strings, an integer among reals) is registered as the bundle gives it, so
/// the app reads that object: the generated enum reads a number written as
/// text as the value it spells (as the file's bool and double readers read
/// text, and as doubleForKey: reads "0.4"), and the key's defaultValue is that
/// same value, never the first one. A default that spells none of the Values
/// says so in the key's comment.
struct ChoiceDefaultTypeTests {
  /// How a number is written in a plist.
  enum Written: String, CaseIterable, Sendable {
    case integer, real, string

    func xml(_ number: Double) -> String? {
      switch self {
      case .integer: Int64(exactly: number).map { "<integer>\($0)</integer>" }
      case .real: "<real>\(number)</real>"
      case .string:
        "<string>\(Int64(exactly: number).map(String.init) ?? String(number))</string>"
      }
    }
  }

  struct Combination: Sendable {
    var key: String
    var values: [Double]
    var valuesAs: Written
    var defaultIndex: Int
    var defaultAs: Written
  }

  /// Every way of writing the Values and the DefaultValue, the default
  /// being the second or the last value.
  static let combinations: [Combination] = {
    var result: [Combination] = []
    for values in [[5.0, 40, 100], [0.05, 0.4, 1]] {
      for valuesAs in Written.allCases where values.allSatisfy({ valuesAs.xml($0) != nil }) {
        for defaultAs in Written.allCases {
          for index in [1, 2] where defaultAs.xml(values[index]) != nil {
            result.append(
              .init(
                key: "k\(result.count)", values: values, valuesAs: valuesAs,
                defaultIndex: index, defaultAs: defaultAs))
          }
        }
      }
    }
    return result
  }()

  static func page(_ combinations: [Combination], extra: String = "") -> String {
    var rows = ""
    for item in combinations {
      let values = item.values.compactMap(item.valuesAs.xml).joined()
      let titles = item.values.map { "<string>\($0)</string>" }.joined()
      rows += """
        <dict><key>Type</key><string>PSMultiValueSpecifier</string>\
        <key>Title</key><string>\(item.key)</string><key>Key</key><string>\(item.key)</string>\
        <key>DefaultValue</key>\(item.defaultAs.xml(item.values[item.defaultIndex]) ?? "")\
        <key>Values</key><array>\(values)</array><key>Titles</key><array>\(titles)</array></dict>

        """
    }
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>PreferenceSpecifiers</key><array>
      \(rows)\(extra)</array></dict></plist>
      """
  }

  static func generate(at path: String) throws -> String {
    var base = LoadOptions(dialect: .apple)
    base.followsBundleReader = false
    return try SwiftSettingsGenerator(options: .init()).generate(
      from: try SwiftSettingsGenerator.load(at: path, base: base))
  }

  /// Compiles the generated file with a main that registers the defaults and
  /// prints, per key, the default the key declares and what the app reads.
  @Test func everyTypeCombinationReadsTheValueItsDefaultSpells() throws {
    guard let swiftc = SwiftCompiler.path else {
      Issue.record("no swiftc on PATH")
      return
    }
    let folder = try TemporaryBundle()
    defer { folder.remove() }
    let combinations = Self.combinations
    #expect(combinations.count > 15)
    try folder.write("Root.plist", Self.page(combinations))
    let source = try Self.generate(at: folder.path)
    #expect(!source.contains("- Important: the registered default is none"), "\(source)")
    let work = FileManager.default.temporaryDirectory.appendingPathComponent(
      "choice-defaults-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: work) }
    var main = """
      import Foundation
      guard let defaults = UserDefaults(suiteName: "prefs-choice-defaults-\(UUID().uuidString)") else { fatalError() }
      AppSettings.registerDefaults(in: defaults)

      """
    for item in combinations {
      main +=
        "print(\"\(item.key)\", AppSettings.\(item.key).defaultValue.storedValue, defaults[AppSettings.\(item.key)].storedValue)\n"
    }
    try source.write(
      to: work.appendingPathComponent("AppSettings.swift"), atomically: true, encoding: .utf8)
    try main.write(to: work.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
    let binary = work.appendingPathComponent("run").path
    let built = try ChildProcess.run(
      URL(fileURLWithPath: swiftc),
      [
        "-swift-version", "6", work.appendingPathComponent("AppSettings.swift").path,
        work.appendingPathComponent("main.swift").path, "-o", binary,
      ])
    try #require(built.status == 0, "\(built.output)\(built.errors)")
    let ran = try ChildProcess.run(URL(fileURLWithPath: binary), [])
    try #require(ran.status == 0, "\(ran.errors)")
    let lines = ran.output.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
    for item in combinations {
      let wanted = item.values[item.defaultIndex]
      let line = lines.first { $0.first == item.key } ?? []
      #expect(line.count == 3, "\(item)")
      for printed in line.dropFirst() {
        #expect(Double(printed) == wanted, "\(item): \(line)")
      }
    }
  }

  /// A default that spells none of the Values: the key's comment says which
  /// value it reads as instead of choosing it without a word.
  @Test(arguments: ["<string>0.45</string>", "<real>0.45</real>", "<string>forty</string>"])
  func aDefaultOfNoValueIsSaid(defaultValue: String) throws {
    let folder = try TemporaryBundle()
    defer { folder.remove() }
    try folder.write(
      "Root.plist",
      Self.page(
        [],
        extra:
          """
          <dict><key>Type</key><string>PSMultiValueSpecifier</string><key>Title</key><string>Rate</string>\
          <key>Key</key><string>rate</string><key>DefaultValue</key>\(defaultValue)\
          <key>Values</key><array><real>0.05</real><real>0.4</real></array>\
          <key>Titles</key><array><string>5%</string><string>40%</string></array></dict>
          """))
    let source = try Self.generate(at: folder.path)
    #expect(
      source.contains(
        "/// - Important: the registered default is none of the bundle's `Values` (Settings.app marks no choice), so the key reads as its first value, `._5`, until one is stored."
      ), "\(source)")
  }

  /// CustomTypeOne/Loop: alternatePAF's DefaultValue "0.4" among reals reads
  /// as 40 %, negativeBasalMultiplier's "0.5" as 50 %, not 5 %.
  @Test func loopReadsTheDefaultItsAuthorWrote() throws {
    let bundle = Paths.fixtures.appendingPathComponent(
      "Unseen/CustomTypeOne__Loop/Settings.bundle"
    ).path
    let source = try Self.generate(at: bundle)
    #expect(source.contains("\"alternatePAF\", defaultValue: ._40,"), "\(source)")
    #expect(source.contains("\"negativeBasalMultiplier\", defaultValue: ._50,"), "\(source)")
    #expect(source.contains("values[\"alternatePAF\"] = \"0.4\""), "\(source)")
    #expect(!source.contains("- Important: the registered default is none"), "\(source)")
  }
}
