import Plist
import SettingsSchema

/// What `prefs defaults migrate` does to a stored domain when the bundle
/// changes from one version to the next: confirmed renames move values,
/// values converted where nothing is lost, values no longer offered (or out
/// of the new range) reset to the new default, orphans dropped only when
/// asked. What cannot be converted without loss is refused, unless forced.
///
/// ```swift
/// let plan = MigrationPlan(old: old, new: new, stored: values, renames: ["volume": "level"])
/// guard plan.refusals.isEmpty else { … }
/// let migrated = plan.apply(to: values)
/// ```
public struct MigrationPlan: Sendable {
  public enum Step: Sendable, Hashable {
    /// Move a value to the key's new name, converted when the type changed.
    case move(from: String, to: String, value: PlistValue)
    /// Store a converted value under the same key.
    case convert(key: String, from: PlistValue, to: PlistValue, reason: String)
    /// Replace the value by the new default (remove it when there is none).
    case reset(key: String, from: PlistValue, to: PlistValue?, reason: String)
    /// Remove a value whose key the bundle no longer has.
    case drop(key: String, value: PlistValue)
    /// A value whose key the bundle no longer has, left as it is.
    case keepOrphan(key: String)
  }

  /// A value that cannot be carried over without loss.
  public struct Refusal: Sendable, Hashable {
    public var key: String
    public var value: PlistValue
    public var reason: String
    /// What `force` does instead.
    public var forced: Step
  }

  public var steps: [Step]
  public var refusals: [Refusal]

  /// - Parameters:
  ///   - renames: confirmed renames, old key → new key.
  ///   - dropRemoved: remove values whose key the new bundle does not have.
  public init(
    old: BundleSnapshot, new: BundleSnapshot, stored: [PlistKey: PlistValue],
    renames: [String: String] = [:], dropRemoved: Bool = false
  ) {
    let oldByKey = Dictionary(
      old.settings.map { (PlistKey($0.key), $0) }, uniquingKeysWith: { first, _ in first })
    let newByKey = Dictionary(
      new.settings.map { (PlistKey($0.key), $0) }, uniquingKeysWith: { first, _ in first })
    var steps: [Step] = []
    var refusals: [Refusal] = []
    for (key, value) in stored.sorted(by: { $0.key < $1.key }) {
      let before = oldByKey[key]
      if let target = renames[key.string], newByKey[key] == nil,
        let after = newByKey[PlistKey(target)]
      {
        guard stored[PlistKey(target)] == nil else {
          refusals.append(
            Refusal(
              key: key.string, value: value,
              reason:
                "\"\(key.string)\" is renamed \"\(target)\", which already holds a value",
              forced: .drop(key: key.string, value: value)))
          continue
        }
        switch Self.carry(value, from: before, to: after) {
        case .same(let carried), .converted(let carried, _):
          steps.append(.move(from: key.string, to: target, value: carried))
        case .reset(let reason):
          steps.append(.drop(key: key.string, value: value))
          if let fresh = after.defaultValue {
            steps.append(.convert(key: target, from: value, to: fresh, reason: reason))
          }
        case .lossy(let reason):
          refusals.append(
            Refusal(
              key: key.string, value: value, reason: reason,
              forced: .drop(key: key.string, value: value)))
        }
        continue
      }
      guard let after = newByKey[key] else {
        // A key the new bundle does not have: the app's own, or an orphan.
        guard before != nil else { continue }
        steps.append(
          dropRemoved ? .drop(key: key.string, value: value) : .keepOrphan(key: key.string))
        continue
      }
      switch Self.carry(value, from: before, to: after) {
      case .same: continue
      case .converted(let converted, let reason):
        steps.append(.convert(key: key.string, from: value, to: converted, reason: reason))
      case .reset(let reason):
        steps.append(.reset(key: key.string, from: value, to: after.defaultValue, reason: reason))
      case .lossy(let reason):
        refusals.append(
          Refusal(
            key: key.string, value: value, reason: reason,
            forced: .reset(key: key.string, from: value, to: after.defaultValue, reason: reason)))
      }
    }
    self.steps = steps
    self.refusals = refusals
  }

  /// Whether applying the plan (with `force`, its refusals too) changes a stored value.
  public func changesValues(force: Bool = false) -> Bool {
    (force && !refusals.isEmpty)
      || steps.contains {
        if case .keepOrphan = $0 { false } else { true }
      }
  }

  /// The values after the plan, with `force` applying what was refused too.
  public func apply(to stored: [PlistKey: PlistValue], force: Bool = false)
    -> [PlistKey: PlistValue]
  {
    var values = stored
    for step in steps + (force ? refusals.map(\.forced) : []) {
      switch step {
      case .move(let from, let to, let value):
        values[PlistKey(from)] = nil
        values[PlistKey(to)] = value
      case .convert(let key, _, let value, _): values[PlistKey(key)] = value
      case .reset(let key, _, let value, _): values[PlistKey(key)] = value
      case .drop(let key, _): values[PlistKey(key)] = nil
      case .keepOrphan: break
      }
    }
    return values
  }

  enum Carried: Sendable, Hashable {
    case same(PlistValue)
    case converted(PlistValue, String)
    case reset(String)
    case lossy(String)
  }

  /// How a stored value fits the new element: as it is, converted without
  /// loss, reset (no longer offered or in range), or not without loss.
  static func carry(
    _ value: PlistValue, from old: BundleSnapshot.Setting?, to new: BundleSnapshot.Setting
  ) -> Carried {
    switch new.rule {
    case .toggle:
      let newOn = new.trueValue ?? .bool(true)
      let newOff = new.falseValue ?? .bool(false)
      if value.isEqualAsStored(to: newOn) || value.isEqualAsStored(to: newOff) {
        return .same(value)
      }
      let oldOn = old?.trueValue ?? .bool(true)
      let oldOff = old?.falseValue ?? .bool(false)
      if looselyEqual(value, oldOn) { return .converted(newOn, "the toggle's on value changed") }
      if looselyEqual(value, oldOff) { return .converted(newOff, "the toggle's off value changed") }
      return .lossy("\(SpecifierValue.text(of: value)) is neither on nor off of the toggle")
    case .range:
      guard let number = number(value) else {
        return .lossy("\(SpecifierValue.text(of: value)) is not a number for the slider")
      }
      if let low = new.minimum, number < low {
        return .reset("\(SpecifierValue.text(of: value)) is below the new minimum")
      }
      if let high = new.maximum, number > high {
        return .reset("\(SpecifierValue.text(of: value)) is above the new maximum")
      }
      if case .real = value { return .same(value) }
      return .converted(.real(number), "a slider stores a real")
    case .oneOfValues:
      if new.values.contains(where: { $0.isEqualAsStored(to: value) }) { return .same(value) }
      if let match = new.values.first(where: { looselyEqual($0, value) }) {
        return .converted(match, "the values changed type")
      }
      return .reset("\(SpecifierValue.text(of: value)) is no longer one of the values")
    case .text, .shown, .ofKind:
      return convert(value, to: new.stores)
    }
  }

  static func convert(_ value: PlistValue, to kind: ValueKind) -> Carried {
    if kind.accepts(value) { return .same(value) }
    switch (value, kind) {
    case (.integer(let number), .string):
      return .converted(.string(String(number)), "stored as text")
    case (.real(let number), .string):
      return .converted(.string(SpecifierValue.text(of: .real(number))), "stored as text")
    case (.bool(let flag), .string):
      return .converted(.string(flag ? "true" : "false"), "stored as text")
    case (.string(let text), .integer):
      if let number = Int64(text) { return .converted(.integer(number), "stored as an integer") }
    case (.string(let text), .real), (.string(let text), .number):
      if let number = Double(text), number.isFinite {
        return .converted(.real(number), "stored as a real")
      }
    case (.integer(let number), .real): return .converted(.real(Double(number)), "stored as a real")
    case (.real(let number), .integer):
      if number == number.rounded(), abs(number) < 9e15 {
        return .converted(.integer(Int64(number)), "stored as an integer")
      }
    default: break
    }
    return .lossy(
      "\(SpecifierValue.text(of: value)) cannot be stored as \(kind.phrase) without loss")
  }

  /// Equal as Foundation's `isEqual:` compares numbers, or text that is the same number.
  static func looselyEqual(_ a: PlistValue, _ b: PlistValue) -> Bool {
    if a.isEqualAsStored(to: b) { return true }
    guard let x = number(a), let y = number(b) else { return false }
    return x == y
  }

  /// A number, a boolean, or text that is a number.
  static func number(_ value: PlistValue) -> Double? {
    if case .string(let text) = value { return Double(text) }
    return value.numericValue
  }
}
