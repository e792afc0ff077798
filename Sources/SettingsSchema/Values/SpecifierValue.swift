import Foundation
import Plist

/// What a specifier lets a user store under its Key, as the schema's value
/// rule for its type says (``ValueRule``): a toggle stores its TrueValue or
/// FalseValue (or a boolean), a slider a real inside its range, a multi value
/// or radio group one of its Values (with that value's plist type), a text
/// field a string, a title value any single value (the app writes it).
///
/// ```swift
/// let catalog = try SchemaCatalog.load(.apple)
/// let slider = bundle.specifier(forKey: "volume")!
/// try SpecifierValue.convert("0.7", for: slider.specifier, in: catalog)  // .real(0.7)
/// ```
public enum SpecifierValue {
  /// Why a value does not fit the specifier.
  public struct Refusal: Error, Sendable, Hashable, CustomStringConvertible {
    public var reason: String
    /// The key was looked for in Settings.app's reading of a bundle that also has
    /// `.inApp` pages, which only InAppSettingsKit's reading sees.
    public var inAppPagesUnread: Bool
    public var description: String { reason }

    public init(reason: String, inAppPagesUnread: Bool = false) {
      self.reason = reason
      self.inAppPagesUnread = inAppPagesUnread
    }
  }

  /// The kind stored and the rule, or why the specifier stores nothing.
  static func rule(of specifier: Specifier, in catalog: SchemaCatalog) throws(Refusal) -> (
    stores: ValueKind, rule: ValueRule
  ) {
    guard let spec = catalog.spec(of: specifier.type), let stores = spec.stores,
      let rule = spec.valueRule
    else {
      throw Refusal(
        reason:
          "\(specifier.key.map(MessageText.key) ?? "?") belongs to \(SpecifierType.withArticle(specifier.type?.rawValue ?? "element")) that stores no value"
      )
    }
    return (stores, rule)
  }

  /// The value to store for text typed by a user, or why there is none.
  public static func convert(_ text: String, for specifier: Specifier, in catalog: SchemaCatalog)
    throws(Refusal) -> PlistValue
  {
    let key = specifier.key.map(MessageText.key) ?? "?"
    let (stores, rule) = try rule(of: specifier, in: catalog)
    switch rule {
    case .text:
      return .string(text)
    case .toggle:
      let (on, off) = states(of: specifier)
      if let match = [on, off].first(where: { Self.text(of: $0) == text }) { return match }
      switch text.lowercased() {
      case "true", "yes", "on", "1": return on
      case "false", "no", "off", "0": return off
      default:
        throw Refusal(
          reason:
            "\(key) is a toggle: give on or off (or \(Self.text(of: on)) / \(Self.text(of: off))), not \"\(text)\""
        )
      }
    case .range:
      guard let number = Double(text.trimmingCharacters(in: .whitespaces)), number.isFinite else {
        throw Refusal(reason: "\(key) is a slider: give a number, not \"\(text)\"")
      }
      return try check(.real(number), for: specifier, in: catalog)
    case .oneOfValues, .shown:
      let choices = specifier.choices ?? []
      let values = choices.map(\.value)
      if let match = values.first(where: { Self.text(of: $0) == text }) { return match }
      if let match = numericMatch(text, in: values) { return match }
      // A title chosen by name stores the value beside it.
      if let match = choices.first(where: { $0.title == text }) { return match.value }
      if rule == .shown { return .string(text) }
      throw Refusal(
        reason:
          "\(key) takes one of \(values.map(quoted).joined(separator: ", ")), not \"\(text)\""
      )
    case .ofKind:
      guard stores.accepts(.string(text)) else {
        throw Refusal(reason: "\(key) stores \(describe(stores)), not text")
      }
      return .string(text)
    }
  }

  /// The value as it should be stored, when `value` fits the specifier (a
  /// slider's integer becomes a real); else why not.
  public static func check(_ value: PlistValue, for specifier: Specifier, in catalog: SchemaCatalog)
    throws(Refusal) -> PlistValue
  {
    let key = specifier.key.map(MessageText.key) ?? "?"
    let (stores, rule) = try rule(of: specifier, in: catalog)
    switch rule {
    case .text:
      guard case .string = value else {
        throw Refusal(
          reason: "\(key) is a text field: it stores a string, not \(value.typeNameWithArticle)")
      }
      return value
    case .toggle:
      let (on, off) = states(of: specifier)
      guard value == on || value == off else {
        throw Refusal(
          reason:
            "\(key) is a toggle: it stores \(describe(on)) or \(describe(off)), not \(describe(value))"
        )
      }
      return value
    case .range:
      let number: Double
      switch value {
      case .real(let real): number = real
      case .integer(let integer): number = Double(integer)
      default:
        throw Refusal(
          reason: "\(key) is a slider: it stores a number, not \(value.typeNameWithArticle)")
      }
      let minimum = specifier.range.writtenMinimum ?? -Double.infinity
      let maximum = specifier.range.writtenMaximum ?? Double.infinity
      guard number >= minimum, number <= maximum else {
        throw Refusal(
          reason:
            "\(key) is a slider from \(format(minimum)) to \(format(maximum)); \(format(number)) is outside"
        )
      }
      return .real(number)
    case .oneOfValues:
      let values = specifier.choiceValues
      if values.contains(value) { return value }
      // A number typed with another type or spelling (-float 1 for the integer 1) is the value offered.
      switch value {
      case .integer(let integer):
        if let match = numericMatch(String(integer), in: values) { return match }
      case .real(let real):
        if let match = numericMatch(real, in: values) { return match }
      default: break
      }
      throw Refusal(
        reason:
          "\(key) takes one of \(values.map(quoted).joined(separator: ", ")), not \(describe(value))"
      )
    case .shown, .ofKind:
      guard stores.accepts(value) else {
        throw Refusal(reason: "\(key) stores \(describe(stores)), not \(value.typeNameWithArticle)")
      }
      return value
    }
  }

  /// What the toggle stores when on and when off.
  public static func states(of specifier: Specifier) -> (on: PlistValue, off: PlistValue) {
    (specifier.toggleStates.on, specifier.toggleStates.off)
  }

  /// Whether a toggle holding `value` (stored, or its DefaultValue) is drawn
  /// ON, as each dialect's reader decides. Settings.app: ON only when the
  /// value is TrueValue (as `isEqual:` compares), or, without TrueValue, a true
  /// boolean. InAppSettingsKit (its `defaultBoolValue`): ON for TrueValue, OFF
  /// for FalseValue, else the value's `boolValue`, so the string `YES` is ON.
  ///
  /// ```swift
  /// SpecifierValue.showsOn(.string("YES"), of: toggle, dialect: .apple)  // false
  /// SpecifierValue.showsOn(.string("YES"), of: toggle, dialect: .iask)   // true
  /// ```
  public static func showsOn(_ value: PlistValue?, of specifier: Specifier, dialect: Dialect)
    -> Bool
  {
    guard let value else { return false }
    let (on, off) = states(of: specifier)
    if value.isEqualAsStored(to: on) { return true }
    switch dialect {
    case .apple:
      return false
    case .iask:
      if value.isEqualAsStored(to: off) { return false }
      return boolValue(of: value)
    }
  }

  /// What Foundation's `boolValue` answers for a value: numbers other than
  /// zero; strings whose first character (after spaces, a sign and zeros) is
  /// Y, y, T, t or a digit 1 to 9.
  public static func boolValue(of value: PlistValue) -> Bool {
    switch value {
    case .bool(let flag): return flag
    case .integer(let number): return number != 0
    case .real(let number): return number != 0
    case .string(let text):
      var scalars = text.unicodeScalars.drop { $0 == " " || $0 == "\t" || $0 == "\n" }[...]
      if let sign = scalars.first, sign == "+" || sign == "-" { scalars = scalars.dropFirst() }
      scalars = scalars.drop { $0 == "0" }
      guard let first = scalars.first else { return false }
      return "YyTt123456789".unicodeScalars.contains(first)
    case .date, .data, .array, .dictionary: return false
    }
  }

  /// What Foundation's `floatValue` answers for a value, as a slider reads
  /// it: a number as is, a boolean 1 or 0, a string's leading number
  /// (`"0.7"` is 0.7, `" 2x"` is 2), anything else 0.
  ///
  /// ```swift
  /// SpecifierValue.floatValue(of: .string("0.7"))  // 0.7
  /// SpecifierValue.floatValue(of: .bool(true))     // 1
  /// ```
  public static func floatValue(of value: PlistValue) -> Double {
    switch value {
    case .bool(let flag): return flag ? 1 : 0
    case .integer(let number): return Double(number)
    case .real(let number): return number
    case .string(let text):
      let characters = Array(text.drop { $0 == " " || $0 == "\t" || $0 == "\n" })
      var end = 0
      var best = 0.0
      // The longest prefix that reads as a number, as strtod stops at the first stray character.
      while end < characters.count, end < 64 {
        end += 1
        if let number = Double(String(characters[0..<end])), number.isFinite { best = number }
      }
      return best
    case .date, .data, .array, .dictionary: return 0
    }
  }

  /// A slider's MinimumValue and MaximumValue as iOS reads them (`floatValue`,
  /// so the string `"40"` is 40); 0 and 1 when missing.
  public static func sliderRange(of specifier: Specifier) -> (minimum: Double, maximum: Double) {
    (specifier.range.minimum, specifier.range.maximum)
  }

  /// Where a slider holding `value` stands: its `floatValue`, kept inside the
  /// range as UISlider keeps it.
  public static func sliderPosition(of value: PlistValue?, minimum: Double, maximum: Double)
    -> Double
  {
    let number = value.map(floatValue(of:)) ?? minimum
    return min(max(number, minimum), max(minimum, maximum))
  }

  /// A value as a user types it: `true`, `3`, `0.7`, `metric`; a container
  /// compactly, never as a Swift dump: `a, b` for an array, `{name: n1, size: 2}`
  /// for a dictionary (keys in order), nested ones bracketed.
  public static func text(of value: PlistValue) -> String {
    switch value {
    case .array(let items): items.map(nestedText(of:)).joined(separator: ", ")
    case .dictionary: nestedText(of: value)
    default: scalarText(of: value)
    }
  }

  /// A value inside a container: itself, or a container in brackets.
  static func nestedText(of value: PlistValue) -> String {
    switch value {
    case .array(let items): "(" + items.map(nestedText(of:)).joined(separator: ", ") + ")"
    case .dictionary(let entries):
      "{"
        + entries.sorted { $0.key.string < $1.key.string }.map {
          "\($0.key.string): \(nestedText(of: $0.value))"
        }.joined(separator: ", ") + "}"
    default: scalarText(of: value)
    }
  }

  static func scalarText(of value: PlistValue) -> String {
    switch value {
    case .string(let text): text
    case .integer(let number): String(number)
    case .real(let number): format(number)
    case .bool(let flag): flag ? "true" : "false"
    case .date(let date): ProlepticGregorian.iso8601(date)
    case .data(let data): data.map { String(format: "%02x", $0) }.joined()
    case .array, .dictionary: text(of: value)
    }
  }

  /// The first of `values` that is the number `text` spells, compared by
  /// value as `NSNumber` compares (`1.0` and `.5` are the integer 1 and the
  /// real 0.5); nil when `text` is no number or none is equal. Booleans and
  /// strings are never numbers here.
  ///
  /// ```swift
  /// SpecifierValue.numericMatch("1.0", in: [.integer(1), .string("1.0")])  // .integer(1)
  /// ```
  public static func numericMatch(_ text: String, in values: [PlistValue]) -> PlistValue? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if let integer = Int64(trimmed) {
      if let match = values.first(where: { $0 == .integer(integer) }) { return match }
    }
    guard let number = Double(trimmed), number.isFinite else { return nil }
    return numericMatch(number, in: values)
  }

  static func numericMatch(_ number: Double, in values: [PlistValue]) -> PlistValue? {
    values.first { candidate in
      switch candidate {
      case .integer(let integer): Double(exactly: integer) == number
      case .real(let real): real == number
      default: false
      }
    }
  }

  /// A value in a list of choices as `prefs defaults describe` shows it:
  /// strings in single quotes, so that `'1'` and `1` differ.
  public static func quoted(_ value: PlistValue) -> String {
    if case .string(let text) = value { return "'" + text + "'" }
    return text(of: value)
  }

  /// A value with its type, for messages where the text alone is ambiguous:
  /// `the string "-1"`, `the integer -1`.
  public static func describe(_ value: PlistValue) -> String {
    if case .string(let text) = value { return "the string \"\(text)\"" }
    return "the \(value.typeName) \(text(of: value))"
  }

  static func describe(_ kind: ValueKind) -> String { kind.phrase }

  static func format(_ number: Double) -> String {
    number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
  }
}

extension SettingsBundle {
  /// The first specifier (in page order) whose value is stored under `key`, with its page.
  public func specifier(forKey key: String) -> (page: Page, specifier: Specifier)? {
    for page in pages {
      for specifier in page.specifiers
      where specifier.key?.isSameKey(as: key) == true && catalog.storesValue(specifier.type) {
        return (page, specifier)
      }
    }
    return nil
  }

  /// Every `DefaultValue` of the elements whose value is stored under their Key, by key
  /// (the first wins), as an app registers them.
  public var defaultValues: [PlistKey: PlistValue] {
    var result: [PlistKey: PlistValue] = [:]
    for page in pages {
      for specifier in page.specifiers {
        guard let key = specifier.key.map({ PlistKey($0) }), !key.string.isEmpty,
          result[key] == nil,
          let value = specifier.defaultValue?.value, catalog.storesValue(specifier.type)
        else { continue }
        result[key] = value
      }
    }
    return result
  }
}
