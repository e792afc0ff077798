import Foundation

/// A wrapper that reads a flag, used with the key constants.
func flag(_ key: String) -> Bool {
  UserDefaults.standard.bool(forKey: key)
}

struct Player {
  let defaults = UserDefaults.standard

  var playsSounds: Bool { flag(SettingsKeys.sounds) }
  var volume: Double { defaults.double(forKey: SettingsKeys.volume) }
  var units: String { defaults.string(forKey: Key.units.rawValue) ?? "metric" }
  var celsius: Bool { defaults.bool(forKey: Key.celsius.rawValue) }
  var theme: Int { defaults.integer(forKey: kTheme) }
  var name: String { defaults.string(forKey: "name") ?? "" }
  var server: String? { UserDefaults(suiteName: "group.com.example.app")?.string(forKey: "server") }

  func mute() { defaults.set(false, forKey: SettingsKeys.sounds) }
  func useImperial() { defaults.set("imperial", forKey: Key.units.rawValue) }
  func useDarkTheme() { defaults.set(1, forKey: kTheme) }
  func rename(_ name: String) { defaults.set(name, forKey: "name") }

  // The app's own keys: read and written here, unknown to the bundle.
  var launches: Int { defaults.integer(forKey: "launchCount") }
  func launched() { defaults.set(launches + 1, forKey: "launchCount") }
  // Another suite's keys are not the bundle's.
  var widgetFlag: Bool { UserDefaults(suiteName: "other.suite")?.bool(forKey: "units") ?? false }
}

// A key built at run time cannot be known: skipped, never guessed.
func dynamicFlag(_ suffix: String) -> Bool {
  UserDefaults.standard.bool(forKey: "feature_" + suffix)
}
