import Foundation
import Plist
import SettingsSchema

/// One value-bearing element of a bundle as the generated code types it:
/// its key, its Swift name, the Swift type of its value (from the schema's
/// value rule, never from a type name) and where it comes from.
public struct SettingDeclaration: Sendable, Hashable {
  /// The defaults key (`Key`), exactly.
  public var key: String
  /// The member name, unescaped (`celsiusPref`).
  public var name: String
  /// The name of a slider's range (`volumeRange`), when it has one.
  public var rangeName: String?
  public var shape: ValueShape
  /// The value registered for the key, exactly as the bundle gives it.
  public var registeredDefault: PlistValue?
  /// How the dialect's reader draws a toggle whose registered default the
  /// generated code reads as nothing (the string "TrueValue"): InAppSettingsKit's
  /// `defaultBoolValue` asks its `boolValue`, so it shows ON, and the key's
  /// `defaultValue` says so; nil elsewhere (Settings.app shows it OFF, the zero).
  public var toggleDefaultShownOn: Bool? = nil
  /// The title in the development language, if the element has one.
  public var title: String?
  /// The type's summary from the schema ("A toggle switch.").
  public var typeSummary: String
  public var isSecure: Bool
  public var origin: Origin

  /// Where a declaration comes from: its page file and the place in it.
  public typealias Origin = PagePlace
}

/// The Swift type of a setting's value.
public enum ValueShape: Sendable, Hashable {
  /// A toggle storing booleans.
  case bool
  /// A toggle storing its own `TrueValue`/`FalseValue`, mapped to and from `Bool`.
  case customBool(on: PlistValue, off: PlistValue)
  case string
  /// A slider: a real, with its range when the bundle gives both ends.
  case double(range: ClosedRange<Double>?)
  /// A multi value or radio group: a generated enum of its `Values`.
  case choice(Choice)
  /// A date (InAppSettingsKit's date picker stores an `NSDate`): `nil` when
  /// nothing is stored, as the picker has no value of its own to show.
  case date

  /// The enum of a multi value or radio group.
  public struct Choice: Sendable, Hashable {
    /// The type name, unescaped (`Theme`).
    public var typeName: String
    /// The raw type when every value has one Swift can use (`String`, `Int`, `Double`).
    public var rawType: String?

    /// The raw type as the file writes it.
    var rawTypeSource: SwiftSource? {
      switch rawType {
      case "Swift.String": "Swift.String"
      case "Swift.Int": "Swift.Int"
      case "Swift.Double": "Swift.Double"
      default: nil
      }
    }
    public var cases: [Case]

    public struct Case: Sendable, Hashable {
      public var name: String
      public var value: PlistValue
      /// The title the bundle shows for it (development language).
      public var title: String?
    }
  }

  /// The Swift type written in `SettingsKey<…>`.
  public var swiftType: String {
    switch self {
    case .bool, .customBool: "Swift.Bool"
    case .string: "Swift.String"
    case .double: "Swift.Double"
    case .choice(let choice): SwiftIdentifier.declared(choice.typeName)
    case .date: "Foundation.Date?"
    }
  }

  /// What a stored value reads as, as the generated code reads it; nil when
  /// it reads as the default. The generator uses it for `defaultValue`, so a
  /// key whose registered default is read back gives its `defaultValue`.
  public func read(_ stored: PlistValue) -> ReadValue? {
    switch self {
    case .bool: ValueReading.bool(stored).map(ReadValue.bool)
    case .customBool(let on, let off):
      ValueReading.same(stored, on)
        ? .bool(true) : ValueReading.same(stored, off) ? .bool(false) : nil
    case .string: ValueReading.string(stored).map(ReadValue.string)
    case .double: ValueReading.double(stored).map(ReadValue.double)
    case .choice(let choice):
      (choice.cases.firstIndex { ValueReading.same(stored, $0.value) }
        ?? choice.cases.firstIndex { ValueReading.sameNumber(stored, $0.value) })
        .map(ReadValue.choice)
    case .date: if case .date(let date) = stored { .date(date) } else { nil }
    }
  }

  /// The Swift type as the file writes it.
  var typeSource: SwiftSource {
    switch self {
    case .bool, .customBool: "Swift.Bool"
    case .string: "Swift.String"
    case .double: "Swift.Double"
    case .choice(let choice): "\(name: choice.typeName)"
    case .date: "Foundation.Date?"
    }
  }

  /// The value when nothing is stored and nothing registered.
  var zero: ReadValue {
    switch self {
    case .bool, .customBool: .bool(false)
    case .string: .string("")
    case .double(let range): .double(range?.lowerBound ?? 0)
    case .choice: .choice(0)
    case .date: .date(nil)
    }
  }
}

/// A value of a setting's Swift type.
public enum ReadValue: Sendable, Hashable {
  case bool(Bool)
  case string(String)
  case double(Double)
  /// The index of a case of the setting's enum.
  case choice(Int)
  /// A date, or `nil` for none.
  case date(Date?)
}

/// How stored property-list values read as Swift values: the same rules the
/// generated code follows at run time (UserDefaults' own conversions: a
/// number reads as a boolean by being non-zero, "YES" and "true" as true).
enum ValueReading {
  static func bool(_ value: PlistValue) -> Bool? {
    switch value {
    case .bool(let flag): flag
    case .integer(let number): number != 0
    case .real(let number): number != 0
    case .string(let text):
      switch text.lowercased() {
      case "yes", "true": true
      case "no", "false": false
      default: Int64(text).map { $0 != 0 } ?? Double(text).map { $0 != 0 }
      }
    default: nil
    }
  }

  static func string(_ value: PlistValue) -> String? {
    switch value {
    case .string(let text): text
    case .integer(let number): String(number)
    case .real(let number): "\(number)"
    default: nil
    }
  }

  static func double(_ value: PlistValue) -> Double? {
    switch value {
    case .integer(let number): Double(number)
    case .real(let number): number
    case .bool(let flag): flag ? 1 : 0
    case .string(let text): Double(text)
    default: nil
    }
  }

  /// Whether a stored value is the bundle's value, as Foundation's `isEqual:`
  /// compares: numbers and booleans by value, exactly (`1`, `1.0` and `true`
  /// are one; 9007199254740993 and 9007199254740992 are two, though one
  /// Double holds both), anything else as it is.
  static func same(_ stored: PlistValue, _ expected: PlistValue) -> Bool {
    if stored == expected { return true }
    guard let a = exactNumber(stored), let b = exactNumber(expected) else { return false }
    if a.whole != nil || b.whole != nil { return a.whole == b.whole }
    return a.real == b.real
  }

  /// Whether a number written as text is a number value, or a number value
  /// the number a text spells, as UserDefaults' number getters read text
  /// (`doubleForKey:` reads "0.4" as 0.4): a bundle whose `DefaultValue` is
  /// the string "0.4" among real `Values` registers that string, and the app
  /// reads it as the value its author wrote. Numbers compare as ``same(_:_:)``
  /// compares them; text that spells no number is none.
  static func sameNumber(_ stored: PlistValue, _ expected: PlistValue) -> Bool {
    switch (stored, expected) {
    case (.string(let text), .integer), (.string(let text), .real), (.string(let text), .bool):
      spelled(text).map { same($0, expected) } ?? false
    case (.integer, .string(let text)), (.real, .string(let text)), (.bool, .string(let text)):
      spelled(text).map { same(stored, $0) } ?? false
    default: false
    }
  }

  /// The number a text spells (an integer exactly, else a real), as the
  /// generated `SettingsValueCoding.spelled` reads it.
  static func spelled(_ text: String) -> PlistValue? {
    if let whole = Int64(text) { return .integer(whole) }
    return Double(text).map(PlistValue.real)
  }

  /// A number or a boolean as the integer it is, if it is one, and as a real.
  static func exactNumber(_ value: PlistValue) -> (whole: Int64?, real: Double)? {
    switch value {
    case .integer(let number): (number, Double(number))
    case .real(let number): (Int64(exactly: number), number)
    case .bool(let flag): (flag ? 1 : 0, flag ? 1 : 0)
    default: nil
    }
  }

  static func number(_ value: PlistValue) -> Double? { value.numericValue }
}
