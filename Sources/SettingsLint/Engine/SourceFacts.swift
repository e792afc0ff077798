import Foundation
import Plist
import SettingsSchema
import SourceCheck

/// What the source rules compare: each stored setting of the bundle (as the
/// schema says what it stores) beside the app's uses of its key.
struct SourceFacts: Sendable {
  struct Setting: Sendable {
    var key: String
    var specifier: Specifier
    var page: Page
    var spec: TypeSpec
    /// The plist kinds a stored value has: a toggle's TrueValue/FalseValue (or a
    /// boolean), the kinds of a multi value's Values, what a type stores.
    var storedKinds: Set<ValueKind>
    var defaultValue: PlistValue?
    var values: [PlistValue]
    var on: PlistValue
    var off: PlistValue
    var hasOwnToggleValues: Bool

    /// The values the setting can hold when the bundle lists them: a toggle's
    /// two states, a multi value's `Values`; nil when any value of
    /// ``storedKinds`` can be stored (a text field's text, a slider's real).
    var listedValues: [PlistValue]? {
      switch spec.valueRule {
      case .toggle: [on, off]
      case .oneOfValues where !values.isEmpty: values
      default: nil
      }
    }
  }

  var settings: [String: Setting] = [:]
  var uses: [KeyUse] = []
  var scan: SourceScan
  /// Whether a registration of the store the bundle is read from has keys
  /// the scan cannot name: then no key is known to be left unregistered.
  var registersUnreadKeys = false

  init(
    bundle: SettingsBundle, known: [(page: Page, specifier: Specifier, spec: TypeSpec)],
    scan: SourceScan
  ) {
    self.scan = scan
    let group = bundle.applicationGroup
    // Reads of the standard store, of the bundle's group suite, or of a store not named.
    uses = scan.uses.filter { $0.suite == nil || $0.suite == group }
    registersUnreadKeys = scan.unreadRegistrations.contains { $0.suite == nil || $0.suite == group }
    for (page, specifier, spec) in known where page.isReached {
      guard let key = specifier.key, !key.isEmpty, let stores = spec.stores,
        settings[key] == nil
      else { continue }
      let values = specifier.choiceValues
      let (on, off) = SpecifierValue.states(of: specifier)
      let hasOwn = specifier.toggleStates.hasOwnValues
      var kinds: Set<ValueKind>
      switch spec.valueRule {
      case .toggle: kinds = Set([on, off].map(Self.kind))
      case .oneOfValues: kinds = values.isEmpty ? [stores] : Set(values.map(Self.kind))
      case .range: kinds = [.real]
      default: kinds = [stores]
      }
      settings[key] = Setting(
        key: key, specifier: specifier, page: page, spec: spec, storedKinds: kinds,
        defaultValue: specifier.defaultValue?.value, values: values, on: on, off: off,
        hasOwnToggleValues: hasOwn)
    }
  }

  static func kind(_ value: PlistValue) -> ValueKind {
    switch value {
    case .string: .string
    case .integer: .integer
    case .real: .real
    case .bool: .boolean
    case .date: .date
    case .data: .data
    case .array: .array
    case .dictionary: .dictionary
    }
  }

  /// A stored value in messages: strings quoted, as the code spells them.
  static func describe(_ value: PlistValue) -> String {
    switch value {
    case .string(let text): "\"\(text)\""
    case .bool(let flag): flag ? "true" : "false"
    default: SpecifierValue.text(of: value)
    }
  }

  /// A literal as a property-list value.
  static func value(_ literal: SourceLiteral) -> PlistValue {
    switch literal {
    case .bool(let flag): .bool(flag)
    case .integer(let number): .integer(number)
    case .real(let number): .real(number)
    case .string(let text): .string(text)
    }
  }

  /// Whether a value written is one the setting stores.
  static func setting(_ setting: Setting, stores value: PlistValue) -> Bool {
    let kind = kind(value)
    if setting.storedKinds.contains(kind) || setting.storedKinds.contains(.scalar)
      || setting.storedKinds.contains(.any)
    {
      return true
    }
    // A number where reals are stored, and the reverse, are the same number.
    let numbers: Set<ValueKind> = [.integer, .real, .number]
    return numbers.contains(kind) && !setting.storedKinds.isDisjoint(with: numbers)
  }

  /// Whether the code's default is the bundle's: numbers by value, a boolean
  /// against a toggle's TrueValue/FalseValue.
  static func same(_ literal: SourceLiteral, as setting: Setting) -> Bool {
    guard let bundleDefault = setting.defaultValue else { return false }
    if case .bool(let flag) = literal, setting.hasOwnToggleValues {
      return loosely(bundleDefault, flag ? setting.on : setting.off)
    }
    return loosely(value(literal), bundleDefault)
  }

  static func loosely(_ a: PlistValue, _ b: PlistValue) -> Bool { a.isEqualAsStored(to: b) }

  /// Whether a number and a numeric string (either way round) are the same number.
  static func sameNumber(_ literal: SourceLiteral, _ stored: PlistValue) -> Bool {
    func number(_ value: PlistValue) -> Double? {
      switch value {
      case .integer(let number): Double(number)
      case .real(let number): number
      case .string(let text):
        NumericText.isNumber(text)
          ? Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) : nil
      default: nil
      }
    }
    let code = value(literal)
    guard SourceFacts.kind(code) != SourceFacts.kind(stored),
      let a = number(code), let b = number(stored)
    else { return false }
    return a == b
  }

  /// Whether the bundle's default is what a zero-returning getter gives when nothing is stored.
  static func isZero(_ value: PlistValue) -> Bool {
    switch value {
    case .bool(let flag): !flag
    case .integer(let number): number == 0
    case .real(let number): number == 0
    case .string(let text): text.isEmpty
    default: false
    }
  }

  /// Whether anything registers a default for the key before it is read.
  func isRegistered(_ key: String, default value: PlistValue) -> Bool {
    // A false error costs more than a missed one: a dictionary not read whole may hold the key.
    if registersUnreadKeys { return true }
    if uses.contains(where: {
      guard $0.key == key else { return false }
      if case .register = $0.action { return true }
      if case .declare(.settingsKey, _, _) = $0.action { return scan.registersGeneratedKeys }
      return false
    }) {
      return true
    }
    let kind: LiteralKind =
      switch value {
      case .bool: .bool
      case .string: .string
      default: .number
      }
    return scan.runtimeRegistrations.contains { $0.kinds?.contains(kind) ?? true }
  }

  /// The diagnostic place of a use.
  static func place(_ use: KeyUse) -> IssuePlace {
    .text(use.place.snippet)
  }

  /// The file of a use as diagnostics name it: absolute, as it is outside the bundle.
  static func file(_ use: KeyUse) -> String {
    URL(fileURLWithPath: use.place.file).standardizedFileURL.path
  }
}
