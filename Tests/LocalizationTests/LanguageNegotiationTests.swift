import Localization
import Testing

struct LanguageNegotiationTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var available: [String]
    var preferred: [String]
    var chosen: String?
    var testDescription: String { "\(preferred) in \(available) → \(chosen ?? "nil")" }
  }

  static let cases: [Case] = [
    Case(available: ["en", "pt"], preferred: ["pt"], chosen: "pt"),
    Case(available: ["en", "pt"], preferred: ["pt-BR"], chosen: "pt"),
    Case(available: ["en", "pt", "pt-BR"], preferred: ["pt-BR"], chosen: "pt-BR"),
    Case(available: ["en", "pt_BR"], preferred: ["pt-BR"], chosen: "pt_BR"),
    Case(available: ["en", "pt-PT"], preferred: ["pt-BR"], chosen: "pt-PT"),
    Case(available: ["English", "German"], preferred: ["de-AT"], chosen: "German"),
    Case(available: ["English", "German"], preferred: ["fr"], chosen: "English"),
    Case(available: ["en", "fr", "Base"], preferred: ["ja"], chosen: "en"),
    Case(available: ["Base", "fr"], preferred: ["ja"], chosen: "Base"),
    Case(available: ["fr", "de"], preferred: ["ja"], chosen: "de"),
    Case(available: ["en", "zh-Hans", "zh-Hant"], preferred: ["zh-TW"], chosen: "zh-Hant"),
    Case(available: ["en", "zh-Hans", "zh-Hant"], preferred: ["zh-CN"], chosen: "zh-Hans"),
    Case(available: ["en", "zh_CN", "zh_TW"], preferred: ["zh-Hant-HK"], chosen: "zh_TW"),
    Case(available: ["en", "cs", "ru"], preferred: ["sk", "cs"], chosen: "cs"),
    Case(available: ["en_US", "fr"], preferred: [], chosen: "en_US"),
    Case(available: [], preferred: ["en"], chosen: nil),
  ]

  @Test(arguments: cases)
  func choosesLikeIOS(_ testCase: Case) {
    #expect(
      LanguageNegotiation.choose(available: testCase.available, preferred: testCase.preferred)
        == testCase.chosen)
  }

  @Test func baseComesRightAfterTheFirstChoice() {
    let order = LanguageNegotiation.searchOrder(
      available: ["Base", "de", "en", "fr"], preferred: ["fr", "de"])
    // CFBundle searches the first preferred language's folders only: another
    // preferred language's folder (de) is not a fallback.
    #expect(order == ["fr", "Base", "en"])
  }

  @Test(arguments: [
    (["LANG": "pt_BR.UTF-8"], ["pt-BR"]),
    (["LC_ALL": "cs_CZ.UTF-8", "LANG": "en_US.UTF-8"], ["cs-CZ"]),
    (["LC_MESSAGES": "ru_RU", "LANG": "en_US"], ["ru-RU"]),
    (["LANG": "C"], []),
    (["LANG": "C.UTF-8"], []),
    ([:], []),
    (["LANG": "de_DE.UTF-8", "LANGUAGE": "fr:en"], ["fr", "en", "de-DE"]),
  ])
  func readsTheLocaleVariables(_ environment: [String: String], _ expected: [String]) {
    #expect(LanguageNegotiation.preferredLanguages(environment: environment) == expected)
  }

  @Test func topLevelTableShadowsEveryLanguage() {
    let inventory = TableInventory(
      topLevelTables: ["Root"], tablesByFolder: ["en": ["Root"], "pt": ["Root"]])
    #expect(inventory.source(ofTable: "Root", searchOrder: ["pt", "en"]) == .topLevel)
  }

  @Test func noPerKeyFallbackOnlyPerFile() {
    let inventory = TableInventory(
      topLevelTables: [], tablesByFolder: ["en": ["Root", "Child"], "pt": ["Root"]])
    #expect(inventory.source(ofTable: "Root", searchOrder: ["pt", "en"]) == .language("pt"))
    #expect(inventory.source(ofTable: "Child", searchOrder: ["pt", "en"]) == .language("en"))
    #expect(inventory.source(ofTable: "Missing", searchOrder: ["pt", "en"]) == nil)
  }
}

/// Tester faults 22 and 23: exact folder names win; repeats cost nothing.
struct LanguageChoiceEdgeTests {
  /// A folder named exactly as the preferred language wins over one equal
  /// only when case is ignored, whichever sorts first.
  @Test(arguments: [
    (["DE", "de", "en"], ["de"], "de"), (["DE", "de", "en"], ["DE"], "DE"),
    (["de", "DE", "en"], ["de"], "de"), (["DE", "de", "en"], ["de-AT"], "de"),
    (["DE", "de_DE", "de-DE", "de", "en"], ["de_DE"], "de_DE"),
  ])
  func anExactFolderNameWinsOverACaseInsensitiveOne(
    available: [String], preferred: [String], chosen: String
  ) {
    #expect(LanguageNegotiation.choose(available: available, preferred: preferred) == chosen)
  }

  /// Repeating tags changes neither the choice nor, much, the time it takes.
  @Test func repeatedPreferencesAreTriedOnce() {
    let available =
      (0..<66).map { "x\($0 / 26 == 0 ? "a" : "b")\(Character(UnicodeScalar(97 + $0 % 26)!))" }
      + ["fr", "Base"]
    let unique = ["qq", "zz-ZZ", "fr-CA"]
    let repeated = (0..<8_000).map { unique[$0 % 2] } + ["fr-CA"]
    let clock = ContinuousClock()
    let start = clock.now
    let chosen = LanguageNegotiation.choose(available: available, preferred: repeated)
    #expect(clock.now - start < .seconds(2))
    #expect(chosen == LanguageNegotiation.choose(available: available, preferred: unique))
    #expect(chosen == "fr")
  }
}
