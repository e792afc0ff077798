import Foundation

func flag(_ key: String) -> Bool {
  UserDefaults.standard.bool(forKey: key)
}

struct Reader {
  let defaults = UserDefaults.standard

  // code-type-mismatch: a multi value of strings read as a Bool.
  var metric: Bool { defaults.bool(forKey: "units") }
  // code-type-mismatch: a slider storing reals read as an integer.
  var volume: Int { defaults.integer(forKey: kVolume) }
  // No finding: string(forKey:) gives a toggle's "1" or "0" (Foundation gives a number's text).
  var soundsText: String? { defaults.string(forKey: Keys.sounds.rawValue) }
  // code-unknown-key: a typo, never written.
  var celsius: Bool { defaults.bool(forKey: Keys.celsiusPerf.rawValue) }
  // code-default-unregistered: sounds defaults to true; nothing registers it.
  var sounds: Bool { flag("sounds") }
  // code-default-mismatch: the bundle's default is "metric".
  var units: String { defaults.string(forKey: "units") ?? "imperial" }

  func setUp() {
    // code-default-mismatch: the bundle says 2.
    defaults.register(defaults: ["theme": 1])
    // code-type-mismatch: a text field given a number.
    defaults.set(42, forKey: "name")
    // code-value-not-in-values: theme takes 0, 1 or 2.
    defaults.set(7, forKey: "theme")
  }
}
