import Foundation
import Plist
import SettingsSchema
import SourceCheck

enum CodeTypeMismatch: LintRule {
  static let summary =
    "The app's code reads or writes a key with another type than its element stores."
  static let rationale = """
    UserDefaults converts some values and not others. integer(forKey:), double(forKey:) and \
    float(forKey:) read a numeric string ("8080" is 8080); bool(forKey:) reads "YES", "true", \
    "1" and any non-zero number as true; string(forKey:) gives a number's text ("1" for a \
    toggle's true); url(forKey:) reads a path string. These are not reported. What is: a read \
    that cannot give the value stored, such as bool(forKey:) on a multi value of "metric" and \
    "imperial" (always false), integer(forKey:) on a slider (0.5 reads 0), or any strict read \
    (object(forKey:) as? Int, @AppStorage, Defaults.Key), which takes only a value of its own \
    type: a string stored under an Int @AppStorage reads its default. A test of presence \
    (object(forKey:) == nil) reads no type. Writes are reported when they store another type \
    than the element does, such as set(3, forKey:) on a text field, or set(2, forKey:) on a \
    multi value whose Values are strings (Settings marks no choice). A registered value is \
    never stored and Settings never reads it: it is reported only when a read of the key \
    gets something else from it than from the bundle's DefaultValue (registering 1 where the \
    bundle has "1" and the app reads integer(forKey:) is fine). (Checked when lint is given \
    the app's sources with --sources.)
    """
  static let defaultSeverity = Severity.error
  static let readsSources = true
  static let failingExamples = [
    RuleExample.root(
      """
      <dict>
        <key>Type</key><string>PSMultiValueSpecifier</string>
        <key>Title</key><string>Units</string>
        <key>Key</key><string>units</string>
        <key>DefaultValue</key><string>metric</string>
        <key>Values</key><array><string>metric</string><string>imperial</string></array>
        <key>Titles</key><array><string>Metric</string><string>Imperial</string></array>
      </dict>
      """, table: nil,
      files: [
        (
          "Sources/Settings.swift",
          """
          import Foundation

          let metric = UserDefaults.standard.bool(forKey: "units")
          """
        )
      ])
  ]
  static let passingExamples = [
    RuleExample.root(
      """
      <dict>
        <key>Type</key><string>PSMultiValueSpecifier</string>
        <key>Title</key><string>Units</string>
        <key>Key</key><string>units</string>
        <key>DefaultValue</key><string>metric</string>
        <key>Values</key><array><string>metric</string><string>imperial</string></array>
        <key>Titles</key><array><string>Metric</string><string>Imperial</string></array>
      </dict>
      """, table: nil,
      files: [
        (
          "Sources/Settings.swift",
          """
          import Foundation

          let units = UserDefaults.standard.string(forKey: "units") ?? "metric"
          """
        )
      ])
  ]

  static func check(_ context: LintContext, _ report: inout RuleReport) {
    guard let facts = context.sources else { return }
    let readings = readings(in: facts)
    for use in facts.uses {
      guard let setting = facts.settings[use.key] else { continue }
      let element = "its \(setting.specifier.type?.rawValue ?? "element") (\(setting.page.file))"
      switch use.action {
      case .read(let getter, _):
        let reading = FoundationReading(getter)
        guard let misread = misreading(by: reading, of: setting) else { continue }
        report.add(
          "\(reading.name()) reads \(MessageText.quoted(use.key)) as \(misread.outcome ?? reading.nothingText) when it holds \(misread.holds), which \(element) stores",
          file: SourceFacts.file(use), place: SourceFacts.place(use))
      case .cast(let getter, _):
        let reading = FoundationReading(getter, strict: true)
        guard let misread = misreading(by: reading, of: setting) else { continue }
        report.add(
          "object(forKey:) \(reading.name()) reads \(MessageText.quoted(use.key)) as \(misread.outcome ?? "nil") when it holds \(misread.holds), which \(element) stores",
          file: SourceFacts.file(use), place: SourceFacts.place(use))
      case .write(let literal?):
        let value = SourceFacts.value(literal)
        guard !SourceFacts.setting(setting, stores: value) else { continue }
        let stores = setting.storedKinds.map(\.phrase).sorted().joined(separator: " or ")
        // Settings.app marks the choice whose value equals the stored one, type and all.
        let why =
          setting.listedValues == nil
          ? ""
          : ": Settings compares the stored value with its Values, type and all, and marks no choice"
        report.add(
          "the code stores \(literal) under \(MessageText.quoted(use.key)), but \(element) stores \(stores)\(why)",
          file: SourceFacts.file(use), place: SourceFacts.place(use))
      case .register(let literal?):
        // The registration domain is never stored and Settings.app never reads it: a
        // registered value matters only through the app's reads. One a read misreads,
        // and gets something else from than from the bundle's DefaultValue, is reported;
        // one read as a value other than the DefaultValue is code-default-mismatch's.
        let value = SourceFacts.value(literal)
        guard !SourceFacts.setting(setting, stores: value),
          let reading = readings[use.key, default: []].first(where: { reading in
            reading.read(value) != .faithful
              && !(setting.defaultValue.map { reading.givesTheSame(value, $0) } ?? false)
          })
        else { continue }
        let stores = setting.storedKinds.map(\.phrase).sorted().joined(separator: " or ")
        let outcome = reading.gives(value).map(SourceFacts.describe) ?? reading.nothingText
        report.add(
          "the code registers \(literal) for \(MessageText.quoted(use.key)), which \(reading.name()) reads as \(outcome); \(element) stores \(stores)",
          file: SourceFacts.file(use), place: SourceFacts.place(use))
      case .declare(let kind, let literal, let type):
        // `@AppStorage("k") var x: String`, `Defaults.Key<Bool>("k")`: the declared type
        // (or the initial value's) is how every read and write of it goes. Both cast
        // strictly; the keys `prefs generate swift` writes convert as the getters do.
        guard let reading = declaredReading(kind, literal, type) else { continue }
        let getter = reading.getter
        guard let misread = misreading(by: reading, of: setting) else { continue }
        let declared = type ?? literal?.swiftTypeName ?? getter.swiftTypeName
        let fallback = literal.map { "its default \($0)" } ?? reading.nothingText
        report.add(
          "\(kind.rawValue) of \(declared) reads \(MessageText.quoted(use.key)) as \(misread.outcome ?? fallback) when it holds \(misread.holds), which \(element) stores",
          file: SourceFacts.file(use), place: SourceFacts.place(use))
      default: continue
      }
    }
  }

  /// How a declaration reads its key: its declared type, or its initial value's.
  /// `@AppStorage` and `Defaults.Key` cast strictly; the keys `prefs generate
  /// swift` writes convert as the getters do.
  static func declaredReading(_ kind: KeyDeclaration, _ literal: SourceLiteral?, _ type: String?)
    -> FoundationReading?
  {
    guard
      let getter = type.flatMap(DefaultsGetter.init(declaredType:))
        ?? (type == nil ? literal.map(DefaultsGetter.init(literal:)) : nil)
    else { return nil }
    return FoundationReading(getter, strict: kind != .settingsKey)
  }

  /// Every way the app's code reads each key: getters, casts and declarations.
  static func readings(in facts: SourceFacts) -> [String: [FoundationReading]] {
    var readings: [String: [FoundationReading]] = [:]
    for use in facts.uses {
      let reading: FoundationReading?
      switch use.action {
      case .read(let getter, _): reading = FoundationReading(getter)
      case .cast(let getter, _): reading = FoundationReading(getter, strict: true)
      case .declare(let kind, let literal, let type): reading = declaredReading(kind, literal, type)
      default: reading = nil
      }
      if let reading { readings[use.key, default: []].append(reading) }
    }
    return readings
  }

  /// The first value the setting can hold that the reading does not give
  /// back, and what it reads instead (nil: nothing, the reading's nil, zero or default).
  static func misreading(by reading: FoundationReading, of setting: SourceFacts.Setting) -> (
    holds: String, outcome: String?
  )? {
    // A toggle read as a Bool is right when its TrueValue reads true and its
    // FalseValue false ("YES" and "OFF" are; "128" and "64" are both true).
    if setting.spec.valueRule == .toggle, reading.getter == .bool {
      for (value, expected) in [(setting.on, true), (setting.off, false)] {
        let truth = reading.truth(of: value)
        guard truth != expected else { continue }
        return (SourceFacts.describe(value), truth.map { $0 ? "true" : "false" })
      }
      return nil
    }
    if let listed = setting.listedValues {
      for value in listed {
        switch reading.read(value) {
        case .faithful: continue
        case .lossy(let text): return (SourceFacts.describe(value), text)
        case .nothing: return (SourceFacts.describe(value), nil)
        }
      }
      return nil
    }
    for kind in setting.storedKinds.sorted(by: { $0.rawValue < $1.rawValue }) {
      switch reading.read(anyOf: kind) {
      case .faithful: continue
      case .lossy(let text): return (kind.phrase, text)
      case .nothing: return (kind.phrase, nil)
      }
    }
    return nil
  }
}
