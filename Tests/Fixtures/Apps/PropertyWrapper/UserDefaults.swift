// Modelled on meshtastic/Meshtastic-Apple, Meshtastic/Extensions/UserDefaults.swift
// (9f0d810955a5c7662fa0487ad666b34ae36c8d02): the app's own property wrapper,
// keyed by a String enum, reading with a cast.
import Foundation

@propertyWrapper
struct UserDefault<T: Decodable> {
  let key: UserDefaults.Keys
  let defaultValue: T

  init(_ key: UserDefaults.Keys, defaultValue: T) {
    self.key = key
    self.defaultValue = defaultValue
  }

  var wrappedValue: T {
    get {
      return UserDefaults.standard.object(forKey: key.rawValue) as? T ?? defaultValue
    }
    set {
      UserDefaults.standard.set(newValue, forKey: key.rawValue)
    }
  }
}

extension UserDefaults {
  enum Keys: String, CaseIterable {
    case sounds
    case volume
    case units
  }

  // No finding: a Bool, true, as the bundle says.
  @UserDefault(.sounds, defaultValue: true)
  static var sounds: Bool

  // code-type-mismatch: the slider's 0.5 is no Int, so the cast reads the default;
  // code-default-mismatch: 1, where the bundle says 0.5.
  @UserDefault(.volume, defaultValue: 1)
  static var volume: Int

  // No finding: a String, "metric", as the bundle says.
  @UserDefault(.units, defaultValue: "metric")
  static var units: String
}
