import Foundation
import SettingsLint
import SourceCheck
import TestSupport
import Testing

/// Issue 25, registration per key: dictionaries filled before they are
/// registered, and registrations prefs cannot read whole, which register keys
/// nobody can name and so leave no key known to be unregistered.
struct RegistrationPerKeyTests {
  static let bundle = Paths.fixtures.appendingPathComponent("Apps/Settings.bundle")

  /// The `code-default-unregistered` findings of one source file linted against
  /// the shared fixture bundle (`sounds` defaults to true, `theme` to 2).
  static func unregistered(file: String, _ source: String) throws -> [String] {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-registration-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(source.utf8).write(to: folder.appendingPathComponent(file))
    let scan = try SourceScanner.scan([folder.path])
    let report = try Linter(sources: scan).lint(bundleAt: bundle.path)
    return report.diagnostics.filter { $0.rule == "code-default-unregistered" }.map(\.message)
  }

  static func objectiveC(filling: String, registering argument: String = "defaults") -> String {
    """
    #define kSounds @"sounds"
    @implementation AppDelegate
    - (void)registerDefaults {
      \(filling)
      [[NSUserDefaults standardUserDefaults] registerDefaults:\(argument)];
    }
    - (void)read {
      BOOL sounds = [[NSUserDefaults standardUserDefaults] boolForKey:kSounds];
      NSInteger theme = [[NSUserDefaults standardUserDefaults] integerForKey:@"theme"];
    }
    @end
    """
  }

  static func swift(filling: String, registering argument: String = "defaults") -> String {
    """
    import Foundation
    enum Keys { static let sounds = "sounds" }
    func registerDefaults() {
      \(filling)
      UserDefaults.standard.register(defaults: \(argument))
    }
    func read() -> (Bool, Int) {
      (UserDefaults.standard.bool(forKey: Keys.sounds), UserDefaults.standard.integer(forKey: "theme"))
    }
    """
  }

  /// Every common way of filling the dictionary registers both keys: each
  /// was reported as never registered before (only a literal assigned to
  /// the variable was read).
  @Test(arguments: [
    """
    NSMutableDictionary *defaults = [NSMutableDictionary dictionary];
    [defaults setObject:@YES forKey:kSounds];
    [defaults setObject:@2 forKey:@"theme"];
    """,
    """
    NSMutableDictionary *defaults = [[NSMutableDictionary alloc] init];
    [defaults setValue:[NSNumber numberWithBool:YES] forKey:kSounds];
    defaults[@"theme"] = @2;
    """,
    """
    NSMutableDictionary *defaults = [NSMutableDictionary dictionaryWithCapacity:2];
    [defaults addEntriesFromDictionary:@{kSounds: @YES, @"theme": @2}];
    """,
    """
    NSMutableDictionary *defaults = [NSMutableDictionary dictionaryWithDictionary:@{kSounds: @YES}];
    [defaults setObject:@2 forKey:@"theme"];
    """,
    """
    NSMutableDictionary *defaults = @{kSounds: @YES}.mutableCopy;
    defaults[@"theme"] = @2;
    """,
    """
    NSDictionary *defaults = [NSDictionary dictionaryWithObjects:@[@YES, @2] forKeys:@[kSounds, @"theme"]];
    """,
    """
    NSDictionary *defaults = [NSDictionary
        dictionaryWithObjects:[NSArray arrayWithObjects:[NSNumber numberWithBool:YES], @2, nil]
        forKeys:[NSArray arrayWithObjects:kSounds, @"theme", nil]];
    """,
    """
    NSMutableDictionary *defaults = [@{kSounds: @YES} mutableCopy];
    if (YES) { [defaults setObject:@2 forKey:@"theme"]; }
    """,
  ])
  func objectiveCFillsAreRead(filling: String) throws {
    let found = try Self.unregistered(file: "AppDelegate.m", Self.objectiveC(filling: filling))
    #expect(found.isEmpty, "\(found)")
  }

  @Test(arguments: [
    """
    var defaults: [String: Any] = [:]
      defaults[Keys.sounds] = true
      defaults["theme"] = 2
    """,
    """
    var defaults = [String: Any]()
      defaults.updateValue(true, forKey: Keys.sounds)
      defaults.merge(["theme": 2]) { _, new in new }
    """,
    """
    var defaults: [String: Any] = [Keys.sounds: true]
      if true { defaults["theme"] = 2 }
    """,
  ])
  func swiftFillsAreRead(filling: String) throws {
    let found = try Self.unregistered(file: "App.swift", Self.swift(filling: filling))
    #expect(found.isEmpty, "\(found)")
  }

  /// The fixture app modelled on tomighty's `Preferences.m`: the keys it fills
  /// are registered, the one it leaves out is still reported (before: sounds
  /// and theme were reported too, and celsiusPref's default was not compared).
  @Test func theRegistrationPerKeyAppMatchesItsGolden() throws {
    expectGolden(
      try SourceRulesTests.output("RegistrationPerKey").render(.text),
      "lint/apps-registrationperkey.txt")
    let scan = try SourceScanner.scan([
      SourceRulesTests.apps.appendingPathComponent("RegistrationPerKey").path
    ])
    let registered = scan.uses.compactMap { use -> String? in
      guard case .register(let value) = use.action else { return nil }
      return "\(use.key) \(value.map(\.description) ?? "?")"
    }
    #expect(
      Set(registered) == [
        "sounds ?", "theme ?", "celsiusPref false", "units \"metric\"", "name \"\"",
        "server \"example.com\"", "slider_unused 0.5",
      ], "\(registered)")
    #expect(scan.unreadRegistrations.isEmpty)
  }

  /// A method named `registerDefaults:` declared by the app, and a selector
  /// naming it, register nothing: the key left out is still reported.
  @Test func aDeclarationOrSelectorIsNoRegistration() throws {
    let found = try Self.unregistered(
      file: "AppDelegate.m",
      """
      @implementation Settings
      - (void)registerDefaults:(NSDictionary *)values {
        SEL selector = @selector(registerDefaults:);
      }
      - (void)read {
        BOOL sounds = [[NSUserDefaults standardUserDefaults] boolForKey:@"sounds"];
      }
      @end
      """)
    #expect(found.count == 1, "\(found)")
  }

  /// A parameter is filled by the caller, though the type has a constant of
  /// the same name: its keys are unknown.
  @Test func aParameterIsNotTheTypesConstant() throws {
    let found = try Self.unregistered(
      file: "App.swift",
      """
      import Foundation
      struct Settings {
        static let defaults: [String: Any] = ["sounds": true]
        static func register(_ defaults: [String: Any]) {
          UserDefaults.standard.register(defaults: defaults)
        }
        var theme: Int { UserDefaults.standard.integer(forKey: "theme") }
      }
      """)
    #expect(found.isEmpty, "\(found)")
  }

  /// A registration read whole that leaves a key out still has it reported.
  @Test func aCompleteRegistrationWithoutTheKeyStillReportsIt() throws {
    let objectiveC = try Self.unregistered(
      file: "AppDelegate.m",
      Self.objectiveC(
        filling: """
          NSMutableDictionary *defaults = [NSMutableDictionary dictionary];
          [defaults setObject:@YES forKey:kSounds];
          """))
    #expect(objectiveC.count == 1 && objectiveC[0].contains("\"theme\""), "\(objectiveC)")
    let swift = try Self.unregistered(
      file: "App.swift",
      Self.swift(filling: "var defaults: [String: Any] = [:]\n  defaults[Keys.sounds] = true"))
    #expect(swift.count == 1 && swift[0].contains("\"theme\""), "\(swift)")
  }

  /// The safety rule: a registration prefs cannot read whole registers keys
  /// nobody can name, so no read is reported as unregistered, whatever else
  /// the app registers. Before, each of these reported both reads.
  @Test(arguments: [
    (filling: "", argument: "[self defaultsDictionary]"),
    (filling: "", argument: "[NSDictionary dictionaryWithContentsOfFile:path]"),
    (filling: "", argument: "self.defaults"),
    (filling: "NSMutableDictionary *defaults = [self baseDefaults];", argument: "defaults"),
    (
      filling: "NSMutableDictionary *defaults = [NSMutableDictionary dictionary];\n"
        + "[defaults addEntriesFromDictionary:[self moreDefaults]];", argument: "defaults"
    ),
    (
      filling: "NSMutableDictionary *defaults = [NSMutableDictionary dictionary];\n"
        + "[defaults setObject:@YES forKey:[self keyFor:1]];", argument: "defaults"
    ),
    (
      filling: "NSMutableDictionary *defaults = [NSMutableDictionary dictionary];\n"
        + "[self fill:defaults];", argument: "defaults"
    ),
    (filling: "", argument: "@{kSounds: @YES, [self key]: @2}"),
    (filling: "", argument: "[NSDictionary dictionaryWithObjects:values forKeys:keys]"),
    (
      filling: "",
      argument: "[NSDictionary dictionaryWithObjects:@[@YES, @2] forKeys:@[kSounds, key]]"
    ),
    (
      filling: "",
      argument: "[NSDictionary dictionaryWithObjects:@[@YES] forKeys:@[kSounds, @\"theme\"]]"
    ),
  ])
  func anUnreadObjectiveCRegistrationNeverYieldsAnUnregisteredFinding(
    filling: String, argument: String
  ) throws {
    let found = try Self.unregistered(
      file: "AppDelegate.m", Self.objectiveC(filling: filling, registering: argument))
    #expect(found.isEmpty, "\(found)")
  }

  @Test(arguments: [
    (filling: "", argument: "makeDefaults()"),
    // A variable declared nowhere in reach (another file's global).
    (filling: "", argument: "defaults"),
    (filling: "", argument: "Self.defaults"),
    (filling: "let defaults = loadDefaults()", argument: "defaults"),
    (filling: "var defaults: [String: Any] = [:]\n  fill(&defaults)", argument: "defaults"),
    (
      filling: "var defaults: [String: Any] = [:]\n  defaults.merge(other) { $1 }",
      argument: "defaults"
    ),
    (filling: "var defaults: [String: Any] = [:]\n  defaults[key()] = 2", argument: "defaults"),
    (filling: "", argument: "[Keys.sounds: true, prefix + \"x\": 2]"),
    (filling: "", argument: "base.merging([\"theme\": 2]) { $1 }"),
    // Past the stretch of code a registration reads (64 KB, here in fewer statements
    // than the 1,024 looked at), what fills it is not known.
    (
      filling: "var defaults: [String: Any] = [:]\n  defaults[Keys.sounds] = true\n"
        + String(
          repeating: "  print(\"\(String(repeating: "padding ", count: 10))\")\n", count: 1_000),
      argument: "defaults"
    ),
  ])
  func anUnreadSwiftRegistrationNeverYieldsAnUnregisteredFinding(
    filling: String, argument: String
  ) throws {
    let found = try Self.unregistered(
      file: "App.swift", Self.swift(filling: filling, registering: argument))
    #expect(found.isEmpty, "\(found)")
  }

  /// The property over every fixture app with findings, in both languages:
  /// adding one registration prefs cannot read removes every
  /// `code-default-unregistered` finding and changes no other. Before, the
  /// unread registration changed nothing, so each app that has the rule's
  /// findings failed.
  @Test(
    arguments: [
      "Broken", "FilteredRegistration", "Conversions", "Constants", "PropertyWrapper",
      "GroupSuite", "RegistrationPerKey",
    ],
    [
      (
        "Opaque.m",
        "@implementation Opaque\n- (void)load {\n  [[NSUserDefaults standardUserDefaults] registerDefaults:[self defaultsDictionary]];\n}\n@end\n"
      ),
      (
        "Opaque.swift",
        "import Foundation\nfunc load() {\n  UserDefaults.standard.register(defaults: makeDefaults())\n}\n"
      ),
    ])
  func anUnreadRegistrationRemovesOnlyUnregisteredFindings(
    app: String, opaque: (file: String, source: String)
  ) throws {
    let folder = SourceRulesTests.apps.appendingPathComponent(app)
    let ownBundle = folder.appendingPathComponent("Settings.bundle")
    let hasOwn = FileManager.default.fileExists(atPath: ownBundle.path)
    let sources = hasOwn ? folder.appendingPathComponent("Sources") : folder
    let bundle = hasOwn ? ownBundle : Self.bundle
    let extra = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefs-opaque-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: extra, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: extra) }
    try Data(opaque.source.utf8).write(to: extra.appendingPathComponent(opaque.file))

    func findings(_ paths: [String]) throws -> [String] {
      let report = try Linter(sources: try SourceScanner.scan(paths)).lint(bundleAt: bundle.path)
      return report.diagnostics.map { "\($0.rule) \($0.message)" }
    }
    let before = try findings([sources.path])
    let after = try findings([sources.path, extra.path])
    #expect(!after.contains { $0.hasPrefix("code-default-unregistered ") }, "\(after)")
    #expect(after == before.filter { !$0.hasPrefix("code-default-unregistered ") })
  }
}
