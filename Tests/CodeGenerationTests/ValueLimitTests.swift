import CodeGeneration
import Foundation
import Plist
import SettingsSchema
import TestSupport
import Testing

/// Values the compiler struggles with are written so that it does not, or
/// refused with the element named; numbers stay exactly what the bundle says.
struct ValueLimitTests {
  static func bundle(_ specifiers: [PlistValue]) throws -> TemporaryBundle {
    let bundle = try TemporaryBundle()
    let bytes = try BinaryPlistWriter.write(
      .dictionary(["PreferenceSpecifiers": .array(specifiers)]))
    try Data(bytes).write(to: bundle.url.appendingPathComponent("Root.plist"))
    return bundle
  }

  static func nested(_ depth: Int) -> PlistValue {
    var value = PlistValue.integer(1)
    for level in 0..<depth {
      value =
        level % 2 == 0
        ? .array([value, .string("x"), .real(2.5)])
        : .dictionary(["a": value, "b": .bool(true)])
    }
    return value
  }

  static func textField(_ key: String, default value: PlistValue) -> PlistValue {
    .dictionary([
      "Type": .string("PSTextFieldSpecifier"), "Key": .string(key), "DefaultValue": value,
    ])
  }

  /// Failed before: 30 levels of `[…] as [Any]` took swiftc five minutes
  /// (each level doubles it: 20 levels 0.35 s, 24 levels 4 s).
  @Test(.enabled(if: SwiftCompiler.path != nil, "needs swiftc on PATH"))
  func deepAndWideDefaultsTypeCheckQuickly() throws {
    var wide: [PlistKey: PlistValue] = [:]
    for index in 0..<(GeneratedCodeLimits.maximumElements - 1) {
      wide[PlistKey("k\(index)")] =
        [PlistValue.integer(Int64(index)), .string("s"), .real(0.5), .bool(true)][index % 4]
    }
    var specifiers = [
      Self.textField("deep", default: Self.nested(GeneratedCodeLimits.maximumNesting)),
      Self.textField("thirty", default: Self.nested(30)),
      Self.textField("wide", default: .dictionary(wide)),
    ]
    // Many keys: one statement each, not one literal of all of them.
    specifiers += (0..<2_000).map { Self.textField("key\($0)", default: .string("v\($0)")) }
    let bundle = try Self.bundle(specifiers)
    defer { bundle.remove() }
    let file = try GeneratedSourceTests.write(try GeneratedSourceTests.source(bundle.path))
    defer { try? FileManager.default.removeItem(atPath: file) }
    let start = ContinuousClock.now
    let result = try SwiftCompiler.typeCheck(file, swiftVersion: 6)
    let elapsed = ContinuousClock.now - start
    #expect(result.status == 0, "\(result.output)")
    // Measured 4 s on a busy 2-core machine; before, minutes.
    #expect(elapsed < .seconds(60), "\(elapsed)")
  }

  static let refused: [(name: String, entry: String, value: PlistValue, words: String)] = [
    ("nan default", "DefaultValue", .real(.nan), "is nan, not a finite number"),
    ("infinite maximum", "MaximumValue", .real(.infinity), "is inf, not a finite number"),
    ("infinite minimum", "MinimumValue", .real(-.infinity), "is -inf, not a finite number"),
    (
      "too deep", "DefaultValue", nested(GeneratedCodeLimits.maximumNesting + 1),
      "nests collections 65 levels deep"
    ),
    (
      "too many", "DefaultValue", .array(Array(repeating: .integer(1), count: 1_000)),
      "holds 1001 values"
    ),
  ]

  /// Failed before: NaN and infinities were written as `Double.nan` and
  /// `Double.infinity`, and a deep value as a literal the parser stops at.
  @Test(arguments: refused)
  func valuesSwiftCannotTakeAreRefusedNamingTheElement(
    name: String, entry: String, value: PlistValue, words: String
  ) throws {
    var slider: [PlistKey: PlistValue] = [
      "Type": .string("PSSliderSpecifier"), "Key": .string("volume"),
      "MinimumValue": .integer(0), "MaximumValue": .integer(1), "DefaultValue": .real(0.5),
    ]
    slider[PlistKey(entry)] = value
    let bundle = try TemporaryBundle()
    defer { bundle.remove() }
    // XML, so that the error has a line to name.
    try bundle.write(
      "Root.plist",
      String(
        decoding: try XMLPlistWriter.write(
          .dictionary([
            "PreferenceSpecifiers": .array([
              .dictionary(["Type": .string("PSGroupSpecifier")]), .dictionary(slider),
            ])
          ]), limits: ReadLimits(maximumBytes: 1 << 24, maximumObjects: 1 << 20)),
        as: UTF8.self))
    let error = #expect(throws: GenerationError.self) {
      _ = try GeneratedSourceTests.source(bundle.path)
    }
    guard let error else { return }
    #expect(error.key == "volume")
    #expect(error.origin.file == "Root.plist")
    #expect(error.origin.line != nil, "the line of the entry")
    let message = error.compilerStyle(bundlePath: bundle.path)
    #expect(message.hasPrefix("\(bundle.path)/Root.plist:"))
    #expect(message.contains("the \(entry) of the key \"volume\" \(words)"), "\(message)")
    #expect(message.contains("[generate]"))
  }

  /// A date's seconds are a number too (not among the arguments above:
  /// Foundation's `Date.description` traps on NaN).
  @Test func aDateOfNoFiniteTimeIsRefused() {
    let date = PlistValue.date(Date(timeIntervalSinceReferenceDate: .nan))
    #expect(GeneratedCodeLimits.refusal(of: .array([date])) != nil)
    #expect(GeneratedCodeLimits.refusal(of: .date(Date(timeIntervalSinceReferenceDate: 0))) == nil)
  }

  /// Failed before: both values read as the Double 9007199254740992, so the
  /// two became one case (and, with a real among them, equal raw values).
  @Test func integersBeyondTwoToThe53StayDistinct() throws {
    let big: [PlistValue] = [.integer(9_007_199_254_740_993), .integer(9_007_199_254_740_992)]
    let bundle = try Self.bundle([
      .dictionary([
        "Type": .string("PSMultiValueSpecifier"), "Key": .string("big"),
        "Values": .array(big), "Titles": .array([.string("Odd"), .string("Even")]),
        "DefaultValue": .integer(9_007_199_254_740_993),
      ]),
      .dictionary([
        "Type": .string("PSMultiValueSpecifier"), "Key": .string("mixed"),
        "Values": .array(big + [.real(0.5)]),
        "Titles": .array([.string("Odd"), .string("Even"), .string("Half")]),
      ]),
    ])
    defer { bundle.remove() }
    let declarations = try SettingsCollection.declarations(
      in: try GeneratedSourceTests.bundles(bundle.path), typeName: "AppSettings")
    for declaration in declarations {
      guard case .choice(let choice) = declaration.shape else {
        Issue.record("\(declaration.key) is a choice")
        continue
      }
      #expect(Array(choice.cases.map(\.value).prefix(2)) == big, "\(declaration.key)")
      // A Double raw type would make the two one raw value.
      #expect(choice.rawType != "Swift.Double")
    }
  }

  /// The generated enum reads each stored big integer as its own case, with
  /// Foundation's UserDefaults.
  @Test(.enabled(if: SwiftCompiler.path != nil, "needs swiftc on PATH"))
  func bigIntegersDecodeToTheirOwnCases() throws {
    let bundle = try Self.bundle([
      .dictionary([
        "Type": .string("PSMultiValueSpecifier"), "Key": .string("big"),
        "Values": .array([.integer(9_007_199_254_740_993), .integer(9_007_199_254_740_992)]),
        "Titles": .array([.string("Odd"), .string("Even")]),
      ])
    ])
    defer { bundle.remove() }
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let generated = folder.url.appendingPathComponent("AppSettings.swift")
    try GeneratedSourceTests.source(bundle.path).write(
      to: generated, atomically: true, encoding: .utf8)
    let main = folder.url.appendingPathComponent("main.swift")
    try """
    import Foundation
    let defaults = UserDefaults(suiteName: "prefs.value-limits.\\(getpid())")!
    var seen: [String] = []
    for stored in [9_007_199_254_740_993 as Int, 9_007_199_254_740_992 as Int] {
      defaults.set(stored, forKey: "big")
      seen.append("\\(defaults[AppSettings.big])")
      seen.append("\\(AppSettings.Big(storedValue: NSNumber(value: Int64(stored))).map { "\\($0)" } ?? "nil")")
    }
    seen.append("\\(AppSettings.Big(storedValue: 9_007_199_254_740_992.0 as Double).map { "\\($0)" } ?? "nil")")
    defaults.removePersistentDomain(forName: "prefs.value-limits.\\(getpid())")
    print(seen.joined(separator: " "))
    """.write(to: main, atomically: true, encoding: .utf8)
    let program = folder.url.appendingPathComponent("program").path
    let build = try SwiftCompiler.run([
      "-swift-version", "6", "-warnings-as-errors", "-o", program, main.path, generated.path,
    ])
    try #require(build.status == 0, "\(build.output)")
    let run = try ChildProcess.run(
      URL(fileURLWithPath: program), [],
      environment: ProcessInfo.processInfo.environment.merging([
        "HOME": folder.url.path, "XDG_CONFIG_HOME": folder.url.path,
      ]) { $1 })
    #expect(run.output == "odd odd even even even\n", "\(run.errors)")
  }

  /// Texts a plist and `isEqual:` keep apart that Swift's `==` takes for one.
  static let takenForOne: [(String, String)] = [
    ("caf\u{E9}", "cafe\u{301}"), ("\u{C5}", "\u{212B}"), ("\u{AC00}", "\u{1100}\u{1161}"),
    ("s\u{323}\u{307}", "s\u{307}\u{323}"), ("\u{1E9B}\u{323}", "\u{17F}\u{323}\u{307}"),
  ]

  /// Failed before: the second value was dropped as the first's duplicate,
  /// so a stored `"cafe\u{301}"` read as the case whose stored value is
  /// `"caf\u{E9}"`; in a default's dictionary both keys were written into one
  /// `[String: Any]` literal, which traps at run time.
  @Test(arguments: takenForOne)
  func textsSwiftTakesForOneAreRefused(first: String, second: String) throws {
    #expect(GeneratedCodeLimits.swiftTakesForOne(first, second))
    #expect(!GeneratedCodeLimits.swiftTakesForOne(first, first))
    let choice = PlistValue.dictionary([
      "Type": .string("PSMultiValueSpecifier"), "Key": .string("choice"),
      "Values": .array([.string("a"), .string(first), .string(second)]),
      "Titles": .array([.string("A"), .string("B"), .string("C")]),
    ])
    let shown = PlistValue.dictionary([
      "Type": .string("PSTitleValueSpecifier"), "Key": .string("shown"),
      "DefaultValue": .array([
        .dictionary([PlistKey(first): .integer(1), PlistKey(second): .integer(2)])
      ]),
    ])
    for (specifier, key, entry) in [(choice, "choice", "Values"), (shown, "shown", "DefaultValue")]
    {
      let bundle = try Self.bundle([specifier])
      defer { bundle.remove() }
      let error = #expect(throws: GenerationError.self) {
        _ = try GeneratedSourceTests.source(bundle.path)
      }
      #expect(error?.key == key)
      #expect(
        error?.reason == .valueCannotBeWritten(entry: entry, .textsSwiftTakesForOne(first, second)))
    }
  }

  /// Failed before: both keys were declared and registerDefaults put both
  /// into one `[String: Any]`, which kept one entry.
  @Test(arguments: takenForOne)
  func keysSwiftTakesForOneAreRefused(first: String, second: String) throws {
    let bundle = try Self.bundle([
      Self.textField(first, default: .string("one")), Self.textField("other", default: .string("")),
      Self.textField(second, default: .string("two")),
    ])
    defer { bundle.remove() }
    let error = #expect(throws: GenerationError.self) {
      _ = try GeneratedSourceTests.source(bundle.path)
    }
    #expect(error?.key == second)
    #expect(error?.reason == .keyTakenForAnother(first))
    #expect(error.map { "\($0)" }?.contains("one text to Swift's ==") == true)
  }

  /// Texts that only look alike, or differ in case, are not taken for one.
  @Test func textsSwiftKeepsApartAreGenerated() throws {
    let bundle = try Self.bundle([
      Self.textField("cafe", default: .string("")), Self.textField("Cafe", default: .string("")),
      Self.textField("caf\u{E9}", default: .string("")),
      .dictionary([
        "Type": .string("PSMultiValueSpecifier"), "Key": .string("choice"),
        "Values": .array([.string("\u{C5}"), .string("A"), .string("a\u{30A}")]),
        "Titles": .array([.string("1"), .string("2"), .string("3")]),
      ]),
    ])
    defer { bundle.remove() }
    let declarations = try SettingsCollection.declarations(
      in: try GeneratedSourceTests.bundles(bundle.path), typeName: "AppSettings")
    #expect(declarations.map(\.key) == ["cafe", "Cafe", "caf\u{E9}", "choice"])
  }

  /// Failed before: `Values` were checked one by one, so 5,000 became an
  /// enum swiftc took 27 s over (2,500: 9 s), and generating took time that
  /// grew with the square of their count (20,000: 87 s); lint passed them.
  @Test(arguments: [GeneratedCodeLimits.maximumElements + 1, 20_000])
  func aChoiceOfTooManyValuesIsRefusedQuickly(count: Int) throws {
    let bundle = try Self.bundle([
      .dictionary([
        "Type": .string("PSMultiValueSpecifier"), "Key": .string("many"),
        "Values": .array((0..<count).map { .string("v\($0)") }),
        "Titles": .array((0..<count).map { .string("t\($0)") }),
      ])
    ])
    defer { bundle.remove() }
    let start = ContinuousClock.now
    let error = #expect(throws: GenerationError.self) {
      _ = try GeneratedSourceTests.source(bundle.path)
    }
    #expect(ContinuousClock.now - start < .seconds(10))
    #expect(error?.key == "many")
    #expect(error?.reason == .valueCannotBeWritten(entry: "Values", .tooManyElements(count)))
  }

  /// As many `Values` as the limit takes are generated.
  @Test func aChoiceOfAsManyValuesAsTheLimitIsGenerated() throws {
    let count = GeneratedCodeLimits.maximumElements
    let bundle = try Self.bundle([
      .dictionary([
        "Type": .string("PSMultiValueSpecifier"), "Key": .string("many"),
        "Values": .array((0..<count).map { .integer(Int64($0)) }),
        "Titles": .array((0..<count).map { .string("t\($0)") }),
      ])
    ])
    defer { bundle.remove() }
    let declarations = try SettingsCollection.declarations(
      in: try GeneratedSourceTests.bundles(bundle.path), typeName: "AppSettings")
    guard case .choice(let choice)? = declarations.first?.shape else {
      Issue.record("a choice")
      return
    }
    #expect(choice.cases.count == count)
  }
}
